#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Environment variables read one by one. `ProcessInfo.processInfo.environment` copies the whole
/// environment into a dictionary of new strings each time it is read: about 1M instructions, an
/// eighth of a start to the first frame.
///
/// ```swift
/// let environment = ProcessEnvironment.values(["TERM", "NO_COLOR"])
/// environment["TERM"] // "xterm-256color"
/// ```
public enum ProcessEnvironment {
    /// The variables among `names` that are set, as `ProcessInfo.processInfo.environment` has them.
    public static func values(_ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}
