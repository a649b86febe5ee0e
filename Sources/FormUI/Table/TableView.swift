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
    public var cellsCreated: [String: Int] {
        pools.filter { $0.value.created > 0 }.mapValues(\.created)
    }
    /// Cells handed out again from a pool, per identifier.
    public var cellsReused: [String: Int] {
        pools.filter { $0.value.reused > 0 }.mapValues(\.reused)
    }
    /// Where the highlighted cell put its caret in the last frame, if it edits text.
    public private(set) var highlightedCaret: Point?

    /// The cells of one identifier: how to make one, the idle ones, and the counts. A class, so
    /// that a dequeue looks its identifier up once and changes the pool in place (a dictionary of
    /// arrays copied the pool and hashed the identifier five times per cell).
    final class Pool {
        var factory: () -> TableCell
        var idle: [TableCell] = []
        var created = 0
        var reused = 0

        init(factory: @escaping () -> TableCell) {
            self.factory = factory
        }
    }
    private var pools: [String: Pool] = [:]
    /// Each row cell type's pool, found by the type: its reuse identifier is asked once (the
    /// default one is the type's name, which the runtime spells out anew on every call).
    private var typedPools: [ObjectIdentifier: Pool] = [:]
    private var onScreen: [(pool: Pool, cell: TableCell)] = []
    /// How to get a cell for each type of row content met so far (`RowCellMaker`, by the type).
    var cellMakers: [ObjectIdentifier: AnyObject] = [:]
    /// The cells the rows of the last frame drew, row after row from the frame's top, each
    /// `drawnFrame`'s width: what a click landed on. Written over each frame, made anew only when
    /// the frame changes.
    private var drawnCells: [CanvasCell] = []
    /// How many cells each row of `drawnCells` holds: 0 below the last line.
    private var drawnWidths: [Int] = []
    private var drawnFrame: Rect?
    /// How many lines were drawn (their cells asked for and drawn): a test's count.
    package private(set) var linesDrawn = 0
    private var dequeuedThisFrame: [(pool: Pool, cell: TableCell)] = []

    public init() {}

    /// Registers how to make a cell for `identifier`, like `register(_:forCellReuseIdentifier:)`.
    public func register(_ identifier: String, factory: @escaping () -> TableCell) {
        pool(identifier, factory: factory).factory = factory
    }

    /// A cell for `identifier`: a pooled one when there is one, else a new one.
    public func dequeueReusableCell(_ identifier: String) -> TableCell {
        guard let pool = pools[identifier] else {
            preconditionFailure("no cell registered for identifier '\(identifier)'")
        }
        return dequeue(from: pool)
    }

    /// A cell for `identifier`, registering `factory` for it first if nothing is registered:
    /// how typed row cells (`RowCell`) get their pools without a registration step.
    public func dequeueReusableCell(_ identifier: String, factory: @escaping () -> TableCell) -> TableCell {
        dequeue(from: pool(identifier, factory: factory))
    }

    /// A cell of the row cell type `Cell`, from the pool of its reuse identifier.
    func dequeueCell<Cell: RowCell>(ofType type: Cell.Type) -> TableCell {
        if let pool = typedPools[ObjectIdentifier(type)] { return dequeue(from: pool) }
        let pool = pool(Cell.reuseIdentifier) { Cell() }
        typedPools[ObjectIdentifier(type)] = pool
        return dequeue(from: pool)
    }

    /// `dequeueCell(ofType:)` for a caller that keeps the pool it was handed (`kept`, for this
    /// table), so that the pool is looked up once, not on every cell.
    func dequeueCell<Cell: RowCell>(
        ofType type: Cell.Type, kept: inout (table: ObjectIdentifier, pool: Pool)?
    )
        -> TableCell
    {
        if let kept, kept.table == ObjectIdentifier(self) { return dequeue(from: kept.pool) }
        let found: Pool
        if let typed = typedPools[ObjectIdentifier(type)] {
            found = typed
        } else {
            found = pool(Cell.reuseIdentifier) { Cell() }
            typedPools[ObjectIdentifier(type)] = found
        }
        kept = (ObjectIdentifier(self), found)
        return dequeue(from: found)
    }

    private func pool(_ identifier: String, factory: @escaping () -> TableCell) -> Pool {
        // The pool asked last, most often asked again (a header per frame): a short identifier
        // compares in a word or two, where the dictionary hashed it.
        if let lastPool, lastPool.identifier == identifier { return lastPool.pool }
        let pool: Pool
        if let found = pools[identifier] {
            pool = found
        } else {
            pool = Pool(factory: factory)
            pools[identifier] = pool
        }
        lastPool = (identifier, pool)
        return pool
    }

    /// The pool `pool(_:factory:)` found last, and its identifier.
    private var lastPool: (identifier: String, pool: Pool)?

    private func dequeue(from pool: Pool) -> TableCell {
        let cell: TableCell
        if let pooled = pool.idle.popLast() {
            pooled.prepareForReuse()
            pool.reused += 1
            cell = pooled
        } else {
            cell = pool.factory()
            pool.created += 1
        }
        dequeuedThisFrame.append((pool, cell))
        return cell
    }

    /// Total cells made, of every kind.
    public var totalCellsCreated: Int { pools.values.reduce(0) { $0 + $1.created } }

    /// Scrolls the least needed so that `line` is among the `height` lines shown, keeping
    /// `context` lines around it where there are some (the header above a first row, say).
    public func scrollToVisible(line: Int, height: Int, lineCount: Int, context: Int = 0) {
        guard height > 0 else { return }
        let margin = min(context, max(0, (height - 1) / 2))
        if line - margin < scrollOffset { scrollOffset = max(0, line - margin) }
        if line + margin >= scrollOffset + height { scrollOffset = line + margin - height + 1 }
        clampScroll(height: height, lineCount: lineCount)
    }

    /// Scrolls by `lines` (down when positive), within the lines there are: the mouse wheel.
    ///
    /// ```swift
    /// tableView.scroll(by: 3, height: 10, lineCount: 100)  // scrollOffset 0 -> 3
    /// ```
    public func scroll(by lines: Int, height: Int, lineCount: Int) {
        scrollOffset = max(0, min(scrollOffset + lines, lineCount - height))
    }

    /// The cells drawn on screen row `y` by the last frame: what a click landed on.
    ///
    /// ```swift
    /// let clicked = tableView.drawnCells(onRow: 5)?[12].character
    /// ```
    public func drawnCells(onRow y: Int) -> [CanvasCell]? {
        guard let frame = drawnFrame, y >= frame.minY, y < frame.maxY, drawnWidths[y - frame.minY] > 0
        else { return nil }
        let start = (y - frame.minY) * max(0, frame.width)
        return Array(drawnCells[start..<(start + drawnWidths[y - frame.minY])])
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
    ///
    /// Every visible line is drawn whole on every frame: the terminal's one comparison (ncurses'
    /// `doupdate`) finds what changed, so nothing here remembers what a line showed.
    public func draw(
        in canvas: inout Canvas, frame: Rect, dataSource: TableViewDataSource, highlightedLines: Range<Int>
    ) {
        recycleOnScreenCells()
        highlightedCaret = nil
        let count = dataSource.numberOfLines(in: self)
        clampScroll(height: frame.height, lineCount: count)
        let end = min(count, scrollOffset + frame.height)
        // Written in locals, taken out of the stored properties and put back after the loop: each
        // write of a class's stored property is checked for an overlapping access (about a
        // hundred instructions), and these were three a line.
        var cells: [CanvasCell] = []
        var widths: [Int] = []
        var lines = 0
        if drawnFrame == frame {
            swap(&cells, &drawnCells)
            swap(&widths, &drawnWidths)
        } else {
            cells = Array(repeating: .blank, count: max(0, frame.width) * max(0, frame.height))
            widths = Array(repeating: 0, count: max(0, frame.height))
        }
        drawnFrame = frame
        var caret: (line: Int, point: Point)?
        for line in scrollOffset..<max(scrollOffset, end) {
            let slot = line - scrollOffset
            let y = frame.minY + slot
            let highlighted = highlightedLines.contains(line)
            let rowFrame = Rect(x: frame.minX, y: y, width: frame.width, height: 1)
            let cell = dataSource.tableView(self, cellForLine: line)
            // Over the last frame's cells, a cell that leaves some of its line alone would
            // show what was there.
            if !cell.fillsItsLine {
                canvas.fill(row: y, from: rowFrame.minX, width: rowFrame.width, style: .plain)
            }
            cell.draw(in: &canvas, frame: rowFrame, highlighted: highlighted)
            if highlighted, let column = cell.caretColumn, caret.map({ line < $0.line }) ?? true {
                caret = (line, Point(x: column, y: y))
            }
            lines += 1
            let drawn = canvas.cells(row: y, from: rowFrame.minX, width: rowFrame.width)
            let start = slot * max(0, frame.width)
            cells[start..<(start + drawn.count)] = drawn
            widths[slot] = drawn.count
        }
        for slot in max(0, end - scrollOffset)..<widths.count { widths[slot] = 0 }
        drawnCells = cells
        drawnWidths = widths
        linesDrawn &+= lines
        highlightedCaret = caret?.point
        // The two arrays trade places, each keeping its room: no array made per frame.
        swap(&onScreen, &dequeuedThisFrame)
    }

    /// Cells from the last frame go back to their pools before the next one is drawn.
    private func recycleOnScreenCells() {
        // Popped, not looped over and removed: `removeAll(keepingCapacity:)` took the generic
        // path, which cost more than the few cells a key draws.
        while let entry = onScreen.popLast() { entry.pool.idle.append(entry.cell) }
    }
}
