import CNcursesw
import FormCore
import FormDemos
import FormTestSupport
import Testing

@testable import FormTerminal
@testable import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of full-screen frames: only the cells that changed, no move the cursor does not need,
/// attributes set only where they change; checked byte for byte and, on generated frames, by
/// playing the bytes on a small model of a terminal.
@Suite(.serialized) struct ScreenPainterTests {
    /// xterm-256color's terminfo strings (what `infocmp xterm-256color` prints).
    static let xterm: [String: String] = [
        "clear": "\u{1B}[H\u{1B}[2J", "sgr0": "\u{1B}(B\u{1B}[m", "bold": "\u{1B}[1m", "dim": "\u{1B}[2m",
        "rev": "\u{1B}[7m", "smul": "\u{1B}[4m", "cnorm": "\u{1B}[?12l\u{1B}[?25h", "civis": "\u{1B}[?25l",
        "sgr": "SGR", "op": "\u{1B}[39;49m", "el": "\u{1B}[K", "ech": "ECH", "cup": "CUP", "cuf": "CUF",
        "setaf": "SETAF",
        "setab": "SETAB",
    ]

    /// `tparm` for the strings above.
    static func xtermFormat(_ capability: String, _ first: Int32, _ second: Int32) -> String? {
        switch capability {
        case "CUP": return "\u{1B}[\(first + 1);\(second + 1)H"
        case "CUF": return "\u{1B}[\(first)C"
        case "ECH": return "\u{1B}[\(first)X"
        case "SETAF": return first < 8 ? "\u{1B}[3\(first)m" : "\u{1B}[38;5;\(first)m"
        case "SETAB": return first < 8 ? "\u{1B}[4\(first)m" : "\u{1B}[48;5;\(first)m"
        default: return nil
        }
    }

    /// `tparm` of xterm's `sgr`: the character set, a reset, then each attribute.
    static func xtermAttributes(_ capability: String, _ parameters: [Int]) -> String? {
        guard capability == "SGR" else { return nil }
        let codes = [(5, "1"), (4, "2"), (1, "4"), (2, "7")].filter { parameters[$0.0] != 0 }.map {
            ";" + $0.1
        }
        return "\u{1B}(B\u{1B}[0" + codes.joined() + "m"
    }

    static func codes(_ strings: [String: String] = xterm, flags: Set<String> = ["am", "xenl", "bce"])
        -> TerminalCodes
    {
        TerminalCodes(
            string: { strings[$0] }, flag: { flags.contains($0) }, number: { _ in -1 }, format: xtermFormat,
            formatAttributes: xtermAttributes)
    }

    static func painter(theme: Theme = .dark, colors: Bool = true, codes: TerminalCodes = codes())
        -> ScreenPainter
    {
        // wcwidth, which the painter checks widths with, knows wide characters in a UTF-8 locale.
        setlocale(LC_CTYPE, "C.UTF-8")
        let palette = TerminalPalette(
            theme: theme, monochrome: .monochrome, codes: codes, colors: colors, colorCount: 256,
            defaultColors: true)
        return ScreenPainter(palette: palette, codes: codes, asciiOnly: false)
    }

    /// A list screen's look: a title bar, a header, rows of check boxes, the focused one highlighted.
    static func listScreen(checked: Set<Int>, modified: Bool, size: Size = Size(width: 80, height: 24))
        -> Canvas
    {
        var canvas = Canvas(size: size)
        canvas.fill(row: 0, style: Style(.titleBar))
        _ = canvas.write("Large list", at: Point(x: 1, y: 0), style: Style(.titleBar))
        if modified { _ = canvas.write("● modified", at: Point(x: 60, y: 0), style: Style(.titleBar)) }
        _ = canvas.write("ITEMS  \(checked.count) OF 100 ON", at: Point(x: 2, y: 2), style: Style(.header))
        for row in 0..<18 {
            let y = 3 + row
            let focused = row == 0
            if focused { canvas.fill(row: y, style: Style(.plain, highlighted: true)) }
            let box = checked.contains(row) ? "[x]" : "[ ]"
            _ = canvas.write(
                "\(box) Item \(row + 1)", at: Point(x: 2, y: y), style: Style(.value, highlighted: focused))
        }
        _ = canvas.write("Space toggles  Esc leaves", at: Point(x: 1, y: 23), style: Style(.help))
        return canvas
    }

