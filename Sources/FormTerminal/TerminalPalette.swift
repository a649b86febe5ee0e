import CNcursesw
import FormUI

/// A `Theme` turned into what the terminal is sent for each style: one sequence that resets the
/// attributes and sets the style's (terminfo's `sgr0`, `bold`, …, `setaf`, `setab`), formatted
/// once per look and numbered, so that a frame compares numbers and copies bytes.
///
/// A terminal with 256 colors (or more) gets the theme's palette colors as they are; one with 8
/// or 16 the looks of `LowColorLooks`. A direct-color terminal gets each color's red, green and
/// blue.
///
/// ```swift
/// let palette = TerminalPalette(theme: .dark, monochrome: .monochrome, codes: codes, colors: true,
///                               colorCount: 256, defaultColors: true)
/// let look = palette.rendition(for: Style(.header))
/// bytes += palette.sequence(look)
/// ```
final class TerminalPalette {
    private let theme: Theme
    private let colors: Bool
    private let colorCount: Int
    private let defaultColors: Bool
    private let codes: TerminalCodes
    /// The looks on a terminal of 8 or 16 colors.
    private let lowColors: LowColorLooks
    /// The sequences, by rendition number; 0 is the reset alone (the look after a clear).
    @exclusivity(unchecked) private var sequences: [[UInt8]]
    /// By rendition number, where the look is ANSI SGRs: its attributes' parameters and its
    /// colors' (nil: the terminal's own).
    private var parts: [Parts?]
    /// By rendition number, what erasing (`el`) in it shows: its background (palette number + 1,
    /// 0 for the terminal's own), or -1 when it has reverse or underline.
    @exclusivity(unchecked) private var erasures: [Int]
    /// What changes one rendition into another, by `from` then `to`, made when first needed
    /// (arrays, not a dictionary: a hash per change of look cost more than the change).
    /// Unchecked, as `byRole` below, and these two above: read on every change of look, where
    /// the dynamic exclusivity checks cost more than the look-up.
    @exclusivity(unchecked) private var transitions: [[[UInt8]?]] = []
    private var numbers: [[UInt8]: Int] = [:]
    /// By role, unfocused then focused; -1 until first drawn (a start draws few of them, and
    /// formatting each through terminfo cost more than the first frame's drawing). Unchecked:
    /// `rendition(for:)` reads it for every changed cell, and a dynamic exclusivity check there
    /// cost 5% of a Down; only this class touches it, from one thread.
    @exclusivity(unchecked) private var byRole: [Int] = []
    /// `sgr` formatted, by attributes' raw value, and `setaf` and `setab`, by color: looks share
    /// them.
    private var attributeSequences: [UInt8: [UInt8]] = [:]
    private var foregrounds: [Int32: [UInt8]] = [:]
    private var backgrounds: [Int32: [UInt8]] = [:]
    /// Styles with a literal color, made when first drawn.
    private var inked: [Style: Int] = [:]

    /// Without `colors` every role gets its monochrome look. `colorCount` is what the terminal
    /// has (terminfo's `colors`); without `defaultColors` the terminal's own colors are taken as
    /// white on black where a look sets the other one.
    init(
        theme: Theme, monochrome: Theme, codes: TerminalCodes, colors: Bool, colorCount: Int = 256,
        defaultColors: Bool
    ) {
        let colors = colors && codes.setsColors
        self.theme = colors ? theme : monochrome
        self.colors = colors
        self.colorCount = colorCount
        self.defaultColors = defaultColors
        self.codes = codes
        lowColors = LowColorLooks(theme: theme, colorCount: colorCount)
        sequences = [codes.reset]
        parts = [Parts(attributes: codes.reset, foreground: nil, background: nil)]
        erasures = [0]
        numbers = [codes.reset: 0]
        byRole = Array(repeating: -1, count: 2 * Style.Role.allCases.count)
    }

    /// The number of `style`'s look: styles that look the same share one.
    func rendition(for style: Style) -> Int {
        if style.literalColor == nil {
            // Highlighted looks after the plain ones (`byRole` holds twice the roles).
            let index = Int(style.role.rawValue) + (style.highlighted ? byRole.count / 2 : 0)
            let known = byRole[index]
            return known >= 0 ? known : firstRendition(for: style, at: index)
        }
        if let known = inked[style] { return known }
        let made = number(of: style)
        inked[style] = made
        return made
    }

    /// Kept out of `rendition(for:)`, which a frame calls for every changed cell.
    @inline(never)
    private func firstRendition(for style: Style, at index: Int) -> Int {
        let made = number(of: style)
        byRole[index] = made
        return made
    }

    /// What sets rendition `number` (from any other).
    func sequence(_ number: Int) -> [UInt8] {
        sequences[number]
    }

    /// What sets rendition `to` where `from` is set: only the colors that differ when the
    /// attributes are the same (and the terminal's colors are ANSI ones), else the whole look.
    func transition(from: Int, to: Int) -> [UInt8] {
        if from < transitions.count, to < transitions[from].count, let known = transitions[from][to] {
            return known
        }
        var made = sequences[to]
        if codes.defaultColorsByANSI, let old = parts[from], let new = parts[to],
            old.attributes == new.attributes
        {
            var parameters: [UInt8] = []
            if old.foreground != new.foreground { parameters += new.foreground ?? Array("39".utf8) }
            if old.background != new.background {
                if !parameters.isEmpty { parameters.append(0x3B) }
                parameters += new.background ?? Array("49".utf8)
            }
            made = parameters.isEmpty ? [] : [0x1B, 0x5B] + parameters + [0x6D]
        }
        while transitions.count <= from { transitions.append([]) }
        while transitions[from].count <= to { transitions[from].append(nil) }
        transitions[from][to] = made
        return made
    }

