import FormDocument
import FormSchema
import FormSpec

/// The form's answers read back as the file's value, and the schema's errors on it, placed on
/// the rows they belong to. Made again only when the answers change (every visible row asks on
/// each frame; the answers of one frame are read back and validated once).
///
/// An error goes to the row of the deepest field whose pointer starts its location (an error
/// inside a list goes to the list, one inside a page not opened to the row that opens it). Errors
/// the file had when it was opened, and those of places no row shows (a missing required key is
/// an error of its object), are listed at the top of the form instead: they do not stop a save,
/// as an edit that adds an error does.
public final class ConfigCheck {
    public let schema: JSONSchema?
    /// The value the file held when opened.
    public let original: DocumentValue
    /// The fields by answer id, as the form has made them so far.
    public private(set) var fields: [String: ConfigField] = [:]
    /// Ids of the rows that open a nested page, which take the errors inside it.
    private var pages: Set<String> = []
    /// The rows that choose a branch of a `oneOf`/`anyOf`, by the value's pointer: their answer
    /// ids and the label each starts at. They take the errors of the value.
    public private(set) var choosers: [String: (id: String, label: String)] = [:]
    private let openingErrors: Set<String>
    /// Validates again only the values on the path to a change: a key in a 1 MB file checks a
    /// few values, not the megabyte (a full validation there took about 100 ms).
    private let validator: DocumentValidator?
    /// The answers the form started from: the answers a key made are told from them by their
    /// changes alone (reading every answer of a 1 MB file's form each key took milliseconds).
    var first: SpecAnswers?

    private var lastAnswers: SpecAnswers?
    private var lastValue: Result<DocumentValue, ConfigError> = .success(.null)
    private var lastOnRows: [String: String] = [:]
    private var lastAtTop: [SchemaError] = []
    /// The members the schema names for the answers' value, by the object's pointer, found when
    /// a row that comes with a condition asks (see `isBrought(_:in:)`).
    private var brought: [String: Set<String>] = [:]
    /// The members that come with a condition (`if`/`then`, `dependentSchemas`) and that the file
    /// does not have, by pointer: written while their condition holds, and only then.
    private var conditionalMembers: [String: DocumentPath] = [:]
    /// The pointers of the map keys the answers delete: their rows go.
    private var lastRemoved: Set<String> = []
    /// Where the rows of the last value's places write, for the places that moved: by an array's
    /// pointer (the rows'), its items' slots by position; by a map's, the origin of each key
    /// renamed (see `rowsPlace(of:)`).
    private var lastSlots: [String: [Int]] = [:]
    private var lastOrigins: [String: [String: String]] = [:]
    /// The arrays of objects the answers add to, delete from or reorder: each item's slot (its
    /// offset in the file, or past the file's items for one added), in the order they stand.
    private var lastOrders: [(path: DocumentPath, slots: [Int])] = []
    /// Whether the last answers were read back from `original` by plain values alone: no raw
    /// text that did not read, no items added or moved, no map's keys changed, no member a
    /// condition brings written. Then a key that changes plain values is set in place into the
    /// last value (see `updateInPlace`).
    private var lastIsPlain = false
    /// The answer ids that decide whether other rows write (choosers, the branches they gate),
    /// and those of maps' keys: a change to one reads the answers back whole.
    private var deciding: Set<String> = []
    /// How many times the answers were read back from `original` whole, and how many members
    /// of objects on the way were copied to set a changed value in place (none while the last
    /// value is held only here): what a key costs, told apart from the time it took.
    package private(set) var wholeReadings = 0
    package private(set) var membersCopied = 0
    /// Every schema error of the last answers, as their validation gave them.
    package private(set) var lastErrors: [SchemaError] = []
    /// The members and items the validations of the answers checked (``DocumentValidator/membersChecked``).
    package var membersChecked: Int { validator?.membersChecked ?? 0 }

