/// Where a node of a read TOML document stands, as an edit needs to know it: its member, its
/// parent, whether it is inside an inline value, and the lines it owns (a `[table]` owns its
/// section and the sections of its sub-tables, wherever they stand).
struct TOMLPlace {
    var path: DocumentPath
    var node: DocumentNode
    /// The member that holds the node, when the last step is a key.
    var member: DocumentMember?
    var parent: DocumentNode?
    /// The node's index, when the last step is an array index.
    var index: Int?
    /// Whether an inline array or table holds the node (at any depth).
    var inFlow: Bool
    /// The path's keys without its indices: a `[header]`'s name.
    var keys: [String]

    enum Kind: Equatable {
        case root
        /// A value written after `key =` (or an element of an inline array).
        case value
        /// A table with a `[header]` of its own (or none, when only longer headers made it).
        case table(explicit: Bool)
        /// An element of an array of tables, with its `[[header]]`.
        case tableArrayElement
        case tableArray
        /// A table made by dotted keys.
        case dotted
    }
}

extension TOMLEditor {
    func place(_ path: DocumentPath) throws(DocumentError) -> TOMLPlace {
        var place = TOMLPlace(
            path: path, node: root, member: nil, parent: nil, index: nil, inFlow: false, keys: [])
        for component in path.components {
            let container = place.node
            if container.style == .flow { place.inFlow = true }
            let key: String
            switch component {
            case .key(let name): key = name
            case .index(let index): key = String(index)
            }
            if case .object(let members) = container.content,
                let member = members.last(where: { $0.key == key })
            {
                place.parent = container
                place.member = member
                place.index = nil
                place.node = member.node
                place.keys.append(key)
            } else if case .array(let elements) = container.content, case .index(let index) = component,
                elements.indices.contains(index)
            {
                place.parent = container
                place.member = nil
                place.index = index
                place.node = elements[index]
            } else {
                throw DocumentError("\(path) is not in the document", offset: 0, line: 1, column: 1)
            }
        }
        return place
    }
}

/// The lines a member owns, and the small scans over lines that edits make.
extension TOMLEditor {
    /// Whether a block table has a `[header]` of its own: the header at its span's start names it
    /// (a table only longer headers made starts at a sub-table's header, which names more keys).
    func isExplicit(_ node: DocumentNode, depth: Int) -> Bool {
        let offset = node.span.lowerBound
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "["),
            bytes[offset + 1] != UInt8(ascii: "[")
        else { return false }
        var reader = TOMLTextReader(bytes)
        reader.index = offset + 1
        reader.skipSpaces()
        guard let keys = try? reader.dottedKey() else { return false }
        return keys.count == depth
    }

    /// An array-of-tables element's text with the comments above its header.
    func elementSpan(_ element: DocumentNode) -> Range<Int> {
        (element.comments.aboveSpan?.lowerBound ?? element.span.lowerBound)..<max(
            element.span.upperBound, element.comments.trailingSpan?.upperBound ?? 0)
    }

    /// Every line the node at `place` owns, in order, adjacent lines merged.
    func pieces(of place: TOMLPlace) -> [Range<Int>] {
        if kind(place) == .tableArrayElement {
            return pieces(
                place.node, memberSpan: elementSpan(place.node), depth: place.keys.count, element: true)
        }
        return pieces(place.node, memberSpan: place.member?.span, depth: place.keys.count, element: false)
    }

    /// The lines of a node: a value's member lines; a `[table]`'s section and its sub-tables'
    /// sections; a dotted table's key lines; an array of tables' elements.
    func pieces(_ node: DocumentNode, memberSpan: Range<Int>?, depth: Int, element: Bool) -> [Range<Int>] {
        var found: [Range<Int>] = []
        collect(node, memberSpan: memberSpan, depth: depth, element: element, into: &found)
        found.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for piece in found {
            if let last = merged.last, piece.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, piece.upperBound)
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    private func collect(
        _ node: DocumentNode, memberSpan: Range<Int>?, depth: Int, element: Bool,
        into found: inout [Range<Int>]
    ) {
        switch (node.content, node.style) {
        case (.array(let elements), .blockCollection):
            for table in elements {
                collect(table, memberSpan: elementSpan(table), depth: depth, element: true, into: &found)
            }
        case (.object(let members), .blockCollection):
            if element || isExplicit(node, depth: depth) {
                let own = memberSpan.map {
                    min($0.lowerBound, node.span.lowerBound)..<max($0.upperBound, node.span.upperBound)
                }
                found.append(fullLines(own ?? node.span))
            }
            for member in members {
                collect(member.node, memberSpan: member.span, depth: depth + 1, element: false, into: &found)
            }
        case (.object(let members), .dotted):
            for member in members {
                collect(member.node, memberSpan: member.span, depth: depth + 1, element: false, into: &found)
            }
        default:
            found.append(fullLines(memberSpan ?? node.span))
        }
    }

    /// The pieces of a table or array of tables, each with the blank line before it, so that
    /// taking them out leaves the sections around them as they were spaced.
    func sections(of place: TOMLPlace) -> [Range<Int>] {
        pieces(of: place).map(withBlankLineBefore)
    }

    func withBlankLineBefore(_ range: Range<Int>) -> Range<Int> {
        isBlankLine(before: range.lowerBound) ? lineStart(range.lowerBound - 1)..<range.upperBound : range
    }

    /// Whether the line just before `offset` (a line's start) holds only spaces.
    func isBlankLine(before offset: Int) -> Bool {
        guard offset > 0, bytes[offset - 1] == 0x0A else { return false }
        let start = lineStart(offset - 1)
        return bytes[start..<(offset - 1)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    func lineStart(_ offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Just after the newline that ends the line of `offset` (the end of the text on the last line).
    func afterLine(_ offset: Int) -> Int {
        var position = offset
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return min(position + 1, bytes.count)
    }

    /// Where the line of `offset` ends: its newline (a CRLF's carriage return), or the text's end.
    func lineEnd(_ offset: Int) -> Int {
        var position = offset
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        if position < bytes.count, position > offset, bytes[position - 1] == 0x0D { return position - 1 }
        return position
    }

    func fullLines(_ range: Range<Int>) -> Range<Int> {
        lineStart(range.lowerBound)..<afterLine(range.isEmpty ? range.lowerBound : range.upperBound - 1)
    }

    func firstNonSpace(from offset: Int) -> Int {
        var position = offset
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position
    }
}
