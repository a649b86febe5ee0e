import FormDocument
import FormSpec

/// The keys of a map (an object whose schema gives members it does not name a schema, as
/// `additionalProperties` does) as a list to add to, rename and delete from.
///
/// Each key is held with the key it was in the file (its origin; for one added, the name its
/// rows write under), so a renamed key keeps its value, edits included, and a deleted one takes
/// its value with it. The names and the origins are two answers of the map (`keysID`,
/// `originsID`), changed together.
///
/// Answers without the map's (its page was made after the answers) hold the file's keys.
///
/// ```swift
/// let keys = ConfigMapKeys(path: DocumentPath(pointer: "/env")!, original: ["HOME", "PATH"])
/// answers[keysOf: keys].append(MapKey(name: "LANG", origin: ""))
/// ```
public struct ConfigMapKeys: Hashable, Sendable {
    public var path: DocumentPath
    /// The map's keys in the file, in its order.
    public var original: [String]

    /// The object's other members' names (the schema's and the file's): a key added under
    /// one of them is a problem.
    public var reserved: Set<String>

    public init(path: DocumentPath, original: [String], reserved: Set<String> = []) {
        self.path = path
        self.original = original
        self.reserved = reserved
    }

    public var keysID: String { path.pointer + ConfigField.branchMark + "keys" }
    public var originsID: String { path.pointer + ConfigField.branchMark + "origins" }

    /// The object at `path` of `value` with its keys as the answers say, each with the value of
    /// its origin; an added one keeps what its rows set (they write under its name), else
    /// `fresh(name)`. Members not among the original keys stay. Blank names are left out; a name
    /// given twice, or one of another member, is a problem.
    func apply(
        to value: inout DocumentValue, answers: SpecAnswers, fresh: (String) -> DocumentValue
    ) -> String? {
        let entries = answers[keysOf: self]
        guard entries.map(\.name) != original || entries.map(\.origin) != original,
            case .object(let members)? = value.value(at: path)
        else { return nil }
        let originals = Set(original)
        var problem: String?
        var object = members
        object.removeAll()
        var placed = false
        // The map's keys stand where its first key stood; the other members stay around them.
        func place() {
            placed = true
            for entry in entries where !entry.name.isEmpty {
                guard object[entry.name] == nil, !reserved.contains(entry.name) else {
                    problem = problem ?? "Two keys are named \(entry.name)."
                    continue
                }
                let kept = entry.origin.isEmpty ? members[entry.name] : members[entry.origin]
                object[entry.name] = kept ?? fresh(entry.name)
            }
        }
        for (key, member) in members {
            if originals.contains(key) {
                if !placed { place() }
            } else if reserved.contains(key), object[key] == nil {
                object[key] = member
            }
        }
        if !placed { place() }
        value.set(.object(object), at: path)
        return problem
    }
}

/// A key of a map as its list holds it: its name now, and where its rows write: the key it was
/// in the file, or for a key added, the name its rows' answers stand under (empty until it is
/// first named).
public struct MapKey: Hashable, Sendable {
    public var name: String
    public var origin: String

    public init(name: String, origin: String) {
        self.name = name
        self.origin = origin
    }
}

extension SpecAnswers {
    /// A map's keys, held as two answers: the names and their origins (the file's keys, each
    /// its own origin, until either is given).
    subscript(keysOf map: ConfigMapKeys) -> [MapKey] {
        get {
            guard self[answer: map.keysID] != nil || self[answer: map.originsID] != nil else {
                return map.original.map { MapKey(name: $0, origin: $0) }
            }
            let names = self[texts: map.keysID]
            let from = self[texts: map.originsID]
            return names.indices.map {
                MapKey(name: $0 < names.count ? names[$0] : "", origin: $0 < from.count ? from[$0] : "")
            }
        }
        set {
            var entries = newValue
            settleAddedKeys(&entries, of: map)
            self[texts: map.keysID] = entries.map(\.name)
            self[texts: map.originsID] = entries.map(\.origin)
        }
    }

    /// An added key's rows write under its name (its schema is the name's: `patternProperties`
    /// may tell names apart), so a key renamed takes their answers to its new name: what was
    /// typed in its rows goes with it. A name that is blank, or taken (a key of the file, a
    /// member the schema names, the place of another key), keeps the answers where they stand
    /// (the key's origin) until the key has a name free; answers left under the new name (by a
    /// key deleted) are dropped. The keys that move, move at once: two added keys may swap names.
    private mutating func settleAddedKeys(_ entries: inout [MapKey], of map: ConfigMapKeys) {
        let fileKeys = Set(map.original)
        // A place is an added key's only where its rows write; the file's are its keys'.
        var moving: Set<Int> = []
        for (index, entry) in entries.enumerated()
        where !fileKeys.contains(entry.origin) && entry.name != entry.origin && !entry.name.isEmpty
            && !fileKeys.contains(entry.name) && !map.reserved.contains(entry.name)
        {
            moving.insert(index)
        }
        // A move whose name another key wants too, or that is the place of a key that stays, waits.
        var changed = true
        while changed, !moving.isEmpty {
            changed = false
            var wanted: [String: Int] = [:]
            for index in moving { wanted[entries[index].name, default: 0] += 1 }
            let staying = Set(
                entries.indices.filter { !moving.contains($0) && !fileKeys.contains(entries[$0].origin) }
                    .map { entries[$0].origin })
            for index in moving
            where wanted[entries[index].name, default: 0] > 1 || staying.contains(entries[index].name) {
                moving.remove(index)
                changed = true
            }
        }
        guard !moving.isEmpty else { return }
        // Each place's pointer segment within the map: an answer's id names its place there.
        func segment(_ name: String) -> String { String(DocumentPath([.key(name)]).pointer.dropFirst()) }
        var targets: [String: String] = [:]
        var cleared: Set<String> = []
        for index in moving {
            let entry = entries[index]
            if !entry.origin.isEmpty { targets[segment(entry.origin)] = segment(entry.name) }
            cleared.insert(segment(entry.name))
            entries[index].origin = entry.name
        }
        cleared.formUnion(targets.keys)
        let prefix = map.path.pointer + "/"
        var moved: [(id: String, answer: Answer)] = []
        var dropped: [String] = []
        for (id, answer) in values where id.hasPrefix(prefix) {
            let rest = id.dropFirst(prefix.count)
            let end =
                rest.firstIndex { $0 == "/" || $0 == Character(ConfigField.branchMark) } ?? rest.endIndex
            let place = String(rest[..<end])
            guard cleared.contains(place) else { continue }
            dropped.append(id)
            if let target = targets[place] { moved.append((prefix + target + rest[end...], answer)) }
        }
        for id in dropped { self[answer: id] = nil }
        for (id, answer) in moved { self[answer: id] = answer }
    }

    /// One key's name (editing it renames the key).
    subscript(keyOf map: ConfigMapKeys, index: Int) -> String {
        get {
            let entries = self[keysOf: map]
            return entries.indices.contains(index) ? entries[index].name : ""
        }
        set {
            var entries = self[keysOf: map]
            guard entries.indices.contains(index) else { return }
            entries[index].name = newValue
            self[keysOf: map] = entries
        }
    }
}