    /// The arrays of objects whose items the answers add, delete or move, outermost first:
    /// saved as the document's array edits (a deleted item's bytes go, the others' stay).
    public func itemOrders(in answers: SpecAnswers) -> [(path: DocumentPath, slots: [Int])] {
        refresh(answers)
        return lastOrders
    }

    /// Whether the answers delete the map key at `pointer` (its rows are then hidden).
    public func isRemoved(_ pointer: String, in answers: SpecAnswers) -> Bool {
        guard !maps.isEmpty else { return false }
        refresh(answers)
        return lastRemoved.contains(pointer)
    }

    /// The pointers of the map keys the answers delete.
    public func removedKeys(in answers: SpecAnswers) -> Set<String> {
        guard !maps.isEmpty else { return [] }
        refresh(answers)
        return lastRemoved
    }

    public init(schema: JSONSchema?, original: DocumentValue) {
        self.schema = schema
        self.original = original
        validator = schema.map(DocumentValidator.init)
        openingErrors = Set((validator?.validate(original) ?? []).map(Self.key))
    }

    /// Makes the pages of the file's objects on the way to a place (the builder's
    /// `makePages(toward:)`). Pages are made when first opened; a place
    /// asked about before its page was opened (an answer from a draft, the row of a new error,
    /// the page an error at the top opens) needs the fields and pages it would have made.
    var makePages: ((DocumentPath) -> Void)?

    /// The place an answer id is about: its pointer, without a branch's or a map's mark.
    private static func place(ofID id: String) -> DocumentPath? {
        let pointer = id.firstIndex(of: Character(ConfigField.branchMark)).map { String(id[..<$0]) } ?? id
        return DocumentPath(pointer: pointer)
    }

    private static func key(_ error: SchemaError) -> String {
        error.instanceLocation.pointer + "\u{0}" + error.message
    }

    func register(_ field: ConfigField) {
        if fields[field.id] == nil, let variant = field.variant {
            branchRows[variant.chooser, default: []].append(field.id)
            deciding.insert(variant.chooser)
        }
        for gate in field.gates { deciding.insert(gate.chooser) }
        fields[field.id] = field
    }
    /// The ids of the rows of a chooser's branches, by the chooser's id.
    private var branchRows: [String: [String]] = [:]
    func registerPage(_ path: DocumentPath) { pages.insert(path.pointer) }
    /// Whether a row opens a page of the object at `path`.
    func isPage(_ path: DocumentPath) -> Bool { pages.contains(path.pointer) }
    func registerConditional(_ path: DocumentPath) { conditionalMembers[path.pointer] = path }
    /// The order the schema names the members of each object a page was made for, by the
    /// object's pointer: a member new to the object goes there among the others
    /// (`setPlacing(_:at:in:)`).
    private var memberRanks: [String: [String: Int]] = [:]
    func registerOrder(_ path: DocumentPath, names: [String]) {
        guard !names.isEmpty else { return }
        var ranks: [String: Int] = [:]
        for (rank, name) in names.enumerated() where ranks[name] == nil { ranks[name] = rank }
        memberRanks[path.pointer] = ranks
    }

    /// Sets (or with nil removes) `new` at `path` of `value`. A member its object does not have
    /// yet (the outermost on the way) goes where a person would look for it: after the nearest
    /// member the schema names before it, else before the nearest one it names after it; at the
    /// end where the schema does not order it among the object's members.
    private func setPlacing(_ new: DocumentValue?, at path: DocumentPath, in value: inout DocumentValue) {
        guard let new, !memberRanks.isEmpty, value.value(at: path) == nil else {
            return value.set(new, at: path)
        }
        var parent: [DocumentPath.Component] = []
        for (offset, component) in path.components.enumerated() {
            let here = DocumentPath(parent + [component])
            guard value.value(at: here) == nil else {
                parent.append(component)
                continue
            }
            let parentPath = DocumentPath(parent)
            guard case .key(let key) = component, let ranks = memberRanks[parentPath.pointer],
                let rank = ranks[key], case .object(var members)? = value.value(at: parentPath)
            else { break }
            var member = new
            let rest = path.components[(offset + 1)...]
            if !rest.isEmpty {
                member = .object([:])
                member.set(new, at: DocumentPath(Array(rest)))
            }
            var before: (index: Int, rank: Int)?
            var after: (index: Int, rank: Int)?
            for (index, name) in members.keys.enumerated() {
                guard let other = ranks[name] else { continue }
                if other < rank, before.map({ other > $0.rank }) ?? true { before = (index, other) }
                if other > rank, after.map({ other < $0.rank }) ?? true { after = (index, other) }
            }
            let index = before.map { $0.index + 1 } ?? after?.index ?? members.count
            members.updateValue(member, forKey: key, insertingAt: index)
            value.set(.object(members), at: parentPath)
            return
        }
        value.set(new, at: path)
    }

