/// A state whose draft journal is written from the members that changed, found without encoding
/// or comparing the rest. Any `Codable` state can be journaled; one that conforms costs a write
/// in proportion to its changes rather than its size: at 100,000 answers, encoding the whole
/// draft and the whole saved state to keep a journal of a few hundred bytes took 0.9–2 s, and
/// the key after a pause in typing waited for it (issue 34).
///
/// The members are those of the state's own encoding, its top-level JSON object: the keys it
/// encodes them under, and values that encode as it encodes them.
///
/// ```swift
/// extension Settings: MemberwiseDraft {
///     func differingMembers(from saved: Settings) -> MemberDifference? {
///         var difference = MemberDifference()
///         if sounds != saved.sounds { difference.changed.append((key: "sounds", value: sounds)) }
///         return difference
///     }
/// }
/// ```
public protocol MemberwiseDraft: Codable {
    /// The members whose values differ from `saved`'s, and the keys `saved` has that `self` has
    /// not; nil when telling would mean comparing every member (the journal then encodes both
    /// states whole and compares their texts).
    func differingMembers(from saved: Self) -> MemberDifference?

    /// `self` (the saved state) with the members of `changes` put in and the `removed` keys
    /// taken out, where `changes` was decoded from the journal's changed members alone; nil
    /// when the state cannot hold some members without the others (the journal then decodes
    /// the draft whole). A draft made so shares what it did not change with the saved state,
    /// so that what a resumed draft costs is its changes too.
    func overlaying(_ changes: Self, removing removed: [String]) -> Self?
}

extension MemberwiseDraft {
    public func overlaying(_ changes: Self, removing removed: [String]) -> Self? { nil }
}

/// What `MemberwiseDraft.differingMembers(from:)` found: members to write, keys to drop.
public struct MemberDifference {
    /// The members that differ, each under its key in the state's encoding.
    public var changed: [(key: String, value: any Encodable)] = []
    /// The keys of members the saved state has and the draft has not.
    public var removed: [String] = []

    public init() {}
}
