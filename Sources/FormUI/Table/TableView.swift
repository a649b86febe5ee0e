/// A scrollable list of one-line cells, drawn from a data source with recycled cells.
///
/// Each frame the cells of the previous frame go back to their pools and the data source is asked
/// for the visible lines only; it gets cells from `dequeueReusableCell(_:)`, which hands back a
/// pooled cell or makes one with the factory registered for the identifier. So a list of any length
/// makes no more cells of a kind than fit on the screen. `cellsCreated` and `cellsReused` count it.
///
/// ```swift
/// let table = TableView()
/// table.register("toggle") { ToggleCell() }
/// table.scrollToVisible(line: focused, height: area.height)
/// table.draw(in: &canvas, frame: area, dataSource: source, highlightedLine: focused)
/// ```
public final class TableView {
    /// First line shown.
    public private(set) var scrollOffset = 0
    /// Cells made so far, per identifier.
    public private(set) var cellsCreated: [String: Int] = [:]
    /// Cells handed out again from a pool, per identifier.
    public private(set) var cellsReused: [String: Int] = [:]
    /// Where the highlighted cell put its caret in the last frame, if it edits text.
    public private(set) var highlightedCaret: Point?

    private var factories: [String: () -> TableCell] = [:]
    /// Each row cell type's reuse identifier, asked once: the default one is the type's name,
    /// which the runtime spells out anew on every call.
    private var identifiers: [ObjectIdentifier: String] = [:]
    private var pools: [String: [TableCell]] = [:]
    private var onScreen: [(identifier: String, cell: TableCell)] = []
    /// What was drawn at each row of the frame last time, for lines that can be left as they are.
    private var drawn: [Int: DrawnLine] = [:]
    private var drawnFrame: Rect?

    private struct DrawnLine {
        var line: Int
        var highlighted: Bool
        var stamp: Int
        var content: AnyHashable?
        /// The cells the line left on the canvas: it is skipped only while they are still there.
        var cells: [CanvasCell]
        var caretColumn: Int?
    }
    private var dequeuedThisFrame: [(identifier: String, cell: TableCell)] = []

    public init() {}

    /// Registers how to make a cell for `identifier`, like `register(_:forCellReuseIdentifier:)`.
    public func register(_ identifier: String, factory: @escaping () -> TableCell) {
        factories[identifier] = factory
    }

    /// A cell for `identifier`: a pooled one when there is one, else a new one.
    public func dequeueReusableCell(_ identifier: String) -> TableCell {
        let cell: TableCell
        if var pool = pools[identifier], let pooled = pool.popLast() {
            pools[identifier] = pool
            pooled.prepareForReuse()
            cellsReused[identifier, default: 0] += 1
            cell = pooled
        } else {
            guard let factory = factories[identifier] else {
                preconditionFailure("no cell registered for identifier '\(identifier)'")
            }
            cell = factory()
            cellsCreated[identifier, default: 0] += 1
        }
        dequeuedThisFrame.append((identifier, cell))
        return cell
    }

    /// A cell for `identifier`, registering `factory` for it first if nothing is registered:
    /// how typed row cells (`RowCell`) get their pools without a registration step.
    public func dequeueReusableCell(_ identifier: String, factory: @escaping () -> TableCell) -> TableCell {
        if factories[identifier] == nil { factories[identifier] = factory }
        return dequeueReusableCell(identifier)
    }

    /// The reuse identifier of a row cell type.
    func identifier<Cell: RowCell>(of type: Cell.Type) -> String {
        if let known = identifiers[ObjectIdentifier(type)] { return known }
        let identifier = Cell.reuseIdentifier
        identifiers[ObjectIdentifier(type)] = identifier
        return identifier
    }

    /// Total cells made, of every kind.
    public var totalCellsCreated: Int { cellsCreated.values.reduce(0, +) }

