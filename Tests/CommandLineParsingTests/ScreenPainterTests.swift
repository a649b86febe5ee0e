import CNcursesw
import FormCore
import FormTestSupport
import Testing

@testable import FormTerminal
@testable import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// What the full-screen painter puts into a curses window, read back from a curses screen that
/// writes to /dev/null: every cell of the canvas, in its look, wide characters over two columns,
/// zero-width marks on their character, clipped by display columns, the cursor where the canvas
/// has it. Curses keeps global state: one screen at a time, so the suite is serialized.
@Suite(.serialized) struct ScreenPainterTests {
    /// A curses screen of `size` on xterm-256color that draws nowhere, for `body`; deleted after.
    static func withHeadlessScreen<R>(
        size: Size, colors: Bool = true, _ body: (UnsafeMutablePointer<WINDOW>, CursesPalette) throws -> R
    ) throws -> R {
        // wcwidth, which curses measures characters with, knows wide ones in a UTF-8 locale.
        setlocale(LC_CTYPE, "C.UTF-8")
        let output = try #require(fopen("/dev/null", "w"))
        let input = try #require(fopen("/dev/null", "r"))
        defer {
            fclose(output)
            fclose(input)
        }
        let screen = try #require(newterm("xterm-256color", output, input))
        defer {
            endwin()
            delscreen(screen)
        }
        resizeterm(Int32(size.height), Int32(size.width))
        let window = try #require(formtui_stdscr())
        var started = false
        if colors { started = start_color() == OK && use_default_colors() == OK }
        let palette = CursesPalette(
            theme: .dark, monochrome: .monochrome, colors: started, colorCount: 256,
            pairCount: Int(formtui_color_pairs()), defaultColors: started)
        return try body(window, palette)
    }

    /// The character, attributes and pair curses holds at `x`, `y` of `window`.
    static func cell(_ window: UnsafeMutablePointer<WINDOW>, _ x: Int, _ y: Int)
        -> (text: [Unicode.Scalar], rendition: CursesPalette.Rendition)
    {
        var stored = cchar_t()
        mvwin_wch(window, Int32(y), Int32(x), &stored)
        var text = [wchar_t](repeating: 0, count: 8)
        var attributes = attr_t()
        var pair: Int16 = 0
        getcchar(&stored, &text, &attributes, &pair, nil)
        let scalars = text.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        // The pair is given apart: the attributes read back without its bits.
        return (
            scalars, CursesPalette.Rendition(attributes: attributes & ~attr_t(COLOR_PAIR(255)), pair: pair)
        )
    }

    /// The window's row `y` as text, a wide character once (its second column skipped).
    static func text(_ window: UnsafeMutablePointer<WINDOW>, row y: Int, of canvas: Canvas) -> String {
        var line = ""
        var x = 0
        while x < Int(getmaxx(window)) {
            line.unicodeScalars.append(contentsOf: cell(window, x, y).text.prefix(1))
            x += x < canvas.size.width ? max(1, Int(canvas[x, y].width)) : 1
        }
        return line
    }

