#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Takes another program's saved state into the person's: member by member (the top level of
/// the JSON a state encodes to), the person's value where they changed it from the one they
/// started from, theirs everywhere else. So reloading keeps every change of both where they do
/// not collide; where both changed the same member, the person's stays (they see it, and saving
/// is still theirs to do).
///
/// ```swift
/// let merged = StateMerge.merge(base: read, mine: edited, theirs: storedNow)
/// ```
public enum StateMerge {
    public static func merge<State: Codable>(base: State, mine: State, theirs: State) -> State {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        StateDates.configure(encoder)
        guard let baseBytes = try? encoder.encode(base), let mineBytes = try? encoder.encode(mine),
            let theirBytes = try? encoder.encode(theirs),
            let baseMembers = StateDocument.members(of: Array(baseBytes)),
            let myMembers = StateDocument.members(of: Array(mineBytes)),
            let theirMembers = StateDocument.members(of: Array(theirBytes))
        else { return mine }
        let started = Dictionary(baseMembers.map { ($0.key, $0.valueText) }, uniquingKeysWith: { $1 })
        let edited = Dictionary(myMembers.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        let stored = Dictionary(theirMembers.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        var merged: [UInt8] = [UInt8(ascii: "{")]
        var first = true
        for key in Set(edited.keys).union(stored.keys).sorted() {
            let changedHere = edited[key]?.valueText != started[key]
            guard let member = changedHere ? edited[key] : stored[key] else { continue }
            if !first { merged.append(UInt8(ascii: ",")) }
            first = false
            merged += member.keyText + [UInt8(ascii: ":")] + member.valueText
        }
        merged.append(UInt8(ascii: "}"))
        return (try? StateDates.decoder().decode(State.self, from: Data(merged))) ?? mine
    }
}