    /// The escape sequences of `text` (CSI ones by their final byte) and the characters between them.
    static func split(_ text: String) -> (sequences: [Character], characters: String) {
        var sequences: [Character] = []
        var characters = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                characters.unicodeScalars.append(scalar)
                continue
            }
            if scalars.popFirst() == "(" {
                _ = scalars.popFirst()
                continue
            }
            // After ESC [: parameters, then the final byte.
            while let next = scalars.popFirst() {
                if (0x40...0x7E).contains(next.value) {
                    sequences.append(Character(next))
                    break
                }
            }
        }
        return (sequences, characters)
    }

    static func moves(in text: String) -> Int { split(text).sequences.filter { $0 == "H" }.count }
    static func looks(in text: String) -> Int { split(text).sequences.filter { $0 == "m" }.count }
    static func characters(in text: String) -> String { split(text).characters }

    @Test func aSpaceWritesOnlyItsChangedCells() {
        var painter = Self.painter()
        let screen = Size(width: 80, height: 24)
        let first = painter.frame(Self.listScreen(checked: [], modified: false), screen: screen)
        #expect(first.starts(with: Array("\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J".utf8)))

        let space = painter.frame(Self.listScreen(checked: [0], modified: true), screen: screen)
        let text = String(decoding: space, as: UTF8.self)
        // Three places changed: the mark, the count, the check box. Each is one move, at most one
        // look, and its characters; nothing else (no move back, no reset at the end).
        #expect(Self.moves(in: text) == 3, "\(text.debugDescription)")
        #expect(Self.looks(in: text) == 3, "\(text.debugDescription)")
        #expect(Self.characters(in: text) == "● modified" + "1" + "x", "\(text.debugDescription)")
        #expect(space.count <= 90, "\(space.count) bytes: \(text.debugDescription)")

        // The second Space changes the box and the count: the mark stays.
        let again = String(
            decoding: painter.frame(Self.listScreen(checked: [], modified: true), screen: screen),
            as: UTF8.self)
        #expect(Self.moves(in: again) == 2 && Self.looks(in: again) == 2, "\(again.debugDescription)")
        #expect(Self.characters(in: again) == "0 ", "\(again.debugDescription)")

        // Losing the mark erases the rest of the title bar (EL) instead of writing ten blanks.
        let unmarked = String(
            decoding: painter.frame(Self.listScreen(checked: [], modified: false), screen: screen),
            as: UTF8.self)
        #expect(
            unmarked.hasSuffix("\u{1B}[K") && Self.characters(in: unmarked).isEmpty,
            "\(unmarked.debugDescription)")

        let nothing = painter.frame(Self.listScreen(checked: [], modified: false), screen: screen)
        #expect(nothing.isEmpty, "an unchanged frame writes nothing")
    }

    @Test func oneChangedCellIsOneMoveOneLookAndTheCell() {
        var painter = Self.painter(theme: .monochrome, colors: false)
        let screen = Size(width: 20, height: 3)
        var canvas = Canvas(size: screen)
        _ = canvas.write("ab cd", at: Point(x: 0, y: 1), style: .plain)
        _ = painter.frame(canvas, screen: screen)
        _ = canvas.write("X", at: Point(x: 3, y: 1), style: Style(.error))
        let bytes = String(decoding: painter.frame(canvas, screen: screen), as: UTF8.self)
        let look = String(
            decoding: painter.palette.sequence(painter.palette.rendition(for: Style(.error))), as: UTF8.self)
        #expect(bytes == "\u{1B}[2;4H" + look + "X")
        // Two cells two apart on the same row: the cell between them is written again, not moved over.
        _ = canvas.write("Y", at: Point(x: 0, y: 1), style: .plain)
        _ = canvas.write("Z", at: Point(x: 2, y: 1), style: .plain)
        let plain = String(
            decoding: painter.palette.sequence(painter.palette.rendition(for: .plain)), as: UTF8.self)
        #expect(
            String(decoding: painter.frame(canvas, screen: screen), as: UTF8.self) == "\u{1B}[2H" + plain
                + "YbZ")
    }

    /// Changed cells anywhere in a wide row, alone or two of them apart (the painter looks for
    /// the changed span four cells a step): each is found, and no cell outside the span is sent.
    @Test func changedCellsAnywhereInARowAreFoundAndNothingElseSent() {
        var painter = Self.painter(theme: .monochrome, colors: false)
        let size = Size(width: 80, height: 3)
        var canvas = Canvas(size: size)
        _ = canvas.write(String(repeating: "a", count: 80), at: Point(x: 0, y: 1), style: .plain)
        var model = ModelTerminal(size: size)
        model.play(painter.frame(canvas, screen: size))
        for x in 0..<80 {
            for other in Set([x, (x + 37) % 80, min(79, x + 3), min(79, x + 4), min(79, x + 9)]) {
                _ = canvas.write("X", at: Point(x: x, y: 1), style: .plain)
                _ = canvas.write("Y", at: Point(x: other, y: 1), style: .plain)
                let bytes = painter.frame(canvas, screen: size)
                model.play(bytes)
                let written = Self.characters(in: String(decoding: bytes, as: UTF8.self))
                #expect(written.contains("Y"), "\(x), \(other)")
                #expect(written.count <= abs(x - other) + 1, "\(x), \(other): \(written)")
                #expect(painter.rowsCompared == 1)
                for column in 0..<80 {
                    #expect(model.cells[1][column].text == canvas[column, 1].character.description)
                }
                // And back: the two cells, nothing else.
                _ = canvas.write("a", at: Point(x: x, y: 1), style: .plain)
                _ = canvas.write("a", at: Point(x: other, y: 1), style: .plain)
                let back = painter.frame(canvas, screen: size)
                model.play(back)
                #expect(
                    Self.characters(in: String(decoding: back, as: UTF8.self)).count <= abs(x - other) + 1)
                #expect(model.cells[1].map(\.text).joined() == String(repeating: "a", count: 80))
            }
        }
    }

    @Test func looksAreOneSGRWhereTheTerminalsPiecesAreSGRs() {
        let codes = Self.codes()
        #expect(
            String(
                decoding: codes.joined([codes.reset, codes.bold, codes.foreground(231), codes.background(24)]
                ), as: UTF8.self)
                == "\u{1B}[0;1;38;5;231;48;5;24m")
        // vt100's reset also shifts the character set in, and pads: kept whole, one piece after the other.
        var vt100 = Self.xterm
        vt100["sgr0"] = "\u{1B}[m\u{0F}$<2>"
        vt100["bold"] = "\u{1B}[1m$<2>"
        let old = Self.codes(vt100)
        #expect(
            String(decoding: old.joined([old.reset, old.bold]), as: UTF8.self) == "\u{1B}[m\u{0F}\u{1B}[1m")
    }

    @Test func aTerminalWhoseMovesAreNotANSIGetsThemFromTerminfo() {
        var strings = Self.xterm
        strings["cup"] = "ADM"
        strings["cuf"] = nil
        let codes = TerminalCodes(
            string: { strings[$0] }, flag: { $0 == "am" }, number: { _ in -1 },
            format: { capability, first, second in
                capability == "ADM"
                    ? "\u{1B}=\(Character(Unicode.Scalar(UInt8(32 + first))))\(Character(Unicode.Scalar(UInt8(32 + second))))"
                    : Self.xtermFormat(capability, first, second)
            })
        var bytes: [UInt8] = []
        codes.move(toRow: 1, column: 2, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}=!\"")
        #expect(!codes.moveRight(2, into: &bytes))
        // Where writing the last cell would scroll (am without xenl), it is left alone.
        var painter = ScreenPainter(
            palette: TerminalPalette(
                theme: .monochrome, monochrome: .monochrome, codes: codes, colors: false, defaultColors: true),
            codes: codes, asciiOnly: false)
        var canvas = Canvas(size: Size(width: 4, height: 2))
        _ = canvas.write("abcd", at: Point(x: 0, y: 1), style: .plain)
        let frame = String(decoding: painter.frame(canvas, screen: canvas.size), as: UTF8.self)
        #expect(frame.hasSuffix("abc\u{1B}[?25l"), "\(frame.debugDescription)")
    }

    /// A frame looks only at the rows written since the last one (by their stamps), and a
    /// row written back to what it was sends nothing.
    @Test func aFrameComparesOnlyTheRowsWrittenSinceTheLast() {
        var painter = Self.painter()
        let size = Size(width: 80, height: 24)
        var canvas = Self.listScreen(checked: [], modified: false)
        _ = painter.frame(canvas, screen: size)
        #expect(painter.rowsCompared == 24)
        _ = canvas.write("[x]", at: Point(x: 4, y: 3), style: Style(.value, highlighted: true))
        let bytes = String(decoding: painter.frame(canvas, screen: size), as: UTF8.self)
        #expect(painter.rowsCompared == 1)
        #expect(Self.characters(in: bytes).contains("x"), "\(bytes.debugDescription)")
        #expect(String(decoding: painter.frame(canvas, screen: size), as: UTF8.self) == "")
        #expect(painter.rowsCompared == 0)
        // Written again as it was: compared (a new stamp), nothing sent.
        _ = canvas.write("Large list", at: Point(x: 1, y: 0), style: Style(.titleBar))
        #expect(String(decoding: painter.frame(canvas, screen: size), as: UTF8.self) == "")
        #expect(painter.rowsCompared == 1)
    }

    /// The large demo's Space: the painter compares the rows the frame wrote (the switch, the
    /// count above it, the title's mark), not the screen, and the model terminal then shows the
    /// frame drawn from blank; Down and a scrolling Down likewise.
    @Test func aSpaceComparesTheRowsItChangedOnly() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let size = Size(width: 80, height: 24)
        let app = App(root: LargeDemo.screen(store: StateStore(Large()), rows: 100))
        // The same keys drawn from blank each frame, to compare with.
        let blank = App(root: LargeDemo.screen(store: StateStore(Large()), rows: 100))
        blank.retainsFrames = false
        var painter = Self.painter()
        var model = ModelTerminal(size: size)
        var shown = app.render(size: size)
        model.play(painter.frame(shown, screen: size))
        for (index, key) in ([.space, .space, .down, .space, .up] + Array(repeating: Key.down, count: 30))
            .enumerated()
        {
            app.handle(key)
            blank.handle(key)
            let canvas = app.render(size: size)
            let differing = (0..<size.height).filter { !canvas.rowEquals(shown, row: $0) }.count
            model.play(painter.frame(canvas, screen: size))
            // A Space writes its switch, the count, the title's mark and, on the first change,
            // the help line (Undo comes): no other row.
            let written = (0..<size.height).filter { canvas.rowStamp($0) != shown.rowStamp($0) }
            let limit = index < 20 ? 4 : size.height
            #expect(written.count <= limit, "key \(index) \(key): rows \(written)")
            #expect(painter.rowsCompared == written.count, "key \(index)")
            #expect(painter.rowsCompared >= differing, "key \(index)")
            let fresh = blank.render(size: size)
            #expect(fresh == canvas, "key \(index)")
            for y in 0..<size.height {
                for x in 0..<size.width where !fresh[x, y].isContinuation {
                    #expect(
                        model.cells[y][x].text.unicodeScalars.first
                            == fresh[x, y].character.unicodeScalars.first,
                        "key \(index) at \(x),\(y)")
                }
            }
            shown = canvas
        }
    }

    /// Canvases copied from one another and then written apart, painted in turns: rows with one
    /// stamp on two canvases are the same rows, so the screen always shows the canvas painted.
    @Test func copiesWrittenApartArePaintedAsTheyAre() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let seed = UInt64.random(in: 1...UInt64.max)
        print("ScreenPainterTests copies seed \(seed)")
        var random = SeededRandom(seed: seed)
        let size = Size(width: 17, height: 6)
        var painter = Self.painter()
        var model = ModelTerminal(size: size)
        var canvases = [Canvas(size: size)]
        for frame in 0..<400 {
            var index = Int(random.next() % UInt64(canvases.count))
            if random.next() % 5 == 0 {
                canvases.append(canvases[index])
                index = canvases.count - 1
            }
            for _ in 0..<Int(random.next() % 3) {
                let point = Point(
                    x: Int(random.next() % UInt64(size.width)), y: Int(random.next() % UInt64(size.height)))
                _ = canvases[index].write(
                    ["a", "日", "bc", "─", "  "][Int(random.next() % 5)], at: point,
                    style: random.next() % 2 == 0 ? .plain : Style(.header))
            }
            if canvases.count > 6 { canvases.removeFirst() }
            index = min(index, canvases.count - 1)
            let canvas = canvases[index]
            model.play(painter.frame(canvas, screen: size))
            for y in 0..<size.height {
                for x in 0..<size.width where !canvas[x, y].isContinuation {
                    #expect(
                        model.cells[y][x].text.unicodeScalars.first
                            == canvas[x, y].character.unicodeScalars.first,
                        "seed \(seed) frame \(frame) at \(x),\(y)")
                }
            }
        }
    }

    /// Generated frames (text, CJK, emoji, combining marks, styles, the cursor) played on a model
    /// of a terminal: after each, the model shows every cell of the canvas in its look.
    @Test func generatedFramesShowTheirCanvasOnAModelTerminal() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let seed = UInt64.random(in: 1...UInt64.max)
        print("ScreenPainterTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let size = Size(width: 23, height: 7)
        var painter = Self.painter()
        var model = ModelTerminal(size: size)
        var canvas = Canvas(size: size)
        let pieces = [
            "a", "bc", "日本", "😀", "é", "e\u{301}", "─", " ", "Ω", "x", "👍🏽", "  ",
            String(repeating: " ", count: 12),
        ]
        let styles = [
            Style.plain, Style(.titleBar), Style(.header), Style(.value, highlighted: true), Style(.error),
        ]
        for frame in 0..<300 {
            if frame % 97 == 0 { painter.invalidate() }
            for _ in 0..<Int(random.next() % 6) {
                let text = (0..<Int(1 + random.next() % 3)).map { _ in
                    pieces[Int(random.next() % UInt64(pieces.count))]
                }.joined()
                let point = Point(
                    x: Int(random.next() % UInt64(size.width)), y: Int(random.next() % UInt64(size.height)))
                _ = canvas.write(text, at: point, style: styles[Int(random.next() % UInt64(styles.count))])
            }
            canvas.cursor =
                random.next() % 3 == 0 ? Point(x: Int(random.next() % 23), y: Int(random.next() % 7)) : nil
            model.play(painter.frame(canvas, screen: size))
            for y in 0..<size.height {
                for x in 0..<size.width where !canvas[x, y].isContinuation {
                    let cell = canvas[x, y]
                    let shown = model.cells[y][x]
                    let want = String(cell.character.unicodeScalars.prefix(1).map(Character.init))
                    #expect(
                        shown.text.unicodeScalars.first == want.unicodeScalars.first,
                        "seed \(seed) frame \(frame) at \(x),\(y)")
                    let pen = ModelTerminal.Pen().after(
                        painter.palette.sequence(painter.palette.rendition(for: cell.style)))
                    // A blank shows only its background, underline and reverse.
                    let blank = cell.asciiValue == 0x20
                    func visible(_ pen: ModelTerminal.Pen) -> ModelTerminal.Pen {
                        blank
                            ? ModelTerminal.Pen(
                                attributes: pen.attributes.intersection([4, 7]), background: pen.background)
                            : pen
                    }
                    #expect(
                        visible(shown.pen) == visible(pen), "seed \(seed) frame \(frame) look at \(x),\(y)")
                }
            }
            #expect(model.cursorVisible == (canvas.cursor != nil), "seed \(seed) frame \(frame)")
            if let cursor = canvas.cursor {
                #expect(model.cursor == cursor, "seed \(seed) frame \(frame)")
            }
        }
    }
}

