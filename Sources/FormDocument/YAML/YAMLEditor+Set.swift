/// `set`: a scalar keeps its style where the style can carry the new value (plain, single,
/// double, block), else takes the nearest style that reads back as the same value and type;
/// a collection is written anew in its parent's style (block or flow), at its own indentation.
extension YAMLEditor {
    /// What stands around a scalar, for writing it and for checking a spelling reads back.
    enum ScalarContext: Equatable {
        case member(column: Int)
        case element(column: Int)
        case flow
        case root
    }

    func scalarContext(_ place: Place) -> ScalarContext {
        if inFlow(place) { return .flow }
        if place.member != nil { return .member(column: ownerColumn(place)) }
        if place.elementIndex != nil, !place.inStream { return .element(column: ownerColumn(place)) }
        return .root
    }

    func set(_ place: Place, to value: DocumentValue) throws(DocumentError) -> [TextEdit] {
        let node = place.node
        var isAlias = false
        if case .alias = node.content { isAlias = true }
        if !isAlias, node.value == value { return [] }
        var isCollectionValue = false
        switch value {
        case .object(let members): isCollectionValue = !members.isEmpty
        case .array(let elements): isCollectionValue = !elements.isEmpty
        default: break
        }
        var isScalarNode = isAlias
        if case .scalar = node.content { isScalarNode = true }
        let edits =
            isScalarNode && !isCollectionValue
            ? try setScalar(place, to: value) : try replace(place, with: value)
        return edits.map { keepingTrailingComment(of: place, in: $0) }
    }

    /// A value written over several lines where one stood would leave the comment at the end
    /// of its line after the new last line (inside a block scalar, as its text): the comment
    /// moves to the end of the new first line, the key's or the header's.
    private func keepingTrailingComment(of place: Place, in edit: TextEdit) -> TextEdit {
        guard let comment = place.member?.comments.trailingSpan ?? place.node.comments.trailingSpan,
            comment.lowerBound >= edit.range.upperBound,
            text.lineEnd(edit.range.upperBound) >= comment.upperBound,
            let firstBreak = edit.replacement.firstIndex(where: YAMLText.isBreak)
        else { return edit }
        var replacement = Array(edit.replacement[..<firstBreak])
        replacement += Array("  ".utf8) + bytes[comment]
        replacement += edit.replacement[firstBreak...]
        return TextEdit(range: edit.range.lowerBound..<comment.upperBound, replacement: replacement)
    }

    // MARK: Scalars

    private func setScalar(_ place: Place, to value: DocumentValue) throws(DocumentError) -> [TextEdit] {
        let node = place.node
        var edits: [TextEdit] = []
        if let tag = node.tag {
            if tag.hasPrefix("!!") {
                if !Self.tag(tag, fits: value), let range = tagRange(before: node, in: place) {
                    edits.append(TextEdit(range: range, text: ""))
                }
            } else if case .string = value {
            } else {
                throw fail(
                    "\(place.path) has the tag \(tag), under which a value reads as text; set it to text, or remove the tag first",
                    at: node.span.lowerBound)
            }
        }
        var range = node.span
        var header: String?
        if case .block(let written) = node.style {
            header = written
            if written.contains("+") { range = range.lowerBound..<keptBlankLinesEnd(after: range.upperBound) }
        }
        let context = scalarContext(place)
        var prefix = ""
        if range.isEmpty, range.lowerBound > 0, !YAMLText.isBlank(bytes[range.lowerBound - 1]),
            !YAMLText.isBreak(bytes[range.lowerBound - 1])
        {
            prefix = " "
        }
        let atEnd = range.upperBound >= bytes.count
        for candidate in candidates(for: value, in: place, header: header, context: context)
        where reads(candidate, as: value, in: context, atEnd: atEnd) {
            edits.append(TextEdit(range: range, text: prefix + candidate))
            return edits
        }
        throw fail(
            "no YAML spelling of the new value of \(place.path) reads back as that value",
            at: node.span.lowerBound)
    }

