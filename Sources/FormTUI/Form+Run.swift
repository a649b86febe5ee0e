#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Form where State: Equatable {
    /// Shows the form in the terminal over `state` until it is saved or left; the terminal is
    /// given back as it was on every path (a save, Esc, an error, a stop signal, a crash).
    ///
    /// ```swift
    /// if case .saved(let hotspot) = try form.run(state: Hotspot()) { print(hotspot.networkName) }
    /// ```
    ///
    /// Runs on the caller's thread and blocks it while the form is shown; the form's closures
    /// run there too. Nothing is written to disk: see `run(savingTo:defaults:options:)` for a
    /// state file with a draft journal.
    ///
    /// - Returns: `.saved` with the state when Ctrl-S saved it (even unchanged), `.cancelled`
    ///   when the form was left without saving, `.interrupted` when a signal (Ctrl-C, the
    ///   terminal closing) ended it.
    /// - Throws: `TerminalStartError` when there is no terminal to draw on (standard input or
    ///   output redirected, `TERM` unset or unknown), a key script's mistake for
    ///   `.headless(script:)`; nothing was shown then.
    public func run(state: State, options: FormRunOptions = FormRunOptions()) throws -> FormResult<State> {
        try FormRun(form: self, saved: state, options: options).result()
    }

    /// `run(state:options:)` from async code: runs on the caller's actor (the main actor from
    /// top-level code or a `@MainActor` function), so the form is never sent anywhere and need
    /// not be `Sendable`. It holds that actor while the form is shown. Cancelling the task ends
    /// the run as `.cancelled` within a tenth of a second (cancel it from elsewhere: a task on
    /// the same actor waits until the form ends).
    ///
    /// In top-level code (main.swift) Swift always picks the sync `run`: write it without
    /// `await` there (with it, Swift warns that nothing is awaited).
    ///
    /// ```swift
    /// let result = try await form.run(state: Hotspot())
    /// ```
    public func run(
        state: State, options: FormRunOptions = FormRunOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> FormResult<State> {
        try FormRun(form: self, saved: state, options: options, endsOnCancellation: true).result()
    }
}

extension Form where State: Codable & Equatable {
    /// Shows the form in the terminal over the state saved at `path` (`defaults` when there is
    /// no file yet); Ctrl-S writes the state back atomically (a new file, then a rename). Unsaved
    /// changes are journaled beside the file (`.hotspot.json.draft`) as you type, and after a
    /// crash or a `kill -9` the next run offers to resume them (`options.keepsDrafts` turns that
    /// off). One run at a time keeps a file's journal: a second one says so and keeps none.
    ///
    /// ```swift
    /// let result = try form.run(savingTo: "hotspot.json", defaults: Hotspot())
    /// print(result.savedState == nil ? "Nothing saved." : "Saved.")
    /// ```
    ///
    /// Blocks the caller's thread while the form is shown, as `run(state:options:)`.
    ///
    /// - Returns: as `run(state:options:)`; `.saved` holds what the file holds now.
    /// - Throws: `StateFileError` when the file cannot be read or is not this state's JSON (it is
    ///   left untouched), `TerminalStartError` when there is no terminal to draw on.
    public func run(
        savingTo path: String, defaults: State, options: FormRunOptions = FormRunOptions()
    ) throws -> FormResult<State> {
        try FormRun(form: self, file: JSONStateFile(path: path), defaults: defaults, options: options)
            .result()
    }

    /// `run(savingTo:defaults:options:)` from async code, on the caller's actor (see
    /// `run(state:options:isolation:)`). A cancelled task ends the run as `.cancelled`; its
    /// unsaved changes stay in the journal.
    ///
    /// ```swift
    /// let result = try await form.run(savingTo: "hotspot.json", defaults: Hotspot())
    /// ```
    public func run(
        savingTo path: String, defaults: State, options: FormRunOptions = FormRunOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> FormResult<State> {
        try FormRun(
            form: self, file: JSONStateFile(path: path), defaults: defaults, options: options,
            endsOnCancellation: true
        ).result()
    }

    /// `run(savingTo:defaults:options:)` with the file at `url` (a file URL).
    public func run(
        savingTo url: URL, defaults: State, options: FormRunOptions = FormRunOptions()
    ) throws -> FormResult<State> {
        try run(savingTo: url.path, defaults: defaults, options: options)
    }

    /// `run(savingTo:defaults:options:isolation:)` with the file at `url` (a file URL).
    public func run(
        savingTo url: URL, defaults: State, options: FormRunOptions = FormRunOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> FormResult<State> {
        try await run(savingTo: url.path, defaults: defaults, options: options, isolation: isolation)
    }
}
