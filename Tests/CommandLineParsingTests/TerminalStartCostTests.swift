import FormUI
import Testing

@testable import FormTerminal

/// What the start of a session formats from terminfo: delays left out byte by byte, and only the
/// looks a frame draws (the start once formatted all of them, about 1.4M instructions).
@Suite struct TerminalStartCostTests {
    /// Counts the `tparm` calls a palette makes.
    final class Formats {
        var count = 0
    }

    static func codes(counting formats: Formats) -> TerminalCodes {
        TerminalCodes(
            string: { ScreenPainterTests.xterm[$0] }, flag: { ["am", "xenl", "bce"].contains($0) },
            number: { _ in -1 },
            format: { capability, first, second in
                formats.count += 1
                return ScreenPainterTests.xtermFormat(capability, first, second)
            },
            formatAttributes: { capability, parameters in
                formats.count += 1
                return ScreenPainterTests.xtermAttributes(capability, parameters)
            })
    }

    @Test func terminfoDelaysAreLeftOutAndTheRestKeptByteForByte() {
        let bytes = { (text: String) in Array(text.utf8) }
        #expect(
            TerminalCodes.withoutPadding(bytes("\u{1B}[H$<5>\u{1B}[2J$<50/*>")) == bytes("\u{1B}[H\u{1B}[2J"))
        #expect(TerminalCodes.withoutPadding("\u{1B}[m\u{0F}$<2>") == "\u{1B}[m\u{0F}")
        // A "$" that starts no delay, and "$<" never closed, are text.
        #expect(TerminalCodes.withoutPadding("a$b$<c") == "a$b$<c")
        #expect(TerminalCodes.withoutPadding("é$<1>ü·") == "éü·")
        #expect(TerminalCodes.withoutPadding([UInt8]()) == [])
    }

    @Test func aPaletteFormatsOnlyTheLooksDrawnAndEachOnce() {
        let formats = Formats()
        let codes = Self.codes(counting: formats)
        let probes = formats.count  // the checks of cup, cuf and ech
        let palette = TerminalPalette(
            theme: .dark, monochrome: .monochrome, codes: codes, colors: true, colorCount: 256,
            defaultColors: true)
        #expect(formats.count == probes)
        let header = palette.rendition(for: Style(.header))
        let afterHeader = formats.count
        #expect(afterHeader > probes)
        // The same look again formats nothing, and neither does a later palette's number for it.
        #expect(palette.rendition(for: Style(.header)) == header)
        #expect(formats.count == afterHeader)
        // With every look drawn, each attribute set and each color was formatted once.
        let other = TerminalPalette(
            theme: .dark, monochrome: .monochrome, codes: ScreenPainterTests.codes(), colors: true,
            colorCount: 256, defaultColors: true)
        var attributes: Set<Theme.Attributes> = []
        var foregrounds: Set<Theme.Color> = []
        var backgrounds: Set<Theme.Color> = []
        for highlighted in [false, true] {
            for role in Style.Role.allCases {
                let style = Style(role, highlighted: highlighted)
                let look = Theme.dark.look(of: style)
                if !look.attributes.isEmpty { attributes.insert(look.attributes) }
                if look.usesColor, look.foreground != .terminalDefault { foregrounds.insert(look.foreground) }
                if look.usesColor, look.background != .terminalDefault { backgrounds.insert(look.background) }
                #expect(
                    palette.sequence(palette.rendition(for: style))
                        == other.sequence(other.rendition(for: style)), "\(role) \(highlighted)")
            }
        }
        #expect(formats.count - probes <= attributes.count + foregrounds.count + backgrounds.count)
    }
}