    /// The spellings to try, nearest the scalar's own style first; the double-quoted one,
    /// which carries any text, last.
    private func candidates(
        for value: DocumentValue, in place: Place, header: String?, context: ScalarContext
    )
        -> [String]
    {
        let node = place.node
        let old = text.text(node.span)
        switch value {
        case .null: return [old == "~" ? "~" : "null"]
        case .bool(let bool):
            let word = bool ? "true" : "false"
            // `True` stays capitalised, `TRUE` upper case.
            guard old.first?.isUppercase == true else { return [word] }
            if old.dropFirst().first?.isUppercase == true { return [word.uppercased()] }
            return [word.prefix(1).uppercased() + word.dropFirst()]
        case .number(let number):
            var prefix: String?
            if case .number(let written, _) = node.style { prefix = written }
            return [YAMLWriter.number(number, prefix: prefix)]
        case .dateTime(let dateTime):
            return [YAMLWriter.doubleQuoted(dateTime.text)]
        case .object, .array:
            return [writer.flow(value)]
        case .string(let string):
            let flow = context == .flow
            let multiline = string.contains("\n")
            let column = contentColumn(of: node, in: place, context: context)
            var list: [String] = []
            let plain = !multiline && YAMLWriter.isPlainSafe(string, flow: flow) ? string : nil
            let single = multiline ? nil : YAMLWriter.singleQuoted(string)
            let literal = flow ? nil : writer.literal(string, column: column, folded: false)
            switch node.style {
            case .singleQuoted:
                list = [single, multiline ? literal : nil].compactMap { $0 }
            case .doubleQuoted:
                list = []
            case .block(let written):
                let folded = written.hasPrefix(">")
                list = [
                    flow ? nil : writer.literal(string, column: column, folded: folded), literal, plain,
                    single,
                ]
                .compactMap { $0 }
            default:
                list = [plain, single, multiline ? literal : nil].compactMap { $0 }
            }
            return list + [YAMLWriter.doubleQuoted(string)]
        }
    }

    /// The column a block scalar's lines stand at: the old ones', or one step in from its key.
    private func contentColumn(of node: DocumentNode, in place: Place, context: ScalarContext) -> Int {
        if case .block = node.style {
            var index = text.afterBreak(text.lineEnd(node.span.lowerBound))
            while index < node.span.upperBound {
                let end = text.lineEnd(index)
                var first = index
                while first < end, bytes[first] == YAMLText.space { first += 1 }
                if first < end { return first - index }
                index = text.afterBreak(end)
            }
        }
        switch context {
        case .member(let column): return column + writer.step
        case .element(let column): return column + 2
        case .flow, .root: return writer.step
        }
    }

    /// Whether `candidate`, written where the scalar stands, reads back as `value`: the
    /// spelling is read in a one-line document of its own, with the same indentation.
    func reads(_ candidate: String, as value: DocumentValue, in context: ScalarContext, atEnd: Bool) -> Bool {
        let end = atEnd ? "" : writer.lineBreak
        let snippet: String
        switch context {
        case .member(let column): snippet = spaces(column) + "k: " + candidate + end
        case .element(let column): snippet = spaces(column) + "- " + candidate + end
        case .flow: snippet = "[" + candidate + "]" + end
        case .root: snippet = candidate + end
        }
        guard let read = try? YAMLTreeBuilder(bytes: Array(snippet.utf8), mergeKeys: false).build().value
        else {
            return false
        }
        switch context {
        case .member: return read["k"] == value
        case .element, .flow: return read[0] == value
        case .root: return read == value
        }
    }

    /// A keep-chomped block scalar's blank lines after its last line are part of its value:
    /// the end of the last of them (its line break not included).
    func keptBlankLinesEnd(after offset: Int) -> Int {
        var end = offset
        while true {
            let lineEnd = text.lineEnd(end)
            let next = text.afterBreak(lineEnd)
            guard next > lineEnd, next < bytes.count else { return end }
            let nextEnd = text.lineEnd(next)
            guard bytes[next..<nextEnd].allSatisfy(YAMLText.isBlank) else { return end }
            end = nextEnd
        }
    }

    static func tag(_ tag: String, fits value: DocumentValue) -> Bool {
        switch (tag, value) {
        case ("!!str", .string), ("!!null", .null), ("!!bool", .bool): return true
        case ("!!int", .number(let number)): return number.isInteger
        case ("!!float", .number): return true
        case ("!!str", _), ("!!null", _), ("!!bool", _), ("!!int", _), ("!!float", _): return false
        default: return true
        }
    }