/// Just enough of a terminal for the painter's bytes: CUP, CUF, SGR (kept as the sequence that
/// set it), clear, cursor visibility, and text in columns by `wcwidth` with a pending wrap at
/// the last column.
struct ModelTerminal {
    /// What SGRs set: attributes and colors (nil: the terminal's own).
    struct Pen: Equatable {
        var attributes: Set<Int> = []
        var foreground: String?
        var background: String?

        /// The pen after the SGRs in `bytes` (other sequences are skipped).
        func after(_ bytes: [UInt8]) -> Pen {
            var pen = self
            var model = ModelTerminal(size: Size(width: 1, height: 1))
            model.pen = pen
            model.play(bytes)
            pen = model.pen
            return pen
        }

        mutating func apply(_ parameters: String) {
            var numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
                Int($0) ?? 0
            }[...]
            while let number = numbers.popFirst() {
                switch number {
                case 0: self = Pen()
                case 38, 48:
                    let color = numbers.prefix(2).map(String.init).joined(separator: ";")
                    numbers = numbers.dropFirst(2)
                    if number == 38 { foreground = color } else { background = color }
                case 30...37: foreground = "\(number - 30)"
                case 40...47: background = "\(number - 40)"
                case 39: foreground = nil
                case 49: background = nil
                default: attributes.insert(number)
                }
            }
        }
    }

    struct Cell: Equatable {
        var text = " "
        var pen = Pen()
    }

    let size: Size
    var cells: [[Cell]]
    var cursor = Point(x: 0, y: 0)
    var cursorVisible = true
    var pen = Pen()

    init(size: Size) {
        self.size = size
        cells = Array(repeating: Array(repeating: Cell(), count: size.width), count: size.height)
    }

    mutating func play(_ bytes: [UInt8]) {
        var index = 0
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                index += 1
                if scalars[index] == "(" {
                    index += 2
                    continue
                }
                precondition(scalars[index] == "[")
                index += 1
                var parameters = ""
                while !(0x40...0x7E).contains(scalars[index].value) || scalars[index] == "?" {
                    parameters.unicodeScalars.append(scalars[index])
                    index += 1
                }
                let final = scalars[index]
                index += 1
                if final == "m" {
                    pen.apply(parameters)
                    continue
                }
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
                    Int($0) ?? 0
                }
                switch final {
                case "H":
                    cursor = Point(
                        x: max(1, numbers.count > 1 ? numbers[1] : 1) - 1, y: max(1, numbers.first ?? 1) - 1)
                case "C":
                    cursor.x = min(size.width - 1, cursor.x + max(1, numbers.first ?? 1))
                case "J":
                    cells = Array(
                        repeating: Array(repeating: Cell(text: " ", pen: pen), count: size.width),
                        count: size.height)
                case "K":
                    // As xterm: the erased cells take the background, nothing else.
                    for x in min(cursor.x, size.width - 1)..<size.width {
                        cells[cursor.y][x] = Cell(text: " ", pen: Pen(background: pen.background))
                    }
                case "X":
                    for x in min(
                        cursor.x, size.width - 1)..<min(size.width, cursor.x + max(1, numbers.first ?? 1))
                    {
                        cells[cursor.y][x] = Cell(text: " ", pen: Pen(background: pen.background))
                    }
                case "h", "l":
                    if parameters.hasSuffix("25") { cursorVisible = final == "h" }
                default:
                    Issue.record("unexpected sequence \(parameters)\(final)")
                }
                continue
            }
            index += 1
            let width = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
            if width == 0 {
                let x = max(0, cursor.x - 1)
                cells[cursor.y][x].text.unicodeScalars.append(scalar)
                continue
            }
            if cursor.x >= size.width {
                cursor = Point(x: 0, y: min(size.height - 1, cursor.y + 1))
            }
            cells[cursor.y][cursor.x] = Cell(text: String(scalar), pen: pen)
            if width == 2, cursor.x + 1 < size.width {
                cells[cursor.y][cursor.x + 1] = Cell(text: "", pen: pen)
            }
            cursor.x += width
        }
    }
}
