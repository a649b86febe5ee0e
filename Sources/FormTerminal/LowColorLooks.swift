import FormUI

/// A theme's looks on a terminal of 8 or 16 colors, which both terminals draw with (ncurses'
/// color pairs, the inline painter's SGR codes): each color the nearest of the terminal's; a
/// background that comes out as the terminal's own (a dark theme's subtle grays on a dark
/// terminal) left out, and what it showed shown by attributes instead: a text field underlined,
/// the focused row bold.
///
/// ```swift
/// let looks = LowColorLooks(theme: .standard, colorCount: 8)
/// let look = looks.look(of: Style(.field, highlighted: false))  // underlined, no gray
/// ```
struct LowColorLooks {
    let theme: Theme
    /// 8 or 16.
    let count: Int
    /// The ANSI color the theme's canvas background comes out as.
    let canvasANSI: Theme.Color

    init(theme: Theme, colorCount: Int) {
        self.theme = theme
        count = colorCount >= 16 ? 16 : 8
        canvasANSI = theme.canvas.background.nearestANSI(among: count)
    }

    /// The contrast of a look's text with its background as xterm draws them: bold text in the
    /// first eight colors in the bright eight, the default background as the canvas's.
    private func contrast(of look: Theme.Look) -> Double {
        var index = Int(look.foreground.index)
        if look.attributes.contains(.bold), index < 8 { index += 8 }
        let text = Theme.RGB.xtermANSI[min(index, 15)]
        let background =
            look.background == .terminalDefault
            ? theme.canvas.background : Theme.RGB.xtermANSI[min(Int(look.background.index), 15)]
        return text.contrast(with: background)
    }

    func look(of style: Style) -> Theme.Look {
        look(theme.look(of: style), role: style.role, highlighted: style.highlighted)
    }

    /// `look`, a look of the theme's for `role`, in the terminal's colors.
    func look(_ look: Theme.Look, role: Style.Role, highlighted: Bool) -> Theme.Look {
        var look = look
        look.foreground = look.foreground.nearest(among: count)
        look.background = look.background.nearest(among: count)
        if look.background == canvasANSI {
            look.background = .terminalDefault
            if role == .field || role == .placeholder { look.attributes.insert(.underline) }
            // The focused row's bar, whose shade the terminal has not: the row in reverse video,
            // as the classic theme shows it (bold alone hid which row had focus).
            if highlighted {
                look.attributes.insert(.bold)
                look.attributes.insert(.reverse)
                look.attributes.remove(.underline)
            }
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
        // A color the terminal's own would not read on (bold green, shown bright, on white):
        // the terminal's text color, which it chose for its background, with the attributes.
        if look.foreground != .terminalDefault, contrast(of: look) < 3 { look.foreground = .terminalDefault }
        return look
    }
}
