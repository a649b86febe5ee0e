import FormCore

/// A full-screen editor for a text of several lines, pushed by a row that answers `.open` with a
/// `textEditor` (a `MultilineTextRow`).
///
/// Ctrl-S keeps the text (into the draft of the form that opened it: the form's own save writes
/// it); Esc drops it, asking first when it changed. The text scrolls both ways to keep the caret
/// in view, and the caret is the terminal cursor.
///
/// ```swift
/// navigator.push(TextEditorScreen(title: "Notes", text: state.notes) { kept in
///     state.notes = kept
/// })
/// ```
public final class TextEditorScreen: Screen {
    public let title: String
    /// The text as it was opened, lines joined with `"\n"`.
    public let original: String
    package private(set) var editing: MultilineEditing
    public let keyMap: KeyMap
    private let validate: ((String) -> String?)?
    private let onKeep: (String) throws -> Void
    /// Why the text cannot be changed (the form that opened it is read-only,
    /// `Form.readOnlyReason`): it is shown to be read and moved through, and a key that would
    /// change it shows the reason instead. Esc or Ctrl-S goes back.
    public var readOnlyReason: String?
    /// The first line and the first display column on screen.
    public private(set) var scrollTop = 0
    public private(set) var scrollLeft = 0
    private var pageHeight = 10

    /// `validate` says what is wrong with a text that cannot be kept yet; `onKeep` takes the
    /// text, and may throw to refuse it (a store that could not write): the editor then stays.
    public init(
        title: String, text: String, validate: ((String) -> String?)? = nil, keyMap: KeyMap = .standard,
        onKeep: @escaping (String) throws -> Void
    ) {
        self.title = title
        self.editing = MultilineEditing(text: text)
        self.original = editing.text
        self.validate = validate
        self.keyMap = keyMap
        self.onKeep = onKeep
    }

    /// The text as edited so far.
    public var text: String { editing.text }

    public var isChanged: Bool { editing.text != original }

    public var status: String? { isChanged ? "● modified" : readOnlyReason != nil ? "read-only" : nil }

    public var hasUnsavedChanges: Bool { isChanged }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        if readOnlyReason != nil {
            var items = [HelpItem("↑↓←→", "Move", priority: 0)]
            if let back = keyMap.label(for: [.cancel]) { items.append(HelpItem(back, "Back", priority: 2)) }
            return items
        }
        var items = [
            HelpItem("↑↓←→", "Move", priority: 0),
            HelpItem(Key.enter.label, "New line", priority: 1),
        ]
        if let keep = keyMap.label(for: [.save]) { items.append(HelpItem(keep, "Keep", priority: 3)) }
        if let cancel = keyMap.label(for: [.cancel]) { items.append(HelpItem(cancel, "Cancel", priority: 2)) }
        return items
    }

    public func handle(_ key: Key, navigator: Navigator) {
        if keyMap.matches(key, .save, fallback: false) {
            keep(navigator: navigator)
        } else if keyMap.matches(key, .cancel, fallback: false) {
            cancel(navigator: navigator)
        } else if let readOnlyReason {
            // Tried on a copy: a key that moves the caret is taken, one that edits is not.
            var moved = editing
            moved.apply(key, pageHeight: pageHeight)
            // The lines' storage is shared until an edit: a caret move compares in one step.
            if moved.lines == editing.lines {
                editing = moved
            } else {
                navigator.show(message: readOnlyReason, isError: true)
            }
        } else {
            editing.apply(key, pageHeight: pageHeight)
        }
    }

    /// Hands the text to the form that opened the editor and goes back to it; a text the row
    /// does not take stays in the editor, with the reason on the help line.
    public func keep(navigator: Navigator) {
        let kept = editing.text
        if let problem = validate?(kept) {
            navigator.show(message: "Not kept: \(problem)", isError: true)
            return
        }
        do {
            if kept != original { try onKeep(kept) }
            navigator.pop()
        } catch {
            navigator.show(message: "Not saved: \(error)", isError: true)
        }
    }

    /// Goes back without the text, asking first when it changed.
    public func cancel(navigator: Navigator) {
        guard isChanged else {
            navigator.pop()
            return
        }
        navigator.push(
            ConfirmScreen(
                title: "Discard changes?", message: "Your changes to \(title) will be lost.",
                confirmLabel: "Discard", cancelLabel: "Keep editing"
            ) { navigator in navigator.pop() })
    }

    // MARK: Drawing

    /// Columns left blank on each side, so that the text does not touch the terminal's edge.
    static let margin = 1

    public func render(into canvas: inout Canvas, area: Rect) {
        for y in area.minY..<area.maxY {
            canvas.fill(row: y, from: area.minX, width: area.width, style: .plain)
        }
        let width = area.width - 2 * Self.margin
        guard width > 0, area.height > 0 else { return }
        pageHeight = area.height
        scrollToCaret(width: width, height: area.height)
        let x = area.minX + Self.margin
        for row in 0..<area.height {
            let index = scrollTop + row
            guard index < editing.lines.count else { break }
            Self.draw(
                editing.lines[index], from: scrollLeft, in: &canvas,
                at: Point(x: x, y: area.minY + row), width: width)
        }
        canvas.cursor = Point(
            x: x + editing.caretDisplayColumn - scrollLeft, y: area.minY + editing.caret.line - scrollTop)
    }

    /// Scrolls as little as keeps the caret, and the character under it, on screen.
    private func scrollToCaret(width: Int, height: Int) {
        let caret = editing.caret
        // Lines deleted at the end: do not leave the screen half empty.
        scrollTop = min(scrollTop, max(0, editing.lines.count - height))
        if caret.line < scrollTop { scrollTop = caret.line }
        if caret.line >= scrollTop + height { scrollTop = caret.line - height + 1 }
        let line = editing.lines[caret.line]
        let column = editing.caretDisplayColumn
        let under = caret.column < line.count ? max(1, TextWidth.of(line[caret.column])) : 1
        if column < scrollLeft { scrollLeft = column }
        if column + under > scrollLeft + width { scrollLeft = column + under - width }
    }

    /// Draws the part of `line` from display column `left`, `width` columns wide. A wide
    /// character cut by the left edge shows as a blank; a control character as `?`.
    static func draw(
        _ line: [Character], from left: Int, in canvas: inout Canvas, at point: Point, width: Int
    ) {
        var column = 0
        var index = 0
        while index < line.count, column < left {
            column += TextWidth.of(line[index])
            index += 1
        }
        let start = point.x + (column - left)
        let shown = line[index...].map { ControlCharacters.isControl($0) ? Character("?") : $0 }
        canvas.write(
            String(shown), at: Point(x: start, y: point.y), style: Style(.value), limit: point.x + width)
    }
}
