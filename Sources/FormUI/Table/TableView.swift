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
    @exclusivity(unchecked) public private(set) var scrollOffset = 0
    /// Cells made so far, per identifier.
    public var cellsCreated: [String: Int] {
        pools.filter { $0.value.created > 0 }.mapValues(\.created)
    }
    /// Cells handed out again from a pool, per identifier.
    public var cellsReused: [String: Int] {
        pools.filter { $0.value.reused > 0 }.mapValues(\.reused)
    }
    /// Where the highlighted cell put its caret in the last frame, if it edits text. (This and
    /// the frame's other scalars are unchecked: read on every frame, where a dynamic exclusivity
    /// check cost more than the read; a table is drawn on one thread.)
    @exclusivity(unchecked) public private(set) var highlightedCaret: Point?

    /// The cells of one identifier: how to make one, the idle ones, and the counts. A class, so
    /// that a dequeue looks its identifier up once and changes the pool in place (a dictionary of
    /// arrays copied the pool and hashed the identifier five times per cell).
    final class Pool {
        var factory: () -> TableCell
        @exclusivity(unchecked) var idle: [TableCell] = []
        var created = 0
        var reused = 0

        init(factory: @escaping () -> TableCell) {
            self.factory = factory
        }
    }
    private var pools: [String: Pool] = [:]
    /// Each row cell type's pool, found by the type: its reuse identifier is asked once (the
    /// default one is the type's name, which the runtime spells out anew on every call).
    @exclusivity(unchecked) private var typedPools: [ObjectIdentifier: Pool] = [:]
    @exclusivity(unchecked) private var onScreen: [(pool: Pool, cell: TableCell)] = []
    /// How to get a cell for each type of row content met so far (`RowCellMaker`, by the type).
    @exclusivity(unchecked) var cellMakers: [ObjectIdentifier: AnyObject] = [:]
    /// What was drawn at each row of the frame last time (from the frame's top), for lines that
    /// can be left as they are. An array, changed in place: a dictionary's write-back after each
    /// skipped line was a quarter of a frame.
    @exclusivity(unchecked) private var drawn: [DrawnLine?] = []
    @exclusivity(unchecked) private var drawnFrame: Rect?
    /// The data source's stamp for the last frame drawn.
    @exclusivity(unchecked) private var drawnStamp: Int?
    /// How many times a line's content was asked of the data source: a test's count of what a
    /// change costs.
    @exclusivity(unchecked) package private(set) var contentsAsked = 0
    /// How many lines were drawn (their cells asked for and drawn): a test's count.
    @exclusivity(unchecked) package private(set) var linesDrawn = 0
    /// The lines whose content the last frame asked for, for a test to name them.
    @exclusivity(unchecked) package private(set) var linesAsked: [Int] = []
    /// How many kept lines the last frame compared with the canvas cell by cell (their rows'
    /// stamps did not tell): a test's count.
    @exclusivity(unchecked) package private(set) var rowsCompared = 0
    /// The scroll offset `drawn` was drawn at: after a scroll, a line drawn in the last frame
    /// is found at its old row and its cells moved, not drawn again.
    @exclusivity(unchecked) private var drawnOffset = 0

    /// Where each row's line stands, beside `drawn`: plain data, so that the look at a line
    /// that stays (most of them, after a change) retains and releases nothing.
    @exclusivity(unchecked) private var states: [LineState?] = []

    private struct LineState {
        var line: Int
        var stamp: Int
        /// The canvas row's stamp once the line's cells were there (`Canvas.rowStamps`): while
        /// the row keeps it, they are still there, known without comparing them.
        var rowStamp: UInt64
        let highlighted: Bool
        let caretColumn: Int?
    }

    /// A class, so that looking at a line that stays costs no copy of its content and cells.
    /// Changed in place when a line is drawn again at its row, and no other row holds it.
    private final class DrawnLine {
        // Unchecked: read for every line that stays or moves, where a dynamic check per read
        // cost more than the look at the line.
        @exclusivity(unchecked) var content: LineContent?
        /// The cells the line left on the canvas: it is skipped only while they are still there.
        @exclusivity(unchecked) var cells: [CanvasCell]

        init(content: LineContent?, cells: [CanvasCell]) {
            self.content = content
            self.cells = cells
        }
    }
    @exclusivity(unchecked) private var dequeuedThisFrame: [(pool: Pool, cell: TableCell)] = []
    /// The lines a frame looks at further, kept for the next frame (no array made per frame).
    @exclusivity(unchecked) private var pending: [Int] = []

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
    @exclusivity(unchecked) private var lastPool: (identifier: String, pool: Pool)?

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

    /// The cells drawn on screen row `y` by the last frame, where they are kept (a data source
    /// that stamps its lines): what a click landed on.
    ///
    /// ```swift
    /// let clicked = tableView.drawnCells(onRow: 5)?[12].character
    /// ```
    public func drawnCells(onRow y: Int) -> [CanvasCell]? {
        guard let frame = drawnFrame, y >= frame.minY, y < frame.maxY else { return nil }
        return drawn[y - frame.minY]?.cells
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
        while linesAsked.popLast() != nil {}
        rowsCompared = 0
        let count = dataSource.numberOfLines(in: self)
        clampScroll(height: frame.height, lineCount: count)
        let end = min(count, scrollOffset + frame.height)
        let stamp = dataSource.drawStamp(in: self)
        if drawnFrame != frame || stamp == nil {
            drawn = Array(repeating: nil, count: max(0, frame.height))
            states = Array(repeating: nil, count: max(0, frame.height))
        }
        drawnFrame = frame
        // The lines a change since the last frame may have changed, when the source knows them:
        // the others, drawn at that frame's stamp, are kept without a look at their content.
        let since = drawnStamp
        let changed: ChangedLines? =
            if let stamp, let since, stamp != since {
                dataSource.tableView(self, linesChangedSince: since)
            } else {
                nil
            }
        drawnStamp = stamp
        let shift = scrollOffset - drawnOffset
        drawnOffset = scrollOffset
        // What the last frame drew, by row, while `drawn` takes this frame's lines: copied only
        // after a scroll, when a line may come from another row (else each row is read before
        // it is written, and a copy made every element's reference counted twice).
        let earlier = shift != 0 ? drawn : []
        let earlierStates = shift != 0 ? states : []
        // Whole rows can be moved: a line drawn in the last frame one row up (a scroll down)
        // is copied there rather than drawn again (a scroll drew every line on screen anew).
        let movesRows = frame.minX == 0 && frame.width == canvas.size.width
        // The caret of the first highlighted line that has one (lines are looked at in two
        // passes, each in order).
        var caret: (line: Int, point: Point)?
        func offerCaret(_ column: Int?, line: Int, y: Int) {
            guard let column, caret.map({ line < $0.line }) ?? true else { return }
            caret = (line, Point(x: column, y: y))
        }
        // First the lines that stay as drawn (most of them after a change or a move), known from
        // plain data only: their state, the lines the change named, their rows' stamps.
        let lines = scrollOffset..<max(scrollOffset, end)
        while pending.popLast() != nil {}
        if shift == 0, let stamp {
            let changedLines = changed?.lines
            canvas.rowStamps.withUnsafeBufferPointer { rowStamps in
                states.withUnsafeMutableBufferPointer { states in
                    for line in lines {
                        let slot = line - scrollOffset
                        let y = frame.minY + slot
                        let highlighted = highlightedLines.contains(line)
                        if let state = states[slot], state.line == line, state.highlighted == highlighted,
                            state.stamp == stamp
                                || state.stamp == since && changedLines?.contains(line) == false,
                            y >= 0, y < rowStamps.count, rowStamps[y] == state.rowStamp
                        {
                            states[slot]?.stamp = stamp
                            if highlighted { offerCaret(state.caretColumn, line: line, y: y) }
                            continue
                        }
                        pending.append(line)
                    }
                }
            }
        } else {
            pending.append(contentsOf: lines)
        }
        for line in pending {
            let slot = line - scrollOffset
            let y = frame.minY + slot
            let highlighted = highlightedLines.contains(line)
            let rowFrame = Rect(x: frame.minX, y: y, width: frame.width, height: 1)
            var content: LineContent?
            var last = shift != 0 ? earlier[slot] : drawn[slot]
            var lastState = shift != 0 ? earlierStates[slot] : states[slot]
            var moved = false
            if shift != 0, movesRows, lastState?.line != line, earlier.indices.contains(slot + shift),
                let other = earlier[slot + shift], let otherState = earlierStates[slot + shift],
                otherState.line == line
            {
                last = other
                lastState = otherState
                moved = true
            }
            // A line the change names is drawn again without asking first whether it shows the
            // same: it rarely does, and its content, read once drawn, is then the source's kept one.
            let named =
                lastState.map { $0.line == line && $0.stamp == since } == true
                && changed?.contains(line) == true
            if let stamp, let last, let lastState, lastState.highlighted == highlighted,
                lastState.line == line
                    && (lastState.stamp == stamp
                        || lastState.stamp == since && changed?.contains(line) == false)
                    || last.content != nil && !named
                        && {
                            contentsAsked &+= 1
                            linesAsked.append(line)
                            content = dataSource.tableView(self, contentOfLine: line)
                            return content == last.content
                        }(),
                moved || canvas.rowStamp(y) == lastState.rowStamp
                    || {
                        rowsCompared += 1
                        return canvas.row(y, from: rowFrame.minX, holds: last.cells)
                    }()
            {
                if moved {
                    canvas.replace(row: y, with: last.cells[...])
                    // A line of its own: the last frame's may still stand at its old row.
                    drawn[slot] = last
                }
                states[slot] = LineState(
                    line: line, stamp: stamp, rowStamp: canvas.rowStamp(y), highlighted: highlighted,
                    caretColumn: lastState.caretColumn)
                if highlighted { offerCaret(lastState.caretColumn, line: line, y: y) }
                continue
            }
            // Let go, so that the line kept at this row can take the new one in place below.
            last = nil
            let cell = dataSource.tableView(self, cellForLine: line)
            // Over the last frame's cells, a cell that leaves some of its line alone would
            // show what was there.
            if !cell.fillsItsLine {
                canvas.fill(row: y, from: rowFrame.minX, width: rowFrame.width, style: .plain)
            }
            cell.draw(in: &canvas, frame: rowFrame, highlighted: highlighted)
            if highlighted { offerCaret(cell.caretColumn, line: line, y: y) }
            linesDrawn &+= 1
            if let stamp {
                // A line the change named is not asked what it shows: it is asked only to tell a
                // line that stays when a change is not followed, and such a line is drawn again
                // then (a content made and kept for each line a change reaches cost a tenth of
                // a Space's drawing).
                let content =
                    named
                    ? content
                    : content
                        ?? {
                            contentsAsked &+= 1
                            linesAsked.append(line)
                            return dataSource.tableView(self, contentOfLine: line)
                        }()
                let cells = canvas.cells(row: y, from: rowFrame.minX, width: rowFrame.width)
                if isKnownUniquelyReferenced(&drawn[slot]), let kept = drawn[slot],
                    kept.cells.count == cells.count
                {
                    // The line drawn here before, held by nothing else: its memory takes the
                    // new one (no object and array made and freed per line drawn).
                    kept.content = content
                    kept.cells.withUnsafeMutableBufferPointer { kept in
                        cells.withUnsafeBufferPointer { cells in
                            guard let to = kept.baseAddress, let from = cells.baseAddress else { return }
                            to.update(from: from, count: cells.count)
                        }
                    }
                } else {
                    drawn[slot] = DrawnLine(content: content, cells: Array(cells))
                }
                states[slot] = LineState(
                    line: line, stamp: stamp, rowStamp: canvas.rowStamp(y), highlighted: highlighted,
                    caretColumn: cell.caretColumn)
            }
        }
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
