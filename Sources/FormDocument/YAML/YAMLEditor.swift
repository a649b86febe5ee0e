/// Turns a ``DocumentChange`` into the smallest splices of a YAML document, in the style of
/// what stands around the change. ``Document`` then reads the spliced text back and refuses an
/// edit whose value is not the one meant.
struct YAMLEditor {
    let bytes: [UInt8]
    let root: DocumentNode
    let format: YAMLFormat
    let text: YAMLText
    let writer: YAMLWriter

    init(bytes: [UInt8], root: DocumentNode, format: YAMLFormat) {
        self.bytes = bytes
        self.root = root
        self.format = format
        self.text = YAMLText(bytes: bytes)
        var writer = YAMLWriter()
        writer.lineBreak = text.lineBreak
        (writer.step, writer.sequenceIndent) = Self.indentation(of: root, in: text)
        self.writer = writer
    }

    /// Where a node stands: its container (an alias followed), and how it is held there.
    struct Place {
        var path: DocumentPath
        var node: DocumentNode
        var container: DocumentNode?
        var containerPath: DocumentPath?
        var member: DocumentMember?
        var elementIndex: Int?
        /// The container is the stream of several documents (the node is a document's root).
        var inStream = false
    }

    func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        switch change {
        case .set(let path, let value):
            return try set(locate(path), to: value)
        case .insert(let parent, let key, let value, let before):
            return try insert(key: key, value: value, before: before, into: locate(parent))
        case .delete(let path):
            return try delete(locate(path))
        case .append(let array, let value):
            return try append(value, to: locate(array))
        case .move(let array, let from, let to):
            return try move(in: locate(array), from: from, to: to)
        }
    }

    func fail(_ message: String, at offset: Int) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    /// Whether the root is a stream of several documents rather than a block sequence that
    /// fills the whole text: a stream's documents are parted by `---` or `...` lines.
    var isStream: Bool {
        guard case .array(let documents) = root.content, root.style == .blockCollection, documents.count > 1,
            root.span == 0..<bytes.count
        else { return false }
        guard bytes.first == UInt8(ascii: "-"), !bytes.starts(with: "---".utf8) else { return true }
        var index = text.afterBreak(text.lineEnd(documents[0].span.upperBound))
        while index < documents[1].span.lowerBound {
            let line = bytes[index..<min(bytes.count, index + 3)]
            if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) { return true }
            let next = text.afterBreak(text.lineEnd(index))
            guard next > index else { break }
            index = next
        }
        return false
    }

    func locate(_ path: DocumentPath) throws(DocumentError) -> Place {
        var place = Place(path: .root, node: root)
        let stream = isStream
        for (depth, component) in path.components.enumerated() {
            var container = place.node
            if case .alias(_, let target) = container.content { container = target }
            var next = Place(path: place.path.appending(component), node: container)
            next.container = container
            next.containerPath = place.path
            next.inStream = depth == 0 && stream
            switch (component, container.content) {
            case (.key(let key), .object(let members)):
                guard let member = members.last(where: { $0.key == key }) else {
                    throw fail("\(next.path) is not in the document", at: container.span.lowerBound)
                }
                next.member = member
                next.node = member.node
            case (.index(let index), .object(let members)):
                guard let member = members.last(where: { $0.key == String(index) }) else {
                    throw fail("\(next.path) is not in the document", at: container.span.lowerBound)
                }
                next.member = member
                next.node = member.node
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else {
                    throw fail("\(next.path) is not in the document", at: container.span.lowerBound)
                }
                next.elementIndex = index
                next.node = elements[index]
            default:
                throw fail("\(next.path) is not in the document", at: container.span.lowerBound)
            }
            if let member = next.member, member.isMerged, let defining = definingContainer(of: member) {
                // The text of a merged member is in the mapping it is merged from.
                next.container = defining
            }
            place = next
        }
        return place
    }

    /// The mapping that writes `member` itself (a merged member is written elsewhere).
    private func definingContainer(of member: DocumentMember) -> DocumentNode? {
        var pending = [root]
        while let node = pending.popLast() {
            switch node.content {
            case .object(let members):
                if members.contains(where: { !$0.isMerged && $0.keySpan == member.keySpan }) { return node }
                pending.append(contentsOf: members.filter { !$0.isMerged }.map(\.node))
            case .array(let elements): pending.append(contentsOf: elements)
            case .scalar, .alias: break
            }
        }
        return nil
    }

    /// The document's indentation: how far a nested mapping's keys stand in from their parent
    /// key, and a sequence's `-` (the first of each found; 2 and 2 where the document has none).
    static func indentation(of root: DocumentNode, in text: YAMLText) -> (step: Int, sequence: Int) {
        var step: Int?
        var sequence: Int?
        var pending = [root]
        var visited = 0
        while let node = pending.popLast(), step == nil || sequence == nil, visited < 10_000 {
            visited += 1
            switch node.content {
            case .object(let members):
                for member in members where !member.isMerged && member.node.style == .blockCollection {
                    let keyColumn = text.column(member.keySpan.lowerBound)
                    guard text.startsLine(member.node.span.lowerBound) else { continue }
                    let column = text.column(member.node.span.lowerBound)
                    if case .object = member.node.content, step == nil, column > keyColumn {
                        step = column - keyColumn
                    }
                    if case .array = member.node.content, sequence == nil, column >= keyColumn {
                        sequence = column - keyColumn
                    }
                }
                pending.append(contentsOf: members.filter { !$0.isMerged }.map(\.node))
            case .array(let elements): pending.append(contentsOf: elements)
            case .scalar, .alias: break
            }
        }
        let found = step ?? 2
        return (found, sequence ?? found)
    }

    // MARK: Where things stand

    /// Whether the node's container is written in flow style (`[…]`, `{…}`).
    func inFlow(_ place: Place) -> Bool { place.container?.style == .flow }

    /// The column a member's key or an element's `-` stands at: what the node's own text is
    /// indented from.
    func ownerColumn(_ place: Place) -> Int {
        if let member = place.member { return text.column(member.keySpan.lowerBound) }
        if let index = place.elementIndex, let container = place.container,
            container.style == .blockCollection
        {
            return text.column(dash(of: index, in: container))
        }
        return 0
    }

    /// The offset of element `index`'s `-` in a block sequence (the first `-` is where the
    /// sequence starts; each next one follows the element before, past blanks and comments).
    func dash(of index: Int, in sequence: DocumentNode) -> Int {
        guard index > 0, case .array(let elements) = sequence.content else { return sequence.span.lowerBound }
        let previous = elements[index - 1]
        let end = max(previous.span.upperBound, previous.comments.trailingSpan?.upperBound ?? 0)
        return text.skipSpace(end)
    }

    /// Where element `index` of a flow sequence starts (its properties included).
    func flowElementStart(of index: Int, in sequence: DocumentNode) -> Int {
        guard case .array(let elements) = sequence.content else { return sequence.span.lowerBound }
        if index == 0 { return text.skipSpace(sequence.span.lowerBound + 1) }
        var offset = elements[index - 1].span.upperBound
        offset = text.skipSpace(offset)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") { offset += 1 }
        return text.skipSpace(offset)
    }

    /// Past a member's `:` and the properties after it on the key's line: where a value that
    /// stands on the key's line goes.
    func afterHead(of member: DocumentMember) -> Int {
        var index = member.keySpan.upperBound
        let end = text.lineEnd(index)
        while index < end, YAMLText.isBlank(bytes[index]) { index += 1 }
        if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
        var last = index
        while index < end {
            while index < end, YAMLText.isBlank(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") else {
                break
            }
            while index < end, !YAMLText.isBlank(bytes[index]) { index += 1 }
            last = index
        }
        return last
    }

    /// The lines a node takes in a block collection: from its comments above (or its first
    /// byte) to the end of its last line, the line break not included.
    func unit(start: Int, node: DocumentNode, comments: DocumentComments) -> Range<Int> {
        let first = text.lineStart(comments.aboveSpan?.lowerBound ?? start)
        let end = max(node.span.upperBound, comments.trailingSpan?.upperBound ?? 0)
        return first..<endOfLines(of: node, from: end)
    }

    /// The end of the line at `end`, the last line of `node`; past the blank lines after it
    /// where they belong to a keep-chomped block scalar (`|+`) that ends the node.
    func endOfLines(of node: DocumentNode, from end: Int) -> Int {
        let lineEnd = text.lineEnd(end)
        return endsKept(node) ? keptBlankLinesEnd(after: lineEnd) : lineEnd
    }

    /// The end of a node's text with the blank lines a keep-chomped block scalar at its end
    /// holds: what replacing the node replaces.
    func keptEnd(of node: DocumentNode) -> Int {
        endsKept(node) ? keptBlankLinesEnd(after: node.span.upperBound) : node.span.upperBound
    }

    /// Whether the node's last line is a keep-chomped block scalar's (`|+`, `>+`).
    private func endsKept(_ node: DocumentNode) -> Bool {
        var last = node
        while last.style == .blockCollection {
            switch last.content {
            case .object(let members):
                guard let member = members.last(where: { !$0.isMerged }) else { return false }
                last = member.node
            case .array(let elements):
                guard let element = elements.last else { return false }
                last = element
            default:
                return false
            }
        }
        if case .block(let header) = last.style { return header.contains("+") }
        return false
    }

    /// A unit's lines with their line break: the one after, or (at a last line with none) the
    /// one before.
    func withBreak(_ unit: Range<Int>) -> Range<Int> {
        let after = text.afterBreak(unit.upperBound)
        if after > unit.upperBound || unit.lowerBound == 0 { return unit.lowerBound..<after }
        var start = unit.lowerBound
        if start > 0, YAMLText.isBreak(bytes[start - 1]) {
            start -= 1
            if start > 0, bytes[start] == YAMLText.newline, bytes[start - 1] == YAMLText.carriageReturn {
                start -= 1
            }
        }
        return start..<unit.upperBound
    }

    func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
}
