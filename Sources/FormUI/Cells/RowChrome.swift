/// The common look of a form row: a focus marker, the title on the left, the value in one
/// column shared by every row. Custom cells draw with it to look like the rows around them.
///
/// Values start at the value column (`fieldColumn(in:)`, two fifths of the readable line), so
/// that switches, dates, text fields and sliders line up; a title too long for its room pushes
/// its value right, then gets cut: the value must stay readable.
///
/// Focus shows across the whole row: the marker (`>`, so that focus is visible without color, in
/// a screen reader and in text snapshots), and every cell of the row drawn highlighted, which the
/// theme paints on its focus background (reverse video without colors). Values keep their own
/// colors on it. A disabled row is drawn in the disabled role, whatever its roles.
///
/// ```swift
/// RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, context: context,
///                title: "Rating", trailing: [("★★★☆☆", .value)])
/// ```
///
/// A cell that lays its line out itself starts with `drawLead`, writes its title with
/// `writeTitle`, and its values with `valueStyle(_:context:highlighted:)`:
///
/// ```swift
/// RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
/// RowChrome.writeTitle(
///     "Volume", in: &canvas, frame: frame, limit: barX - 1, highlighted: highlighted, context: context)
/// canvas.write("━━━●───", at: Point(x: barX, y: frame.minY),
///              style: RowChrome.valueStyle(.on, context: context, highlighted: highlighted))
/// ```
public enum RowChrome {
    public static let titleIndent = 2
    public static let rightMargin = 1
    /// On a wide terminal the value stays this close to the title: a row reads as one line
    /// instead of a title at column 2 and a value at column 190.
    public static let readableWidth = 100
    /// What marks the focused row, in its first column.
    public static let marker = ">"
    /// What follows the title of a row that must be filled in.
    public static let requiredMark = "*"