    @Test func everyCellIsInTheWindowInItsLook() throws {
        var canvas = Canvas(size: Size(width: 30, height: 4))
        canvas.fill(row: 0, style: Style(.titleBar))
        _ = canvas.write("Title", at: Point(x: 1, y: 0), style: Style(.titleBar))
        _ = canvas.write("[x] Item 1", at: Point(x: 2, y: 1), style: Style(.value, highlighted: true))
        _ = canvas.write("日本語 e\u{301}", at: Point(x: 2, y: 2), style: Style(.header))
        _ = canvas.write("Esc leaves", at: Point(x: 1, y: 3), style: Style(.help))
        try Self.withHeadlessScreen(size: canvas.size) { window, palette in
            let painter = ScreenPainter(palette: palette, asciiOnly: false)
            #expect(!painter.put(canvas, into: window), "no cursor, none shown")
            #expect(Self.text(window, row: 0, of: canvas) == canvas.lines[0].padding(30))
            #expect(Self.text(window, row: 1, of: canvas).hasPrefix("  [x] Item 1  "))
            #expect(Self.text(window, row: 2, of: canvas).hasPrefix("  日本語 e"))
            // The combining mark rides on its letter, in one cell.
            #expect(Self.cell(window, 9, 2).text == ["e", "\u{301}"])
            for y in 0..<canvas.size.height {
                for x in 0..<canvas.size.width where !canvas[x, y].isContinuation {
                    #expect(
                        Self.cell(window, x, y).rendition == palette.rendition(for: canvas[x, y].style),
                        "\(x),\(y)")
                }
            }
            // The theme's colors got pairs; looks with the same colors share one.
            #expect(palette.rendition(for: Style(.titleBar)).pair != 0)
            #expect(palette.rendition(for: Style(.plain)) == palette.rendition(for: Style(.plain)))
        }
    }

    /// The painter fills curses cells itself, as setcchar would: bit for bit the same cell, for
    /// every look and pair number (past 255 too, which the attributes cannot hold).
    @Test func aCellIsFilledAsSetccharFillsIt() throws {
        let looks = [
            formtui_a_normal(), formtui_a_bold(), formtui_a_reverse() | formtui_a_underline(),
            formtui_a_dim(),
        ]
        for attributes in looks {
            for pair in [0, 1, 7, 200, 254, 255, 256, 300, 4_000, Int(Int16.max)] {
                var look = Looks.cell(of: CursesPalette.Rendition(attributes: attributes, pair: Int16(pair)))
                look.chars.0 = wchar_t(0x61)
                var made = cchar_t()
                let text: [wchar_t] = [0x61, 0]
                #expect(setcchar(&made, text, attributes, Int16(pair), nil) == OK)
                let same = withUnsafeBytes(of: look) { ours in
                    withUnsafeBytes(of: made) { theirs in ours.elementsEqual(theirs) }
                }
                #expect(same, "attributes \(attributes), pair \(pair)")
            }
        }
        // Marks ride on their letter; a spacing character after the base ends the cell, as
        // setcchar ends it. Read back from the window against what setcchar puts there.
        setlocale(LC_CTYPE, "C.UTF-8")
        var canvas = Canvas(size: Size(width: 6, height: 1))
        _ = canvas.write("e\u{301}\u{302}a👍🏽", at: Point(x: 0, y: 0))
        try Self.withHeadlessScreen(size: canvas.size) { window, palette in
            ScreenPainter(palette: palette, asciiOnly: false).put(canvas, into: window)
            #expect(Self.cell(window, 0, 0).text == ["e", "\u{301}", "\u{302}"])
            #expect(Self.cell(window, 1, 0).text == ["a"])
            #expect(Self.cell(window, 2, 0).text == ["👍"])
        }
    }

    @Test func aWideCharacterThatWouldCrossTheWindowsEdgeIsABlank() throws {
        var canvas = Canvas(size: Size(width: 12, height: 2))
        _ = canvas.write("abcdefghi日本", at: Point(x: 0, y: 0))
        // A narrower screen than the canvas (a resize on its way): 10 columns.
        try Self.withHeadlessScreen(size: Size(width: 10, height: 2)) { window, palette in
            ScreenPainter(palette: palette, asciiOnly: false).put(canvas, into: window)
            #expect(Self.text(window, row: 0, of: canvas) == "abcdefghi ")
        }
    }

    @Test func withoutUTF8EveryCellIsItsASCIIStandInInTheSameColumns() throws {
        var canvas = Canvas(size: Size(width: 16, height: 1))
        _ = canvas.write("─•日x", at: Point(x: 0, y: 0))
        try Self.withHeadlessScreen(size: canvas.size) { window, palette in
            ScreenPainter(palette: palette, asciiOnly: true).put(canvas, into: window)
            var scalars: [Unicode.Scalar] = []
            for x in 0..<6 { scalars += Self.cell(window, x, 0).text.prefix(1) }
            #expect(String(String.UnicodeScalarView(scalars)) == "-*? x ")
        }
    }

    @Test func theCursorGoesWhereTheCanvasHasIt() throws {
        var canvas = Canvas(size: Size(width: 20, height: 5))
        _ = canvas.write("Name  ada", at: Point(x: 0, y: 2))
        canvas.cursor = Point(x: 9, y: 2)
        try Self.withHeadlessScreen(size: canvas.size) { window, palette in
            let painter = ScreenPainter(palette: palette, asciiOnly: false)
            #expect(painter.put(canvas, into: window))
            #expect(getcurx(window) == 9 && getcury(window) == 2)
            // Off the window: not shown.
            canvas.cursor = Point(x: 25, y: 2)
            #expect(!painter.put(canvas, into: window))
        }
    }

    /// A row the window already holds is not put again: `wadd_wchnstr` would mark it changed,
    /// and ncurses compare it cell by cell, for nothing (a key changes two or three rows).
    @Test func onlyTheRowsThatChangedAreTouched() throws {
        var canvas = Canvas(size: Size(width: 24, height: 5))
        canvas.fill(row: 0, style: Style(.titleBar))
        _ = canvas.write("Title", at: Point(x: 1, y: 0), style: Style(.titleBar))
        _ = canvas.write("> 日本語 e\u{301}", at: Point(x: 0, y: 1), style: Style(.value, highlighted: true))
        _ = canvas.write("  Second", at: Point(x: 0, y: 2), style: Style(.value))
        _ = canvas.write("😀 ━━● On", at: Point(x: 0, y: 3), style: Style(.header))
        _ = canvas.write("Esc leaves", at: Point(x: 1, y: 4), style: Style(.help))
        try Self.withHeadlessScreen(size: canvas.size) { window, palette in
            let painter = ScreenPainter(palette: palette, asciiOnly: false)
            painter.put(canvas, into: window)
            #expect((0..<5).allSatisfy { is_linetouched(window, Int32($0)) })
            wnoutrefresh(window)
            #expect((0..<5).allSatisfy { !is_linetouched(window, Int32($0)) })

            // The same frame again: no row changes.
            painter.put(canvas, into: window)
            #expect((0..<5).filter { is_linetouched(window, Int32($0)) } == [])

            // Focus moves: rows 1 and 2 change, in their text and their look.
            var next = canvas
            _ = next.write("  日本語 e\u{301}", at: Point(x: 0, y: 1), style: Style(.value))
            _ = next.write("> Second", at: Point(x: 0, y: 2), style: Style(.value, highlighted: true))
            painter.put(next, into: window)
            #expect((0..<5).filter { is_linetouched(window, Int32($0)) } == [1, 2])
            #expect(Self.text(window, row: 1, of: next).hasPrefix("  日本語 e"))
            #expect(Self.text(window, row: 2, of: next).hasPrefix("> Second"))
            #expect(
                Self.cell(window, 2, 2).rendition == palette.rendition(for: Style(.value, highlighted: true)))
            #expect(Self.cell(window, 2, 1).rendition == palette.rendition(for: Style(.value)))
        }
    }

    /// Generated frames (text, CJK, emoji, combining marks, styles), each put over the last: the
    /// window then holds exactly the canvas, as it would one put on a blank window (nothing of an
    /// earlier frame is left behind where a row is put only from its first differing cell).
    @Test func generatedFramesLeaveExactlyTheirCanvasInTheWindow() throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        print("ScreenPainterTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let size = Size(width: 23, height: 7)
        let pieces = [
            "a", "bc", "日本", "😀", "é", "e\u{301}", "─", " ", "Ω", "x", "👍🏽", "  ",
            String(repeating: " ", count: 12),
        ]
        let styles = [
            Style.plain, Style(.titleBar), Style(.header), Style(.value, highlighted: true), Style(.error),
        ]
        try Self.withHeadlessScreen(size: size) { window, palette in
            let painter = ScreenPainter(palette: palette, asciiOnly: false)
            var canvas = Canvas(size: size)
            for frame in 0..<200 {
                for _ in 0..<Int(random.next() % 6) {
                    let text = (0..<Int(1 + random.next() % 3)).map { _ in
                        pieces[Int(random.next() % UInt64(pieces.count))]
                    }.joined()
                    let point = Point(
                        x: Int(random.next() % UInt64(size.width)),
                        y: Int(random.next() % UInt64(size.height)))
                    _ = canvas.write(
                        text, at: point, style: styles[Int(random.next() % UInt64(styles.count))])
                }
                painter.put(canvas, into: window)
                for y in 0..<size.height {
                    for x in 0..<size.width where !canvas[x, y].isContinuation {
                        let cell = canvas[x, y]
                        let shown = Self.cell(window, x, y)
                        #expect(
                            shown.text.first == cell.character.unicodeScalars.first,
                            "seed \(seed) frame \(frame) at \(x),\(y)")
                        #expect(
                            shown.rendition == palette.rendition(for: cell.style),
                            "seed \(seed) frame \(frame) look at \(x),\(y)")
                    }
                }
            }
        }
    }

    @Test func terminfoDelaysAreLeftOutAndTheRestKept() {
        #expect(TerminfoText.withoutPadding("\u{1B}[H$<5>\u{1B}[2J$<50/*>") == "\u{1B}[H\u{1B}[2J")
        #expect(TerminfoText.withoutPadding("\u{1B}[m\u{0F}$<2>") == "\u{1B}[m\u{0F}")
        // A "$" that starts no delay, and "$<" never closed, are text.
        #expect(TerminfoText.withoutPadding("a$b$<c") == "a$b$<c")
        #expect(TerminfoText.withoutPadding("é$<1>ü·") == "éü·")
        #expect(TerminfoText.withoutPadding("") == "")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
