import Testing

@testable import FormDocument

/// The read-back of common edits reads only the edited node (what keeps an edit of a large
/// document fast), and comes to the tree a whole read gives; where the format cannot vouch for a
/// part alone, the whole is read.
@Suite struct PartialReadBackTests {
    static let texts: [DocumentFormat: String] = [
        .json:
            "{\n  \"services\": [\n    {\"name\": \"a\", \"port\": 80, \"tags\": [\"web\", \"x\"]},\n    {\"name\": \"b\", \"port\": 81, \"tags\": [\"db\"]}\n  ]\n}\n",
        .yaml:
            "services:\n  - name: a\n    port: 80\n    tags: [web, x]\n  - name: b\n    port: 81\n    tags: [db]\n",
        .toml:
            "[[services]]\nname = \"a\"\nport = 80\ntags = [\"web\", \"x\"]\n\n[[services]]\nname = \"b\"\nport = 81\ntags = [\"db\"]\n",
    ]

    func partial(_ format: DocumentFormat, _ change: DocumentChange, text: String? = nil) throws -> Bool {
        let document = try Document(reading: Array((text ?? Self.texts[format]!).utf8), format: format)
        let edits = try document.engine.edits(for: change, in: document.bytes, root: document.root)
        var spliced = document.bytes
        TextEdit.apply(edits, to: &spliced)
        let expected = try #require(change.applied(to: document.value))
        guard let part = document.partialReadBack(of: edits, spliced: spliced, expected: expected) else {
            return false
        }
        var edited = document
        try edited.apply(change)
        #expect(part.value == edited.value)
        #expect(treeDifference(of: edited) == nil)
        return true
    }

    @Test(arguments: [DocumentFormat.json, .yaml, .toml])
    func aSetNumberAndAnAppendReadOnlyTheirNode(format: DocumentFormat) throws {
        #expect(try partial(format, .set(path("/services/0/port"), 9999)))
        #expect(try partial(format, .set(path("/services/1/name"), "renamed")))
        #expect(try partial(format, .append(array: path("/services/0/tags"), value: "new")))
    }

    @Test func whereContextCountsTheWholeIsRead() throws {
        // An anchor anywhere: an edit could change what an alias shows.
        let anchored = "base: &b {x: 1}\nother: *b\nport: 80\n"
        #expect(try !partial(.yaml, .set(path("/port"), 81), text: anchored))
        // A scalar whose new text spans lines: its continuation lines' indentation counts.
        #expect(try !partial(.yaml, .set(path("/services/0/name"), "two\nlines")))
        // A TOML table's lines (not an inline value) are not read alone.
        #expect(try !partial(.toml, .insert(parent: path("/services/0"), key: "new", value: 1, before: nil)))
    }
}
