/// The read-back of an edit without reading the whole document again: only the text of the
/// smallest node around every splice is read, where the format can tell that text's meaning from
/// the text alone (``DocumentFormatEngine/readPart(_:replacing:at:root:bytes:)``).
///
/// Why this is sound: every byte outside that node `N` is unchanged, the format vouches that
/// `N`'s new text means in place what it means alone, and the check below compares both halves:
/// `N`'s new text must read back as the expected value at `N`'s path, and the expected document
/// must equal the old one everywhere else (so an edit that meant to change something outside `N`
/// is read back whole). Whatever does not pass is read back whole, as before, so the worst this
/// can do is cost a whole read. It serves a figure a person notices: an edit on a 1 MB document
/// took 55 ms (JSON), 118 ms (YAML) and 155 ms (TOML) read back whole, each key of a form that
/// edits a large file (`make bench`, "document … set a number").
extension Document {
    struct ReadBack {
        var root: DocumentNode
        var value: DocumentValue
    }

    /// The tree and value of `spliced` (this document's bytes with `edits` made), read from the
    /// edited node alone; nil when that cannot be done soundly or does not give `expected`.
    func partialReadBack(of edits: [TextEdit], spliced: [UInt8], expected: DocumentValue) -> ReadBack? {
        guard let first = edits.first, let last = edits.last else { return nil }
        let low = first.range.lowerBound
        let high = last.range.upperBound
        let delta = edits.reduce(0) { $0 + $1.replacement.count - $1.range.count }
        // The deepest node whose text holds every splice, and its path; never the root (its
        // text is the document's, with a byte order mark, leading trivia and what follows).
        // Whether a node's text holds every splice: an insertion at its very start or end is
        // beside it, not in it (`, "new"` after the last element belongs to the array).
        func holds(_ span: Range<Int>) -> Bool {
            guard span.lowerBound <= low, high <= span.upperBound else { return false }
            if first.range.isEmpty, low == span.lowerBound || low == span.upperBound { return false }
            if last.range.isEmpty, high == span.lowerBound || high == span.upperBound { return false }
            return true
        }
        var path = DocumentPath.root
        var node = root
        var found = false
        descent: while true {
            switch node.content {
            case .object(let members):
                for member in members where holds(member.node.span) {
                    if member.isMerged { return nil }
                    path = path.appending(.key(member.key))
                    node = member.node
                    found = true
                    continue descent
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() where holds(element.span) {
                    path = path.appending(.index(index))
                    node = element
                    found = true
                    continue descent
                }
            case .scalar, .alias:
                break
            }
            break
        }
        guard found else { return nil }
        let span = node.span.lowerBound..<(node.span.upperBound + delta)
        guard span.lowerBound <= span.upperBound, span.upperBound <= spliced.count,
            var part = engine.readPart(
                Array(spliced[span]), replacing: node, at: path, root: root, bytes: bytes),
            part.span == 0..<span.count,
            let wanted = expected.value(at: path),
            engine.readsBack(part.value, as: wanted),
            DocumentChange.set(path, wanted).applied(to: value) == expected,
            let newValue = DocumentChange.set(path, part.value).applied(to: value)
        else { return nil }
        part.shift(by: span.lowerBound)
        // In place, the node keeps the comments its surroundings give it.
        part.comments = node.comments.shifted(after: node.span.upperBound, by: delta)
        let newRoot = root.replacing(node.span, with: part, delta: delta)
        return ReadBack(root: newRoot, value: newValue)
    }
}

extension DocumentNode {
    /// This node with every span moved by `delta` bytes.
    mutating func shift(by delta: Int) {
        shift(after: Int.min, by: delta)
    }

    /// Every range that ends at or past `end` (an edit's old end) moved as an edit of `delta`
    /// bytes just before `end` moves it: one that starts there or later moves whole, one that
    /// holds the edit grows by `delta`, one before it stays.
    mutating func shift(after end: Int, by delta: Int) {
        span = span.shifted(after: end, by: delta)
        comments = comments.shifted(after: end, by: delta)
        switch content {
        case .scalar: break
        case .alias(let name, var target):
            target.shift(after: end, by: delta)
            content = .alias(name: name, target: target)
        case .array(var elements):
            content = .scalar(.null)  // let go of the array so it is changed in place
            for index in elements.indices where elements[index].span.upperBound >= end {
                elements[index].shift(after: end, by: delta)
            }
            content = .array(elements)
        case .object(var members):
            content = .scalar(.null)
            for index in members.indices where members[index].reaches(end) {
                members[index].shift(after: end, by: delta)
            }
            content = .object(members)
        }
    }

