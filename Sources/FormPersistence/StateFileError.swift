/// Why a state file could not be read or written. `description` names the file and the problem.
public enum StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but does not hold valid state; it is left exactly as it is.
    case corrupt(path: String, reason: String)
    /// The file could not be read (permissions, a folder in its place, ...).
    case unreadable(path: String, reason: String)
    /// The new state could not be written; the old file, if any, is unchanged.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason):
            return
                "\(path) is not a valid state file (\(reason)); fix it or move it away, it was left unchanged"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            // The cause first: in a form it is shown on one line, cut at the screen's edge.
            return "\(reason); \(path) is unchanged"
        }
    }
}
