struct TOMLEditor {
    let bytes: [UInt8]
    let root: DocumentNode
    func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] { [] }
}