    /// The maps whose keys the form lists, by the map's pointer.
    public private(set) var maps: [String: ConfigMapKeys] = [:]
    func registerMap(_ map: ConfigMapKeys) {
        maps[map.path.pointer] = map
        deciding.formUnion([map.keysID, map.originsID])
    }
    func registerChooser(_ path: DocumentPath, id: String, label: String) {
        choosers[path.pointer] = (id, label)
        deciding.insert(id)
    }

    /// The file's value the answers mean, or the first raw row whose text is not JSON.
    public func value(for answers: SpecAnswers) -> Result<DocumentValue, ConfigError> {
        refresh(answers)
        return lastValue
    }

    /// The message under the row `id`: its text that does not read, or the errors the edit added
    /// there.
    public func message(for id: String, in answers: SpecAnswers) -> String? {
        refresh(answers)
        return lastOnRows[id]
    }

    /// Every schema error of the answers' value that no row shows.
    public func errorsAtTop(in answers: SpecAnswers) -> [SchemaError] {
        refresh(answers)
        return lastAtTop
    }

    /// Whether the member at `path` belongs in the form for the answers' value: the value has it,
    /// or a schema that applies to the value now names it (the `if` it waits on holds, the
    /// member its `dependentSchemas` waits on is there).
    public func isBrought(_ path: DocumentPath, in answers: SpecAnswers) -> Bool {
        refresh(answers)
        guard case .success(let value) = lastValue, case .key(let key)? = path.components.last else {
            return true
        }
        let parent = DocumentPath(Array(path.components.dropLast()))
        if value.value(at: parent)?[key] != nil { return true }
        if let names = brought[parent.pointer] { return names.contains(key) }
        let names = Set(schema?.properties(at: parent, in: value).map(\.name) ?? [])
        brought[parent.pointer] = names
        return names.contains(key)
    }

    /// Every schema error of the answers' value.
    public func errors(in answers: SpecAnswers) -> [SchemaError] {
        guard let validator, case .success(let value) = value(for: answers) else { return [] }
        return validator.validate(value)
    }

