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
}

extension TableCell {
    public var caretColumn: Int? { nil }
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
}

extension TableViewDataSource {
    public func drawStamp(in tableView: TableView) -> Int? { nil }
    public func tableView(_ tableView: TableView, contentOfLine line: Int) -> LineContent? { nil }
}
