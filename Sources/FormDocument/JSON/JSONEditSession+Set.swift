/// Sets: a scalar's token replaced; a container onto a container of its kind member by member.
extension JSONEditSession {
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
    func affordable(_ steps: Int) -> Bool { steps * bytes.count <= rereadBudget }

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
}
