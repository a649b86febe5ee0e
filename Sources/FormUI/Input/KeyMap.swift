import FormCore

/// What a key can ask of a form screen, independent of the key.
public enum Command: Hashable, Sendable {
    case focusPrevious, focusNext, pageUp, pageDown, first, last
    /// Save the form (edit mode) or leave it without saving (asking first when it changed).
    case save, cancel
    /// Leave a form that is browsed, not edited; `quit` on the first screen.
    case back, quit
    /// Empty the text that filters a list.
    case clearFilter
    /// Change the array a `ForEach` shows: add after the focused element, delete it, move it.
    case addElement, deleteElement, moveElementUp, moveElementDown
    /// In an open inline picker: choose a component, move its value, close the picker keeping
    /// the value, or close it taking back what it changed (in a draft; browsing, it only closes).
    case pickerLeft, pickerRight, pickerUp, pickerDown, closePicker, cancelPicker
    /// Take the draft back one change, or forward again (see `FormEditor.undo()`).
    case undo, redo
    /// Open the search that puts focus on any row by its title (see `FieldSearch`).
    case jump
    /// An action for the focused row.
    case row(RowAction)
}

/// Which keys do what: one table that both the key handling and the help line read, so they
/// cannot disagree. A library user can rebind any command; the help line follows.
///
/// Several commands may share a key (Esc cancels, closes a picker, clears a filter): a screen
/// enables the commands that make sense now, and the first enabled one bound to a key wins.
///
/// ```swift
/// var keys = KeyMap.standard
/// keys.rebind(.save, to: [.control("w")])
/// FormScreen(form: form, store: store, mode: .edit, keyMap: keys)
/// ```
public struct KeyMap: Sendable {
    public private(set) var bindings: [Command: [Key]]

    public init(_ bindings: [Command: [Key]]) {
        self.bindings = bindings
    }

    public static let standard = KeyMap([
        .focusPrevious: [.up, .backTab],
        .focusNext: [.down, .tab],
        .pageUp: [.pageUp],
        .pageDown: [.pageDown],
        .first: [.home],
        .last: [.end],
        .save: [.control("s")],
        .cancel: [.escape],
        .back: [.escape],
        .quit: [.character("q"), .escape],
        .clearFilter: [.escape],
        .addElement: [.character("a"), .insert],
        .deleteElement: [.character("d"), .control("d")],
        .moveElementUp: [.modified(.up, .alt)],
        .moveElementDown: [.modified(.down, .alt)],
        .pickerLeft: [.left, .backTab],
        .pickerRight: [.right, .tab],
        .pickerUp: [.up],
        .pickerDown: [.down],
        .closePicker: [.enter],
        .cancelPicker: [.escape],
        // Alt-U and Alt-E as in nano; Ctrl-_ (what Ctrl-/ sends too) as in readline and Emacs.
        .undo: [.modified(.character("u"), .alt), .control("_")],
        .redo: [.modified(.character("e"), .alt)],
        .jump: [.control("g"), .character("/")],
        .row(.activate): [.enter],
        .row(.toggle): [.space],
        .row(.increment): [.right, .character("+")],
        .row(.decrement): [.left, .character("-")],
        .row(.largeIncrement): [.modified(.right, .shift), .pageUp],
        .row(.largeDecrement): [.modified(.left, .shift), .pageDown],
    ])

    /// Binds `command` to `keys` instead of its keys so far.
    public mutating func rebind(_ command: Command, to keys: [Key]) {
        bindings[command] = keys
    }

    /// The keys bound to `command`, the first one shown in help.
    public func keys(for command: Command) -> [Key] {
        bindings[command] ?? []
    }

    /// Whether `key` is bound to `command`, or (with `fallback`) works as a key that is.
    public func matches(_ key: Key, _ command: Command, fallback: Bool = true) -> Bool {
        let keys = self.keys(for: command)
        if keys.contains(key) { return true }
        if fallback, let base = Self.fallback(for: key) { return keys.contains(base) }
        return false
    }

    /// The key that `key` works as when nothing binds it: a key held with Shift or Ctrl works as
    /// the key alone (Ctrl-↓ moves like ↓); Alt never falls back, since Alt-keys mean something
    /// of their own.
    ///
    /// ```swift
    /// KeyMap.fallback(for: .modified(.down, .control))  // .down
    /// KeyMap.fallback(for: .modified(.down, .alt))      // nil
    /// ```
    public static func fallback(for key: Key) -> Key? {
        guard case .modified(let base, let modifiers) = key, !modifiers.contains(.alt) else { return nil }
        return base
    }

    /// The help line's name for the keys of `commands`: the first key of each that `usable`
    /// keeps (a key that goes to text being typed is not), run together when they are single
    /// characters such as arrows (`←→`, `Alt-↑↓`), else joined with `/`.
    public func label(for commands: [Command], where usable: (Key) -> Bool = { _ in true }) -> String? {
        let labels = commands.compactMap { keys(for: $0).first(where: usable)?.label }
        guard let first = labels.first else { return nil }
        let prefix = String(first.dropLast())
        if labels.allSatisfy({ $0.count == prefix.count + 1 && $0.hasPrefix(prefix) }) {
            return prefix + String(labels.map { $0.last! })
        }
        return labels.joined(separator: "/")
    }
}
