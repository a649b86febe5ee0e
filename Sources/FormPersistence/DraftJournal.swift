#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The unsaved changes of a form, kept beside its state file (`.NAME.draft`, mode 0600, replaced
/// atomically) so that a crash, a closed terminal or `kill -9` loses nothing.
///
/// The journal holds only the top-level members of the draft that differ from the saved state,
/// which the caller passes with secrets already put back to their saved values (see
/// `Form.concealing(in:keeping:)`): a secret typed but not saved is never written, and a secret
/// member saved before is not copied into it either. It also holds when it was written, which
/// form, the focused row, and a fingerprint of the state file the draft was based on.
///
/// `recover(saved:)` gives the draft back only when the state file is still the one the draft was
/// based on: a journal that does not parse, or whose state file changed since, is reported as
/// `.unusable`, never applied.
///
/// ```swift
/// let journal = DraftJournal<Preferences>(statePath: file.path)
/// let base = DraftJournal<Preferences>.fingerprint(ofFileAt: file.path)
/// try journal.write(draft: edited, saved: saved, basedOn: base, form: "Edit Preferences", focus: [1, 0, 0])
/// if case .found(let entry) = journal.recover(saved: saved) { resume(entry.draft) }
/// journal.remove() // after a save or a discard
/// ```
public struct DraftJournal<State: Codable>: Sendable {
    /// Where the journal is: `.NAME.draft` in the state file's folder.
    public let path: String
    public let statePath: String

    public init(statePath: String) {
        self.statePath = statePath
        let (folder, name) = AtomicFile.split(statePath)
        path = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + ".\(name).draft"
    }

    /// A journal read back.
    public struct Entry {
        public var draft: State
        /// The title of the form that was being edited.
        public var form: String
        /// The focused row as (section, group, index), if a row had focus.
        public var focus: [Int]?
        /// When it was written.
        public var time: Date
    }

    /// What `recover(saved:)` found.
    public enum Recovery {
        /// No journal: nothing was left unsaved.
        case none
        /// A journal that applies to the state file as it is now.
        case found(Entry)
        /// A journal that must not be applied: why, in words, and when it was written if known.
        case unusable(reason: String, time: Date?)
    }

    /// A fingerprint of the file's bytes (FNV-1a, 64 bits, and the length), or `absent` when there
    /// is no file. Contents, not the modification time: a save within the same second changes it.
    public static func fingerprint(ofFileAt path: String) -> String {
        // Asked first, as in `recover`: reading a file that is not there costs the error it makes.
        guard FileManager.default.fileExists(atPath: path),
            let data = FileManager.default.contents(atPath: path)
        else { return "absent" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:\(String(repeating: "0", count: 16 - hex.count))\(hex):\(data.count)"
    }

    /// Replaces the journal with `draft`'s changes from `saved`.
    ///
    /// - Parameters:
    ///   - draft: the draft, secrets already put back to their saved values.
    ///   - saved: the state the draft started from, as the state file holds it.
    ///   - fingerprint: `fingerprint(ofFileAt:)` of the state file when `saved` was read or written.
    ///   - form: the title of the form, shown when offering to resume.
    ///   - focus: the focused row as (section, group, index).
    ///   - time: when the draft was written, shown when offering to resume.
    public func write(
        draft: State, saved: State, basedOn fingerprint: String, form: String, focus: [Int]?,
        time: Date = Date()
    ) throws(StateFileError) {
        var body: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let header = Array(
                try encoder.encode(
                    Header(
                        version: Self.version, form: form, time: time.timeIntervalSince1970, focus: focus,
                        base: fingerprint)))
            body = Array(header.dropLast())
            if let difference = Self.difference(of: draft, from: saved) {
                try Self.append(difference, to: &body)
            } else {
                try Self.appendComparingWhole(draft: draft, saved: saved, to: &body)
            }
        } catch {
            throw .unwritable(path: path, reason: JSONStateFile<State>.reason(error))
        }
        body.append(UInt8(ascii: "}"))
        // Not durable: the journal is there for a program killed or a terminal closed, which the
        // page cache survives. Its two fsyncs, when it was written every 300 ms while
        // typing, came to about 0.1 ms of CPU per key (ptybench, Space). The state file itself is still written durably.
        let text: [UInt8]
        do {
            text = try StateDocument.pretty(compact: body)
        } catch {
            throw .unwritable(path: path, reason: error.message)
        }
        try AtomicFile.write(text, to: path, durable: false)
    }

