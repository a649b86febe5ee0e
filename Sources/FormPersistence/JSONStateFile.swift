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
            return try JSONDecoder().decode(State.self, from: data)
        } catch {
            let syntax = JSONSyntax.firstError(in: Array(data))
            throw .corrupt(path: path, reason: syntax ?? Self.reason(error))
        }
    }

    /// Replaces the stored state atomically, creating the folder (mode 0700) when missing.
    public func save(_ state: State) throws(StateFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8]
        do {
            let compact = try encoder.encode(state)
            bytes = Array(JSONText.pretty(compact).utf8)
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
        try AtomicFile.write(bytes, to: path)
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
