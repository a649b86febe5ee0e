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

    // MARK: Set

    mutating func set(_ path: DocumentPath, to value: DocumentValue) throws(DocumentError) {
        let node = try node(at: path, in: tree())
        switch (node.content, value) {
        case (.object(let members), .object(let new)):
            if try setMembers(path, members, new) { return }
        case (.array(let elements), .array(let new)):
            if try setElements(path, elements, new) { return }
        default:
            break
        }
        try commit([replacement(of: node, at: path, with: value)])
    }

    /// The whole node written anew: on lines of its own where it was (or, a scalar before, where
    /// its siblings are), at the indentation of its line.
    mutating func replacement(of node: DocumentNode, at path: DocumentPath, with value: DocumentValue)
        throws(DocumentError) -> TextEdit
    {
        let multiline: Bool
        switch node.content {
        case .object(let members) where !members.isEmpty:
            multiline = text.hasBreak(in: node.span)
        case .array(let elements) where !elements.isEmpty:
            multiline = text.hasBreak(in: node.span)
        default:
            multiline = try laysOutOverLines(path)
        }
        let written = try write(
            value, multiline: multiline, indentation: text.indentation(at: node.span.lowerBound),
            at: node.span.lowerBound)
        return TextEdit(range: node.span, replacement: written)
    }

    /// Steps a set of an object takes, or nil when it is better written anew.
    private func affordable(_ steps: Int) -> Bool { steps * bytes.count <= rereadBudget }

    /// Sets an object member by member; false (nothing done) when its keys are written twice,
    /// when the keys both have change order, or when the steps would cost past the budget.
    mutating func setMembers(
        _ path: DocumentPath, _ members: [DocumentMember], _ new: OrderedDictionaryOfValues
    ) throws(DocumentError) -> Bool {
        var old = OrderedDictionaryOfValues()
        for member in members { old[member.key] = member.node.value }
        guard old.count == members.count else { return false }
        let kept = old.keys.filter { new[$0] != nil }
        guard kept == new.keys.filter({ old[$0] != nil }) else { return false }
        let changed = kept.filter { old[$0] != new[$0] }
        let steps = (old.count - kept.count) + changed.count + (new.count - kept.count)
        guard steps <= 1 || affordable(steps) else { return false }
        for key in old.keys where new[key] == nil {
            try delete(path.appending(.key(key)))
        }
        for key in changed {
            try set(path.appending(.key(key)), to: new[key]!)
        }
        for (offset, key) in new.keys.enumerated() where old[key] == nil {
            let before = new.keys[(offset + 1)...].first { old[$0] != nil }
            try commit(insertEdits(parent: path, key: key, value: new[key]!, before: before))
        }
        return true
    }

    /// Sets an array element by element (or, where the new one is the old one with elements
    /// left out, deletes those); false when the steps would cost past the budget.
    mutating func setElements(_ path: DocumentPath, _ elements: [DocumentNode], _ new: [DocumentValue])
        throws(DocumentError) -> Bool
    {
        let old = elements.map(\.value)
        // The new elements in order among the old: the others are deleted, nothing else changes.
        var kept: [Int] = []
        var next = 0
        for (index, value) in old.enumerated() where next < new.count && value == new[next] {
            kept.append(index)
            next += 1
        }
        if next == new.count {
            let dropped = Set(old.indices).subtracting(kept).sorted(by: >)
            guard dropped.count <= 1 || affordable(dropped.count) else { return false }
            for index in dropped { try delete(path.appending(.index(index))) }
            return true
        }
        let common = min(old.count, new.count)
        let changed = (0..<common).filter { old[$0] != new[$0] }
        let steps = changed.count + abs(old.count - new.count)
        guard steps <= 1 || affordable(steps) else { return false }
        for index in changed { try set(path.appending(.index(index)), to: new[index]) }
        for value in new.dropFirst(common) { try commit(appendEdits(array: path, value: value)) }
        for index in (common..<old.count).reversed() { try delete(path.appending(.index(index))) }
        return true
    }

    // MARK: Insert and append

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

    // MARK: Delete

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

    // MARK: Move

    /// The element `from` moved to `to`: the elements between change places, each with its
    /// comments; the commas, line breaks and indentation between them stay where they were.
    func moveEdits(array: DocumentPath, from: Int, to: Int) throws(DocumentError) -> [TextEdit] {
        let container = try node(at: array, in: root)
        guard case .array(let elements) = container.content else {
            throw fail("\(array) is not an array", at: container.span.lowerBound)
        }
        guard elements.indices.contains(from), elements.indices.contains(to) else {
            throw fail("\(array) has no element \(max(from, to))", at: container.span.lowerBound)
        }
        guard from != to else { return [] }
        let items = text.items(of: container)
        var order = Array(items.indices)
        order.insert(order.remove(at: from), at: to)
        let low = min(from, to)
        let high = max(from, to)
        var moved: [UInt8] = []
        for slot in low...high {
            let source = items[order[slot]]
            moved += bytes[source.start..<source.valueEnd]
            if items[slot].comma != nil { moved.append(0x2C) }
            if let trailing = source.trailing {
                let after = source.comma.map { $0 + 1 } ?? source.valueEnd
                let gap = after <= trailing.lowerBound ? bytes[after..<trailing.lowerBound] : []
                moved += gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) && !gap.isEmpty ? Array(gap) : [0x20]
                moved += bytes[trailing]
            }
            if slot < high {
                guard items[slot].end <= items[slot + 1].start else {
                    throw fail(
                        "the elements of \(array) are laid out in a way this editor cannot move",
                        at: items[slot].end)
                }
                moved += bytes[items[slot].end..<items[slot + 1].start]
            }
        }
        return [TextEdit(range: items[low].start..<items[high].end, replacement: moved)]
    }
}
