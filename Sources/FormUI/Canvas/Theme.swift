#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How each `Style.Role` looks on a real terminal: colors and attributes, and what focus adds.
///
/// Four themes come with formtui: `dark` (the default, for dark terminal backgrounds), `light`
/// (for light ones), `highContrast` (7:1 or more for every text) and `classic` (the 16 ANSI
/// colors, formtui's first look); `monochrome` is the look without colors (`NO_COLOR`, a
/// terminal without colors). Colors are entries of the xterm 256-color palette, so a 256-color
/// or truecolor terminal shows them exactly; a terminal with 8 or 16 colors shows the nearest
/// of its own (see `Theme.Color.nearest(among:)`).
///
/// `Style.highlighted` (the focused row) adds the theme's `focus` attributes to a role's look and
/// paints the row on `focusBackground`, so focus shows across the whole row; the monochrome
/// theme shows it in reverse video.
///
/// ```swift
/// let look = Theme.dark.look(for: .error)  // bold, a light red
/// let theme = Theme.named("light") ?? .dark
/// ```
public struct Theme: Sendable {
    /// A color of the xterm 256-color palette (0...15 the terminal's own ANSI colors, 16...231
    /// a 6×6×6 cube, 232...255 grays), or the terminal's own foreground/background.
    public struct Color: Hashable, Sendable {
        /// -1 for the terminal's default, else 0...255.
        public let index: Int16

        public init(index: Int16) {
            precondition(index >= -1 && index <= 255, "a palette color is -1...255, not \(index)")
            self.index = index
        }

        public static let terminalDefault = Color(index: -1)
        public static let black = Color(index: 0)
        public static let red = Color(index: 1)
        public static let green = Color(index: 2)
        public static let yellow = Color(index: 3)
        public static let blue = Color(index: 4)
        public static let magenta = Color(index: 5)
        public static let cyan = Color(index: 6)
        public static let white = Color(index: 7)

        /// Entry `index` of the 256-color palette.
        public static func palette(_ index: UInt8) -> Color { Color(index: Int16(index)) }

        /// The palette entry (from 16 up, whose colors every terminal agrees on) nearest to a
        /// color given by its red, green and blue.
        ///
        /// ```swift
        /// Theme.Color.rgb(0xFF, 0x87, 0x00)  // .palette(208), exactly
        /// ```
        public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
            let wanted = RGB(red, green, blue)
            let index = (16...255).min {
                RGB.palette[$0].distance(to: wanted) < RGB.palette[$1].distance(to: wanted)
            }!
            return Color(index: Int16(index))
        }

        /// The color's red, green and blue as xterm shows them; nil for the terminal's default.
        public var rgb: RGB? { index < 0 ? nil : RGB.palette[Int(index)] }

