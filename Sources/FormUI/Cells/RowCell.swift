import FormCore

/// A cell that draws one row kind from its typed content: the link between a `FormRow`'s
/// `Content` and what appears on screen.
///
/// A row kind is a row type (in any module) and a cell: the cell says which content it draws,
/// and the content names its cell with one line, so the table can dequeue the right cell for
/// any row without a registry.
///
/// ```swift
/// struct RatingContent: Hashable { var title: String; var stars: Int }
///
/// final class RatingCell: RowCell {
///     var content = RatingContent(title: "", stars: 0)
///     var context = CellContext()
///     init() {}
///     func configure(_ content: RatingContent, context: CellContext) {
///         self.content = content
///         self.context = context
///     }
///     func prepareForReuse() {}
///     func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
///         RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, context: context,
///                        title: content.title, trailing: [(String(repeating: "★", count: content.stars), .value)])
///     }
/// }
/// extension RatingContent: CellContent { typealias Cell = RatingCell }
/// ```
public protocol RowCell: TableCell {
    associatedtype Content
    init()
    /// Names the cell's pool and its counters in `TableView.cellsCreated`.
    static var reuseIdentifier: String { get }
    /// Takes what the next draw shows. Called on every frame the row is on screen.
    func configure(_ content: Content, context: CellContext)
}

extension RowCell {
    public static var reuseIdentifier: String { String(reflecting: Self.self) }
}

/// A row's content that knows the cell that draws it.
public protocol CellContent: Hashable {
    associatedtype Cell: RowCell where Cell.Content == Self
}

/// What a cell is told besides its content: the state of the screen around the row.
public struct CellContext: Hashable, Sendable {
    /// The row cannot be used now: drawn dim.
    public var isDisabled = false
    /// Which of the row's lines to draw, for a row taller than one line (0 is its first).
    public var line = 0
    /// The text being edited and the caret in it (in characters), while the row is edited in
    /// place. The screen keeps both; the cell only draws them.
    public var editing: Editing?
    /// The row's inline picker is open below it.
    public var isExpanded = false
    /// The chosen component of an open inline picker.
    public var pickerComponent: Int?
    /// The row must be filled in (`FormRow.isRequired`): its title is marked.
    public var isRequired = false

    public struct Editing: Hashable, Sendable {
        public var text: String
        public var caret: Int

        public init(text: String, caret: Int) {
            self.text = text
            self.caret = caret
        }
    }

    public init(
        isDisabled: Bool = false, line: Int = 0, editing: Editing? = nil, isExpanded: Bool = false,
        pickerComponent: Int? = nil, isRequired: Bool = false
    ) {
        self.isRequired = isRequired
        self.isDisabled = isDisabled
        self.line = line
        self.editing = editing
        self.isExpanded = isExpanded
        self.pickerComponent = pickerComponent
    }
}

extension TableView {
    /// A cell for `content`, pooled by its cell type, configured and ready to draw.
    ///
    /// ```swift
    /// let cell = table.dequeueCell(for: ToggleContent(title: "Sounds", isOn: true), context: CellContext())
    /// ```
    public func dequeueCell<C: CellContent>(for content: C, context: CellContext) -> C.Cell {
        let cell = dequeueCell(ofType: C.Cell.self)
        // The pool for this identifier only ever holds cells this factory made.
        let typed = cell as! C.Cell
        typed.configure(content, context: context)
        return typed
    }

    /// A cell for any row's content: fails with the content's type when no cell is linked to it.
    func dequeueCell(forAny content: any Hashable, context: CellContext) -> TableCell {
        guard let linked = content as? any CellContent else {
            preconditionFailure(
                "\(type(of: content)) has no cell: add `extension \(type(of: content)): CellContent "
                    + "{ typealias Cell = SomeCell }`")
        }
        return dequeueCell(for: linked, context: context)
    }
}
