#if canImport(Glibc)
    import Glibc
#endif

/// Where the terminal's cursor is, asked of the terminal itself: a cursor position report
/// (`ESC [ 6 n`, answered `ESC [ row ; column R`), sent with Primary Device Attributes
/// (`ESC [ c`), which every terminal answers, and answers after the first: a terminal that does
/// not report the position ends the wait with its second answer, and only one that answers
/// neither costs the whole `timeout`. fzf asks the same way before drawing below the prompt.
///
/// Bytes that arrive meanwhile and are no answer (keys typed ahead) are handed back, to be read
/// as keys.
///
/// ```swift
/// let answer = CursorPositionQuery.ask(input: 0, output: 1)
/// if let position = answer.position, position.column > 1 { /* text on the cursor's line */ }
/// ```
enum CursorPositionQuery {
    /// A place on the screen, both counted from 1 as the terminal reports them.
    struct Position: Equatable {
        var row: Int
        var column: Int
    }

    /// How long to wait for the answers at most. A terminal answers in a few milliseconds (tmux
    /// under load: under 5 ms); a link slow enough to take longer is hardly usable anyway.
    static let timeout: Duration = .milliseconds(500)

    static let query = Array("\u{1B}[6n\u{1B}[c".utf8)

    /// Writes the query to `output` and reads `input`, which must already be in the program's
    /// modes (no echo, no line editing), until the device attributes' answer or `timeout`.
    static func ask(input: Int32, output: Int32, timeout: Duration = timeout) -> Answer {
        var answer = Answer()
        _ = answer.collect(asking: query, input: input, output: output, timeout: timeout)
        return answer
    }

    /// What came back, read as it arrives: the first position report, whether the device
    /// attributes' answer (`ESC [ ? … c`) has arrived, and every other byte, in order.
    struct Answer: TerminalAnswer {
        private var bytes: [UInt8] = []
        private(set) var position: Position?
        private(set) var isComplete = false
        private var typedSoFar: [UInt8] = []

        /// What is neither answer: keys typed while the terminal answered (with a sequence begun
        /// at the end, should the wait end before it does).
        var typed: [UInt8] { typedSoFar + bytes }

        mutating func feed(_ more: some Sequence<UInt8>) {
            bytes += more
            scan()
            // A terminal sends a few dozen bytes: past this, someone is pasting; stop waiting.
            if bytes.count > 4096 { isComplete = true }
        }

        /// Sorts `bytes` into the answers and the rest. A sequence cut off at the end is kept for
        /// the next piece, or handed back as typed once the wait is over (`typed` includes it).
        private mutating func scan() {
            var rest: [UInt8] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0x1B else {
                    rest.append(bytes[index])
                    index += 1
                    continue
                }
                switch Self.answer(in: bytes, at: index) {
                case .position(let found, let end):
                    if position == nil { position = found } else { rest += bytes[index..<end] }
                    index = end
                case .attributes(let end):
                    isComplete = true
                    index = end
                case .cutOff:
                    rest += bytes[index...]
                    index = bytes.count
                case .other:
                    rest.append(bytes[index])
                    index += 1
                }
            }
            bytes = []
            // What is left is typed; a cut-off answer at its end is completed by the next piece.
            if !isComplete, let escape = rest.lastIndex(of: 0x1B),
                case .cutOff = Self.answer(in: rest, at: escape)
            {
                bytes = Array(rest[escape...])
                rest.removeSubrange(escape...)
            }
            typedSoFar += rest
        }

        private enum Found {
            case position(Position, end: Int)
            case attributes(end: Int)
            /// The bytes end before the sequence does.
            case cutOff
            case other
        }

        /// `ESC [ digits ; digits R` or `ESC [ ? digits/; c` starting at `start`.
        private static func answer(in bytes: [UInt8], at start: Int) -> Found {
            var index = start + 1
            guard index < bytes.count else { return .cutOff }
            guard bytes[index] == UInt8(ascii: "[") else { return .other }
            index += 1
            guard index < bytes.count else { return .cutOff }
            let attributes = bytes[index] == UInt8(ascii: "?")
            if attributes { index += 1 }
            var fields: [Int] = [0]
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    fields[fields.count - 1] = min(fields[fields.count - 1] * 10 + Int(byte - 0x30), 100_000)
                case UInt8(ascii: ";"):
                    fields.append(0)
                case UInt8(ascii: "c") where attributes:
                    return .attributes(end: index + 1)
                case UInt8(ascii: "R") where !attributes && fields.count == 2:
                    guard fields[0] >= 1, fields[1] >= 1 else { return .other }
                    return .position(Position(row: fields[0], column: fields[1]), end: index + 1)
                default:
                    return .other
                }
                index += 1
            }
            return .cutOff
        }
    }
}
