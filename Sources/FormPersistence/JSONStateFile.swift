import Foundation

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
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
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
            throw .corrupt(path: path, reason: Self.reason(error))
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

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
            return (underlying as? String) ?? context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(let type, let context),
            DecodingError.valueNotFound(let type, let context):
            let at = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\"\(at)\" should be \(type)"
        default:
            let nsError = error as NSError
            return nsError.localizedFailureReason ?? nsError.localizedDescription
        }
    }
}