    private func refresh(_ answers: SpecAnswers) {
        if let lastAnswers, lastAnswers == answers { return }
        if let lastAnswers, updateInPlace(from: lastAnswers, to: answers) {
            self.lastAnswers = answers
            return
        }
        lastAnswers = answers
        wholeReadings += 1
        brought = [:]
        var onRows: [String: String] = [:]
        var value = original
        var problem: ConfigError?
        // In pointer order, so that an object's own value is set before a member inside it. A
        // chooser changed brings in its branches' rows, which write a branch's least value.
        var ids = first.flatMap { answers.changedIDs(since: $0) } ?? answers.values.keys.sorted()
        if let makePages {
            for id in ids where fields[id] == nil {
                if let place = Self.place(ofID: id) { makePages(place) }
            }
        }
        let branches = ids.flatMap { branchRows[$0] ?? [] }
        if !branches.isEmpty { ids = Array(Set(ids + branches)).sorted() }
        // The members a condition brings that the answers write (see below).
        var broughtWritten: [DocumentPath] = []
        // Arrays of objects whose items were added, deleted or moved: the added items' slots are
        // made first (their rows write under them), the items put in order once all have written.
        var orders: [(path: DocumentPath, slots: [Int])] = []
        for id in ids {
            guard let field = fields[id], field.kind == .objects,
                field.gates.allSatisfy({ $0.isOpen(in: answers) })
            else { continue }
            let answer = answers[answer: id] ?? field.initialAnswer
            guard answer != field.initialAnswer, case .texts(let texts) = answer else { continue }
            let slots = texts.compactMap { Int($0) }
            var items: [DocumentValue] = []
            if case .array(let present)? = value.value(at: field.path) { items = present }
            while items.count <= (slots.max() ?? -1) {
                let views =
                    schema?.schemas(
                        at: DocumentPath(field.path.components + [.index(items.count)]), in: value) ?? []
                items.append(ConfigFormBuilder.minimal(views))
            }
            value.set(.array(items), at: field.path)
            orders.append((field.path, slots))
        }
        for id in ids {
            // A row of a page opened after the answers were made has none until it is edited.
            guard let field = fields[id], field.kind != .objects else { continue }
            let answer = answers[answer: id] ?? field.initialAnswer
            guard field.gates.allSatisfy({ $0.isOpen(in: answers) }) else { continue }
            if let variant = field.variant {
                // Only the chosen branch's row says the value; chosen anew and untouched, it
                // writes the branch's least value.
                let chosen = answers[answer: variant.chooser].map(\.asText) ?? variant.original
                guard chosen == variant.label else { continue }
                if answer == field.initialAnswer {
                    if variant.label != variant.original { value.set(variant.minimal, at: field.path) }
                    continue
                }
            } else if answer == field.initialAnswer {
                continue
            }
            switch field.value(of: answer) {
            case .success(let new):
                setPlacing(new, at: field.path, in: &value)
                if !conditionalMembers.isEmpty, conditionalMembers[field.path.pointer] != nil {
                    broughtWritten.append(field.path)
                }
            case .failure(let error):
                onRows[id] = error.message
                problem = problem ?? ConfigError("\(field.title): \(error.message)")
            }
        }
        // A member a condition brought, set while the condition held, goes once it no longer
        // does: a row hidden by its condition adds nothing to the file. Asked only of those the
        // answers wrote, not of every such member of a large file.
        for path in broughtWritten where original.value(at: path) == nil && value.value(at: path) != nil {
            guard case .key(let key)? = path.components.last else { continue }
            let parent = DocumentPath(Array(path.components.dropLast()))
            var without = value
            without.set(nil, at: path)
            let names = schema?.properties(at: parent, in: without).map(\.name) ?? []
            if !names.contains(key) { value = without }
        }
        // Deepest first: an item's own list is ordered by slots still in place.
        for order in orders.reversed() {
            guard case .array(let items)? = value.value(at: order.path) else { continue }
            value.set(
                .array(order.slots.compactMap { items.indices.contains($0) ? items[$0] : nil }),
                at: order.path)
        }
        lastOrders = orders
        lastSlots = [:]
        for order in orders { lastSlots[order.path.pointer] = order.slots }
        lastOrigins = [:]
        // Keys added, renamed and deleted, deepest map first: a renamed key takes the value its
        // rows gave it.
        var removed: Set<String> = []
        // Only the maps whose keys the answers changed: reading a map's keys costs them all (a
        // sixth of a key's time in a map of 4,000 objects).
        let changed = first.flatMap { answers.changedIDs(since: $0) }.map(Set.init)
        for map in maps.values.sorted(by: { $0.path.components.count > $1.path.components.count })
        where changed.map({ $0.contains(map.keysID) || $0.contains(map.originsID) }) ?? true {
            let entries = answers[keysOf: map]
            let origins = entries.map(\.origin)
            if origins != map.original {
                let kept = Set(origins)
                for key in map.original where !kept.contains(key) {
                    removed.insert(DocumentPath(map.path.components + [.key(key)]).pointer)
                }
            }
            let before = value
            let fresh: (String) -> DocumentValue = { [schema] name in
                let views =
                    schema?.schemas(at: DocumentPath(map.path.components + [.key(name)]), in: before) ?? []
                return ConfigFormBuilder.minimal(views)
            }
            if let message = map.apply(to: &value, answers: answers, fresh: fresh) {
                onRows[map.keysID] = message
            }
            var renamed: [String: String] = [:]
            for entry in entries where !entry.name.isEmpty && !entry.origin.isEmpty {
                if renamed[entry.name] == nil, entry.name != entry.origin {
                    renamed[entry.name] = entry.origin
                }
            }
            if !renamed.isEmpty { lastOrigins[map.path.pointer] = renamed }
        }
        lastRemoved = removed
        lastValue = problem.map { .failure($0) } ?? .success(value)
        lastIsPlain =
            problem == nil && orders.isEmpty && broughtWritten.isEmpty && removed.isEmpty
            && !maps.values.contains { map in
                changed.map { $0.contains(map.keysID) || $0.contains(map.originsID) } ?? true
            }
        place(validator?.validate(value) ?? [], onRows: onRows)
    }

