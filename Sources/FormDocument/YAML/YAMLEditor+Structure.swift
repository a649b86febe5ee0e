/// `insert`, `delete`, `append` and `move`: members and elements added with their siblings'
/// indentation (block) or separators (flow), removed with their own comments and lines.
extension YAMLEditor {
    private func container(_ place: Place) -> DocumentNode {
        if case .alias(_, let target) = place.node.content { return target }
        return place.node
    }

    // MARK: Insert

    func insert(key: String, value: DocumentValue, before: String?, into place: Place) throws(DocumentError)
        -> [TextEdit]
    {
        let mapping = container(place)
        guard case .object(let all) = mapping.content else {
            throw fail("\(place.path) is not a mapping", at: mapping.span.lowerBound)
        }
        let members = all.filter { !$0.isMerged }
        let named = before.flatMap { name in members.first { $0.key == name } }
        if mapping.style == .flow {
            let entry = writer.key(key, flow: true) + ": " + writer.flow(value)
            guard let last = members.last else {
                return [
                    TextEdit(
                        range: (mapping.span.lowerBound + 1)..<(mapping.span.lowerBound + 1), text: entry)
                ]
            }
            if let named {
                return [
                    TextEdit(range: named.keySpan.lowerBound..<named.keySpan.lowerBound, text: entry + ", ")
                ]
            }
            let end = last.node.span.upperBound
            if text.lineStart(last.keySpan.lowerBound) != text.lineStart(mapping.span.lowerBound) {
                let column = text.column(last.keySpan.lowerBound)
                return [TextEdit(range: end..<end, text: "," + writer.lineBreak + spaces(column) + entry)]
            }
            return [TextEdit(range: end..<end, text: ", " + entry)]
        }
        guard mapping.style == .blockCollection, let first = members.first ?? all.first else {
            throw fail("\(place.path) is not a mapping to add to", at: mapping.span.lowerBound)
        }
        let column = text.column(first.keySpan.lowerBound)
        let entry = writer.key(key, flow: false) + ":" + writer.memberValue(value, keyColumn: column)
        if let named {
            if text.startsLine(named.span.lowerBound) {
                let start = text.lineStart(named.span.lowerBound)
                return [TextEdit(range: start..<start, text: spaces(column) + entry + writer.lineBreak)]
            }
            let start = named.span.lowerBound
            return [TextEdit(range: start..<start, text: entry + writer.lineBreak + spaces(column))]
        }
        var end = mapping.span.upperBound
        for member in members { end = max(end, member.span.upperBound) }
        let lineEnd = endOfLines(of: mapping, from: end)
        return [TextEdit(range: lineEnd..<lineEnd, text: writer.lineBreak + spaces(column) + entry)]
    }

    // MARK: Delete

    func delete(_ place: Place) throws(DocumentError) -> [TextEdit] {
        guard let parent = place.container, let parentPath = place.containerPath else {
            throw fail("the document's root cannot be deleted; set it instead", at: 0)
        }
        if place.inStream {
            throw fail(
                "the documents of a stream are not deleted one by one here; delete their text",
                at: place.node.span.lowerBound)
        }
        if let member = place.member {
            if member.isMerged {
                throw fail(
                    "\(place.path) comes from a merge key (<<); delete it in the mapping it is merged from, or override it here",
                    at: member.keySpan.lowerBound)
            }
            guard case .object(let all) = parent.content else { return [] }
            if all.count == 1 {
                return try emptied(parent, at: parentPath, from: member.span.lowerBound)
            }
            let members = all.filter { !$0.isMerged }
            guard let index = members.firstIndex(where: { $0.keySpan == member.keySpan }) else { return [] }
            if parent.style == .flow {
                return [
                    flowRemoval(
                        index: index, starts: members.map(\.keySpan.lowerBound),
                        ends: members.map(\.node.span.upperBound), in: parent)
                ]
            }
            if text.startsLine(member.span.lowerBound) {
                let unit = unit(start: member.span.lowerBound, node: member.node, comments: member.comments)
                return [TextEdit(range: withBreak(unit), text: "")]
            }
            // The first member on its parent's line (`- name: x`): the next one takes its place.
            guard index + 1 < members.count else {
                throw fail(
                    "\(place.path) cannot be removed from its line here", at: member.keySpan.lowerBound)
            }
            let next = members[index + 1]
            return [TextEdit(range: member.span.lowerBound..<next.keySpan.lowerBound, text: "")]
        }
        guard let index = place.elementIndex, case .array(let elements) = parent.content else { return [] }
        if elements.count == 1 {
            let element = elements[0]
            let from =
                parent.style == .flow
                ? parent.span.lowerBound : (element.comments.aboveSpan?.lowerBound ?? parent.span.lowerBound)
            return try emptied(parent, at: parentPath, from: from)
        }
        if parent.style == .flow {
            let starts = elements.indices.map { flowElementStart(of: $0, in: parent) }
            return [
                flowRemoval(index: index, starts: starts, ends: elements.map(\.span.upperBound), in: parent)
            ]
        }
        let dash = dash(of: index, in: parent)
        let element = elements[index]
        if text.startsLine(dash) {
            return [
                TextEdit(
                    range: withBreak(unit(start: dash, node: element, comments: element.comments)), text: "")
            ]
        }
        guard index + 1 < elements.count else {
            throw fail("\(place.path) cannot be removed from its line here", at: dash)
        }
        return [TextEdit(range: dash..<self.dash(of: index + 1, in: parent), text: "")]
    }

