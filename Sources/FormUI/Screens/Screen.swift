/// One screen of the navigation stack: a form, an editor, a list, a dialog.
///
/// A screen turns keys into changes of its state and draws itself from that state; it never
/// talks to the terminal.
///
/// ```swift
/// final class About: Screen {
///     var title: String { "About" }
///     func helpItems(isRoot: Bool) -> [HelpItem] { [HelpItem("Esc", "Back")] }
///     func render(into canvas: inout Canvas, area: Rect) {
///         canvas.write("formtui", at: area.origin)
///     }
///     func handle(_ key: Key, navigator: Navigator) {
///         if key == .escape { navigator.pop() }
///     }
/// }
/// ```
public protocol Screen: AnyObject {
    /// Shown in the title bar's path.
    var title: String { get }
    /// Shown at the right of the title bar (e.g. "modified").
    var status: String? { get }
    /// A modal screen is drawn over the screen below it, which stays visible.
    var isModal: Bool { get }
    /// Whether leaving now would lose edits (a scripted session that ends like this says so).
    var hasUnsavedChanges: Bool { get }
    /// The keys that work on this screen now, for the help line.
    func helpItems(isRoot: Bool) -> [HelpItem]
    /// Draws the screen into `area`; sets `canvas.cursor` where the terminal cursor belongs.
    func render(into canvas: inout Canvas, area: Rect)
    /// Acts on a key.
    func handle(_ key: Key, navigator: Navigator)
    /// Called when the screen becomes the top of the stack again.
    func willAppear()
    /// Whether `render` sets every cell of its area on every frame. The app then hands it the
    /// last frame's canvas rather than a blank one, so that it may leave what did not change.
    var drawsWholeArea: Bool { get }
    /// Does a slice of work the screen left for later (a filter still finding the matches of a
    /// long list), while no event waits; returns whether it did any, and so needs a frame.
    func workWhileIdle() -> Bool
}

extension Screen {
    public var drawsWholeArea: Bool { false }
    public var status: String? { nil }
    public var isModal: Bool { false }
    public var hasUnsavedChanges: Bool { false }
    public func willAppear() {}
    public func workWhileIdle() -> Bool { false }
}

/// What a screen may ask of the app that shows it.
public protocol Navigator: AnyObject {
    /// Shows `screen` on top of the current one.
    func push(_ screen: Screen)
    /// Removes the top screen; the root screen quits the app instead.
    func pop()
    /// Ends the app with an exit status.
    func quit(status: Int32)
    /// Shows a one-line message in place of the help line until the next key.
    func show(message: String, isError: Bool)
    /// Whether the screen on top is the first one: leaving it ends the app (a browsed form's Esc
    /// and `q` quit there, where they go back elsewhere).
    var isAtRoot: Bool { get }
}

/// One entry of the help line: a key and what it does.
///
/// When the line is too narrow, items of lower `priority` go first, so that Save and Cancel stay
/// visible after "↑↓ Move" is gone. The focused row's own keys (`isRowKey`: its hints, its
/// list's Add and Delete) count a step and a half higher: they are what the row can do, where
/// the generic keys are the same on every row and learnt once.
///
/// ```swift
/// HelpItem("^D", "Delete", priority: 1, isRowKey: true)  // outlasts "Esc Cancel" (priority 2)
/// ```
public struct HelpItem: Hashable, Sendable {
    public var key: String
    public var action: String
    public var priority: Int
    /// Whether the key is the focused row's rather than the screen's.
    public var isRowKey: Bool

    public init(_ key: String, _ action: String, priority: Int = 1, isRowKey: Bool = false) {
        self.key = key
        self.action = action
        self.priority = priority
        self.isRowKey = isRowKey
    }

    /// Which items a narrow help line drops first (the lowest): by priority, a row's key above
    /// a generic key of its priority and of the next one.
    var keepingRank: Int { priority * 2 + (isRowKey ? 3 : 0) }

    /// Columns the item takes on the help line.
    public var width: Int { TextWidth.of(key) + 1 + TextWidth.of(action) }
}
