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
    private let output: (String) -> Void

    public init(size: Size, output: @escaping (String) -> Void) {
        self.size = size
        self.output = output
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
        output(Self.transcript(of: canvas, number: snapshotsTaken))
    }

    /// A frame as a transcript: `--- snapshot N (80x24, cursor 0,3) ---` and the rows.
    public static func transcript(of canvas: Canvas, number: Int) -> String {
        let cursor = canvas.cursor.map { "cursor \($0.x),\($0.y)" } ?? "no cursor"
        let header = "--- snapshot \(number) (\(canvas.size), \(cursor)) ---"
        return ([header] + canvas.lines).joined(separator: "\n")
    }
}
