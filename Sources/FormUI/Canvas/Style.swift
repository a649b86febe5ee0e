/// What a cell's text is, for the backend to choose colors and attributes.
///
/// Roles are semantic so that a theme (or `NO_COLOR`) decides the look; `highlighted`
/// marks the focus (a focused row's marker and title), drawn in reverse video whatever the theme
/// (see `Theme.focus`).
///
/// ```swift
/// canvas.write("Saved", at: Point(x: 0, y: 0), style: Style(.status))
/// ```
public struct Style: Hashable, Sendable {
    public enum Role: UInt8, Hashable, Sendable, CaseIterable {
        case plain
        case titleBar
        case status
        case header
        case footer
        case value
        case on
        case off
        case disclosure
        case help
        case helpKey
        case dialog
        case error
        /// A row that cannot be used now.
        case disabled
        /// The chosen part of a row: the current component of an open picker, a chosen segment.
        case accent
    }

    public var role: Role
    public var highlighted: Bool

    public init(_ role: Role = .plain, highlighted: Bool = false) {
        self.role = role
        self.highlighted = highlighted
    }

    public static let plain = Style()
}
