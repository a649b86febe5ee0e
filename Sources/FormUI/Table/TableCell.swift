/// A reusable widget that draws one line of a `TableView`.
///
/// Cells are recycled as the list scrolls, like `UITableViewCell`: a cell draws what it was last
/// configured with and holds nothing the user typed, so a recycled cell can never show another
/// row's input.
///
/// ```swift
/// final class NoteCell: TableCell {
///     var text = ""
///     func prepareForReuse() { text = "" }
///     func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
///         canvas.write(text, at: frame.origin, style: Style(.plain, highlighted: highlighted), limit: frame.maxX)
///     }
/// }
/// ```
public protocol TableCell: AnyObject {
    /// Clears what the last configuration left, before the cell is handed out again.
    func prepareForReuse()
    /// Draws the cell's line into `frame` (one row high).
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool)
    /// After drawing: the column of the caret, for a cell that edits text; nil for others.
    var caretColumn: Int? { get }
    /// Whether `draw` sets every cell of its frame, blanking it first (as `RowChrome.drawLead`
    /// does): the table then does not blank the line before drawing it. False by default.
    ///
    /// ```swift
    /// var fillsItsLine: Bool { true }
    /// ```
    var fillsItsLine: Bool { get }
}

extension TableCell {
    public var caretColumn: Int? { nil }
    public var fillsItsLine: Bool { false }
}

/// Tells a `TableView` what to draw.
public protocol TableViewDataSource: AnyObject {
    /// Number of lines in the list.
    func numberOfLines(in tableView: TableView) -> Int
    /// A configured cell for `line`, obtained from `tableView.dequeueReusableCell(_:)`.
    func tableView(_ tableView: TableView, cellForLine line: Int) -> TableCell
    /// A value that changes whenever anything a line shows may have changed (the state, text
    /// being typed), or nil when that is unknown. While it stays the same, a line drawn at the
    /// same place with the same highlight, whose cells are still on the canvas, is not asked for
    /// again: moving focus redraws two lines, not the screen.
    func drawStamp(in tableView: TableView) -> Int?
    /// What `line` shows, equal for two lines only when they are drawn alike (nil: unknown). When
    /// the stamp changed (a switch flipped), a line that shows the same as the last frame's line
    /// at its place is left as it is: a change redraws the lines it changed.
    func tableView(_ tableView: TableView, contentOfLine line: Int) -> LineContent?
    /// The lines that may show something else than they did in the frame the table drew at
    /// stamp `stamp` (the last one it drew), or nil when any line may. A source that follows
    /// its changes (a switch flipped: its row and the header that counts it) names them, and the
    /// table leaves every other line drawn at `stamp` as it is, without asking for its content:
    /// a change then costs the lines it changed, not a look at every line on screen.
    func tableView(_ tableView: TableView, linesChangedSince stamp: Int) -> ChangedLines?
}

/// Lines a change may have changed (see `TableViewDataSource.tableView(_:linesChangedSince:)`).
///
/// ```swift
/// var changed = ChangedLines()
/// changed.insert(3)
/// changed.insert(0..<2)
/// changed.contains(1)  // true
/// ```
public struct ChangedLines: Equatable, Sendable {
    /// Few (a row and a header, mostly): kept in a short array, looked through in order.
    public private(set) var lines: [Int] = []

    public init() {}

    public mutating func insert(_ line: Int) {
        if !lines.contains(line) { lines.append(line) }
    }

    public mutating func insert(_ range: Range<Int>) {
        for line in range { insert(line) }
    }

    public func contains(_ line: Int) -> Bool { lines.contains(line) }
}

extension TableViewDataSource {
    public func drawStamp(in tableView: TableView) -> Int? { nil }
    public func tableView(_ tableView: TableView, contentOfLine line: Int) -> LineContent? { nil }
    public func tableView(_ tableView: TableView, linesChangedSince stamp: Int) -> ChangedLines? { nil }
}
