import CNcursesw
import FormUI

/// A `Theme` turned into what ncurses draws with: for each style, attributes (`attr_t`) and a
/// color pair. Curses then writes the terminal's own sequences for them (`sgr`, `setaf`, `ncv`,
/// magic cookies) and changes them only where a frame needs it.
///
/// A terminal with 256 colors (or more) gets the theme's palette colors as they are; one with 8
/// or 16 the looks of `LowColorLooks`. A direct-color terminal (more than 256 colors,
/// `TERM=xterm-direct`) gets each color's red, green and blue. Each pair of colors gets one pair
/// number, however many styles share it.
///
/// ```swift
/// let palette = CursesPalette(theme: .dark, monochrome: .monochrome, colors: true,
///                             colorCount: 256, pairCount: 65536, defaultColors: true)
/// let look = palette.rendition(for: Style(.header))  // attributes and pair for setcchar
/// ```
final class CursesPalette {
    struct Rendition: Equatable {
        var attributes: attr_t
        var pair: Int16
    }

    private let theme: Theme
    private let colors: Bool
    private let colorCount: Int
    private let pairCount: Int
    private let defaultColors: Bool
    /// The looks on a terminal of 8 or 16 colors.
    private let lowColors: LowColorLooks
    /// The pair number of each foreground and background, in the order they were first drawn.
    private var pairs: [Theme.Look: Int16] = [:]
    /// By role, unfocused then focused.
    private var renditions: [Rendition] = []
    /// Styles with a literal color, made when first drawn.
    private var inked: [Style: Rendition] = [:]

    /// Without `colors` every role gets its monochrome look and pair 0. With them, call after
    /// `start_color()`: this defines the color pairs the theme needs. `colorCount` and
    /// `pairCount` are what the terminal has (terminfo's `colors`, curses' `COLOR_PAIRS`);
    /// without `defaultColors` (`use_default_colors`) the terminal's own colors are taken as white
    /// on black where a look sets the other one.
    init(
        theme: Theme, monochrome: Theme, colors: Bool, colorCount: Int = 256, pairCount: Int = 256,
        defaultColors: Bool
    ) {
        self.theme = colors ? theme : monochrome
        self.colors = colors
        self.colorCount = colorCount
        // setcchar takes the pair as a short.
        self.pairCount = min(pairCount, Int(Int16.max))
        self.defaultColors = defaultColors
        lowColors = LowColorLooks(theme: theme, colorCount: colorCount)
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
            look = lowColors.look(look, role: style.role, highlighted: style.highlighted)
        }
        var rendition = Rendition(attributes: Self.attributes(look.attributes), pair: 0)
        guard colors, look.usesColor else { return rendition }
        let key = Theme.Look(foreground: look.foreground, background: look.background)
        if let pair = pairs[key] {
            rendition.pair = pair
        } else if pairs.count + 1 < pairCount {
            let pair = Int16(pairs.count + 1)
            // Without use_default_colors, -1 is not a color: white on black instead.
            let foreground =
                look.foreground == .terminalDefault && !defaultColors
                ? Int32(COLOR_WHITE) : value(of: look.foreground)
            let background =
                look.background == .terminalDefault && !defaultColors
                ? Int32(COLOR_BLACK) : value(of: look.background)
            // init_pair takes colors as shorts: a direct-color terminal's red-green-blue values,
            // and pair numbers past 255 on some builds, need the extended call.
            if colorCount > 256 || pairCount > 256 {
                init_extended_pair(Int32(pair), foreground, background)
            } else {
                init_pair(pair, Int16(foreground), Int16(background))
            }
            pairs[key] = pair
            rendition.pair = pair
        }
        return rendition
    }

    /// What curses takes for `color`: its palette number; on a direct-color terminal, where
    /// numbers are red, green and blue, the color's own (below 8 the ANSI colors, which such
    /// terminals keep).
    private func value(of color: Theme.Color) -> Int32 {
        guard colorCount > 256, color.index >= 8, let rgb = color.rgb else { return Int32(color.index) }
        return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
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
