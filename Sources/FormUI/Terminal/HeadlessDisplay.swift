/// A display with no terminal behind it: keeps the last frame and prints snapshots as text.
///
/// Each snapshot is printed as a header line with its number, size and cursor, then the screen's
/// rows with trailing blanks trimmed.
///
/// ```swift
/// let display = HeadlessDisplay(size: Size(width: 80, height: 24)) { print($0) }
/// ```
public final class HeadlessDisplay: TerminalDisplay {
    public private(set) var size: Size
    /// The last frame presented.
    public private(set) var lastFrame: Canvas?
    /// Frames presented so far.
    public private(set) var framesPresented = 0
    private var snapshotsTaken = 0
    private let output: (Canvas, Int) -> Void

    /// Prints each snapshot as `transcript(of:number:)`.
    public init(size: Size, output: @escaping (String) -> Void) {
        self.size = size
        self.output = { canvas, number in output(Self.transcript(of: canvas, number: number)) }
    }

    /// Hands each snapshot over as it is, with its number (from 1), for other formats.
    ///
    /// ```swift
    /// HeadlessDisplay(size: size) { canvas, number in images.append(SVGImage.render(canvas, theme: .standard)) }
    /// ```
    public init(size: Size, snapshot: @escaping (Canvas, Int) -> Void) {
        self.size = size
        self.output = snapshot
    }

    public func present(_ canvas: Canvas) {
        lastFrame = canvas
        framesPresented += 1
    }

    public func resize(to size: Size) {
        self.size = size
    }

    public func snapshot(_ canvas: Canvas) {
        snapshotsTaken += 1
        output(canvas, snapshotsTaken)
    }

    /// A frame as a transcript: `--- snapshot N (80x24, cursor 0,3) ---` and the rows.
    public static func transcript(of canvas: Canvas, number: Int) -> String {
        let cursor = canvas.cursor.map { "cursor \($0.x),\($0.y)" } ?? "no cursor"
        let header = "--- snapshot \(number) (\(canvas.size), \(cursor)) ---"
        return ([header] + canvas.lines).joined(separator: "\n")
    }

    /// The header of a snapshot in a script's transcript: its number, its size and cursor, and
    /// the line of the script that asked for it, blanks squeezed so it reads the same whatever
    /// the script's alignment.
    ///
    /// ```swift
    /// HeadlessDisplay.header(of: canvas, number: 2, line: ScriptLine(number: 7, text: "down  snapshot"))
    /// // --- snapshot 2 (80x24, cursor 0,3) line 7: down snapshot ---
    /// ```
    package static func header(of canvas: Canvas, number: Int, line: ScriptLine?) -> String {
        let cursor = canvas.cursor.map { "cursor \($0.x),\($0.y)" } ?? "no cursor"
        let origin = line.map { line in
            " line \(line.number): " + line.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return "--- snapshot \(number) (\(canvas.size), \(cursor))\(origin ?? "") ---"
    }
}
