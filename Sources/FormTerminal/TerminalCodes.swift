import CNcursesw
import FormUI

/// What the screen painter writes to move, erase, show and hide the cursor and set attributes:
/// terminfo's strings, looked up once when the session starts, without their padding.
///
/// Cursor moves are formatted by `tparm` per move, except where the terminal's `cup` (and `cuf`)
/// are the ANSI ones (checked by formatting two positions), which are then written directly:
/// a move is the commonest thing a frame writes.
///
/// ```swift
/// let codes = TerminalCodes.terminfo()  // after newterm
/// var bytes: [UInt8] = []
/// codes.move(toRow: 4, column: 9, into: &bytes)  // "\e[5;10H" on xterm
/// ```
struct TerminalCodes {
    /// Erases the screen with the current background and homes the cursor (`clear`); empty
    /// when the terminal has none (every cell is then written).
    var clear: [UInt8]
    /// Erases from the cursor to the end of its row (`el`); empty when the terminal has none.
    var eraseLine: [UInt8]
    /// What is erased takes the current background (`bce`), not the terminal's own.
    var erasesWithBackground: Bool
    /// Turns every attribute and color off (`sgr0`).
    var reset: [UInt8]
    var bold: [UInt8]
    var dim: [UInt8]
    var reverse: [UInt8]
    var underline: [UInt8]
    var showCursor: [UInt8]
    var hideCursor: [UInt8]
    /// Attributes the terminal cannot show together with colors (`ncv`): left out of colored looks.
    var noColorVideo: Theme.Attributes
    /// The terminal's own colors come back with SGR 39 and 49 (its `op` is those): a look that
    /// changes only colors can be set without a reset.
    var defaultColorsByANSI: Bool
    /// Writing the last column of the last row scrolls the screen (`am` without `xenl`): that
    /// cell is never written.
    var scrollsAtLastCell: Bool
    /// `cup`, for terminals whose moves are not the ANSI ones.
    private let moveFormat: String?
    private let ansiMoves: Bool
    private let ansiRight: Bool
    private let ansiEraseCharacters: Bool
    private let setForeground: String?
    private let setBackground: String?
    private let format: (String, Int32, Int32) -> String?
    /// `sgr`, which sets every attribute at once (after a reset), and what formats it.
    private let attributeFormat: String?
    private let formatAttributes: ((String, [Int]) -> String?)?

    /// - Parameters:
    ///   - string: a string capability by its terminfo name, or nil when the terminal has none.
    ///   - flag: a boolean capability.
    ///   - number: a numeric capability, or -1.
    ///   - format: a capability formatted with two parameters, as `tparm` does.
    ///   - formatAttributes: `sgr` formatted with its nine parameters; nil: each attribute after
    ///     a reset instead.
    init(
        string: (String) -> String?, flag: (String) -> Bool, number: (String) -> Int,
        format: @escaping (String, Int32, Int32) -> String?,
        formatAttributes: ((String, [Int]) -> String?)? = nil
    ) {
        func bytes(_ name: String) -> [UInt8] {
            string(name).map { Self.withoutPadding(Array($0.utf8)) } ?? []
        }
        clear = bytes("clear")
        reset = bytes("sgr0")
        eraseLine = bytes("el")
        erasesWithBackground = flag("bce")
        bold = bytes("bold")
        dim = bytes("dim")
        reverse = bytes("rev")
        underline = bytes("smul")
        showCursor = bytes("cnorm")
        hideCursor = bytes("civis")
        let ncv = number("ncv")
        var noColorVideo: Theme.Attributes = []
        if ncv > 0 {
            // terminfo's bits: standout 1, underline 2, reverse 4, blink 8, dim 16, bold 32.
            if ncv & 2 != 0 { noColorVideo.insert(.underline) }
            if ncv & 4 != 0 { noColorVideo.insert(.reverse) }
            if ncv & 16 != 0 { noColorVideo.insert(.dim) }
            if ncv & 32 != 0 { noColorVideo.insert(.bold) }
        }
        self.noColorVideo = noColorVideo
        scrollsAtLastCell = flag("am") && !flag("xenl")
        defaultColorsByANSI = string("op").map(Self.withoutPadding) == "\u{1B}[39;49m"
        moveFormat = string("cup")
        setForeground = string("setaf")
        setBackground = string("setab")
        self.format = format
        attributeFormat = string("sgr")
        self.formatAttributes = formatAttributes
        func formatted(_ name: String, _ first: Int32, _ second: Int32 = 0) -> String? {
            string(name).flatMap { format($0, first, second) }.map(Self.withoutPadding)
        }
        ansiMoves =
            formatted("cup", 4, 9) == "\u{1B}[5;10H" && formatted("cup", 0, 0) == "\u{1B}[1;1H"
        ansiRight = formatted("cuf", 3) == "\u{1B}[3C" && formatted("cuf", 12) == "\u{1B}[12C"
        ansiEraseCharacters = formatted("ech", 3) == "\u{1B}[3X" && formatted("ech", 12) == "\u{1B}[12X"
    }

