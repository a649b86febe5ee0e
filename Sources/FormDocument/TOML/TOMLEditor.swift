/// Turns a ``DocumentChange`` into the smallest splices of a TOML document, in the style of what
/// stands around it: a set keeps the scalar's quoting and number base, an insert goes after its
/// last sibling in the right table (a dotted key among dotted siblings, a new `[table]` after the
/// parent's last sub-table), a delete takes a member's lines with its comments.
struct TOMLEditor {
    let bytes: [UInt8]
    let root: DocumentNode
    let writer: TOMLWriter

    init(bytes: [UInt8], root: DocumentNode) {
        self.bytes = bytes
        self.root = root
        var writer = TOMLWriter()
        if let feed = bytes.firstIndex(of: 0x0A), feed > 0, bytes[feed - 1] == 0x0D {
            writer.newline = "\r\n"
        }
        if let separator = Self.firstSeparator(in: root, bytes: bytes) { writer.separator = separator }
        self.writer = writer
    }

    /// The text between the first plain member's key and its value (` = `, `=`): the document's
    /// own spacing, which new members take.
    static func firstSeparator(in root: DocumentNode, bytes: [UInt8]) -> String? {
        var tables = [root]
        var looked = 0
        while let table = tables.first, looked < 64 {
            tables.removeFirst()
            guard case .object(let members) = table.content else { continue }
            for member in members {
                looked += 1
                switch member.node.style {
                case .blockCollection, .dotted:
                    tables.append(member.node)
                default:
                    guard member.keySpan.upperBound <= member.node.span.lowerBound else { continue }
                    let text = bytes[member.keySpan.upperBound..<member.node.span.lowerBound]
                    if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "=") }) {
                        return String(decoding: text, as: UTF8.self)
                    }
                }
            }
        }
        return nil
    }

    func error(_ message: String, at offset: Int = 0) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        let edits: [TextEdit]
        switch change {
        case .set(let path, let value): edits = try set(path, to: value, change: change)
        case .insert(let parent, let key, let value, let before):
            edits = try insert(key, value, into: parent, before: before, change: change)
        case .delete(let path): edits = try delete(path, change: change)
        case .append(let array, let value): edits = try append(value, to: array, change: change)
        case .move(let array, let from, let to): edits = try move(in: array, from: from, to: to)
        }
        // An insertion at the start of a removed range goes first: it is no overlap.
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        for (first, second) in zip(sorted, sorted.dropFirst())
        where first.range.upperBound > second.range.lowerBound {
            throw error(
                "this change would rewrite overlapping parts of the document; make it in two steps",
                at: second.range.lowerBound)
        }
        return sorted
    }

    func kind(_ place: TOMLPlace) -> TOMLPlace.Kind {
        if place.path.components.isEmpty { return .root }
        if place.inFlow { return .value }
        switch place.node.style {
        case .blockCollection:
            if case .array = place.node.content { return .tableArray }
            if place.index != nil { return .tableArrayElement }
            return .table(explicit: isExplicit(place.node, depth: place.keys.count))
        case .dotted: return .dotted
        default: return .value
        }
    }

    // MARK: Set

    func set(_ path: DocumentPath, to value: DocumentValue, change: DocumentChange) throws(DocumentError)
        -> [TextEdit]
    {
        let place = try self.place(path)
        switch kind(place) {
        case .root:
            guard case .object(let members) = value else {
                throw error("a TOML document is a table; set it to a table")
            }
            var text = try writer.body(members, under: [])
            if text.hasPrefix(writer.newline) { text.removeFirst(writer.newline.count) }
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return [TextEdit(range: start..<bytes.count, text: text)]
        case .value:
            if place.node.style == .dotted { return try rewriteFlow(around: path, change: change) }
            switch value {
            case .array(let elements):
                if case .array = place.node.content, let text = try multilineArray(elements, like: place.node)
                {
                    return [TextEdit(range: place.node.span, text: text)]
                }
                return [TextEdit(range: place.node.span, text: try writer.inline(value))]
            case .object:
                return [TextEdit(range: place.node.span, text: try writer.inline(value))]
            default:
                let text = try writer.scalar(value, like: place.node, text: Array(bytes[place.node.span]))
                return [TextEdit(range: place.node.span, text: text)]
            }
        case .table(let explicit):
            if case .object(let members) = value, !members.isEmpty {
                if explicit { return try replaceBody(of: place, with: members) }
                return try rewriteSections(of: place, as: value)
            }
            return try replaceWithLine(place, value)
        case .tableArray:
            if TOMLWriter.isSection(value), case .array = value {
                return try rewriteSections(of: place, as: value)
            }
            return try replaceWithLine(place, value)
        case .tableArrayElement:
            guard case .object(let members) = value else {
                throw error(
                    "an element of an array of tables is a table; set it to a table, or set the whole array",
                    at: place.node.span.lowerBound)
            }
            return try replaceBody(of: place, with: members)
        case .dotted:
            guard let member = place.member else { throw error("\(path) is not in the document") }
            let pieces = pieces(of: place)
            let lineStart = self.lineStart(member.keySpan.lowerBound)
            let keyStart = firstNonSpace(from: lineStart)
            let prefix = String(decoding: bytes[keyStart..<member.keySpan.upperBound], as: UTF8.self)
            let indent = String(decoding: bytes[lineStart..<keyStart], as: UTF8.self)
            let text = try writer.dottedLines(value, prefix: prefix, indent: indent)
            var edits = pieces.dropFirst().map { TextEdit(range: $0, text: "") }
            edits.append(TextEdit(range: lineStart..<pieces[0].upperBound, text: text))
            return edits
        }
    }

    /// A `[header]`'s body (and its sub-tables' sections) written anew, its header line and the
    /// comments above it kept.
    func replaceBody(of place: TOMLPlace, with members: DocumentValueMembers) throws(DocumentError)
        -> [TextEdit]
    {
        let pieces = pieces(of: place)
        let headerStart = place.node.span.lowerBound
        guard let own = pieces.firstIndex(where: { $0.contains(headerStart) }) else {
            throw error("the table's header was not found", at: headerStart)
        }
        let bodyStart = afterLine(headerStart)
        var text = try writer.body(members, under: place.keys)
        if bodyStart == bytes.count, bytes.last != 0x0A { text = writer.newline + text }
        var edits: [TextEdit] = []
        for (position, piece) in pieces.enumerated() where position != own {
            edits.append(TextEdit(range: withBlankLineBefore(piece), text: ""))
        }
        edits.append(TextEdit(range: bodyStart..<max(bodyStart, pieces[own].upperBound), text: text))
        return edits
    }

    /// A table (or array of tables) written whole anew where its first section stands; its
    /// other sections (the same table continued further down) are removed.
    private func rewriteSections(of place: TOMLPlace, as value: DocumentValue) throws(DocumentError)
        -> [TextEdit]
    {
        let pieces = sections(of: place)
        var edits = pieces.dropFirst().map { TextEdit(range: $0, text: "") }
        edits.append(
            TextEdit(range: pieces[0], text: try trimmedSection(writer.section(value, keys: place.keys))))
        return edits
    }

    /// A table or array of tables set to a value that is no section: its sections go and a
    /// `key = value` line takes its place in the parent table.
    func replaceWithLine(_ place: TOMLPlace, _ value: DocumentValue) throws(DocumentError) -> [TextEdit] {
        guard let parentPath = place.path.parent, case .key(let key)? = place.path.last else {
            throw error("\(place.path) cannot be set to this value")
        }
        var edits = sections(of: place).map { TextEdit(range: $0, text: "") }
        let parent = try self.place(parentPath)
        edits += try insertLine(key, value, into: parent, before: nil, skipping: key)
        return edits
    }

    /// A static array over several lines written again over several lines, each element on a line
    /// of its own with the first one's indentation; nil when the array is on one line.
    func multilineArray(_ elements: [DocumentValue], like node: DocumentNode) throws(DocumentError) -> String?
    {
        guard case .array(let old) = node.content, !elements.isEmpty,
            bytes[node.span].contains(0x0A)
        else { return nil }
        let openingLine = lineStart(node.span.lowerBound)
        let baseIndent = String(
            decoding: bytes[openingLine..<firstNonSpace(from: openingLine)], as: UTF8.self)
        var indent = baseIndent + "    "
        if let first = old.first {
            let start = first.comments.aboveSpan?.lowerBound ?? first.span.lowerBound
            let line = lineStart(start)
            if firstNonSpace(from: line) == start {
                indent = String(decoding: bytes[line..<start], as: UTF8.self)
            }
        }
        let closing = node.span.upperBound - 1
        let closingLine = lineStart(closing)
        let closingIndent =
            firstNonSpace(from: closingLine) == closing
            ? String(decoding: bytes[closingLine..<closing], as: UTF8.self) : ""
        var text = "[" + writer.newline
        for element in elements { text += indent + (try writer.inline(element)) + "," + writer.newline }
        return text + closingIndent + "]"
    }

    // MARK: Insert

    func insert(
        _ key: String, _ value: DocumentValue, into parentPath: DocumentPath, before: String?,
        change: DocumentChange
    ) throws(DocumentError) -> [TextEdit] {
        let parent = try place(parentPath)
        guard case .object(let members) = parent.node.content else {
            throw error(
                "\(parentPath) is not a table, so no key can be put into it", at: parent.node.span.lowerBound)
        }
        if let existing = members.first(where: { $0.key == key }) {
            throw error(
                "the table already has the key \(key); set it instead", at: existing.keySpan.lowerBound)
        }
        if parent.inFlow || parent.node.style == .flow {
            if parent.node.style == .dotted { return try rewriteFlow(around: parentPath, change: change) }
            return try insertInline(key, value, into: parent.node, before: before)
        }
        return try insertLine(key, value, into: parent, before: before, skipping: nil)
    }

    /// `key = value` in an inline table, with its neighbours' spacing.
    func insertInline(_ key: String, _ value: DocumentValue, into table: DocumentNode, before: String?)
        throws(DocumentError) -> [TextEdit]
    {
        guard case .object(let members) = table.content else { return [] }
        var writer = self.writer
        if let first = members.first, first.keySpan.upperBound <= first.node.span.lowerBound {
            writer.separator = String(
                decoding: bytes[first.keySpan.upperBound..<first.node.span.lowerBound], as: UTF8.self)
        }
        let text = TOMLWriter.key(key) + writer.separator + (try writer.inline(value))
        var comma = ", "
        if members.count >= 2 {
            comma = String(
                decoding: bytes[members[0].span.upperBound..<members[1].span.lowerBound], as: UTF8.self)
        }
        if let before, let next = members.first(where: { $0.key == before }) {
            return [TextEdit(range: next.span.lowerBound..<next.span.lowerBound, text: text + comma)]
        }
        guard let last = members.last else {
            let inside = (table.span.lowerBound + 1)..<(table.span.upperBound - 1)
            return [TextEdit(range: inside, text: inside.isEmpty ? text : " " + text + " ")]
        }
        return [TextEdit(range: last.span.upperBound..<last.span.upperBound, text: comma + text)]
    }

    /// A member put into a block table (the root, a `[table]`, an element of `[[tables]]`, a
    /// dotted table): a line after its last sibling, dotted lines among dotted siblings, or new
    /// sections after the table's last sub-table. `skipping` names a member being replaced.
    func insertLine(
        _ key: String, _ value: DocumentValue, into parent: TOMLPlace, before: String?, skipping: String?
    ) throws(DocumentError) -> [TextEdit] {
        guard case .object(let allMembers) = parent.node.content else { return [] }
        let members = allMembers.filter { $0.key != skipping }
        let kind = self.kind(parent)
        let lines = members.filter { $0.node.style != .blockCollection }
        var writer = self.writer
        if let plain = lines.last(where: { $0.node.style != .dotted }),
            plain.keySpan.upperBound <= plain.node.span.lowerBound
        {
            let text = bytes[plain.keySpan.upperBound..<plain.node.span.lowerBound]
            if !text.contains(0x0A) { writer.separator = String(decoding: text, as: UTF8.self) }
        }
        let dottedSiblings = kind == .dotted || lines.last?.node.style == .dotted
        let isTable: Bool = if case .object(let fields) = value { !fields.isEmpty } else { false }

        // Sections: after everything the parent owns.
        if kind != .dotted, TOMLWriter.isSection(value), !(dottedSiblings && isTable) {
            let position = kind == .root ? bytes.count : (pieces(of: parent).last?.upperBound ?? bytes.count)
            return [insertion(at: position, section: try writer.section(value, keys: parent.keys + [key]))]
        }
        // A table only longer headers made gets its own header, after its sub-tables.
        if kind == .table(explicit: false) {
            let position = pieces(of: parent).last?.upperBound ?? bytes.count
            let text =
                writer.newline + "[" + TOMLWriter.dotted(parent.keys) + "]" + writer.newline
                + TOMLWriter.key(key) + writer.separator + (try writer.inline(value)) + writer.newline
            return [insertion(at: position, section: text)]
        }

        var anchor = lines.max { $0.span.upperBound < $1.span.upperBound }
        var position: Int
        var indent = ""
        var prefix = ""
        if let before, let next = lines.first(where: { $0.key == before }) {
            anchor = next
            position = fullLines(next.span).lowerBound
        } else if let last = anchor {
            position = afterLine(last.span.upperBound - 1)
        } else if kind == .root {
            // Before the first line any table owns, which need not be the first table's: in
            // `[a.b]` then `[a]`, the key would otherwise land in `a.b`.
            position =
                members.compactMap {
                    pieces($0.node, memberSpan: $0.span, depth: 1, element: false).first?.lowerBound
                }.min() ?? bytes.count
        } else {
            position = afterLine(parent.node.span.lowerBound)
        }
        if let anchor {
            let lineStart = self.lineStart(anchor.keySpan.lowerBound)
            let keyStart = firstNonSpace(from: lineStart)
            indent = String(decoding: bytes[lineStart..<keyStart], as: UTF8.self)
            if kind == .dotted {
                prefix = String(decoding: bytes[keyStart..<anchor.keySpan.lowerBound], as: UTF8.self)
            }
        }
        var text: String
        if dottedSiblings, isTable {
            text = try writer.dottedLines(value, prefix: prefix + TOMLWriter.key(key), indent: indent)
        } else {
            text =
                indent + prefix + TOMLWriter.key(key) + writer.separator + (try writer.inline(value))
                + writer.newline
        }
        if kind == .root, anchor == nil, !members.isEmpty { text += writer.newline }
        if position == bytes.count, position > 0, bytes[position - 1] != 0x0A { text = writer.newline + text }
        return [TextEdit(range: position..<position, text: text)]
    }

    /// A section's text put in at `position` (a line's start or the end): with a newline first
    /// where the text before has none, and without its leading blank line where one is there.
    func insertion(at position: Int, section: String) -> TextEdit {
        var text = section
        if position > 0, bytes[position - 1] != 0x0A {
            text = writer.newline + text
        } else if position == 0 || isBlankLine(before: position) {
            text = trimmedSection(text)
        }
        return TextEdit(range: position..<position, text: text)
    }

    func trimmedSection(_ text: String) -> String {
        text.hasPrefix(writer.newline) ? String(text.dropFirst(writer.newline.count)) : text
    }

    // MARK: Delete

    func delete(_ path: DocumentPath, change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        let place = try self.place(path)
        switch kind(place) {
        case .root:
            throw error("the whole document cannot be deleted; set it to an empty table instead")
        case .value:
            guard let parent = place.parent else { return [] }
            if parent.style == .flow || parent.style == .dotted && place.inFlow {
                if parent.style == .dotted || place.node.style == .dotted, let parentPath = path.parent {
                    return try rewriteFlow(around: parentPath, change: change)
                }
                return deleteInFlow(place, parent: parent)
            }
            guard let member = place.member else { return [] }
            return try keepingParent(of: place, [TextEdit(range: fullLines(member.span), text: "")])
        case .dotted:
            return try keepingParent(of: place, pieces(of: place).map { TextEdit(range: $0, text: "") })
        case .tableArrayElement:
            if case .array(let elements) = place.parent?.content, elements.count == 1,
                let arrayPath = path.parent
            {
                // The last table of `[[name]]` leaves an empty array, which only `name = []` writes.
                return try replaceWithLine(try self.place(arrayPath), .array([]))
            }
            return sections(of: place).map { TextEdit(range: $0, text: "") }
        case .table, .tableArray:
            return try keepingParent(of: place, sections(of: place).map { TextEdit(range: $0, text: "") })
        }
    }

    /// The removals of a parent's only member, with the parent kept as an empty table where it
    /// has no text of its own: a table only sub-tables made gets its `[header]`, a dotted table
    /// becomes `key = {}`.
    func keepingParent(of place: TOMLPlace, _ removals: [TextEdit]) throws(DocumentError) -> [TextEdit] {
        guard let parentPath = place.path.parent, place.member != nil, !removals.isEmpty,
            case .object(let members) = place.parent?.content, members.count == 1
        else { return removals }
        let parent = try self.place(parentPath)
        var edits = removals.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let first = edits[0].range
        switch kind(parent) {
        case .table(explicit: false):
            let blank =
                first.lowerBound < bytes.count
                && (bytes[first.lowerBound] == 0x0A || bytes[first.lowerBound] == 0x0D)
            edits[0].replacement = Array(
                ((blank ? writer.newline : "") + "[" + TOMLWriter.dotted(parent.keys) + "]" + writer.newline)
                    .utf8)
        case .dotted:
            guard let parentMember = parent.member else { return removals }
            let lineStart = self.lineStart(parentMember.keySpan.lowerBound)
            let keyStart = firstNonSpace(from: lineStart)
            let text =
                String(decoding: bytes[lineStart..<parentMember.keySpan.upperBound], as: UTF8.self)
                + writer.separator + "{}" + writer.newline
            _ = keyStart
            edits[0].replacement = Array(text.utf8)
        default:
            break
        }
        return edits
    }

    /// An element of an inline array or a member of an inline table taken out with its comma;
    /// in an array over several lines, with its own line.
    func deleteInFlow(_ place: TOMLPlace, parent: DocumentNode) -> [TextEdit] {
        if case .array(let elements) = parent.content, let index = place.index {
            let element = elements[index]
            let start = element.comments.aboveSpan?.lowerBound ?? element.span.lowerBound
            let lineStart = self.lineStart(start)
            if firstNonSpace(from: lineStart) == start, let lineEnd = restOfLineIsComma(after: element) {
                return [TextEdit(range: lineStart..<lineEnd, text: "")]
            }
            if index + 1 < elements.count {
                let next = elements[index + 1]
                return [
                    TextEdit(
                        range: element.span
                            .lowerBound..<(next.comments.aboveSpan?.lowerBound ?? next.span.lowerBound),
                        text: "")
                ]
            }
            let end = element.comments.trailingSpan?.upperBound ?? element.span.upperBound
            if index > 0 {
                return [TextEdit(range: elements[index - 1].span.upperBound..<end, text: "")]
            }
            var after = element.span.upperBound
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: ",") { after += 1 }
            return [TextEdit(range: element.span.lowerBound..<max(after, end), text: "")]
        }
        guard case .object(let members) = parent.content, let member = place.member,
            let index = members.firstIndex(where: { $0.key == member.key })
        else { return [] }
        if index + 1 < members.count {
            return [TextEdit(range: member.span.lowerBound..<members[index + 1].span.lowerBound, text: "")]
        }
        if index > 0 {
            return [TextEdit(range: members[index - 1].span.upperBound..<member.span.upperBound, text: "")]
        }
        return [TextEdit(range: (parent.span.lowerBound + 1)..<(parent.span.upperBound - 1), text: "")]
    }

    /// The end of an element's line (after its newline) when only its comma, spaces and a comment
    /// follow the element there; nil when more (or less) does.
    func restOfLineIsComma(after element: DocumentNode) -> Int? {
        var offset = element.span.upperBound
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        // A comma on a later line stays for the elements around it: only this one's own goes.
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else { return nil }
        offset += 1
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        if let trailing = element.comments.trailingSpan, trailing.lowerBound >= offset {
            offset = trailing.upperBound
        }
        guard offset < bytes.count, bytes[offset] == 0x0A || bytes[offset] == 0x0D else { return nil }
        return afterLine(offset)
    }

    // MARK: Arrays

    func append(_ value: DocumentValue, to path: DocumentPath, change: DocumentChange) throws(DocumentError)
        -> [TextEdit]
    {
        let place = try self.place(path)
        guard case .array(let elements) = place.node.content else {
            throw error(
                "\(path) is not an array, so nothing can be appended to it", at: place.node.span.lowerBound)
        }
        if kind(place) == .tableArray {
            guard case .object = value else {
                throw error(
                    "\(path) is an array of tables ([[\(TOMLWriter.dotted(place.keys))]]); append a table to it",
                    at: place.node.span.lowerBound)
            }
            let position = pieces(of: place).last?.upperBound ?? bytes.count
            return [insertion(at: position, section: try writer.section(.array([value]), keys: place.keys))]
        }
        let text = try writer.inline(value)
        let node = place.node
        guard let last = elements.last else {
            return [TextEdit(range: (node.span.lowerBound + 1)..<(node.span.upperBound - 1), text: text)]
        }
        let closing = node.span.upperBound - 1
        var comma: Int?
        var offset = last.span.upperBound
        while offset < closing {
            if bytes[offset] == UInt8(ascii: ",") {
                comma = offset
                break
            }
            if bytes[offset] == UInt8(ascii: "#") { offset = lineEnd(offset) }
            offset += 1
        }
        let multiline = bytes[last.span.upperBound..<closing].contains(0x0A)
        if multiline {
            let start = last.comments.aboveSpan?.lowerBound ?? last.span.lowerBound
            let line = lineStart(start)
            var indent = String(decoding: bytes[line..<firstNonSpace(from: line)], as: UTF8.self)
            if firstNonSpace(from: line) != start {
                let opening = lineStart(node.span.lowerBound)
                indent =
                    String(decoding: bytes[opening..<firstNonSpace(from: opening)], as: UTF8.self) + "    "
            }
            if let comma {
                let position = afterLine(comma)
                return [TextEdit(range: position..<position, text: indent + text + "," + writer.newline)]
            }
            let lineEnd = self.lineEnd(last.span.upperBound)
            if lineEnd == last.span.upperBound {
                return [TextEdit(range: lineEnd..<lineEnd, text: "," + writer.newline + indent + text)]
            }
            return [
                TextEdit(range: last.span.upperBound..<last.span.upperBound, text: ","),
                TextEdit(range: lineEnd..<lineEnd, text: writer.newline + indent + text),
            ]
        }
        if let comma {
            return [TextEdit(range: (comma + 1)..<(comma + 1), text: " " + text + ",")]
        }
        var separator = ", "
        if elements.count >= 2 {
            let between = bytes[elements[elements.count - 2].span.upperBound..<last.span.lowerBound]
            if !between.contains(0x0A) { separator = String(decoding: between, as: UTF8.self) }
        }
        return [TextEdit(range: last.span.upperBound..<last.span.upperBound, text: separator + text)]
    }

    /// The elements between `from` and `to` written again in their new order, each into the place
    /// of the one it replaces: separators, comments and lines stay where they are.
    func move(in path: DocumentPath, from: Int, to: Int) throws(DocumentError) -> [TextEdit] {
        let place = try self.place(path)
        guard case .array(let elements) = place.node.content, elements.indices.contains(from),
            elements.indices.contains(to)
        else { throw error("\(path) has no elements \(from) and \(to)") }
        guard from != to else { return [] }
        var slots: [Range<Int>]
        if kind(place) == .tableArray {
            slots = []
            for element in elements {
                let pieces = self.pieces(
                    element, memberSpan: elementSpan(element), depth: place.keys.count, element: true)
                slots.append(pieces[0].lowerBound..<pieces[pieces.count - 1].upperBound)
            }
        } else {
            slots = elements.map(\.span)
        }
        var order = Array(elements.indices)
        order.insert(order.remove(at: from), at: to)
        var edits: [TextEdit] = []
        for slot in min(from, to)...max(from, to) {
            var text = Array(bytes[slots[order[slot]]])
            if kind(place) == .tableArray, text.last != 0x0A { text += Array(writer.newline.utf8) }
            edits.append(TextEdit(range: slots[slot], replacement: text))
        }
        return edits
    }

    /// A change inside an inline value that dotted keys make too tangled to splice: the nearest
    /// inline array or table around it written anew.
    func rewriteFlow(around path: DocumentPath, change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        var prefix = path
        while true {
            if let place = try? self.place(prefix), place.node.style == .flow {
                guard let value = change.applied(to: root.value)?.value(at: prefix) else { break }
                return [TextEdit(range: place.node.span, text: try writer.inline(value))]
            }
            guard let up = prefix.parent else { break }
            prefix = up
        }
        throw error("\(path) cannot be changed here")
    }
}