    /// The journal, if there is one, checked against the state file as it is now; `saved` is the
    /// state read from that file.
    public func recover(saved: State) -> Recovery {
        // Asked first: most starts find no journal, and reading a file that is not there costs
        // the error it makes (a quarter of a million instructions, 4% of a first frame).
        guard FileManager.default.fileExists(atPath: path) else { return .none }
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path)
                ? .unusable(reason: "it cannot be read", time: nil) : .none
        }
        let bytes = Array(data)
        guard let members = StateDocument.members(of: bytes),
            let header = try? JSONDecoder().decode(Header.self, from: data)
        else {
            return .unusable(reason: "it is damaged", time: nil)
        }
        let time = Date(timeIntervalSince1970: header.time)
        guard header.version == Self.version else {
            return .unusable(reason: "a newer version of the program wrote it", time: time)
        }
        guard header.base == Self.fingerprint(ofFileAt: statePath) else {
            return .unusable(reason: "\(statePath) changed since", time: time)
        }
        let member = { (key: String) in members.last { $0.key == key }?.valueText }
        var draftText: [UInt8]
        if let whole = member("whole") {
            draftText = Array(whole)
        } else {
            guard let changes = member("changes"),
                let changed = StateDocument.members(of: Array(changes))
            else {
                return .unusable(reason: "it is damaged", time: time)
            }
            let removedKeys =
                member("removed").flatMap { try? JSONDecoder().decode([String].self, from: Data($0)) } ?? []
            if let draft = Self.overlay(Array(changes), removing: removedKeys, on: saved) {
                return .found(Entry(draft: draft, form: header.form, focus: header.focus, time: time))
            }
            guard let savedText = try? Self.encode(saved),
                let old = StateDocument.members(of: savedText)
            else {
                return .unusable(reason: "it is damaged", time: time)
            }
            let removed = Set(removedKeys)
            let replaced = Set(changed.map(\.key))
            let kept = old.filter { !replaced.contains($0.key) && !removed.contains($0.key) }
            draftText = Self.object(kept + changed)
        }
        guard let draft = try? StateDates.decoder().decode(State.self, from: Data(draftText)) else {
            return .unusable(reason: "its changes no longer fit these settings", time: time)
        }
        return .found(Entry(draft: draft, form: header.form, focus: header.focus, time: time))
    }

    /// Deletes the journal (after a save, or when the user discards the draft).
    public func remove() {
        unlink(path)
    }

    /// Moves the journal out of the way, keeping it, so that a journal that cannot be applied is
    /// neither lost nor overwritten by this session's edits. Returns where it went, or nil when
    /// there was nothing to move or the move failed.
    public func setAside(time: Date = Date()) -> String? {
        let aside = "\(path).\(Int(time.timeIntervalSince1970))"
        guard FileManager.default.fileExists(atPath: path), !FileManager.default.fileExists(atPath: aside),
            rename(path, aside) == 0
        else { return nil }
        return aside
    }

    /// `time` as a person reads it in the local time zone: `14:03` today, else `2026-11-23 14:03`.
    public static func describe(_ time: Date, now: Date = Date()) -> String {
        func local(_ date: Date, _ format: String) -> String {
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            localtime_r(&seconds, &parts)
            var buffer = [CChar](repeating: 0, count: 64)
            let count = strftime(&buffer, buffer.count, format, &parts)
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let sameDay = local(time, "%Y-%m-%d") == local(now, "%Y-%m-%d")
        return local(time, sameDay ? "%H:%M" : "%Y-%m-%d %H:%M")
    }

    /// Bumped when the layout changes, so that an old program never misreads a new journal.
    static var version: Int { 1 }

    private struct Header: Codable {
        var version: Int
        var form: String
        var time: Double
        var focus: [Int]?
        var base: String
    }

    /// The saved state with a journal's changed members put in, when the state can hold them
    /// so (`MemberwiseDraft.overlaying(_:removing:)`): the changes are decoded alone, and the
    /// saved state is neither encoded nor decoded again.
    private static func overlay(_ changes: [UInt8], removing removed: [String], on saved: State) -> State? {
        guard let saved = saved as? any MemberwiseDraft else { return nil }
        return overlay(changes, removing: removed, on: saved)
    }

    private static func overlay<Memberwise: MemberwiseDraft>(
        _ changes: [UInt8], removing removed: [String], on saved: Memberwise
    ) -> State? {
        guard let decoded = try? StateDates.decoder().decode(Memberwise.self, from: Data(changes)) else {
            return nil
        }
        return saved.overlaying(decoded, removing: removed) as? State
    }

    /// `draft`'s differing members, when the state tells them itself (`MemberwiseDraft`).
    private static func difference(of draft: State, from saved: State) -> MemberDifference? {
        guard let draft = draft as? any MemberwiseDraft else { return nil }
        return difference(of: draft, from: saved)
    }

    private static func difference<Memberwise: MemberwiseDraft>(
        of draft: Memberwise, from saved: State
    ) -> MemberDifference? {
        guard let saved = saved as? Memberwise else { return nil }
        return draft.differingMembers(from: saved)
    }

    /// The journal's `changes` (and `removed`) from the members the state named: only they are
    /// encoded, in key order, as the whole state's encoding would order them.
    private static func append(_ difference: MemberDifference, to body: inout [UInt8]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        StateDates.configure(encoder)
        body += Array(",\"changes\":{".utf8)
        for (offset, member) in difference.changed.sorted(by: { $0.key < $1.key }).enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            body += Array(try encoder.encode(member.key))
            body.append(UInt8(ascii: ":"))
            body += Array(try encoder.encode(member.value))
        }
        body.append(UInt8(ascii: "}"))
        if !difference.removed.isEmpty {
            body += Array(",\"removed\":".utf8)
            body += Array(try encoder.encode(difference.removed.sorted()))
        }
    }

    /// The journal's changes found by encoding both states whole and comparing their members'
    /// texts: for a state that cannot tell its changed members (`MemberwiseDraft`).
    private static func appendComparingWhole(draft: State, saved: State, to body: inout [UInt8]) throws {
        let draftText = try encode(draft)
        let savedText = try encode(saved)
        guard let new = StateDocument.members(of: draftText),
            let old = StateDocument.members(of: savedText)
        else {
            // Not an object: there are no members to tell apart, so the draft is kept whole.
            body += Array(",\"whole\":".utf8) + draftText
            return
        }
        let before = Dictionary(old.map { ($0.key, $0.valueText) }, uniquingKeysWith: { $1 })
        let after = Set(new.map(\.key))
        body += Array(",\"changes\":".utf8)
        body += object(new.filter { before[$0.key] != $0.valueText })
        let removed = old.map(\.key).filter { !after.contains($0) }
        if !removed.isEmpty {
            body += Array(",\"removed\":".utf8)
            body += Array(try JSONEncoder().encode(removed))
        }
    }

    private static func encode(_ state: State) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        StateDates.configure(encoder)
        return Array(try encoder.encode(state))
    }

    private static func object(_ members: [StateDocument.Member]) -> [UInt8] {
        var text: [UInt8] = [UInt8(ascii: "{")]
        for (offset, member) in members.enumerated() {
            if offset > 0 { text.append(UInt8(ascii: ",")) }
            text += member.keyText
            text.append(UInt8(ascii: ":"))
            text += member.valueText
        }
        text.append(UInt8(ascii: "}"))
        return text
    }
}