    /// The running terminal's, from terminfo (after `newterm`).
    static func terminfo() -> TerminalCodes {
        TerminalCodes(
            string: { name in
                guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
                return String(cString: value)
            },
            flag: { tigetflag($0) > 0 },
            number: { name in Int(name.withCString { tigetnum(UnsafeMutablePointer(mutating: $0)) }) },
            format: { capability, first, second in
                capability.withCString { formtui_tparm($0, Int(first), Int(second)) }.map {
                    String(cString: $0)
                }
            },
            formatAttributes: { capability, p in
                capability.withCString {
                    formtui_tparm9($0, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])
                }.map { String(cString: $0) }
            })
    }

    /// The reset and `attributes` in one sequence (`sgr`: underline, reverse, dim and bold are
    /// its 2nd, 3rd, 5th and 6th parameters), or nil when the terminal has no `sgr`.
    func attributes(_ attributes: Theme.Attributes) -> [UInt8]? {
        guard let attributeFormat, let formatAttributes else { return nil }
        let parameters = [
            0, attributes.contains(.underline) ? 1 : 0, attributes.contains(.reverse) ? 1 : 0, 0,
            attributes.contains(.dim) ? 1 : 0, attributes.contains(.bold) ? 1 : 0, 0, 0, 0,
        ]
        return formatAttributes(attributeFormat, parameters).map { Self.withoutPadding(Array($0.utf8)) }
    }

    /// Whether colors can be set at all (`setaf` and `setab`).
    var setsColors: Bool { setForeground != nil && setBackground != nil }

    /// Sets the foreground (`setaf`) to `color`: a palette number, or red, green and blue on a
    /// direct-color terminal.
    func foreground(_ color: Int32) -> [UInt8] {
        setForeground.flatMap { format($0, color, 0) }.map { Self.withoutPadding(Array($0.utf8)) } ?? []
    }

    func background(_ color: Int32) -> [UInt8] {
        setBackground.flatMap { format($0, color, 0) }.map { Self.withoutPadding(Array($0.utf8)) } ?? []
    }

    /// Appends the move of the cursor to row `y`, column `x` (from 0).
    func move(toRow y: Int, column x: Int, into out: inout [UInt8]) {
        if ansiMoves {
            // Byte by byte: an array literal's append went through the generic path.
            out.append(0x1B)  // ESC
            out.append(0x5B)  // [
            Self.appendDecimal(y + 1, to: &out)
            if x > 0 {
                out.append(0x3B)  // ;
                Self.appendDecimal(x + 1, to: &out)
            }
            out.append(0x48)  // H
        } else if let moveFormat, let move = format(moveFormat, Int32(y), Int32(x)) {
            out.append(contentsOf: Self.withoutPadding(move).utf8)
        }
    }

    /// Appends a move `count` columns to the right, or returns false when the terminal's is not
    /// the ANSI one (then `move(toRow:column:into:)` is the way).
    func moveRight(_ count: Int, into out: inout [UInt8]) -> Bool {
        guard ansiRight else { return false }
        out.append(0x1B)
        out.append(0x5B)
        if count > 1 { Self.appendDecimal(count, to: &out) }
        out.append(0x43)  // C
        return true
    }

    /// Whether `eraseCharacters(_:into:)` can.
    var erasesCharacters: Bool { ansiEraseCharacters }

    /// Appends the erase of `count` cells from the cursor, which stays (`ech`), or returns false
    /// when the terminal's is not the ANSI one.
    func eraseCharacters(_ count: Int, into out: inout [UInt8]) -> Bool {
        guard erasesCharacters else { return false }
        out.append(0x1B)
        out.append(0x5B)
        Self.appendDecimal(count, to: &out)
        out.append(0x58)  // X
        return true
    }

    /// The pieces of one look (reset, attributes, colors) as one sequence: a single SGR with all
    /// their parameters when each piece is one (as on xterm and its kind), else one after another.
    func joined(_ pieces: [[UInt8]]) -> [UInt8] {
        guard pieces.contains(where: { !$0.isEmpty }) else { return [] }
        var parameters: [UInt8] = []
        for (index, piece) in pieces.enumerated() where !piece.isEmpty {
            guard let own = index == 0 ? Self.resetParameters(piece) : Self.sgrParameters(piece) else {
                return pieces.flatMap { $0 }
            }
            if !parameters.isEmpty { parameters.append(0x3B) }
            parameters += own
        }
        return [0x1B, 0x5B] + parameters + [0x6D]
    }

    /// The parameters of `ESC [ … m`, or nil when `piece` is anything else.
    static func sgrParameters(_ piece: [UInt8]) -> ArraySlice<UInt8>? {
        guard piece.count >= 3, piece[0] == 0x1B, piece[1] == 0x5B, piece.last == 0x6D else { return nil }
        let parameters = piece[2..<(piece.count - 1)]
        guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return nil }
        return parameters
    }

    /// The parameters of a piece that begins with a reset (`sgr0`'s `ESC [ m`, `ESC [ 0 m`, or
    /// `sgr`'s `ESC [ 0 ; 1 m`), "0" for an empty one; the character set's reset `ESC ( B` before
    /// it is left out, as a painter that never switches it does not need it.
    private static func resetParameters(_ piece: [UInt8]) -> ArraySlice<UInt8>? {
        let sgr = piece.starts(with: [0x1B, 0x28, 0x42]) ? Array(piece.dropFirst(3)) : piece
        guard let parameters = sgrParameters(sgr) else { return nil }
        if parameters.isEmpty { return [0x30] }
        guard parameters.first == 0x30, parameters.count == 1 || parameters.dropFirst().first == 0x3B else {
            return nil
        }
        return parameters
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        // Rows and columns have two digits mostly: no recursion for those.
        if value >= 100 { appendDecimal(value / 100, to: &out) }
        if value >= 10 { out.append(UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10)) }
        out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// `sequence` without its terminfo delays (`$<50>`), which are meant for tputs and would
    /// otherwise be printed.
    static func withoutPadding(_ sequence: String) -> String {
        let bytes = Array(sequence.utf8)
        let kept = withoutPadding(bytes)
        return kept.count == bytes.count ? sequence : String(decoding: kept, as: UTF8.self)
    }

    /// The bytes of a terminfo string without its delays. Compared byte by byte: the markers are
    /// ASCII, and a search through String's generic `contains` cost more than all else at start.
    static func withoutPadding(_ sequence: [UInt8]) -> [UInt8] {
        let dollar = UInt8(ascii: "$")
        let open = UInt8(ascii: "<")
        let close = UInt8(ascii: ">")
        var result: [UInt8] = []
        var index = 0
        var copied = 0
        while index < sequence.count {
            if sequence[index] == dollar, index + 1 < sequence.count, sequence[index + 1] == open,
                let end = sequence[(index + 2)...].firstIndex(of: close)
            {
                if result.isEmpty { result.reserveCapacity(sequence.count) }
                result += sequence[copied..<index]
                index = end + 1
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return sequence }
        result += sequence[copied...]
        return result
    }
}
