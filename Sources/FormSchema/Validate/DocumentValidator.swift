public import FormDocument
import Synchronization

/// Validation of one document again and again as it is edited: what an unchanged member or item
/// was found to be is remembered and used again, so that after one change only the values on
/// the path to it are checked anew (a key press in a 1 MB document re-checks a few values, not
/// the megabyte).
///
/// A remembered result is used only for a value equal to the one it was found for; the parts of
/// a document that an edit did not touch share their storage with the previous value, so that
/// equality is a comparison of two pointers. A caller that knows where the value changed says
/// so (``validate(_:changedAt:)``), and then not even those are compared: the members of an
/// object on the way are checked only where they changed. Schemas with `$dynamicRef` or
/// `$recursiveRef`, whose results depend on the path taken to them, are always validated whole.
///
/// ```swift
/// let validator = DocumentValidator(schema)
/// var errors = validator.validate(document.value)
/// try document.apply(.set(DocumentPath(pointer: "/port")!, 8081))
/// errors = validator.validate(document.value)  // only / and /port checked again
/// ```
public final class DocumentValidator {
    public let schema: JSONSchema
    let cache: ValidationCache

    public init(_ schema: JSONSchema) {
        self.schema = schema
        cache = ValidationCache()
    }

    /// Every error of `value`, as ``JSONSchema/validate(_:)`` gives them.
    public func validate(_ value: DocumentValue) -> [SchemaError] {
        validate(value, change: .unknown)
    }

    /// Every error of `value`, which differs from the value of the last call only at or under
    /// `paths` (a value set, a member added or removed there): the members and items elsewhere
    /// are taken to be the last ones, not compared with them, so that a change in a map of
    /// 40,000 objects checks what a change in one of 400 does. A place a path names that is not
    /// in the value (a member removed) is fine; a change elsewhere that `paths` leave out is
    /// not seen.
    ///
    /// ```swift
    /// let validator = DocumentValidator(schema)
    /// var errors = validator.validate(value)
    /// let port = DocumentPath(pointer: "/servers/main/port")!
    /// value = DocumentChange.set(port, 8081).applied(to: value)!
    /// errors = validator.validate(value, changedAt: [port])
    /// ```
    public func validate(_ value: DocumentValue, changedAt paths: [DocumentPath]) -> [SchemaError] {
        let changed = ChangedPaths(paths)
        return validate(value, change: changed.replaced ? .unknown : .changed(changed))
    }

    /// How many members and items the validations so far checked or compared with an earlier
    /// result of theirs: what a change costs, told apart from the time it took.
    package var membersChecked: Int { cache.checked }

    private func validate(_ value: DocumentValue, change: ChangeState) -> [SchemaError] {
        cache.generation += 1
        let evaluation = Evaluation(graph: schema.graph, collect: true)
        evaluation.cache = cache
        evaluation.change = change
        var evaluated = Evaluated()
        _ = evaluation.validate(schema.root, value, &evaluated, track: false)
        if schema.graph.hasDynamicReferences.load(ordering: .relaxed) {
            cache.entries = [:]
        } else {
            cache.sweep()
        }
        return evaluation.errors
    }
}

/// Results of members and items by schema node and location, each with the value it is for.
final class ValidationCache {
    struct Key: Hashable {
        var node: Int
        var path: [DocumentPath.Component]
        var collect: Bool
    }

    struct Entry {
        /// The value it is for; nil for one the caller said changed, which it may change in
        /// place next (kept here, it would be copied whole at that change).
        var value: DocumentValue?
        var valid: Bool
        var errors: [SchemaError]
        /// The schema location the errors were found under, to rebase them when reached by
        /// another path through the schema.
        var prefix: String
        var used: Bool
        /// The validation that made it or last found it still holds (see `generation`).
        var generation: Int
    }

    /// Counts the validations: a result made or confirmed by the last one holds for a value
    /// the caller says is unchanged since (a result older than that may have missed a change
    /// said only to a validation that did not reach it).
    var generation = 0
    /// Members and items checked or compared with their earlier results (``DocumentValidator/membersChecked``).
    var checked = 0

    var entries: [Key: Entry] = [:]
    /// What the items of an array were found to be against one schema, by the array's place.
    var items: [Key: ItemResults] = [:]

    struct ItemResults {
        /// The items they are for (each compared with the item now at its offset).
        var elements: [DocumentValue]
        /// From the first item checked on, as far as the check went: whether each item passed.
        var start: Int
        var valid: [Bool] = []
        /// The errors of the items that had some, by their slot in `valid`: kept apart, so that
        /// going over 7,500 unchanged records reads one flag each rather than copying an entry.
        var errors: [Int: Entry] = [:]
        var used: Bool

        /// Forgets the results from `slot` on.
        mutating func truncate(at slot: Int) {
            guard slot < valid.count else { return }
            valid.removeSubrange(slot...)
            errors = errors.filter { $0.key < slot }
        }
    }

