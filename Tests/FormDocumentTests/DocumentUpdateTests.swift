import FormDocument
import Testing

/// `update(at:to:)` and `update(to:)`: the fewest checked changes, only where values differ.
@Suite struct DocumentUpdateTests {
    let text = "{\n  \"b\": 1,\n  \"a\": {\"x\": [1, 2], \"y\": \"old\"},\n  \"c\": true\n}\n"

    func document() throws -> Document {
        try Document(reading: Array(text.utf8), format: .json)
    }

    @Test func anUpdateAtAPathChangesOnlyWhatDiffersThere() throws {
        var document = try document()
        let made = try document.update(
            at: DocumentPath(pointer: "/a")!, to: ["x": [1, 2], "y": "new"])
        #expect(made == [.set(DocumentPath(pointer: "/a/y")!, "new")])
        #expect(String(decoding: document.bytes, as: UTF8.self) == text.replacing("\"old\"", with: "\"new\""))
    }

    @Test func membersInAnotherOrderMakeNoChange() throws {
        var document = try document()
        let made = try document.update(to: ["c": true, "a": ["y": "old", "x": [1, 2]], "b": 1])
        #expect(made.isEmpty)
        #expect(document.bytes == Array(text.utf8))
    }

    @Test func aNewAGoneAndAChangedMemberAreEachOneChange() throws {
        var document = try document()
        let made = try document.update(to: ["a": ["x": [1, 2, 3], "y": "old"], "c": false, "d": "new"])
        #expect(
            made == [
                .delete(DocumentPath(pointer: "/b")!),
                .append(array: DocumentPath(pointer: "/a/x")!, value: 3),
                .set(DocumentPath(pointer: "/c")!, false),
                .insert(parent: .root, key: "d", value: "new", before: nil),
            ])
        #expect(document.value == ["a": ["x": [1, 2, 3], "y": "old"], "c": false, "d": "new"])
    }

    @Test func aPathNotInTheDocumentIsRefused() throws {
        var document = try document()
        #expect(throws: DocumentError.self) {
            try document.update(at: DocumentPath(pointer: "/nothing")!, to: 1)
        }
        #expect(document.bytes == Array(text.utf8))
    }
}
