import CNcursesw
import FormUI

/// A `Theme` turned into what ncurses draws with: for each role, attributes and a color pair.
struct CursesPalette {
    struct Rendition {
        var attributes: attr_t
        var pair: Int16
    }

    private var renditions: [Rendition]
    /// What focus adds: the theme's `focus` attributes (the monochrome theme's without colors).
    private let focus: attr_t

    /// Without `colors` every role gets its monochrome look and pair 0. With them, call after
    /// `start_color()`: this defines the color pairs the theme needs.
    init(theme: Theme, monochrome: Theme, colors: Bool, defaultColors: Bool) {
        var pairs: [Theme.Look: Int16] = [:]
        focus = Self.attributes(colors ? theme.focus : monochrome.focus)
        renditions = Style.Role.allCases.map { role in
            let look = colors ? theme.look(for: role) : monochrome.look(for: role)
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
                    ? Int16(COLOR_WHITE) : look.foreground.rawValue
                let background =
                    look.background == .terminalDefault && !defaultColors
                    ? Int16(COLOR_BLACK) : look.background.rawValue
                init_pair(pair, foreground, background)
                pairs[key] = pair
                rendition.pair = pair
            }
            return rendition
        }
    }

    func rendition(for style: Style) -> Rendition {
        var rendition = renditions[Int(style.role.rawValue)]
        if style.highlighted { rendition.attributes |= focus }
        return rendition
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
