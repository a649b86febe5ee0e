/// Turns a ``DocumentChange`` into the smallest splices of a JSON or JSONC text, in the layout
/// of what stands around the change: a scalar's token is replaced and nothing else; an item is
/// added on a line of its own where its siblings have theirs, after the comma and comment that
/// end the previous one's line; a deleted item takes its comments, its line and one comma.
///
/// A set of a container onto a container of the same kind is made member by member (deletes,
/// sets, inserts), so a person's layout and key order stay around what changed. Each step is
/// read back before the next; the steps' splices are composed into one list of the first text.
struct JSONEditor {
    let bytes: [UInt8]
    let root: DocumentNode
    let format: JSONFormat

    func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        var session = JSONEditSession(bytes: bytes, root: root, format: format)
        try session.make(change)
        let edits = session.edits
        guard zip(edits, edits.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else {
            throw DocumentError(
                "the edit of \(change.pathDescription) could not be laid out in this text; nothing was changed",
                at: edits.first?.range.lowerBound ?? 0, in: bytes)
        }
        return edits
    }
}

/// One change being made, possibly in several steps over a text that changes under them.
struct JSONEditSession {
    var bytes: [UInt8]
    var root: DocumentNode
    let format: JSONFormat
    /// The layout of the text as it was read, which every step follows.
    let layout: JSONLayout
    /// The splices of the first text made so far.
    var edits: [TextEdit] = []
    /// Whether ``root`` lags behind ``bytes`` (read again only when a step follows).
    var stale = false
    /// Bytes re-read so far: a set member by member re-reads the text after each step, and past
    /// this much a container is written anew instead (a 1 MB document: 32 steps of about 5 ms).
    var rereadBudget = 32 << 20

    init(bytes: [UInt8], root: DocumentNode, format: JSONFormat) {
        self.bytes = bytes
        self.root = root
        self.format = format
        self.layout = JSONLayout.detected(in: bytes, root: root)
    }

    var text: JSONText { JSONText(bytes: bytes) }

    mutating func make(_ change: DocumentChange) throws(DocumentError) {
        switch change {
        case .set(let path, let value): try set(path, to: value)
        case .insert(let parent, let key, let value, let before):
            try commit(insertEdits(parent: parent, key: key, value: value, before: before))
        case .delete(let path): try delete(path)
        case .append(let array, let value): try commit(appendEdits(array: array, value: value))
        case .move(let array, let from, let to): try commit(moveEdits(array: array, from: from, to: to))
        }
    }

    // MARK: Steps

    /// The tree of ``bytes``, read again when a step changed them.
    mutating func tree() throws(DocumentError) -> DocumentNode {
        if stale {
            rereadBudget -= bytes.count
            root = try format.read(bytes)
            stale = false
        }
        return root
    }

    /// Records one step's splices (each trimmed to the bytes it really changes) and makes them.
    mutating func commit(_ step: [TextEdit]) {
        let step = step.map(trimmed).filter { !$0.range.isEmpty || !$0.replacement.isEmpty }
        guard !step.isEmpty else { return }
        var next = bytes
        TextEdit.apply(step, to: &next)
        edits = edits.isEmpty ? step : TextEdit.composing(edits, then: step, on: bytes)
        bytes = next
        stale = true
    }

    /// `edit` without the bytes its replacement shares with the start and end of its range.
    func trimmed(_ edit: TextEdit) -> TextEdit {
        var low = edit.range.lowerBound
        var high = edit.range.upperBound
        var replacement = edit.replacement[...]
        while low < high, let first = replacement.first, bytes[low] == first {
            low += 1
            replacement = replacement.dropFirst()
        }
        while high > low, let last = replacement.last, bytes[high - 1] == last {
            high -= 1
            replacement = replacement.dropLast()
        }
        return TextEdit(range: low..<high, replacement: Array(replacement))
    }

    func fail(_ message: String, at offset: Int) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    func node(at path: DocumentPath, in tree: DocumentNode) throws(DocumentError) -> DocumentNode {
        guard let node = tree.node(at: path) else { throw fail("\(path) is not in the document", at: 0) }
        return node
    }

    /// `value` as JSON text, a writer's refusal placed at `offset`.
    func write(_ value: DocumentValue, multiline: Bool, indentation: some Collection<UInt8>, at offset: Int)
        throws(DocumentError) -> [UInt8]
    {
        var layout = layout
        layout.multiline = multiline
        do {
            let text = try JSONWriter.write(
                value, layout: layout, indentation: String(decoding: indentation, as: UTF8.self))
            return Array(text.utf8)
        } catch {
            throw fail(error.message, at: offset)
        }
    }

    func quoted(_ key: String) -> [UInt8] {
        var text = ""
        JSONWriter.writeString(key, into: &text)
        return Array(text.utf8)
    }

    /// The line break that ends the line holding `offset` (the layout's at the text's end).
    func lineBreak(after offset: Int) -> [UInt8] {
        let end = text.lineEnd(of: offset)
        guard end < bytes.count else { return Array(layout.newline.utf8) }
        return Array(bytes[end..<text.pastBreak(at: end)])
    }

    /// What stands between two items on one line of `items`' container: its own, else the layout's.
    func commaSpacing(_ items: [JSONText.Item]) -> [UInt8] {
        if items.count >= 2, let comma = items[0].comma, comma < items[1].head {
            let between = bytes[(comma + 1)..<items[1].start]
            if between.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return [UInt8(ascii: ",")] + between }
        }
        return Array(layout.comma.utf8)
    }

    /// Whether the items of the container at `path` stand on lines of their own (the document's
    /// layout for an empty one or the root).
    mutating func laysOutOverLines(_ path: DocumentPath) throws(DocumentError) -> Bool {
        guard let parentPath = path.parent else { return layout.multiline }
        let parent = try node(at: parentPath, in: tree())
        guard let first = text.items(of: parent).first else { return layout.multiline }
        return text.isFirstOnLine(first.head)
    }
}
