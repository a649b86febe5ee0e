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
}
