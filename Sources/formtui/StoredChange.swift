import FormCore
import FormPersistence
import FormSpec

/// What a save of `formtui form` does when the state file changed on disk since it was read
/// (another program's write, or another formtui session's save): on the screen it asks (reload,
/// overwrite, cancel: `StoredStateChanged`); headless and in the line mode it is refused with a
/// message naming `--force`, which saves over it.
enum StoredChange {
    /// Throws what the save must stop with; `theirs` reads the answers the file holds now.
    static func check(
        _ watch: StateFileWatch, asking: Bool, theirs: () throws(SpecError) -> SpecAnswers
    ) throws {
        guard asking else { throw Refusal(path: watch.path) }
        let stored: SpecAnswers
        do {
            stored = try theirs()
        } catch {
            throw Refusal(path: watch.path, unreadable: error.description)
        }
        throw StoredStateChanged(
            theirs: stored, merge: { base, mine in merge(base: base, mine: mine, theirs: stored) },
            accept: { watch.update() })
    }

    /// As `check(_:asking:theirs:)` for a demo's state (`StateMerge` takes both sides' changes
    /// member by member); a demo has no --force, so the refusal names none.
    static func check<State: Codable>(
        _ watch: StateFileWatch, asking: Bool, theirs: () throws -> State?
    ) throws {
        guard asking else { throw Refusal(path: watch.path, force: false) }
        let stored: State?
        do {
            stored = try theirs()
        } catch {
            throw Refusal(path: watch.path, unreadable: "\(error)", force: false)
        }
        guard let stored else { return }
        throw StoredStateChanged(
            theirs: stored, merge: { base, mine in StateMerge.merge(base: base, mine: mine, theirs: stored) },
            accept: { watch.update() })
    }

    /// The person's answers where they changed them from `base`, the file's everywhere else.
    static func merge(base: SpecAnswers, mine: SpecAnswers, theirs: SpecAnswers) -> SpecAnswers {
        var merged = theirs
        for (id, value) in mine.values where base.values[id] != value { merged.values[id] = value }
        return merged
    }

    /// The save refused: the file changed since it was read.
    struct Refusal: Error, CustomStringConvertible {
        var path: String
        var unreadable: String?
        /// Whether the command has --force to say so.
        var force = true

        var description: String {
            let why = unreadable.map { " and cannot be read (\($0))" } ?? ""
            return
                "\(path) changed since it was read (another program saved it)\(why); not saved over it"
                + (force ? ": --force does" : "")
        }
    }
}