    /// This tree with the node whose span is `old` replaced by `new` (its spans already where
    /// they stand in the new text), and every span after it moved by `delta`.
    func replacing(_ old: Range<Int>, with new: DocumentNode, delta: Int) -> DocumentNode {
        if span == old { return new }
        var copy = self
        copy.span = span.shifted(after: old.upperBound, by: delta)
        copy.comments = comments.shifted(after: old.upperBound, by: delta)
        switch content {
        case .scalar, .alias: return copy
        case .array(var elements):
            for index in elements.indices where elements[index].span.upperBound >= old.upperBound {
                if elements[index].span.lowerBound <= old.lowerBound {
                    elements[index] = elements[index].replacing(old, with: new, delta: delta)
                } else {
                    elements[index].shift(after: old.upperBound, by: delta)
                }
            }
            copy.content = .array(elements)
        case .object(var members):
            for index in members.indices where members[index].reaches(old.upperBound) {
                let holds =
                    members[index].node.span.lowerBound <= old.lowerBound
                    && old.upperBound <= members[index].node.span.upperBound
                if holds {
                    var member = members[index]
                    member.span = member.span.shifted(after: old.upperBound, by: delta)
                    member.comments = member.comments.shifted(after: old.upperBound, by: delta)
                    member.node = member.node.replacing(old, with: new, delta: delta)
                    members[index] = member
                } else {
                    members[index].shift(after: old.upperBound, by: delta)
                }
            }
            copy.content = .object(members)
        }
        return copy
    }
}

extension DocumentMember {
    /// Whether some range of this member ends at or past `end`: its span, or its node's (a TOML
    /// table's members stand in sections of their own, beyond the member's own span).
    func reaches(_ end: Int) -> Bool {
        span.upperBound >= end || node.span.upperBound >= end
            || (comments.trailingSpan?.upperBound ?? Int.min) >= end
    }

    mutating func shift(after end: Int, by delta: Int) {
        keySpan = keySpan.shifted(after: end, by: delta)
        span = span.shifted(after: end, by: delta)
        comments = comments.shifted(after: end, by: delta)
        node.shift(after: end, by: delta)
    }
}

extension DocumentComments {
    func shifted(after end: Int, by delta: Int) -> DocumentComments {
        var copy = self
        copy.aboveSpan = aboveSpan?.shifted(after: end, by: delta)
        copy.trailingSpan = trailingSpan?.shifted(after: end, by: delta)
        return copy
    }
}

extension Range<Int> {
    func shifted(after end: Int, by delta: Int) -> Range<Int> {
        if lowerBound >= end { return (lowerBound + delta)..<(upperBound + delta) }
        if upperBound >= end { return lowerBound..<(upperBound + delta) }
        return self
    }
}

extension DocumentNode {
    /// How many containers stand inside one another here, this one counted (0 for a scalar).
    var nestingDepth: Int {
        var deepest = 0
        var pending: [(DocumentNode, Int)] = [(self, 0)]
        while let (node, depth) = pending.popLast() {
            switch node.content {
            case .scalar: deepest = max(deepest, depth)
            case .alias(_, let target): pending.append((target, depth))
            case .array(let elements):
                deepest = max(deepest, depth + 1)
                pending += elements.map { ($0, depth + 1) }
            case .object(let members):
                deepest = max(deepest, depth + 1)
                pending += members.map { ($0.node, depth + 1) }
            }
        }
        return deepest
    }

    /// Whether every container from `root` down to the node at `path` (that node excluded) is
    /// written in YAML's block style or is a stream of documents.
    static func ancestors(of path: DocumentPath, in root: DocumentNode, allAre style: DocumentStyle) -> Bool {
        var node = root
        for component in path.components {
            guard node.style == style else { return false }
            switch (component, node.content) {
            case (.key(let key), .object(let members)):
                guard let member = members.last(where: { $0.key == key }) else { return false }
                node = member.node
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return false }
                node = elements[index]
            default:
                return false
            }
        }
        return true
    }
}
