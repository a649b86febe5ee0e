/// How each `Style.Role` looks on a real terminal: colors on the terminal's own background, plus
/// attributes; and a monochrome variant for `NO_COLOR` and terminals without colors.
///
/// `Style.highlighted` (the focused row's marker and title) adds the theme's `focus` attributes
/// to a role's look: reverse video in every theme, so focus shows with or without colors, and
/// bold as well in the monochrome one.
///
/// ```swift
/// let look = Theme.standard.look(for: .error)  // red, bold
/// let focus = Theme.monochrome.focus  // [.reverse, .bold]
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
    /// What `Style.highlighted` adds to a role's look. Keep `.reverse` in it: the focus must show
    /// on a terminal without colors.
    public var focus: Attributes

    public init(_ looks: [Style.Role: Look], focus: Attributes = .reverse) {
        self.looks = looks
        self.focus = focus
    }

    /// `role`'s look, with the focus attributes added when `style` is highlighted.
    public func look(of style: Style) -> Look {
        var look = look(for: style.role)
        if style.highlighted { look.attributes.formUnion(focus) }
        return look
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

    /// Attributes only, for `NO_COLOR` and monochrome terminals. Focus is bold as well as
    /// reversed: without colors, attributes are all that set the focused title apart.
    public static let monochrome = Theme(
        [
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
        ], focus: [.reverse, .bold])
}
