public import FormDocument
import Synchronization

/// Validation of one document again and again as it is edited: what an unchanged member or item
/// was found to be is remembered and used again, so that after one change only the values on
/// the path to it are checked anew (a key press in a 1 MB document re-checks a few values, not
/// the megabyte).
///
/// A remembered result is used only for a value equal to the one it was found for; the parts of
/// a document that an edit did not touch share their storage with the previous value, so that
/// equality is a comparison of two pointers. Schemas with `$dynamicRef` or `$recursiveRef`, whose
/// results depend on the path taken to them, are always validated whole.
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
        let evaluation = Evaluation(graph: schema.graph, collect: true)
        evaluation.cache = cache
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
        var value: DocumentValue
        var valid: Bool
        var errors: [SchemaError]
        /// The schema location the errors were found under, to rebase them when reached by
        /// another path through the schema.
        var prefix: String
        var used: Bool
    }

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
        var value: DocumentValue
        var valid: Bool
        /// Whether a `properties`, `patternProperties` or `additionalProperties` took it.
        var matched: Bool
        var errors: [SchemaError]
        var prefix: String
    }

    struct MembersKey: Hashable {
        var location: String
        var path: [DocumentPath.Component]
    }

    /// Objects of at least this many members keep their members' results (a smaller one is
    /// looked up member by member as fast).
    static let memberMemoSize = 32
    var members: [MembersKey: [MemberResult]] = [:]
    /// The objects whose member results a validation since the last sweep used or made.
    var membersUsed: Set<MembersKey> = []
    /// How many entries the last sweep kept: the next one waits until there are twice as many.
    /// A sweep walks every entry (the whole document's); sweeping after each validation made
    /// a key in a 1 MB file cost the megabyte (a third of its 9–16 ms).
    private var kept = 0

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
        // An array is the one remembered only when it is the same storage: a changed array's
        // items are remembered one by one (``validateItems``), and comparing a changed array of
        // 7,500 records with the last one, item by item up to the change, was a third of a
        // re-validation.
        if let entry = cache.entries[key],
            isArray ? entry.value.hasSameBytes(as: value) : entry.value.isStored(like: value)
        {
            // Marked once between sweeps: writing the entry back each time cost a copy of it.
            if !entry.used { cache.entries[key]?.used = true }
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
                value: value, valid: valid, errors: made, prefix: made.isEmpty ? "" : schemaPointer(),
                used: true)
        }
        return valid
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
                    value: .null, valid: passed, errors: Array(errors[before...]), prefix: prefix, used: true)
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
