extension Document {
    /// Makes the document mean `value` with the fewest changes: members and elements that are
    /// the same keep their bytes, a changed scalar is set where it stands, a member the value no
    /// longer has is deleted (with its comments), a new one is inserted after its siblings (or
    /// before the member that follows it in `value`), an array that grew or shrank keeps its
    /// common start. The person's key order is kept: members that only moved stay where they are,
    /// so the document reads back as `value` up to the order of its keys. Each change is checked
    /// as ``apply(_:)`` checks it; on an error the document is as it was before the call.
    /// With `path`, only the value there is made `value` (and only it is compared).
    ///
    /// ```swift
    /// var state = try Document(reading: bytes, format: .json, engine: JSONFormat())
    /// try state.update(to: ["theme": "light", "autoRefresh": true])  // only those bytes change
    /// try state.update(at: DocumentPath(pointer: "/theme")!, to: "dark")
    /// ```
    ///
    /// - Returns: the changes made, in the order they were made.
    @discardableResult
    public mutating func update(at path: DocumentPath = .root, to value: DocumentValue) throws(DocumentError)
        -> [DocumentChange]
    {
        guard let old = self.value.value(at: path) else {
            throw DocumentError("\(path) is not in the document", at: 0, in: bytes)
        }
        var copy = self
        var made: [DocumentChange] = []
        try copy.update(from: old, to: value, at: path, made: &made)
        self = copy
        return made
    }

    private mutating func update(
        from old: DocumentValue, to new: DocumentValue, at path: DocumentPath, made: inout [DocumentChange]
    ) throws(DocumentError) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            // Keys in the same order need no look-up, and each member is compared once, by
            // itself: a save of the file it wrote costs one pass.
            func aligned(_ keys: OrderedDictionaryOfValues, _ index: Int, _ key: String) -> Bool {
                index < keys.count && keys.keys[index] == key
            }
            for (index, key) in before.keys.enumerated()
            where !aligned(after, index, key) && after[key] == nil {
                try make(.delete(path.appending(.key(key))), &made)
            }
            var kept = 0
            for (index, key) in after.keys.enumerated() {
                let current = aligned(before, index, key) ? before.values[index] : before[key]
                guard let current else { continue }
                kept += 1
                guard current != after.values[index] else { continue }
                try update(from: current, to: after.values[index], at: path.appending(.key(key)), made: &made)
            }
            guard kept < after.count else { return }
            let keys = Array(after.keys)
            for (index, key) in keys.enumerated() where before[key] == nil {
                // Before the next key the document already has, so that the new member stands
                // where `value` puts it among the person's own.
                let next = keys[(index + 1)...].first { before[$0] != nil }
                try make(.insert(parent: path, key: key, value: after[key]!, before: next), &made)
            }
        case (.array(let before), .array(let after)):
            let common = min(before.count, after.count)
            for index in 0..<common where before[index] != after[index] {
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
            guard old != new else { return }
            try make(.set(path, new), &made)
        }
    }

    private mutating func make(_ change: DocumentChange, _ made: inout [DocumentChange]) throws(DocumentError)
    {
        try apply(change)
        made.append(change)
    }
}
