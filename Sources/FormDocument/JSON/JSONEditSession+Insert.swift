/// Inserts and appends: a new item in the layout of its siblings.
extension JSONEditSession {
    mutating func insertEdits(parent: DocumentPath, key: String, value: DocumentValue, before: String?)
        throws(DocumentError) -> [TextEdit]
    {
        let container = try node(at: parent, in: tree())
        guard case .object(let members) = container.content else {
            throw fail("\(parent) is not an object, so it takes no key", at: container.span.lowerBound)
        }
        guard !members.contains(where: { $0.key == key }) else {
            throw fail("\(parent) already has the key \(key)", at: container.span.lowerBound)
        }
        let body = {
            (session: JSONEditSession, multiline: Bool, indentation: [UInt8], offset: Int)
                throws(DocumentError) -> [UInt8] in
            session.quoted(key) + Array(session.layout.colon.utf8)
                + (try session.write(value, multiline: multiline, indentation: indentation, at: offset))
        }
        if let before, let index = members.firstIndex(where: { $0.key == before }) {
            return try insertionBefore(item: index, of: container, body)
        }
        return try insertionAtEnd(of: container, body)
    }

    mutating func appendEdits(array: DocumentPath, value: DocumentValue) throws(DocumentError) -> [TextEdit] {
        let container = try node(at: array, in: tree())
        guard case .array = container.content else {
            throw fail(
                "\(array) is not an array, so nothing can be appended to it", at: container.span.lowerBound)
        }
        return try insertionAtEnd(of: container) {
            session, multiline, indentation, offset throws(DocumentError) in
            try session.write(value, multiline: multiline, indentation: indentation, at: offset)
        }
    }

    typealias Body = (JSONEditSession, Bool, [UInt8], Int) throws(DocumentError) -> [UInt8]

    /// A new item after the last one of `container`: on a line of its own at the last one's
    /// indentation where it has one (the comma after the last value, the comment after it kept),
    /// else on its line after a comma; into an empty container in the document's layout.
    func insertionAtEnd(of container: DocumentNode, _ body: Body) throws(DocumentError) -> [TextEdit] {
        let items = text.items(of: container)
        let open = container.span.lowerBound
        let close = container.span.upperBound - 1
        guard let last = items.last else {
            let outer = Array(text.indentation(at: open))
            let inner = outer + Array(layout.indent.utf8)
            let newline = lineBreak(after: open)
            if let commentEnd = text.lastCommentEnd(in: (open + 1)..<close) {
                let item = try body(self, true, inner, commentEnd)
                let tail = text.hasBreak(in: commentEnd..<close) ? [] : newline + outer
                return [TextEdit(range: commentEnd..<commentEnd, replacement: newline + inner + item + tail)]
            }
            if layout.multiline {
                let item = try body(self, true, inner, open)
                return [
                    TextEdit(range: (open + 1)..<close, replacement: newline + inner + item + newline + outer)
                ]
            }
            return [TextEdit(range: (open + 1)..<close, replacement: try body(self, false, outer, open))]
        }
        if text.isFirstOnLine(last.head) {
            let indentation = Array(text.indentation(at: last.head))
            let newline = lineBreak(after: last.end)
            let item = try body(self, spansLines(last), indentation, last.end)
            if last.comma != nil {
                // A trailing comma (JSONC): the new last item has one too.
                return [
                    TextEdit(range: last.end..<last.end, replacement: newline + indentation + item + [0x2C])
                ]
            }
            if last.end == last.valueEnd {
                return [
                    TextEdit(range: last.end..<last.end, replacement: [0x2C] + newline + indentation + item)
                ]
            }
            return [
                TextEdit(range: last.valueEnd..<last.valueEnd, replacement: [0x2C]),
                TextEdit(range: last.end..<last.end, replacement: newline + indentation + item),
            ]
        }
        let item = try body(self, false, [], last.end)
        let spacing = commaSpacing(items)
        if let comma = last.comma {
            return [
                TextEdit(
                    range: (comma + 1)..<(comma + 1), replacement: Array(spacing.dropFirst()) + item + [0x2C])
            ]
        }
        return [TextEdit(range: last.valueEnd..<last.valueEnd, replacement: spacing + item)]
    }

    /// Whether a new container beside `item`, which has a line of its own, is laid out over
    /// lines: as the item is when it is a container (a file of one-line rows gets a one-line
    /// row), else yes.
    func spansLines(_ item: JSONText.Item) -> Bool {
        let close = bytes[item.valueEnd - 1]
        guard close == UInt8(ascii: "}") || close == UInt8(ascii: "]") else { return true }
        var inside = item.valueEnd - 1
        while inside > item.head, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[inside - 1]) { inside -= 1 }
        if inside > item.head,
            bytes[inside - 1] == UInt8(ascii: "{") || bytes[inside - 1] == UInt8(ascii: "[")
        {
            return true  // an empty container says nothing
        }
        return text.hasBreak(in: item.head..<item.valueEnd)
    }

    /// A new member before the item `index` of `container`: on a line of its own above it (and
    /// above its comments) where it has one, else before it on its line.
    func insertionBefore(item index: Int, of container: DocumentNode, _ body: Body) throws(DocumentError)
        -> [TextEdit]
    {
        let items = text.items(of: container)
        let item = items[index]
        if text.isFirstOnLine(item.start) {
            let start = text.lineStart(of: item.start)
            let indentation = Array(text.indentation(at: item.head))
            let member = try body(self, spansLines(item), indentation, item.start)
            return [
                TextEdit(
                    range: start..<start,
                    replacement: indentation + member + [0x2C] + lineBreak(after: item.start))
            ]
        }
        let member = try body(self, false, [], item.start)
        return [TextEdit(range: item.start..<item.start, replacement: member + commaSpacing(items))]
    }
}