    /// What each member of a large object was found to be, by offset, with the member it is for.
    /// An edit leaves the other members of its object the same values (the same storage), so
    /// each is told unchanged by a pointer comparison instead of a look-up here: a key in a map
    /// of 12,316 objects looked every one up (5–6.5 ms a key in a 1 MB file).
    struct MemberResult {
        var name: String
        /// The member it is for; nil for one the caller said changed (as `Entry.value`).
        var value: DocumentValue?
        var valid: Bool
        /// Whether a `properties`, `patternProperties` or `additionalProperties` took it.
        var matched: Bool
        var errors: [SchemaError]
        var prefix: String

        /// Whether it says anything the object's result must repeat.
        var fails: Bool { !valid || !errors.isEmpty }
    }

    /// The results of one object's members, with the offsets of those that failed or said
    /// something, in order: where the caller says which members changed, only those are checked
    /// and the others' errors come from `failing`, without a step through every member.
    struct MemberResults {
        var results: [MemberResult] = []
        var failing: [Int] = []
        var generation: Int

        /// Puts the result of the member at `offset`, keeping `failing` in order.
        mutating func put(_ result: MemberResult, at offset: Int) {
            let wasFailing = results[offset].fails
            results[offset] = result
            guard wasFailing != result.fails else { return }
            var low = 0
            var high = failing.count
            while low < high {
                let middle = (low + high) / 2
                if failing[middle] < offset { low = middle + 1 } else { high = middle }
            }
            if result.fails { failing.insert(offset, at: low) } else { failing.remove(at: low) }
        }
    }

    struct MembersKey: Hashable {
        var location: String
        var path: [DocumentPath.Component]
    }

    /// Objects of at least this many members keep their members' results (a smaller one is
    /// looked up member by member as fast).
    static let memberMemoSize = 32
    var members: [MembersKey: MemberResults] = [:]
    /// The objects whose member results a validation since the last sweep used or made.
    var membersUsed: Set<MembersKey> = []
    /// How many entries the last sweep kept: the next one waits until there are twice as many.
    /// A sweep walks every entry (the whole document's); sweeping after each validation made
    /// a key in a 1 MB file cost the megabyte (a third of its 9–16 ms).
    private var kept = 0

    /// Whether a result made or confirmed in validation `made` holds now for a value said
    /// unchanged: made by this validation or the last.
    func isCurrent(_ made: Int) -> Bool { made >= generation - 1 }

    /// Forgets what no validation since the last sweep used (values no longer in the document),
    /// once they may be as many as those kept: a stale entry is never used (its value differs),
    /// it only holds memory, and the cache stays within twice what the document needs.
    func sweep() {
        guard entries.count > 2 * kept + 64 else { return }
        // An object's member results stand for its members' entries (which they keep from
        // being used): they go only with the object.
        members = members.filter { membersUsed.contains($0.key) }
        membersUsed = []
        entries = entries.filter { $0.value.used }
        for key in entries.keys { entries[key]!.used = false }
        items = items.filter { $0.value.used }
        for key in items.keys { items[key]!.used = false }
        kept = entries.count
    }
}

extension Evaluation {
    /// Validates a member or an item, through the cache when there is one (containers only:
    /// a scalar is checked faster than it is looked up).
    func validateMember(_ target: Int, _ value: DocumentValue) -> Bool {
        var ignored = Evaluated()
        // Nodes are compiled as they are reached: a dynamic reference found on the way turns the
        // cache off from then on.
        guard let cache, !stopped, !graph.hasDynamicReferences.load(ordering: .relaxed) else {
            return validate(target, value, &ignored, track: false)
        }
        let isArray: Bool
        switch value {
        case .object: isArray = false
        case .array: isArray = true
        default: return validate(target, value, &ignored, track: false)
        }
        let key = ValidationCache.Key(node: target, path: instancePath, collect: collect)
        cache.checked += 1
        if let entry = cache.entries[key], isReusable(entry, for: value, isArray: isArray, in: cache) {
            // Marked once between sweeps: writing the entry back each time cost a copy of it.
            // Brought to this validation only where that is what lets it be used (unchanged
            // by the caller's word, with no value kept to compare).
            if !entry.used || (entry.value == nil && entry.generation != cache.generation) {
                cache.entries[key]?.used = true
                cache.entries[key]?.generation = cache.generation
            }
            if !entry.errors.isEmpty {
                let prefix = schemaPointer()
                errors += entry.errors.map { error in
                    var error = error
                    if prefix != entry.prefix {
                        error.schemaLocation = prefix + error.schemaLocation.dropFirst(entry.prefix.count)
                    }
                    return error
                }
            }
            return entry.valid
        }
        let start = errors.count
        let valid = validate(target, value, &ignored, track: false)
        if !stopped {
            let made = Array(errors[start...])
            cache.entries[key] = ValidationCache.Entry(
                value: change.isChanged ? nil : value, valid: valid, errors: made,
                prefix: made.isEmpty ? "" : schemaPointer(), used: true, generation: cache.generation)
        }
        return valid
    }