    /// The part of `frame` a row uses: all of it up to `readableWidth` columns.
    public static func readable(_ frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: min(frame.width, readableWidth), height: frame.height)
    }

    /// The value column: where values, fields (text being typed, a slider's bar) start, so
    /// that they line up from row to row: two fifths of the readable line.
    public static func fieldColumn(in frame: Rect) -> Int {
        frame.minX + max(titleIndent + 6, readable(frame).width * 2 / 5)
    }

    /// The value column of a row in `context`: where its section lines values up, after the
    /// section's widest title (`CellContext.sectionTitleWidth`) but leaving its values
    /// `minimumValueRoom` columns, where a longer title is cut with "…"; the plain value column
    /// when the section is not known.
    public static func fieldColumn(in frame: Rect, context: CellContext) -> Int {
        let column = fieldColumn(in: frame)
        guard let widest = context.sectionTitleWidth else { return column }
        let afterTitles = frame.minX + titleIndent + widest + 2
        let end = readable(frame).maxX - rightMargin
        return max(column, min(afterTitles, end - minimumValueRoom))
    }

    /// The fewest columns a text field keeps when a long title pushes it right of the value column.
    public static let minimumFieldWidth = 12
    /// The fewest columns a value keeps after its section's column before it starts further left.
    static let minimumValueRoom = 8

    /// Where a text field starts after a title `titleWidth` columns wide: the value column when
    /// the title fits before it; else just after the title, as a value does, as long as the
    /// field keeps `minimumFieldWidth` columns; at worst there, with the title cut.
    static func textFieldStart(
        in frame: Rect, titleWidth: Int, isRequired: Bool, context: CellContext = CellContext()
    ) -> Int {
        valueStart(
            in: frame, titleWidth: titleWidth, isRequired: isRequired, valueWidth: minimumFieldWidth,
            context: context)
    }

    /// Draws the row: the title, then `trailing` pieces from the value column left to right (or
    /// further right when the title needs the room and the value still fits). `hanging` columns
    /// of the first piece go before the value column, into the gap after the title: a segment's
    /// bracket or space, so that its text lines up with the values of the rows around it.
    ///
    /// ```swift
    /// RowChrome.draw(
    ///     in: &canvas, frame: frame, highlighted: false, title: "Theme",
    ///     trailing: [(" Light ", .value), ("│", .disclosure), ("[Dark]", .accent)], hanging: 1)
    /// ```
    public static func draw(
        in canvas: inout Canvas, frame: Rect, highlighted: Bool, context: CellContext = CellContext(),
        title: String, titleRole: Style.Role = .plain, isRequired: Bool = false,
        trailing: [(text: String, role: Style.Role)], hanging: Int = 0
    ) {
        // An empty frame (a terminal shrunk to nothing) has no room even for the focus marker.
        guard frame.width > 0, frame.height > 0 else { return }
        drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let line = readable(frame)
        let end = line.maxX - rightMargin
        let trailingWidth = trailing.reduce(0) { $0 + TextWidth.of($1.text) }
        let titleStart = line.minX + titleIndent
        let isRequired = isRequired || context.isRequired
        // Measured once here, not again by each step below.
        let titleWidth = TextWidth.of(title)
        var x = valueStart(
            in: frame, titleWidth: titleWidth, isRequired: isRequired, valueWidth: trailingWidth,
            context: context)
        // Cut to fit its section's column, a title keeps the two columns apart from its value
        // that every title of the section has.
        let titleEnd = context.sectionTitleWidth == nil ? x - 1 : x - 2
        writeTitle(
            title, width: titleWidth, in: &canvas, frame: frame, x: titleStart, limit: titleEnd,
            highlighted: highlighted, context: context, role: titleRole, isRequired: isRequired)
        // The gap after the title keeps a column at least.
        x = max(min(x, titleStart + titleWidth + 1), x - hanging)
        for piece in fitted(trailing, width: trailingWidth, room: end - x) {
            x = canvas.write(
                piece.text, at: Point(x: x, y: frame.minY),
                style: valueStyle(piece.role, context: context, highlighted: highlighted), limit: end)
        }
    }

    /// `pieces` (`width` columns together) cut to `room` columns: the first piece, the value,
    /// ends in "…" so that what follows it (a " ›") still shows; as they are when they fit.
    static func fitted<Role>(_ pieces: [(text: String, role: Role)], width: Int, room: Int)
        -> [(text: String, role: Role)]
    {
        guard width > room, let first = pieces.first, room > 0 else { return pieces }
        let rest = width - TextWidth.of(first.text)
        guard rest < room else { return [(TextWidth.truncate(first.text, to: room), first.role)] }
        return [(TextWidth.truncate(first.text, to: room - rest), first.role)] + pieces.dropFirst()
    }

    /// Where a value `valueWidth` columns wide starts after `title`: the value column when the
    /// title fits before it; else just after the title; at worst against the right margin, with
    /// the title cut.
    ///
    /// In a section whose widest title is known (`context.sectionTitleWidth`), the value starts
    /// at the section's column whatever its own title, so that the section's values line up: a
    /// title too long is cut with "…", and so is a value too long, unless fewer than
    /// `minimumValueRoom` columns would be left to it.
    static func valueStart(
        in frame: Rect, title: String, isRequired: Bool, valueWidth: Int, context: CellContext = CellContext()
    ) -> Int {
        valueStart(
            in: frame, titleWidth: TextWidth.of(title), isRequired: isRequired, valueWidth: valueWidth,
            context: context)
    }

    /// `valueStart(in:title:isRequired:valueWidth:context:)` for a title `titleWidth` columns wide.
    static func valueStart(
        in frame: Rect, titleWidth: Int, isRequired: Bool, valueWidth: Int,
        context: CellContext = CellContext()
    ) -> Int {
        let end = readable(frame).maxX - rightMargin
        let titleStart = frame.minX + titleIndent
        if context.sectionTitleWidth != nil {
            let column = fieldColumn(in: frame, context: context)
            return max(min(column, end - min(valueWidth, minimumValueRoom)), titleStart)
        }
        let titleWidth = titleWidth + (isRequired ? 1 + TextWidth.of(requiredMark) : 0)
        let x = max(fieldColumn(in: frame), min(titleStart + titleWidth + 2, end - valueWidth))
        return max(min(x, end - valueWidth), titleStart)
    }

    /// Blanks the row's line (on the focus background across the readable line when
    /// `highlighted`) and, on the first line of a focused row, draws the focus marker.
    public static func drawLead(
        in canvas: inout Canvas, frame: Rect, highlighted: Bool, context: CellContext = CellContext()
    ) {
        guard frame.width > 0, frame.height > 0 else { return }
        let line = readable(frame)
        canvas.fill(
            row: frame.minY, from: frame.minX, width: line.width, style: Style(highlighted: highlighted))
        if line.width < frame.width {
            canvas.fill(row: frame.minY, from: line.maxX, width: frame.width - line.width, style: .plain)
        }
        if highlighted, context.line == 0 {
            canvas.write(
                marker, at: Point(x: frame.minX, y: frame.minY), style: Style(.marker, highlighted: true),
                limit: frame.maxX)
        }
    }

    /// Writes a row's title on `frame`'s line, from column `x` (the title's usual place by
    /// default) up to `limit`, cut with "…" when it does not fit: highlighted on a focused row,
    /// in the disabled role on a disabled one, else in `role`; then the required mark (when
    /// `isRequired` or the context's `isRequired` says so). Returns
    /// the column after what it wrote.
    @discardableResult
    public static func writeTitle(
        _ title: String, in canvas: inout Canvas, frame: Rect, x: Int? = nil, limit: Int, highlighted: Bool,
        context: CellContext = CellContext(), role: Style.Role = .plain, isRequired: Bool = false
    ) -> Int {
        writeTitle(
            title, width: nil, in: &canvas, frame: frame, x: x, limit: limit, highlighted: highlighted,
            context: context, role: role, isRequired: isRequired)
    }

    /// `writeTitle` for a title `width` columns wide, when known.
    @discardableResult
    static func writeTitle(
        _ title: String, width: Int?, in canvas: inout Canvas, frame: Rect, x: Int? = nil, limit: Int,
        highlighted: Bool, context: CellContext = CellContext(), role: Style.Role = .plain,
        isRequired: Bool = false
    ) -> Int {
        let start = x ?? frame.minX + titleIndent
        let style = Style(context.isDisabled ? .disabled : role, highlighted: highlighted)
        guard !title.isEmpty, frame.width > 0, frame.height > 0 else { return start }
        let end = min(limit, frame.maxX)
        let isRequired = isRequired || context.isRequired
        let mark = isRequired ? " " + requiredMark : ""
        let markWidth = isRequired ? 1 + TextWidth.of(requiredMark) : 0
        let room = end - start
        let titleWidth = width ?? TextWidth.of(title)
        let markFits = titleWidth + markWidth <= room
        let titleRoom = markFits ? room : room - markWidth
        // A title that fits is written as it is (`truncate` would measure it again).
        let shown =
            titleRoom > 0 && titleWidth <= titleRoom ? title : TextWidth.truncate(title, to: titleRoom)
        var after = canvas.write(shown, at: Point(x: start, y: frame.minY), style: style, limit: end)
        if isRequired, after + TextWidth.of(mark) <= end {
            after = canvas.write(
                mark, at: Point(x: after, y: frame.minY),
                style: Style(context.isDisabled ? .disabled : .required, highlighted: highlighted), limit: end
            )
        }
        return after
    }

    /// The look of a row's value (a switch's state, text typed, a chosen item): its own role, or
    /// the disabled one on a disabled row; highlighted on the focused row, so that the focus
    /// background runs under it.
    public static func valueStyle(_ role: Style.Role, context: CellContext, highlighted: Bool = false)
        -> Style
    {
        Style(context.isDisabled ? .disabled : role, highlighted: highlighted)
    }

    /// A literal color for a value (a color swatch, a status dot), with `fallback` where colors
    /// are off; the disabled role on a disabled row.
    public static func valueStyle(
        color: Theme.Color, fallback: Style.Role = .value, context: CellContext, highlighted: Bool = false
    ) -> Style {
        context.isDisabled
            ? Style(.disabled, highlighted: highlighted)
            : Style(color: color, fallback: fallback, highlighted: highlighted)
    }
}