    /// Whether a blank of `style` looks as the screen does after a clear: no background, nothing
    /// that shows on a blank.
    func erases(_ style: Style) -> Bool {
        let look = look(of: style)
        return (!colors || look.background == .terminalDefault)
            && look.attributes.isDisjoint(with: [.reverse, .underline])
    }

    /// Whether erasing to the end of a row in `style`'s look (`el`) shows blanks of that style:
    /// nothing that shows on a blank but the background, and that one only where the terminal
    /// erases with it.
    func erasesLine(_ style: Style) -> Bool {
        let look = look(of: style)
        return (!colors || look.background == .terminalDefault || codes.erasesWithBackground)
            && look.attributes.isDisjoint(with: [.reverse, .underline])
    }

    /// Whether erasing in rendition `current` shows what erasing in `target` would: then a
    /// change of look before an erase is left out.
    func erasesAlike(_ current: Int, _ target: Int) -> Bool {
        erasures[current] >= 0 && erasures[current] == erasures[target]
    }

    private func look(of style: Style) -> Theme.Look {
        var look = theme.look(of: style)
        if colors, colorCount < 256 {
            look = lowColors.look(look, role: style.role, highlighted: style.highlighted)
        }
        return look
    }

    private func number(of style: Style) -> Int {
        let look = look(of: style)
        let colored = colors && look.usesColor
        let attributes = colored ? look.attributes.subtracting(codes.noColorVideo) : look.attributes
        var pieces: [[UInt8]] = []
        if attributes.contains(.bold) { pieces.append(codes.bold) }
        if attributes.contains(.dim) { pieces.append(codes.dim) }
        if attributes.contains(.reverse) { pieces.append(codes.reverse) }
        if attributes.contains(.underline) { pieces.append(codes.underline) }
        var foreground: [UInt8]?
        var background: [UInt8]?
        if colored {
            // After the reset both are the terminal's own; without default colors those are taken
            // as white on black, as the look needs both.
            if look.foreground != .terminalDefault {
                foreground = foregroundSequence(value(of: look.foreground))
            } else if !defaultColors {
                foreground = foregroundSequence(Int32(COLOR_WHITE))
            }
            if look.background != .terminalDefault {
                background = backgroundSequence(value(of: look.background))
            } else if !defaultColors {
                background = backgroundSequence(Int32(COLOR_BLACK))
            }
        }
        // The reset and the attributes: in one `sgr` where the terminal has it (ncurses' way).
        let attributeSequence =
            attributes.isEmpty
            ? codes.reset : attributeSequence(attributes) ?? codes.joined([codes.reset] + pieces)
        let colorPieces = [foreground, background].compactMap { $0 }
        let sequence =
            colorPieces.isEmpty ? attributeSequence : codes.joined([attributeSequence] + colorPieces)
        if let known = numbers[sequence] { return known }
        sequences.append(sequence)
        parts.append(Parts(attributeSequence, foreground: foreground, background: background))
        let erasedBackground =
            !colored
            ? 0
            : look.background != .terminalDefault
                ? Int(look.background.index) + 1
                : defaultColors ? 0 : Int(COLOR_BLACK) + 1
        erasures.append(attributes.isDisjoint(with: [.reverse, .underline]) ? erasedBackground : -1)
        numbers[sequence] = sequences.count - 1
        return sequences.count - 1
    }

    private func attributeSequence(_ attributes: Theme.Attributes) -> [UInt8]? {
        if let known = attributeSequences[attributes.rawValue] { return known }
        let made = codes.attributes(attributes)
        if let made { attributeSequences[attributes.rawValue] = made }
        return made
    }

    private func foregroundSequence(_ color: Int32) -> [UInt8] {
        if let known = foregrounds[color] { return known }
        let made = codes.foreground(color)
        foregrounds[color] = made
        return made
    }

    private func backgroundSequence(_ color: Int32) -> [UInt8] {
        if let known = backgrounds[color] { return known }
        let made = codes.background(color)
        backgrounds[color] = made
        return made
    }

    /// A look as SGR parameters.
    private struct Parts {
        var attributes: [UInt8]
        var foreground: [UInt8]?
        var background: [UInt8]?

        init(attributes: [UInt8], foreground: [UInt8]?, background: [UInt8]?) {
            self.attributes = attributes
            self.foreground = foreground
            self.background = background
        }

        /// Nil unless each color is one SGR. The attributes are only compared.
        init?(_ attributes: [UInt8], foreground: [UInt8]?, background: [UInt8]?) {
            func parameters(_ piece: [UInt8]?) -> [UInt8]?? {
                guard let piece else { return .some(nil) }
                return TerminalCodes.sgrParameters(piece).map { .some(Array($0)) } ?? nil
            }
            guard let foreground = parameters(foreground), let background = parameters(background) else {
                return nil
            }
            self.init(attributes: attributes, foreground: foreground, background: background)
        }
    }

    /// What the terminal takes for `color`: its palette number; on a direct-color terminal (more
    /// than 256 colors, `TERM=xterm-direct`), where numbers are red, green and blue, the color's
    /// own (below 8 the ANSI colors, which such terminals keep).
    private func value(of color: Theme.Color) -> Int32 {
        guard colorCount > 256, color.index >= 8, let rgb = color.rgb else { return Int32(color.index) }
        return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
    }
}
