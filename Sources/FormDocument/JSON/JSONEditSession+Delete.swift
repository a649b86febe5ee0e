/// Deletes: an item with its comments, its lines or its comma.
extension JSONEditSession {
    mutating func delete(_ path: DocumentPath) throws(DocumentError) {
        guard let parentPath = path.parent, let last = path.last else {
            throw fail("the whole document cannot be deleted; set it to another value instead", at: 0)
        }
        let parent = try node(at: parentPath, in: tree())
        let indices: [Int]
        switch (parent.content, last) {
        case (.object(let members), .key(let key)):
            indices = members.indices.filter { members[$0].key == key }
        case (.object(let members), .index(let index)):
            indices = members.indices.filter { members[$0].key == String(index) }
        case (.array(let elements), .index(let index)) where elements.indices.contains(index):
            indices = [index]
        default:
            indices = []
        }
        guard !indices.isEmpty else {
            throw fail("\(path) is not in the document", at: parent.span.lowerBound)
        }
        // A key written twice goes everywhere it stands, the last first.
        for index in indices.reversed() {
            try commit(deletion(item: index, of: node(at: parentPath, in: tree())))
        }
    }

    /// The splices that remove item `index` of `container` with its comments: its whole lines
    /// where it has lines of its own (and the comma before it when it was the last without one),
    /// else its text and one comma beside it.
    func deletion(item index: Int, of container: DocumentNode) -> [TextEdit] {
        let items = text.items(of: container)
        let item = items[index]
        let open = container.span.lowerBound
        let close = container.span.upperBound - 1
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if items.count == 1, bytes[(open + 1)..<item.start].allSatisfy(isSpace),
            bytes[item.end..<close].allSatisfy(isSpace)
        {
            return [TextEdit(range: (open + 1)..<close, replacement: [])]
        }
        if text.isFirstOnLine(item.start), text.isLastOnLine(item.end) {
            var start = text.lineStart(of: item.start)
            let end = text.pastBreak(at: text.lineEnd(of: item.end))
            // A blank line above and a blank line or the close below: one blank line is left.
            if start > 0 {
                let above = text.lineStart(
                    of: start - (start >= 2 && bytes[start - 2] == 0x0D && bytes[start - 1] == 0x0A ? 2 : 1))
                let below = text.skipSpaces(from: end)
                if above > open, text.isBlankLine(at: above),
                    end < bytes.count && (text.isBlankLine(at: end) || below == close)
                {
                    start = above
                }
            }
            var edits = [TextEdit(range: start..<end, replacement: [])]
            if index == items.count - 1, item.comma == nil, index > 0, let comma = items[index - 1].comma {
                edits.insert(TextEdit(range: comma..<(comma + 1), replacement: []), at: 0)
            }
            return edits
        }
        if index + 1 < items.count, index == 0 || !text.hasBreak(in: item.end..<items[index + 1].start) {
            return [TextEdit(range: item.start..<items[index + 1].start, replacement: [])]
        }
        guard index > 0 else { return [TextEdit(range: item.start..<item.end, replacement: [])] }
        let previous = items[index - 1].comma ?? items[index - 1].valueEnd
        guard let comma = item.comma else {
            return [TextEdit(range: previous..<item.end, replacement: [])]
        }
        var edits = [TextEdit(range: previous..<comma, replacement: [])]
        if let trailing = item.trailing, trailing.lowerBound > comma {
            edits.append(TextEdit(range: (comma + 1)..<trailing.upperBound, replacement: []))
        }
        return edits
    }
}
