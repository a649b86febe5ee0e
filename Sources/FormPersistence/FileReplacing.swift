/// Replaces a file's bytes all at once, as a state file is saved (a temporary file beside it,
/// fsync, rename, fsync of the folder; a symbolic link stays a link), for files that are not
/// state: a person's configuration file keeps its mode and owner.
///
/// ```swift
/// try FileReplacing.replace("pyproject.toml", with: bytes, keepingModeAndOwner: true)
/// ```
public enum FileReplacing {
    public static func replace(
        _ path: String, with bytes: [UInt8], keepingModeAndOwner: Bool
    ) throws(StateFileError) {
        try AtomicFile.write(bytes, to: path, keepsModeAndOwner: keepingModeAndOwner)
    }
}
