/// Turns a change into splices of a JSON text (the editor lands in the next commit).
struct JSONEditor {
    let bytes: [UInt8]
    let root: DocumentNode
    let format: JSONFormat

    func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        throw DocumentError("JSON edits are not written yet", at: 0, in: bytes)
    }
}