    /// Whether `entry` is what `value` would be found to be: the caller said it is unchanged
    /// since a validation that made or confirmed the entry, or it is the value the entry kept.
    private func isReusable(
        _ entry: ValidationCache.Entry, for value: DocumentValue, isArray: Bool, in cache: ValidationCache
    ) -> Bool {
        switch change {
        case .changed: return false
        case .unchanged: if cache.isCurrent(entry.generation) { return true }
        case .unknown: break
        }
        guard let kept = entry.value else { return false }
        // An array is the one remembered only when it is the same storage: a changed array's
        // items are remembered one by one (``validateItems``), and comparing a changed array of
        // 7,500 records with the last one, item by item up to the change, was a third of a
        // re-validation.
        return isArray ? kept.hasSameBytes(as: value) : kept.isStored(like: value)
    }

    /// Validates the items of `elements` from offset `start` on against node `target`, under the
    /// keyword `name`. With a cache, an item that is the one the last validation saw at its
    /// offset gives back what it was found to be: one lookup for the whole array, so that after
    /// a change to one of 7,500 records only that record is checked again (a lookup an item
    /// made that 56 ms in all, against issue 36's 1 ms).
    func validateItems(_ target: Int, _ elements: [DocumentValue], from start: Int, keyword name: String)
        -> Bool
    {
        var valid = true
        guard let cache, !stopped, !graph.hasDynamicReferences.load(ordering: .relaxed) else {
            for offset in start..<elements.count {
                let passed = keyword(name) {
                    child(.index(offset)) { validateMember(target, elements[offset]) }
                }
                if !passed {
                    valid = false
                    if !collect { return false }
                }
            }
            return valid
        }
        let key = ValidationCache.Key(node: target, path: instancePath, collect: collect)
        // Taken out of the cache while it is updated, so that its arrays change in place.
        var memo =
            cache.items.removeValue(forKey: key)
            ?? ValidationCache.ItemResults(elements: [], start: start, used: true)
        if memo.start != start {
            memo = ValidationCache.ItemResults(elements: [], start: start, used: true)
        }
        let seen = memo.elements
        memo.elements = elements
        let prefix = collect ? schemaPointer() + "/" + SchemaLocation.escaped(name) : ""
        for offset in start..<elements.count {
            let slot = offset - start
            cache.checked += 1
            if slot < memo.valid.count, offset < seen.count, seen[offset].isStored(like: elements[offset]) {
                if let entry = memo.errors[slot] {
                    errors += entry.errors.map { error in
                        var error = error
                        if prefix != entry.prefix {
                            error.schemaLocation = prefix + error.schemaLocation.dropFirst(entry.prefix.count)
                        }
                        return error
                    }
                }
                if !memo.valid[slot] {
                    valid = false
                    if !collect {
                        memo.truncate(at: slot + 1)
                        break
                    }
                }
                continue
            }
            let before = errors.count
            var ignored = Evaluated()
            let passed = keyword(name) {
                child(.index(offset)) { validate(target, elements[offset], &ignored, track: false) }
            }
            if stopped { return false }
            if slot < memo.valid.count { memo.valid[slot] = passed } else { memo.valid.append(passed) }
            memo.errors[slot] =
                errors.count > before
                ? ValidationCache.Entry(
                    value: nil, valid: passed, errors: Array(errors[before...]), prefix: prefix, used: true,
                    generation: cache.generation)
                : nil
            if !passed {
                valid = false
                if !collect {
                    memo.truncate(at: slot + 1)
                    break
                }
            }
        }
        memo.truncate(at: elements.count - start)
        memo.used = true
        cache.items[key] = memo
        return valid
    }

    func schemaPointer() -> String {
        var pointer = ""
        for token in schemaPath {
            pointer += "/" + SchemaLocation.escaped(token)
        }
        return pointer
    }
}

extension DocumentValue {
    /// Whether two values are equal, found first by comparing their bytes: a member or item an
    /// edit did not touch is the previous value's bytes (the same storage), and comparing keys one
    /// by one, or even copying each of 7,500 records out to compare their storage, was most of a
    /// re-validation (issue 36's 1 ms). Bytes that differ (other storage, or padding) leave it to
    /// `==`.
    func isStored(like other: DocumentValue) -> Bool {
        hasSameBytes(as: other) || self == other
    }

    /// Whether the two values are the same bytes: then they are equal (the converse need not
    /// hold).
    func hasSameBytes(as other: DocumentValue) -> Bool {
        withUnsafeBytes(of: self) { left in
            withUnsafeBytes(of: other) { right in left.elementsEqual(right) }
        }
    }
}
