import CNcursesw
import FormUI

/// A `Theme` turned into what ncurses draws with: for each style, attributes and a color pair.
///
/// A terminal with 256 colors (or more) gets the theme's palette colors as they are. One with 8
/// or 16 gets the nearest of its own; a background that comes out as the terminal's own
/// background color (a dark theme's subtle grays on a dark terminal) is left out, and what it
/// showed is shown by attributes instead: a text field underlined, the focused row bold. A
/// direct-color terminal gets each color's red, green and blue.
final class CursesPalette {
    struct Rendition {
        var attributes: attr_t
        var pair: Int16
    }

    private let theme: Theme
    private let colors: Bool
    private let colorCount: Int
    private let defaultColors: Bool
    /// The ANSI color the theme's canvas background comes out as, on a terminal of 8 or 16 colors.
    private let canvasANSI: Theme.Color
    private var pairs: [Theme.Look: Int16] = [:]
    /// By role, unfocused then focused.
    private var renditions: [Rendition] = []
    /// Styles with a literal color, made when first drawn.
    private var inked: [Style: Rendition] = [:]

    /// Without `colors` every role gets its monochrome look and pair 0. With them, call after
    /// `start_color()`: this defines the color pairs the theme needs. `colorCount` is what the
    /// terminal has (terminfo's `colors`).
    init(theme: Theme, monochrome: Theme, colors: Bool, colorCount: Int = 256, defaultColors: Bool) {
        self.theme = colors ? theme : monochrome
        self.colors = colors
        self.colorCount = colorCount
        self.defaultColors = defaultColors
        canvasANSI = theme.canvas.background.nearestANSI(among: min(16, max(8, colorCount)))
        renditions = [false, true].flatMap { highlighted in
            Style.Role.allCases.map { make(Style($0, highlighted: highlighted)) }
        }
    }

    func rendition(for style: Style) -> Rendition {
        if style.literalColor == nil {
            let index = Int(style.role.rawValue) + (style.highlighted ? Style.Role.allCases.count : 0)
            return renditions[index]
        }
        if let known = inked[style] { return known }
        let made = make(style)
        inked[style] = made
        return made
    }

    private func make(_ style: Style) -> Rendition {
        var look = theme.look(of: style)
        if colors, colorCount < 256 {
            look = lowColor(look, role: style.role, highlighted: style.highlighted)
        }
        var rendition = Rendition(attributes: Self.attributes(look.attributes), pair: 0)
        guard colors, look.usesColor else { return rendition }
        let key = Theme.Look(foreground: look.foreground, background: look.background)
        if let pair = pairs[key] {
            rendition.pair = pair
        } else if pairs.count + 1 < formtui_color_pairs() {
            let pair = Int16(pairs.count + 1)
            // Without use_default_colors, -1 is not a color: fall back to white on black.
            let foreground =
                look.foreground == .terminalDefault && !defaultColors
                ? Int32(COLOR_WHITE) : value(of: look.foreground)
            let background =
                look.background == .terminalDefault && !defaultColors
                ? Int32(COLOR_BLACK) : value(of: look.background)
            init_extended_pair(Int32(pair), foreground, background)
            pairs[key] = pair
            rendition.pair = pair
        }
        return rendition
    }

    /// What ncurses takes for `color`: its palette number; on a direct-color terminal (more than
    /// 256 colors, `TERM=xterm-direct`), where numbers are red, green and blue, the color's own
    /// (below 8 the ANSI colors, which such terminals keep).
    private func value(of color: Theme.Color) -> Int32 {
        guard colorCount > 256, color.index >= 8, let rgb = color.rgb else { return Int32(color.index) }
        return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
    }

    /// `look` in the terminal's 8 or 16 colors.
    private func lowColor(_ look: Theme.Look, role: Style.Role, highlighted: Bool) -> Theme.Look {
        let count = colorCount >= 16 ? 16 : 8
        var look = look
        look.foreground = look.foreground.nearest(among: count)
        look.background = look.background.nearest(among: count)
        if look.background == canvasANSI {
            look.background = .terminalDefault
            if role == .field || role == .placeholder { look.attributes.insert(.underline) }
            if highlighted { look.attributes.insert(.bold) }
            // A title bar that lost its gray is a blue one, as in the classic theme.
            if [.titleBar, .titlePath, .status].contains(role) {
                look.background = .blue
                // The light theme's dark title on its light bar: white on the blue one.
                if look.foreground == .black { look.foreground = .white }
            }
        }
        // Eight colors have no gray between the text's and the background's: secondary text dim.
        if count == 8, [.footer, .off, .disclosure, .disabled, .help, .track, .placeholder].contains(role),
            look.foreground == .white
        {
            look.attributes.insert(.dim)
        }
        // Terminals show bold text in the first eight colors as the bright ones (xterm's
        // boldColors): bold black is gray, which on high contrast's yellow focus bar read at 2:1.
        if look.foreground == .black, look.background != .terminalDefault { look.attributes.remove(.bold) }
        if look.foreground == look.background, look.foreground != .terminalDefault {
            look.foreground = .terminalDefault
        }
        return look
    }

    private static func attributes(_ attributes: Theme.Attributes) -> attr_t {
        var result = formtui_a_normal()
        if attributes.contains(.bold) { result |= formtui_a_bold() }
        if attributes.contains(.dim) { result |= formtui_a_dim() }
        if attributes.contains(.reverse) { result |= formtui_a_reverse() }
        if attributes.contains(.underline) { result |= formtui_a_underline() }
        return result
    }
}