    /// A collection left empty is written `{}` or `[]` where it stood.
    private func emptied(_ collection: DocumentNode, at path: DocumentPath, from start: Int)
        throws(DocumentError)
        -> [TextEdit]
    {
        var isMapping = false
        if case .object = collection.content { isMapping = true }
        let empty: DocumentValue = isMapping ? .object([:]) : .array([])
        if collection.style == .flow {
            return [TextEdit(range: collection.span, text: isMapping ? "{}" : "[]")]
        }
        let place = try locate(path)
        if place.member == nil, place.elementIndex == nil {
            // The document's root: its lines and their comments go, `{}` stands instead.
            let first = text.lineStart(min(start, collection.span.lowerBound))
            return [TextEdit(range: first..<collection.span.upperBound, text: isMapping ? "{}" : "[]")]
        }
        return try set(place, to: empty)
    }

    /// Removes a flow collection's entry with one separator: the one after it, or (the last
    /// entry) the one before.
    private func flowRemoval(index: Int, starts: [Int], ends: [Int], in collection: DocumentNode) -> TextEdit
    {
        if index + 1 < starts.count {
            return TextEdit(range: starts[index]..<starts[index + 1], text: "")
        }
        return TextEdit(range: ends[index - 1]..<ends[index], text: "")
    }

    // MARK: Append

    func append(_ value: DocumentValue, to place: Place) throws(DocumentError) -> [TextEdit] {
        let sequence = container(place)
        guard case .array(let elements) = sequence.content else {
            throw fail("\(place.path) is not a sequence", at: sequence.span.lowerBound)
        }
        if place.path.components.isEmpty, isStream {
            throw fail(
                "a document is not appended to a stream here; add its text after a --- line", at: bytes.count)
        }
        if sequence.style == .flow {
            guard let last = elements.last else {
                let start = sequence.span.lowerBound + 1
                return [TextEdit(range: start..<start, text: writer.flow(value))]
            }
            let end = last.span.upperBound
            if text.lineStart(last.span.lowerBound) != text.lineStart(sequence.span.lowerBound) {
                let column = text.column(last.span.lowerBound)
                return [
                    TextEdit(
                        range: end..<end, text: "," + writer.lineBreak + spaces(column) + writer.flow(value))
                ]
            }
            return [TextEdit(range: end..<end, text: ", " + writer.flow(value))]
        }
        guard let last = elements.last else {
            throw fail("\(place.path) is not a sequence to add to", at: sequence.span.lowerBound)
        }
        let dashColumn = text.column(sequence.span.lowerBound)
        let end = endOfLines(
            of: sequence,
            from:
                max(
                    last.span.upperBound, last.comments.trailingSpan?.upperBound ?? 0,
                    sequence.span.upperBound))
        let entry = "-" + writer.elementValue(value, dashColumn: dashColumn)
        return [TextEdit(range: end..<end, text: writer.lineBreak + spaces(dashColumn) + entry)]
    }

    // MARK: Move

    func move(in place: Place, from: Int, to: Int) throws(DocumentError) -> [TextEdit] {
        let sequence = container(place)
        guard case .array(let elements) = sequence.content, elements.indices.contains(from),
            elements.indices.contains(to)
        else { throw fail("\(place.path) has no element \(max(from, to))", at: sequence.span.lowerBound) }
        if from == to { return [] }
        if place.path.components.isEmpty, isStream {
            throw fail("the documents of a stream are not reordered here", at: 0)
        }
        let low = min(from, to)
        let high = max(from, to)
        var units: [Range<Int>] = []
        for index in low...high {
            let element = elements[index]
            if sequence.style == .flow {
                units.append(flowElementStart(of: index, in: sequence)..<element.span.upperBound)
            } else {
                let dash = dash(of: index, in: sequence)
                guard text.startsLine(dash) else {
                    throw fail(
                        "\(place.path)/\(index) shares its line with its parent; move it by hand", at: dash)
                }
                units.append(unit(start: dash, node: element, comments: element.comments))
            }
        }
        var order = Array(low...high)
        let moved = order.remove(at: from - low)
        order.insert(moved, at: to - low)
        var written = ""
        for (position, index) in order.enumerated() {
            written += text.text(units[index - low])
            if position + 1 < units.count {
                written += text.text(units[position].upperBound..<units[position + 1].lowerBound)
            }
        }
        return [TextEdit(range: units[0].lowerBound..<units[units.count - 1].upperBound, text: written)]
    }
}