    /// The written `!tag` before a node and the blanks after it.
    private func tagRange(before node: DocumentNode, in place: Place) -> Range<Int>? {
        var start: Int
        if let member = place.member {
            start = member.keySpan.upperBound
        } else if let index = place.elementIndex, let container = place.container {
            start =
                container.style == .flow
                ? flowElementStart(of: index, in: container) : dash(of: index, in: container)
        } else {
            start = text.lineStart(node.span.lowerBound)
        }
        while start < node.span.lowerBound {
            if bytes[start] == UInt8(ascii: "!") {
                var end = start
                while end < node.span.lowerBound, !YAMLText.isBlank(bytes[end]), !YAMLText.isBreak(bytes[end])
                { end += 1 }
                while end < node.span.lowerBound, YAMLText.isBlank(bytes[end]) { end += 1 }
                return start..<end
            }
            start += 1
        }
        return nil
    }

    // MARK: Collections

    /// Replaces a collection, or a scalar by a collection, in the parent's style.
    private func replace(_ place: Place, with value: DocumentValue) throws(DocumentError) -> [TextEdit] {
        let node = place.node
        // A block collection goes to the end of its last line: the comment there belonged to its
        // last value, which goes with it.
        let end =
            node.style == .blockCollection
            ? endOfLines(of: node, from: node.span.upperBound) : keptEnd(of: node)
        var isCollectionValue = false
        switch value {
        case .object(let members): isCollectionValue = !members.isEmpty
        case .array(let elements): isCollectionValue = !elements.isEmpty
        default: break
        }
        let prefix =
            node.span.isEmpty && node.span.lowerBound > 0
                && !YAMLText.isBlank(bytes[node.span.lowerBound - 1]) ? " " : ""
        if inFlow(place) {
            return [TextEdit(range: node.span.lowerBound..<end, text: prefix + writer.flow(value))]
        }
        let context = scalarContext(place)
        let column = ownerColumn(place)
        let onHeadLine =
            node.span.isEmpty || node.style != .blockCollection || !text.startsLine(node.span.lowerBound)
        if node.style == .flow {
            let written =
                isCollectionValue
                ? writer.flow(value)
                : writer.scalar(value, flow: false, column: column + writer.step) ?? writer.flow(value)
            return [TextEdit(range: node.span.lowerBound..<end, text: written)]
        }
        switch context {
        case .member:
            guard let member = place.member else { break }
            if isCollectionValue {
                if onHeadLine {
                    let start = afterHead(of: member)
                    return [
                        TextEdit(
                            range: start..<max(start, end),
                            text: writer.memberValue(value, keyColumn: column))
                    ]
                }
                return [
                    TextEdit(
                        range: node.span.lowerBound..<end,
                        text: writer.block(value, column: text.column(node.span.lowerBound))
                    )
                ]
            }
            let scalar = writer.scalar(value, flow: false, column: column + writer.step) ?? writer.flow(value)
            if onHeadLine { return [TextEdit(range: node.span.lowerBound..<end, text: prefix + scalar)] }
            let head = afterHead(of: member)
            let headLineEnd = text.lineEnd(head)
            return [
                TextEdit(range: head..<head, text: " " + scalar),
                TextEdit(range: headLineEnd..<text.lineEnd(end), text: ""),
            ]
        case .element(let dashColumn):
            if isCollectionValue {
                let nodeColumn = node.span.isEmpty ? dashColumn + 2 : text.column(node.span.lowerBound)
                return [
                    TextEdit(
                        range: node.span.lowerBound..<end,
                        text: prefix + writer.block(value, column: nodeColumn))
                ]
            }
            let scalar = writer.scalar(value, flow: false, column: dashColumn + 2) ?? writer.flow(value)
            return [TextEdit(range: node.span.lowerBound..<end, text: prefix + scalar)]
        case .flow, .root:
            break
        }
        if isCollectionValue {
            return [
                TextEdit(
                    range: node.span.lowerBound..<end,
                    text: writer.block(value, column: text.column(node.span.lowerBound)))
            ]
        }
        let scalar = writer.scalar(value, flow: false, column: writer.step) ?? writer.flow(value)
        return [TextEdit(range: node.span.lowerBound..<end, text: scalar)]
    }
}