    /// The answers that differ from `last` only in plain values (a text, a number, a switch,
    /// a choice, a list of scalars, raw text that reads) each replacing a value the last value
    /// has, set into the last value in place, and
    /// validated again along their paths alone: a key in a map of 40,000 objects then costs
    /// what one in a map of 400 does (reading the answers back from `original` copied each
    /// object on the way, member by member, and validating them compared every member).
    /// False where the answers must be read back whole.
    private func updateInPlace(from last: SpecAnswers, to answers: SpecAnswers) -> Bool {
        guard lastIsPlain, let validator, let first, case .success(var value) = lastValue,
            let difference = answers.differingMembers(from: last), difference.removed.isEmpty,
            !difference.changed.isEmpty
        else { return false }
        var sets: [(path: DocumentPath, value: DocumentValue)] = []
        for id in difference.changed.map(\.key) {
            guard !deciding.contains(id), let answer = answers[answer: id], let field = fields[id],
                field.kind != .objects, field.variant == nil,
                conditionalMembers[field.path.pointer] == nil, answer != field.initialAnswer,
                field.gates.allSatisfy({ $0.isOpen(in: answers) }),
                case .success(let new?) = field.value(of: answer),
                // A member replaced where it stands: one added or removed takes its place in
                // the order a whole reading gives (the file's, a new one where the schema puts it).
                value.value(at: field.path) != nil
            else { return false }
            sets.append((field.path, new))
        }
        // A value written by another row above or below this one (raw text of its object) is
        // set in pointer order by a whole reading.
        let written = (answers.changedIDs(since: first) ?? []).compactMap { fields[$0]?.path.components }
        for set in sets {
            let components = set.path.components
            for other in written where other != components {
                if other.starts(with: components) || components.starts(with: other) { return false }
            }
        }
        // The last value's only reference, so that its objects on the way change in place.
        lastValue = .success(.null)
        for set in sets { value.set(set.value, at: set.path.components[...], copied: &membersCopied) }
        lastValue = .success(value)
        brought = [:]
        place(validator.validate(value, changedAt: sets.map(\.path)), onRows: [:])
        return true
    }

    /// The schema's errors on the rows they belong to (after `onRows`, what rows said of
    /// their own text), or at the top.
    private func place(_ errors: [SchemaError], onRows: [String: String]) {
        lastErrors = errors
        var onRows = onRows
        var atTop: [SchemaError] = []
        for error in errors {
            // Told from the file's errors, and placed, where its rows stand: an item moved is
            // the same item, a key renamed the same key.
            let place = rowsPlace(of: error.instanceLocation)
            let isNew = !openingErrors.contains(place.pointer + "\u{0}" + error.message)
            if isNew { makePages?(place) }
            guard isNew, let id = row(for: place) else {
                atTop.append(error)
                continue
            }
            if onRows[id] == nil { onRows[id] = error.message }
        }
        lastOnRows = onRows
        lastAtTop = atTop
    }

