extension Document {
    /// Makes the document mean `value` with the fewest changes: members and elements that are
    /// the same keep their bytes, a changed scalar is set where it stands, a member the value no
    /// longer has is deleted (with its comments), a new one is inserted after its siblings (or
    /// before the member that follows it in `value`), an array that grew or shrank keeps its
    /// common start. The person's key order is kept: members that only moved stay where they are,
    /// so the document reads back as `value` up to the order of its keys. Each change is checked
    /// as ``apply(_:)`` checks it; on an error the document is as it was before the call.
    ///
    /// ```swift
    /// var state = try Document(reading: bytes, format: .json, engine: JSONFormat())
    /// try state.update(to: ["theme": "light", "autoRefresh": true])  // only those bytes change
    /// ```
    ///
    /// - Returns: the changes made, in the order they were made.
    @discardableResult
    public mutating func update(to value: DocumentValue) throws(DocumentError) -> [DocumentChange] {
        var copy = self
        var made: [DocumentChange] = []
        try copy.update(from: copy.value, to: value, at: .root, made: &made)
        self = copy
        return made
    }

    private mutating func update(
        from old: DocumentValue, to new: DocumentValue, at path: DocumentPath, made: inout [DocumentChange]
    ) throws(DocumentError) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for key in before.keys where after[key] == nil {
                try make(.delete(path.appending(.key(key))), &made)
            }
            for (key, value) in after {
                if let current = before[key] {
                    try update(from: current, to: value, at: path.appending(.key(key)), made: &made)
                }
            }
            let keys = Array(after.keys)
            for (index, key) in keys.enumerated() where before[key] == nil {
                // Before the next key the document already has, so that the new member stands
                // where `value` puts it among the person's own.
                let next = keys[(index + 1)...].first { before[$0] != nil }
                try make(.insert(parent: path, key: key, value: after[key]!, before: next), &made)
            }
        case (.array(let before), .array(let after)):
            let common = min(before.count, after.count)
            for index in 0..<common {
                try update(
                    from: before[index], to: after[index], at: path.appending(.index(index)), made: &made)
            }
            for index in (common..<before.count).reversed() {
                try make(.delete(path.appending(.index(index))), &made)
            }
            for element in after[common...] {
                try make(.append(array: path, value: element), &made)
            }
        default:
            try make(.set(path, new), &made)
        }
    }

    private mutating func make(_ change: DocumentChange, _ made: inout [DocumentChange]) throws(DocumentError)
    {
        try apply(change)
        made.append(change)
    }
}