    /// Scrolls the least needed so that `line` is among the `height` lines shown, keeping
    /// `context` lines around it where there are some (the header above a first row, say).
    public func scrollToVisible(line: Int, height: Int, lineCount: Int, context: Int = 0) {
        guard height > 0 else { return }
        let margin = min(context, max(0, (height - 1) / 2))
        if line - margin < scrollOffset { scrollOffset = max(0, line - margin) }
        if line + margin >= scrollOffset + height { scrollOffset = line + margin - height + 1 }
        clampScroll(height: height, lineCount: lineCount)
    }

    /// Keeps the offset inside the list (no blank space below the last line when it can be avoided).
    public func clampScroll(height: Int, lineCount: Int) {
        scrollOffset = max(0, min(scrollOffset, lineCount - height))
    }

    /// Draws the visible lines into `frame`, one per row.
    public func draw(
        in canvas: inout Canvas, frame: Rect, dataSource: TableViewDataSource, highlightedLine: Int?
    ) {
        draw(
            in: &canvas, frame: frame, dataSource: dataSource,
            highlightedLines: highlightedLine.map { $0..<($0 + 1) } ?? 0..<0)
    }

    /// Draws the visible lines into `frame`, highlighting the lines of the focused row (a row may
    /// take several lines); the caret is taken from the first of them that has one.
    public func draw(
        in canvas: inout Canvas, frame: Rect, dataSource: TableViewDataSource, highlightedLines: Range<Int>
    ) {
        recycleOnScreenCells()
        highlightedCaret = nil
        let count = dataSource.numberOfLines(in: self)
        clampScroll(height: frame.height, lineCount: count)
        let end = min(count, scrollOffset + frame.height)
        let stamp = dataSource.drawStamp(in: self)
        if drawnFrame != frame || stamp == nil { drawn = [:] }
        drawnFrame = frame
        for line in scrollOffset..<max(scrollOffset, end) {
            let rowFrame = Rect(
                x: frame.minX, y: frame.minY + line - scrollOffset, width: frame.width, height: 1)
            let highlighted = highlightedLines.contains(line)
            var content: AnyHashable?
            if let stamp, let last = drawn[rowFrame.minY], last.highlighted == highlighted,
                last.line == line && last.stamp == stamp
                    || last.content != nil
                        && {
                            content = dataSource.tableView(self, contentOfLine: line)
                            return content == last.content
                        }(),
                canvas.row(rowFrame.minY, from: rowFrame.minX, holds: last.cells)
            {
                drawn[rowFrame.minY]?.line = line
                drawn[rowFrame.minY]?.stamp = stamp
                if highlighted, highlightedCaret == nil, let column = last.caretColumn {
                    highlightedCaret = Point(x: column, y: rowFrame.minY)
                }
                continue
            }
            let cell = dataSource.tableView(self, cellForLine: line)
            // Over the last frame's cells, a cell that leaves some of its line alone would
            // show what was there.
            canvas.fill(row: rowFrame.minY, from: rowFrame.minX, width: rowFrame.width, style: .plain)
            cell.draw(in: &canvas, frame: rowFrame, highlighted: highlighted)
            if highlighted, highlightedCaret == nil, let column = cell.caretColumn {
                highlightedCaret = Point(x: column, y: rowFrame.minY)
            }
            if let stamp {
                drawn[rowFrame.minY] = DrawnLine(
                    line: line, highlighted: highlighted, stamp: stamp,
                    content: content ?? dataSource.tableView(self, contentOfLine: line),
                    cells: Array(
                        canvas.cells(row: rowFrame.minY, from: rowFrame.minX, width: rowFrame.width)),
                    caretColumn: cell.caretColumn)
            }
        }
        onScreen = dequeuedThisFrame
        dequeuedThisFrame = []
    }

    /// Cells from the last frame go back to their pools before the next one is drawn.
    private func recycleOnScreenCells() {
        for entry in onScreen { pools[entry.identifier, default: []].append(entry.cell) }
        onScreen = []
    }
}
