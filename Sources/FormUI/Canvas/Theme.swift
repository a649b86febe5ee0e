/// How each `Style.Role` looks on a real terminal: colors on the terminal's own background, plus
/// attributes; and a monochrome variant for `NO_COLOR` and terminals without colors.
///
/// `Style.highlighted` is not part of a theme: the focused row is always drawn in reverse video,
/// so focus shows with or without colors.
///
/// ```swift
/// let look = Theme.standard.look(for: .error)  // red, bold
/// ```
public struct Theme: Sendable {
    /// The eight ANSI colors, or the terminal's own foreground/background.
    public enum Color: Int16, Sendable {
        case terminalDefault = -1
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
    }

    public struct Look: Hashable, Sendable {
        public var foreground: Color
        public var background: Color
        public var attributes: Attributes

        public init(
            _ attributes: Attributes = [], foreground: Color = .terminalDefault,
            background: Color = .terminalDefault
        ) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }

        public var usesColor: Bool { foreground != .terminalDefault || background != .terminalDefault }
    }

    private var looks: [Style.Role: Look]

    public init(_ looks: [Style.Role: Look]) {
        self.looks = looks
    }

    public func look(for role: Style.Role) -> Look {
        looks[role] ?? Look()
    }

    /// Colors that read well on both dark and light backgrounds: no blue or yellow text on the
    /// terminal's own background, which every role but the title bar keeps. The status (e.g.
    /// "● modified") sits in the title bar, so it shares its background. Roles left out (value,
    /// help, dialog) are plain: a dialog is a box whose first line is a header.
    public static let standard = Theme([
        .titleBar: Look(.bold, foreground: .white, background: .blue),
        .status: Look(.bold, foreground: .yellow, background: .blue),
        .header: Look(.bold, foreground: .cyan),
        .footer: Look(.dim),
        .on: Look(.bold, foreground: .green),
        .off: Look(.dim),
        .disclosure: Look(.dim),
        .helpKey: Look(.bold),
        .error: Look(.bold, foreground: .red),
        .disabled: Look(.dim),
        .accent: Look([.bold, .reverse]),
    ])

    /// Attributes only, for `NO_COLOR` and monochrome terminals.
    public static let monochrome = Theme([
        .titleBar: Look([.reverse, .bold]),
        .status: Look([.reverse, .bold]),
        .header: Look(.bold),
        .footer: Look(.dim),
        .on: Look(.bold),
        .off: Look(.dim),
        .disclosure: Look(.dim),
        .helpKey: Look(.bold),
        .error: Look([.bold, .underline]),
        .disabled: Look(.dim),
        .accent: Look([.bold, .reverse]),
    ])
}
