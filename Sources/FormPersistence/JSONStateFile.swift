#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A `Codable` state kept as a JSON file, read whole and replaced atomically.
///
/// Writing goes to a temporary file in the same folder (mode 0600), is flushed to disk, and is
/// renamed over the old file, so a crash leaves either the old state or the new one, never half.
/// A file that does not parse is never overwritten: `load()` throws and the caller decides.
///
/// A save keeps the stored file's top-level members that `State` does not know (written by a
/// newer version of the program, or by hand); see ``save(_:)``. When the path is a symbolic link,
/// the file it points to is replaced and the link stays.
///
/// ```swift
/// let file = JSONStateFile<Preferences>(path: "/home/me/.config/formtui/preferences.json")
/// var prefs = try file.load() ?? Preferences()
/// prefs.playSounds = false
/// try file.save(prefs)
/// ```
public struct JSONStateFile<State: Codable>: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The default place for an app's state: `$XDG_CONFIG_HOME/<app>/<name>`, else
    /// `$HOME/.config/<app>/<name>`.
    public static func defaultPath(app: String, name: String, environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return "\(config)/\(app)/\(name)"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome() ?? "/"
        return "\(home)/.config/\(app)/\(name)"
    }

    /// The stored state, or nil when there is no file yet.
    public func load() throws(StateFileError) -> State? {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        guard String(data: data, encoding: .utf8) != nil else {
            throw .corrupt(path: path, reason: "not UTF-8 text")
        }
        do {
            return try StateDates.decoder().decode(State.self, from: data)
        } catch {
            let syntax = JSONSyntax.firstError(in: Array(data))
            throw .corrupt(path: path, reason: syntax ?? Self.reason(error))
        }
    }

    /// Replaces the stored state atomically, creating the folder (mode 0700) when missing.
    ///
    /// Top-level members of the stored file that `State` does not write are kept, in sorted
    /// order among the new ones; a member `State` leaves out because it is nil (`encodeIfPresent`)
    /// counts as written, so clearing it sticks. Unknown members nested inside a known member are
    /// not kept: the new value of that member replaces the old one whole. Nothing is kept when
    /// `State` is a dictionary (its keys are all its own), when the stored file is not a JSON
    /// object, or when `State` does not encode as one. A stored file that exists but cannot be
    /// read throws `.unwritable` and is left as it is.
    ///
    /// A symbolic link at `path` (or a chain of them) is followed: the temporary file is made
    /// in the folder of the file the link points to and renamed onto it, so the link stays a link.
    public func save(_ state: State) throws(StateFileError) {
        let current = try currentContents()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        StateDates.configure(encoder)
        let bytes: [UInt8]
        do {
            var compact = try encoder.encode(state)
            if let current, !(State.self is any WholeObject.Type) {
                compact = try Self.keepingUnknownMembers(
                    of: current, in: compact, known: EncodedKeys.of(state), encoder: encoder)
            }
            bytes = Array(JSONText.pretty(compact).utf8)
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// The stored file's bytes, or nil when there is none (a dangling link included).
    private func currentContents() throws(StateFileError) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let why = "a save keeps the settings in it that this program does not know"
            throw .unwritable(path: path, reason: "cannot read it first (\(why)): \(Self.reason(error))")
        }
    }

    /// `new` (compact JSON from `encoder`) with the top-level members of `old` whose keys are
    /// neither in `new` nor in `known` added; `new` itself when there are none, or when either
    /// is not a JSON object.
    static func keepingUnknownMembers(
        of old: Data, in new: Data, known: Set<String>?, encoder: JSONEncoder
    ) throws -> Data {
        let decoder = JSONDecoder()
        guard case .object(let oldMembers)? = try? decoder.decode(JSONValue.self, from: old),
            case .object(var members)? = try? decoder.decode(JSONValue.self, from: new)
        else { return new }
        let kept = oldMembers.filter { members[$0.key] == nil && known?.contains($0.key) != true }
        if kept.isEmpty { return new }
        members.merge(kept) { current, _ in current }
        return try encoder.encode(JSONValue.object(members))
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(let type, let context),
            DecodingError.valueNotFound(let type, let context):
            let at = context.codingPath.map(\.stringValue).joined(separator: ".")
            let expected = "should be \(describe(type))"
            return at.isEmpty ? "the top level \(expected)" : "\"\(at)\" \(expected)"
        case let error as CocoaError:
            return error.underlying.map { reason($0) } ?? "error \(error.code.rawValue)"
        case let error as POSIXError:
            return String(cString: strerror(error.code.rawValue))
        default:
            return String(describing: error)
        }
    }

    /// A JSON word for a Swift type, for people who edit the file.
    private static func describe(_ type: Any.Type) -> String {
        switch String(describing: type) {
        case let name where name.hasPrefix("Dictionary"): return "an object { … }"
        case let name where name.hasPrefix("Array"): return "a list [ … ]"
        case "Bool": return "true or false"
        case "String": return "text in double quotes"
        case "Int", "Double", "Float", "Int64", "UInt": return "a number"
        case let name: return name
        }
    }

    /// The home folder from the password database, for when HOME is unset.
    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}

/// A `State` whose every top-level member is its own, such as a dictionary of entries: a save
/// writes exactly its members, so that a removed entry stays removed.
private protocol WholeObject {}

extension Dictionary: WholeObject {}