        /// The nearest of the terminal's first `count` colors (8 or 16), by red, green and blue.
        public func nearest(among count: Int) -> Color {
            guard index >= count, let rgb else { return self }
            return rgb.nearestANSI(among: count)
        }
    }

    /// A color by its red, green and blue, for pictures and for contrast.
    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#1e1f22`.
        public init?(hex: String) {
            let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
            self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }

        public var description: String {
            let hex = String((Int(red) << 16 | Int(green) << 8 | Int(blue)) | 0x100_0000, radix: 16)
            return "#" + hex.dropFirst()
        }

        /// WCAG 2 relative luminance, 0 (black) to 1 (white).
        public var luminance: Double {
            func channel(_ value: UInt8) -> Double {
                let c = Double(value) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
        }

        /// Whether dark text reads better on this color than light text: a luminance above
        /// 0.179, where black and white have the same contrast with it.
        public var isLight: Bool { luminance > 0.179 }

        /// WCAG 2 contrast ratio with `other`, 1 to 21.
        public func contrast(with other: RGB) -> Double {
            let (a, b) = (luminance, other.luminance)
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }

        /// The ANSI color (of the first `count`, 8 or 16) that stands in for this one: a gray by
        /// its lightness (black, bright black, white, bright white), any other color by its hue,
        /// the bright variant for a light one. By hue, not by distance: the nearest by distance
        /// to a theme's soft blue or green is white, and a theme would lose all its colors.
        public func nearestANSI(among count: Int) -> Color {
            let high = Int(max(red, green, blue))
            let low = Int(min(red, green, blue))
            let bright = count >= 16
            if high - low < 48 {
                let level = (high + low) / 2
                if level < 64 { return .black }
                if level < 160 { return bright ? Color(index: 8) : (level < 112 ? .black : .white) }
                return bright && level >= 240 ? Color(index: 15) : .white
            }
            let (r, g, b) = (Double(red), Double(green), Double(blue))
            let chroma = Double(high - low)
            var hue: Double
            if Int(red) == high {
                hue = (g - b) / chroma
            } else if Int(green) == high {
                hue = 2 + (b - r) / chroma
            } else {
                hue = 4 + (r - g) / chroma
            }
            hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
            let base: Color =
                switch hue {
                case ..<20, 330...: .red
                case ..<70: .yellow
                case ..<160: .green
                case ..<200: .cyan
                case ..<270: .blue
                default: .magenta
                }
            // A light color (every channel well up) is the bright variant where there is one; with
            // eight colors a light blue is cyan, since dark blue is unreadable on black.
            guard low >= 80 else { return base }
            return bright ? Color(index: base.index + 8) : base == .blue ? .cyan : base
        }

        func distance(to other: RGB) -> Int {
            let (r, g, b) = (
                Int(red) - Int(other.red), Int(green) - Int(other.green), Int(blue) - Int(other.blue)
            )
            // Weighted as the eye weighs them (green most, blue least).
            return 3 * r * r + 4 * g * g + 2 * b * b
        }

        /// The sixteen ANSI colors as xterm's defaults, to pick the nearest on a 16-color terminal.
        public static let xtermANSI: [RGB] = [
            "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
            "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
        ].map { RGB(hex: $0)! }

        /// The 256-color palette: 0...15 as pictures show the ANSI colors on a dark terminal, then
        /// xterm's cube and grays, which every 256-color terminal shares.
        static let palette: [RGB] = {
            var colors = [
                "#2b2d31", "#ef5f57", "#6bc46d", "#e0b84a", "#1d4aa8", "#c678dd", "#4fb8c8", "#f0f0f0",
                "#5c6370", "#ff6b63", "#8fe08f", "#f0d070", "#6b9cff", "#e09aef", "#7fd8e4", "#ffffff",
            ].map { RGB(hex: $0)! }
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            for red in levels {
                for green in levels {
                    for blue in levels { colors.append(RGB(red, green, blue)) }
                }
            }
            for step in 0..<24 {
                let gray = UInt8(8 + 10 * step)
                colors.append(RGB(gray, gray, gray))
            }
            return colors
        }()
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

    /// The name `--theme` and `FORMTUI_THEME` take.
    public var name: String
    private var looks: [Style.Role: Look]
    /// What `Style.highlighted` adds to a role's look. The monochrome theme's must hold
    /// `.reverse`: without colors, attributes are all that show the focus.
    public var focus: Attributes
    /// The background of the focused row, across the row.
    public var focusBackground: Color
    /// The background of the focused row's text field (`.field`, `.placeholder`), which stands
    /// out from the row's; `.terminalDefault` keeps the field's own.
    public var focusFieldBackground: Color
    /// The text color of the focused row, when the theme sets one (high contrast: black on its
    /// bright bar); `.terminalDefault` keeps each role's own.
    public var focusForeground: Color
    /// The terminal's own text and background colors the theme is made for: what pictures
    /// (`SVGImage`) draw the default colors as, and what contrast is measured against.
    public var canvas: (foreground: RGB, background: RGB)
    /// Whether a cell's literal color (`Style(color:fallback:)`) shows; false in the monochrome
    /// theme, which shows the fallback role instead.
    public var showsLiteralColors: Bool

    public init(
        name: String, _ looks: [Style.Role: Look], focus: Attributes = .reverse,
        focusBackground: Color = .terminalDefault, focusFieldBackground: Color = .terminalDefault,
        focusForeground: Color = .terminalDefault,
        canvas: (foreground: RGB, background: RGB) = (RGB(0xd8, 0xd8, 0xd8), RGB(0x1e, 0x1f, 0x22)),
        showsLiteralColors: Bool = true
    ) {
        self.name = name
        self.looks = looks
        self.focus = focus
        self.focusBackground = focusBackground
        self.focusForeground = focusForeground
        self.focusFieldBackground = focusFieldBackground
        self.canvas = canvas
        self.showsLiteralColors = showsLiteralColors
    }

    /// `style`'s look: its role's (or its literal color), with the focus added when it is
    /// highlighted.
    public func look(of style: Style) -> Look {
        var look = look(for: style.role)
        if showsLiteralColors, let color = style.literalColor { look.foreground = color }
        if style.highlighted {
            look.attributes.formUnion(focus)
            if look.background == .terminalDefault { look.background = focusBackground }
            if style.role == .field || style.role == .placeholder {
                if focusFieldBackground != .terminalDefault { look.background = focusFieldBackground }
                // In reverse video the row shows the field; underlined reverse blanks come out
                // unreversed on xterm, which cut the row in two.
                if focus.contains(.reverse) { look.attributes.remove(.underline) }
            }
            if focusForeground != .terminalDefault { look.foreground = focusForeground }
        }
        if paintsCanvas {
            if look.foreground == .terminalDefault {
                look.foreground = .rgb(canvas.foreground.red, canvas.foreground.green, canvas.foreground.blue)
            }
            if look.background == .terminalDefault {
                look.background = .rgb(canvas.background.red, canvas.background.green, canvas.background.blue)
            }
        }
        return look
    }

    public func look(for role: Style.Role) -> Look {
        looks[role] ?? Look()
    }

    /// The red, green and blue a look's text and background are drawn in (reverse video
    /// swapped), the terminal's defaults taken as `canvas`'s.
    public func colors(of look: Look) -> (foreground: RGB, background: RGB) {
        let foreground = look.foreground.rgb ?? canvas.foreground
        let background = look.background.rgb ?? canvas.background
        return look.attributes.contains(.reverse) ? (background, foreground) : (foreground, background)
    }

    /// The theme with the terminal's own colors replaced by `canvas`'s (their nearest palette
    /// entries): a theme as it looks on the background it is made for, whatever the terminal's
    /// (`formtui themes` shows the light theme so on a dark terminal).
    public func onItsCanvas() -> Theme {
        var theme = self
        theme.paintsCanvas = true
        return theme
    }

    /// Whether the terminal's own colors are drawn as `canvas`'s (see `onItsCanvas()`).
    public private(set) var paintsCanvas = false

    /// The theme as it must be drawn on a terminal whose background is `background`: on its own
    /// canvas where it was made for the other kind (dark on a white terminal, whose grays and
    /// light text would vanish on it), else as it is. A theme of the terminal's own 16 colors
    /// (classic, monochrome), and any theme where the background is not known, stays as it is.
    ///
    /// ```swift
    /// Theme.dark.fitted(toBackground: Theme.RGB(255, 255, 255)).paintsCanvas  // true
    /// ```
    public func fitted(toBackground background: RGB?) -> Theme {
        guard let background, !paintsCanvas, !usesOnlyTerminalColors,
            background.isLight != canvas.background.isLight
        else { return self }
        return onItsCanvas()
    }

    /// Whether every look is of the terminal's own 16 colors or its defaults, which the terminal
    /// chose for its background.
    private var usesOnlyTerminalColors: Bool {
        looks.values.allSatisfy { $0.foreground.index < 16 && $0.background.index < 16 }
            && focusBackground.index < 16 && focusForeground.index < 16
    }

    /// The themes `--theme` knows, the default first.
    public static let all: [Theme] = [.dark, .light, .highContrast, .classic]

    /// The theme named `name` (`dark`, `light`, `high-contrast`, `classic`, `monochrome`), any case.
    public static func named(_ name: String) -> Theme? {
        let wanted = name.lowercased()
        return (all + [.monochrome]).first { $0.name == wanted }
    }

    /// The default: made for a dark terminal background.
    public static let standard = dark

    private static func gray(_ level: UInt8) -> Color { .palette(232 + level) }

    /// For dark terminal backgrounds: soft blue headers, light gray secondary text, fields on a
    /// slightly lighter gray, and the focused row on a lighter one still.
    public static let dark = Theme(
        name: "dark",
        [
            .titleBar: Look(.bold, foreground: .palette(255), background: gray(4)),
            .titlePath: Look(foreground: .palette(248), background: gray(4)),
            .status: Look(.bold, foreground: .palette(215), background: gray(4)),
            .header: Look(.bold, foreground: .palette(110)),
            .footer: Look(foreground: .palette(247)),
            .on: Look(.bold, foreground: .palette(114)),
            .off: Look(foreground: .palette(247)),
            .disclosure: Look(foreground: .palette(247)),
            .help: Look(foreground: .palette(247)),
            .helpKey: Look(.bold, foreground: .palette(153)),
            .error: Look(.bold, foreground: .palette(210)),
            .disabled: Look(foreground: .palette(245)),
            .accent: Look(.bold, foreground: .palette(234), background: .palette(110)),
            .field: Look(background: gray(4)),
            .placeholder: Look(foreground: .palette(247), background: gray(4)),
            .required: Look(.bold, foreground: .palette(216)),
            .marker: Look(.bold, foreground: .palette(153)),
            .track: Look(foreground: .palette(245)),
        ], focus: .bold, focusBackground: gray(5), focusFieldBackground: gray(7))

    /// For light terminal backgrounds: dark blue headers, mid gray secondary text.
    public static let light = Theme(
        name: "light",
        [
            .titleBar: Look(.bold, foreground: .palette(235), background: .palette(254)),
            .titlePath: Look(foreground: .palette(240), background: .palette(254)),
            .status: Look(.bold, foreground: .palette(94), background: .palette(254)),
            .header: Look(.bold, foreground: .palette(25)),
            .footer: Look(foreground: .palette(242)),
            .on: Look(.bold, foreground: .palette(22)),
            .off: Look(foreground: .palette(242)),
            .disclosure: Look(foreground: .palette(242)),
            .help: Look(foreground: .palette(240)),
            .helpKey: Look(.bold, foreground: .palette(25)),
            .error: Look(.bold, foreground: .palette(160)),
            .disabled: Look(foreground: .palette(244)),
            .accent: Look(.bold, foreground: .palette(231), background: .palette(25)),
            .field: Look(background: .palette(255)),
            .placeholder: Look(foreground: .palette(242), background: .palette(255)),
            .required: Look(.bold, foreground: .palette(124)),
            .marker: Look(.bold, foreground: .palette(25)),
            .track: Look(foreground: .palette(244)),
        ], focus: .bold, focusBackground: .palette(254), focusFieldBackground: .palette(231),
        canvas: (RGB(0x1c, 0x1c, 0x1c), RGB(0xff, 0xff, 0xff)))

    /// 7:1 or more for every text: white and yellow on black, the focused row black on yellow.
    /// It paints its own black background: its white text must never fall on a white terminal.
    public static let highContrast = Theme(
        name: "high-contrast",
        [
            .plain: Look(foreground: .palette(231)),
            .value: Look(foreground: .palette(231)),
            .titleBar: Look(.bold, foreground: .palette(16), background: .palette(231)),
            .titlePath: Look(foreground: .palette(16), background: .palette(231)),
            .status: Look(.bold, foreground: .palette(16), background: .palette(231)),
            .header: Look(.bold, foreground: .palette(226)),
            .footer: Look(foreground: .palette(252)),
            .on: Look(.bold, foreground: .palette(46)),
            .off: Look(foreground: .palette(252)),
            .disclosure: Look(foreground: .palette(252)),
            .help: Look(foreground: .palette(231)),
            .helpKey: Look(.bold, foreground: .palette(226)),
            .dialog: Look(foreground: .palette(231)),
            .error: Look([.bold, .underline], foreground: .palette(210)),
            .disabled: Look(foreground: .palette(248)),
            .accent: Look(.bold, foreground: .palette(16), background: .palette(51)),
            .field: Look(.underline, foreground: .palette(231)),
            .placeholder: Look(.underline, foreground: .palette(252)),
            .required: Look(.bold, foreground: .palette(226)),
            .marker: Look(.bold, foreground: .palette(226)),
            .track: Look(foreground: .palette(250)),
        ], focus: .bold, focusBackground: .palette(226), focusForeground: .palette(16),
        canvas: (RGB(0xff, 0xff, 0xff), RGB(0, 0, 0))
    ).onItsCanvas()

    /// The 16 ANSI colors, close to formtui's first look: a blue title bar, cyan headers, green
    /// for on, focus in reverse video.
    public static let classic = Theme(
        name: "classic",
        [
            .titleBar: Look(.bold, foreground: .white, background: .blue),
            .titlePath: Look(foreground: .white, background: .blue),
            .status: Look(.bold, foreground: Color(index: 11), background: .blue),
            .header: Look(.bold, foreground: .cyan),
            .footer: Look(.dim),
            .on: Look(.bold, foreground: .green),
            .off: Look(.dim),
            .disclosure: Look(.dim),
            .helpKey: Look(.bold),
            .error: Look(.bold, foreground: .red),
            .disabled: Look(.dim),
            .accent: Look([.bold, .reverse]),
            .field: Look(.underline),
            .placeholder: Look([.underline, .dim]),
            .required: Look(.bold, foreground: .yellow),
            .marker: Look(.bold),
            .track: Look(.dim),
        ])

    /// Attributes only, for `NO_COLOR` and monochrome terminals. Focus is bold and reversed
    /// across the row: without colors, attributes are all that set it apart.
    public static let monochrome = Theme(
        name: "monochrome",
        [
            .titleBar: Look([.reverse, .bold]),
            .titlePath: Look(.reverse),
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
            .field: Look(.underline),
            .placeholder: Look([.underline, .dim]),
            .required: Look(.bold),
            .marker: Look(.bold),
            .track: Look(.dim),
        ], focus: [.reverse, .bold], showsLiteralColors: false)
}
