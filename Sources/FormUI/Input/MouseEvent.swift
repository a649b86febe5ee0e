/// A mouse event the terminal reported (SGR mouse reporting, mode 1006), or a key script's
/// `click 12,5` or `wheel-down`: where it happened, in screen cells counted from 0 (as a
/// snapshot's cursor is), and what it was.
///
/// Mouse events arrive as `Key.mouse`, so that a screen that takes none simply ignores them.
///
/// ```swift
/// Key.mouse(MouseEvent(.press, x: 12, y: 5)).scriptName  // "click 12,5"
/// ```
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// The left button went down: a click.
        case press
        /// A button went up (nothing acts on it: the press did).
        case release
        /// The middle or right button went down, or a button moved while held.
        case other
        /// The wheel turned up (away from the user): the list scrolls up.
        case wheelUp
        /// The wheel turned down: the list scrolls down.
        case wheelDown
    }

    /// What happened.
    public var action: Action
    /// The column, from 0 at the left.
    public var x: Int
    /// The row, from 0 at the top (the title bar).
    public var y: Int
    /// Shift, Alt, Ctrl held (most terminals keep Shift-clicks for their own text selection).
    public var modifiers: Key.Modifiers

    /// An event at column `x`, row `y` (from 0).
    public init(_ action: Action, x: Int, y: Int, modifiers: Key.Modifiers = []) {
        self.action = action
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }

    /// The event an SGR report's fields describe (`ESC [ < b ; x ; y M`, `m` for a release):
    /// button code `b`, and 1-based `x` and `y`. Nil for fields that make no event.
    ///
    /// ```swift
    /// MouseEvent(sgrButton: 0, x: 13, y: 6, released: false)  // a click at 12,5
    /// ```
    public init?(sgrButton code: Int, x: Int, y: Int, released: Bool) {
        guard code >= 0, x >= 1, y >= 1 else { return nil }
        var modifiers: Key.Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let action: Action
        switch (code & 0b1100_0011, code & 32 != 0) {
        case (64, _): action = .wheelUp
        case (65, _): action = .wheelDown
        case (_, true): action = .other  // motion with a button held
        case (0, false): action = released ? .release : .press
        case (1, false), (2, false): action = released ? .release : .other
        default: return nil
        }
        self.init(action, x: x - 1, y: y - 1, modifiers: modifiers)
    }

    /// How a key script writes it: `click 12,5`, `wheel-down 12,5`, `release 12,5`.
    var scriptName: String {
        let place = "\(x),\(y)"
        let prefix = Key.names(of: modifiers, control: "ctrl-", alt: "alt-", shift: "shift-")
        switch action {
        case .press: return prefix + "click " + place
        case .release: return prefix + "release " + place
        case .other: return prefix + "mouse " + place
        case .wheelUp: return prefix + "wheel-up " + place
        case .wheelDown: return prefix + "wheel-down " + place
        }
    }
}
