import FormDocument

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
/// Temporary files that crashed saves left behind are removed by later loads and saves.
///
/// A file that does not load is never overwritten: `load()` throws `.corrupt`, and so does
/// `save(_:)`, whether or not this instance loaded it, until the caller says otherwise with
/// `save(_:replacingCorrupt: true)`.
///
/// A save keeps the stored file's top-level members that `State` does not know (written by a
/// newer version of the program, or by hand) exactly as they are written; see ``save(_:replacingCorrupt:)``.
/// When the path is a symbolic link, the file it points to is replaced and the link stays.
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
    ///
    /// Throws `.corrupt` when the file is not UTF-8, not strictly JSON (`01` or a comma before
    /// `}` too, which a save could not write back), or not a `State`, with where and why
    /// ("line 3, column 12: the number 1e400 is too large ..."); the file is left as it is.
    public func load() throws(StateFileError) -> State? {
        AtomicFile.removeStaleTemporaries(of: path)
        // A named pipe without a writer would wait forever before the first frame, without a word.
        if let kind = Self.waitingKind(path) {
            throw .unreadable(path: path, reason: "it is \(kind), not a file")
        }
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            // /dev/null, a pipe or a FIFO: read as a stream (Foundation refuses them).
            data =
                Self.isRegular(path)
                ? try Data(contentsOf: URL(fileURLWithPath: path)) : try Self.stream(path)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        // /dev/null, or an empty pipe: no state yet.
        if data.isEmpty, !Self.isRegular(path) { return nil }
        switch Self.decode(data) {
        case .success(let state): return state
        case .failure(let problem): throw .corrupt(path: path, reason: problem.reason)
        }
    }

    /// Replaces the stored state atomically, creating the folder (mode 0700) when missing.
    ///
    /// A stored file that does not load as `State` (not UTF-8, not JSON, the wrong shape) is
    /// not replaced: the save throws `.corrupt` naming the path, as `load()` would, even when this
    /// instance never loaded it, so that a hand-edited file with a typo is not lost. To replace it
    /// anyway, for instance after asking the user, pass `replacingCorrupt: true`. A stored file
    /// that cannot be read at all (permissions) is never replaced: the save throws `.unwritable`.
    ///
    /// ```swift
    /// do {
    ///     try file.save(prefs)
    /// } catch .corrupt(let path, let reason) {
    ///     if confirm("\(path) is damaged (\(reason)). Replace it?") {
    ///         try file.save(prefs, replacingCorrupt: true)
    ///     }
    /// }
    /// ```
    ///
    /// The stored file is changed member by member, not written anew: a member whose value is
    /// the same keeps its bytes, a changed one has only its value's bytes replaced where it
    /// stands, so the person's own indentation, spacing and key order stay (every change read
    /// back and checked, as FormDocument checks an edit). Top-level members that `State` does not
    /// write are kept exactly as they are written (numbers no Swift type holds, escapes, objects
    /// and lists of another program); a member `State` leaves out because it is nil
    /// (`encodeIfPresent`) counts as written, so clearing it sticks; a new member goes after the
    /// others. Unknown members nested inside a known member are not kept: the new value of that
    /// member is what it holds. Nothing is kept when `State` is a dictionary (its keys are all
    /// its own). A new file, or one that is not a JSON object, is written with two spaces a level.
    ///
    /// A symbolic link at `path` (or a chain of them) is followed: the temporary file is made
    /// in the folder of the file the link points to and renamed onto it, so the link stays a link.
    public func save(_ state: State, replacingCorrupt: Bool = false) throws(StateFileError) {
        var stored: Document?
        if let current = try currentContents() {
            let read = Self.decoded(current)
            if case .failure(let problem) = read.state, !replacingCorrupt {
                throw .corrupt(path: path, reason: problem.reason)
            }
            stored = read.document
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        StateDates.configure(encoder)
        let fresh: DocumentValue
        do {
            fresh = try Document(reading: Array(try encoder.encode(state)), format: .json).value
        } catch {
            throw .unwritable(path: path, reason: Self.reason(error))
        }
        // A dictionary's keys are all its own; otherwise a key is the program's when `State`
        // wrote it, or left it out because it is nil (so clearing it sticks). Only a stored key
        // the state does not write asks, so a save that changes values alone encodes once.
        var known: Set<String>?
        var recorded = false
        let owned = { (key: String) -> Bool in
            if State.self is any WholeObject.Type { return true }
            if !recorded {
                known = EncodedKeys.of(state)
                recorded = true
            }
            return known?.contains(key) == true
        }
        let text: [UInt8]
        if let stored, let updated = StateDocument.text(of: stored, updatedTo: fresh, owned: owned) {
            text = updated
        } else {
            do {
                text = try StateDocument.pretty(fresh)
            } catch {
                throw .unwritable(path: path, reason: error.message)
            }
        }
        try AtomicFile.write(text, to: path)
    }

    /// The stored file's bytes, or nil when there is none (a dangling link included).
    private func currentContents() throws(StateFileError) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // A pipe or /dev/null holds nothing to keep, and reading a pipe here could wait forever.
        guard Self.isRegular(path) else { return nil }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let why = "a save keeps the settings in it that this program does not know"
            throw .unwritable(path: path, reason: "cannot read it first (\(why)): \(Self.reason(error))")
        }
    }

    /// Everything a pipe or a device at `path` gives, up to 16 MB.
    static func stream(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= 16 << 20 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return Data(bytes)
    }

    /// "a named pipe (FIFO)" or "a device" when reading `path` could wait for ever; nil for a file,
    /// a folder, /dev/null and a pipe another process writes into (`<(…)`, which has no name).
    static func waitingKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO:
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return real.pointee == UInt8(ascii: "/") ? "a named pipe (FIFO)" : nil
        case S_IFCHR, S_IFBLK:
            var null = stat()
            return stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev ? nil : "a device"
        default:
            return nil
        }
    }

    /// Whether `path` (its links followed) is a regular file, or missing.
    static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG
    }

    /// Why stored bytes are not a `State`, in words for the person who edits the file.
    struct Problem: Error {
        var reason: String
    }

    /// The stored bytes as a `State`, or where and why they are not one.
    static func decode(_ data: Data) -> Result<State, Problem> {
        decoded(data).state
    }

    /// The stored bytes read as JSON (nil when they are not) and as a `State`.
    static func decoded(_ data: Data) -> (document: Document?, state: Result<State, Problem>) {
        guard String(data: data, encoding: .utf8) != nil else {
            return (nil, .failure(Problem(reason: "not UTF-8 text")))
        }
        // Strict first: the decoder lets through, in members it does not read, things that JSON
        // does not allow (`01`, a comma before `}`), which a save could not keep safely.
        let document: Document
        switch StateDocument.read(Array(data)) {
        case .success(let read): document = read
        case .failure(let problem): return (nil, .failure(Problem(reason: problem.text)))
        }
        let error: any Error
        do {
            return (document, .success(try StateDates.decoder().decode(State.self, from: data)))
        } catch let thrown {
            error = thrown
        }
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
            // The text is valid JSON, so the decoder's "not valid JSON" means a value it could
            // not convert: find which, or at least say what kind of thing to look for.
            let reason =
                numberProblem(in: document, failingWith: error)
                ?? "a value in it does not fit its setting (a number too large, or a fraction where a whole number belongs)"
            return (document, .failure(Problem(reason: reason)))
        }
        return (document, .failure(Problem(reason: reason(error))))
    }

    /// The number that `document` failed to decode on, with where it is and why, or nil.
    ///
    /// A number that does not fit the type it is decoded as (`1e400` for a `Double`, `1.5` for an
    /// `Int`) makes the decoder say only that the data "was not valid JSON", without a place.
    /// Each number is tried in turn as `0`, which every number type holds: the one whose
    /// replacement changes the outcome is the culprit.
    private static func numberProblem(in document: Document, failingWith error: any Error) -> String? {
        let original = String(describing: error)
        let bytes = document.bytes
        // Enough for any settings file; a bigger one is not worth the time of an error message.
        for range in StateDocument.numbers(in: document).prefix(1000) {
            var probe = bytes
            probe.replaceSubrange(range, with: [UInt8(ascii: "0")])
            do {
                _ = try StateDates.decoder().decode(State.self, from: Data(probe))
            } catch let other where String(describing: other) == original {
                continue
            } catch {}
            let text = String(decoding: bytes[range], as: UTF8.self)
            return
                "\(StateDocument.position(of: range.lowerBound, in: document)): the number \(text) \(whyNot(text))"
        }
        return nil
    }

    /// Why a number did not fit, in plain words.
    private static func whyNot(_ number: String) -> String {
        let value = Double(number) ?? 0
        let mantissa = number.prefix { $0 != "e" && $0 != "E" }
        if value.isInfinite { return "is too large (at most about 1.8e308)" }
        if value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) {
            return "is too close to zero to be kept"
        }
        if value.rounded() != value { return "does not fit this setting (it takes whole numbers)" }
        return "is too large for this setting"
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

    /// The user's home folder for an environment without HOME, as FoundationEssentials finds it
    /// (the process's HOME, else the password database): its lookup, not a second one of ours.
    private static func passwordHome() -> String? {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return home.isEmpty ? nil : home
    }
}

/// A `State` whose every top-level member is its own, such as a dictionary of entries: a save
/// writes exactly its members, so that a removed entry stays removed.
private protocol WholeObject {}

extension Dictionary: WholeObject {}