    /// Where the rows of the place `path` of the answers' value write: an item moved since the
    /// file at its slot (its place in the file, for the file's), a key renamed under its origin.
    /// An error of the value is found there, whichever the item's position or the key's name.
    func rowsPlace(of path: DocumentPath) -> DocumentPath {
        guard !lastSlots.isEmpty || !lastOrigins.isEmpty else { return path }
        var components: [DocumentPath.Component] = []
        var pointer = ""
        for component in path.components {
            var placed = component
            switch component {
            case .index(let index):
                if let slots = lastSlots[pointer], slots.indices.contains(index) {
                    placed = .index(slots[index])
                }
            case .key(let key):
                if let origin = lastOrigins[pointer]?[key] { placed = .key(origin) }
            }
            components.append(placed)
            pointer += DocumentPath([placed]).pointer
        }
        return DocumentPath(components)
    }

    /// The deepest nested page whose object holds `path` of the answers' value (nil at the
    /// root, or where no page was made): where a jump to an error goes.
    public func page(containing path: DocumentPath) -> DocumentPath? {
        let path = rowsPlace(of: path)
        makePages?(path)
        var components = path.components
        while !components.isEmpty {
            let candidate = DocumentPath(components)
            if pages.contains(candidate.pointer) { return candidate }
            components.removeLast()
        }
        return nil
    }

    /// The row that shows `path`: its field, or the deepest field or page above it.
    private func row(for path: DocumentPath) -> String? {
        var components = path.components
        while !components.isEmpty {
            let pointer = DocumentPath(components).pointer
            if let chooser = choosers[pointer] { return chooser.id }
            if fields[pointer] != nil || pages.contains(pointer) { return pointer }
            components.removeLast()
        }
        return nil
    }
}

extension DocumentValue {
    /// Sets (or with nil removes) the value at `path`, making the objects above it that are
    /// missing.
    mutating func set(_ new: DocumentValue?, at path: DocumentPath) {
        var copied = 0
        set(new, at: path.components[...], copied: &copied)
    }

    /// Sets (or with nil removes) the value at `path`, changing the objects and arrays on the
    /// way in place where this value is their only holder; adds to `copied` the members and
    /// items of those it had to copy (held elsewhere too, as by the value a reading starts from).
    mutating func set(_ new: DocumentValue?, at path: ArraySlice<DocumentPath.Component>, copied: inout Int) {
        guard let first = path.first else {
            self = new ?? .null
            return
        }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            guard case .object(var members) = self else {
                guard new != nil else { return }
                self = .object([:])
                set(new, at: path, copied: &copied)
                return
            }
            // Taken out, so that `members` is its storage's only reference where this value was.
            self = .null
            let storage = members.values.withUnsafeBufferPointer { $0.baseAddress }
            if rest.isEmpty {
                members[key] = new
            } else if let index = members.index(forKey: key) {
                members.values[index].set(new, at: rest, copied: &copied)
            } else {
                var child = DocumentValue.object([:])
                child.set(new, at: rest, copied: &copied)
                members[key] = child
            }
            if members.values.withUnsafeBufferPointer({ $0.baseAddress }) != storage {
                copied += members.count
            }
            self = .object(members)
        case .index(let index):
            guard case .array(var items) = self, items.indices.contains(index) else { return }
            self = .null
            let storage = items.withUnsafeBufferPointer { $0.baseAddress }
            if !rest.isEmpty {
                items[index].set(new, at: rest, copied: &copied)
            } else if let new {
                items[index] = new
            } else {
                items.remove(at: index)
            }
            if items.withUnsafeBufferPointer({ $0.baseAddress }) != storage { copied += items.count }
            self = .array(items)
        }
    }
}
