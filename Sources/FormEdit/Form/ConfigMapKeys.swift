import FormDocument
import FormSpec

/// The keys of a map (an object whose schema gives members it does not name a schema, as
/// `additionalProperties` does) as a list to add to, rename and delete from.
///
/// Each key is held with the key it was in the file (its origin; empty for one added), so a
/// renamed key keeps its value, edits included, and a deleted one takes its value with it. The
/// names and the origins are two answers of the map (`keysID`, `originsID`), changed together.
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

/// A key of a map as its list holds it: its name now, and the key it was in the file.
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
            self[texts: map.keysID] = newValue.map(\.name)
            self[texts: map.originsID] = newValue.map(\.origin)
        }
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
