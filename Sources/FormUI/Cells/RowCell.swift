import FormCore

/// A cell that draws one row kind from its typed content: for a row that draws more than a title
/// and a value (a row whose content is a `RowText` needs no cell).
///
/// The cell says which content it draws, and the content names its cell with one line
/// (`CellContent`), so the table dequeues the right cell for any row without a registry, and the
/// compiler checks that the two agree.
///
/// ```swift
/// struct SwatchContent: Hashable { var title: String; var chosen: Int }
///
/// final class SwatchCell: RowCell {
///     var content = SwatchContent(title: "", chosen: 0)
///     var context = CellContext()
///     init() {}
///     func configure(_ content: SwatchContent, context: CellContext) {
///         self.content = content
///         self.context = context
///     }
///     func prepareForReuse() {}
///     func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
///         RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
///         RowChrome.writeTitle(content.title, in: &canvas, frame: frame, limit: frame.maxX,
///                              highlighted: highlighted, context: context)
///         // … the swatches, each in its color (`RowChrome.valueStyle(color:context:)`)
///     }
/// }
/// extension SwatchContent: CellContent { typealias Cell = SwatchCell }
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

/// A row's content that knows the cell that draws it: for a row kind that draws more than a
/// title and a value (`RowText` needs no cell of its own).
///
/// ```swift
/// extension SwatchContent: CellContent { typealias Cell = SwatchCell }
/// ```
public protocol CellContent: RowContent {
    associatedtype Cell: RowCell where Cell.Content == Self
}

extension CellContent {
    /// The content as text, read from its members: its `title`, and the others as
    /// `name: value` (`chosen: 1`). A content can say it better by giving its own.
    public var rowText: RowText {
        let members = Mirror(reflecting: self).children
        let title = members.first { $0.label == "title" }.map { "\($0.value)" } ?? ""
        let value = members.compactMap { child -> String? in
            guard let label = child.label, label != "title" else { return nil }
            let inner = Mirror(reflecting: child.value)
            guard inner.displayStyle == .optional else { return "\(label): \(child.value)" }
            return inner.children.first.map { "\(label): \($0.value)" } ?? "\(label): none"
        }
        return RowText(title, value: value.joined(separator: ", "))
    }
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
    /// The widest title of the row's section, its required mark counted, when the screen knows
    /// it: the section's values then line up after it (`RowChrome.fieldColumn(in:context:)`),
    /// on a narrow screen too. nil: each row places its value after its own title.
    public var sectionTitleWidth: Int?

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

    /// A cell for any row's content: the cell it names, or for a content without one, the
    /// standard row drawn from its text.
    func dequeueCell(forAny content: any RowContent, context: CellContext) -> TableCell {
        // Found once per type of content: the cast to `any CellContent` (an existential with an
        // associated type) looked up the conformance again for every cell drawn.
        let type = ObjectIdentifier(Swift.type(of: content))
        let maker: RowCellMaker
        if let known = cellMakers[type] {
            maker = unsafeDowncast(known, to: RowCellMaker.self)
        } else {
            maker = RowCellMaker.for(content)
            cellMakers[type] = maker
        }
        return maker.cell(for: content, in: self, context: context)
    }
}

/// How a table gets a cell for contents of one type: the cell the type names (`CellContent`), or
/// for a type without one, the standard row drawn from its text.
class RowCellMaker {
    func cell(for content: any RowContent, in table: TableView, context: CellContext) -> TableCell {
        let cell = table.dequeueCell(ofType: RowTextCell.self) as! RowTextCell
        cell.configure(content.rowText, context: context)
        return cell
    }

    /// The maker for contents of `content`'s type.
    static func `for`(_ content: any RowContent) -> RowCellMaker {
        if let builtIn = builtIn(ObjectIdentifier(type(of: content))) { return builtIn }
        guard let linked = content as? any CellContent else { return RowCellMaker() }
        func maker<Content: CellContent>(_: Content) -> RowCellMaker { LinkedCellMaker<Content>() }
        return maker(linked)
    }

    /// The maker of a built-in content, found by comparing its type: the cast to `any CellContent`
    /// makes the runtime search every conformance record of the program the first time it meets
    /// a type (about 120k instructions each, a third of a small form's start); a library user's
    /// own contents still go that way.
    private static func builtIn(_ type: ObjectIdentifier) -> RowCellMaker? {
        if type == ObjectIdentifier(RowText.self) { return RowCellMaker() }
        func maker<Content: CellContent>(_: Content.Type) -> RowCellMaker? {
            type == ObjectIdentifier(Content.self) ? LinkedCellMaker<Content>() : nil
        }
        return maker(TextFieldContent.self) ?? maker(ValueContent.self) ?? maker(ToggleContent.self)
            ?? maker(PickerValueContent.self) ?? maker(CheckContent.self) ?? maker(ButtonContent.self)
            ?? maker(SegmentedContent.self) ?? maker(StepperContent.self) ?? maker(SliderContent.self)
            ?? maker(MultilineTextContent.self)
    }
}

/// The maker for a content type that names its cell.
private final class LinkedCellMaker<Content: CellContent>: RowCellMaker {
    /// The pool of the table this maker serves (a table makes its own makers), found once.
    private var pool: (table: ObjectIdentifier, pool: TableView.Pool)?

    override func cell(for content: any RowContent, in table: TableView, context: CellContext) -> TableCell {
        // The pool only ever holds cells its factory made, `Content.Cell`s.
        let cell = unsafeDowncast(
            table.dequeueCell(ofType: Content.Cell.self, kept: &pool), to: Content.Cell.self)
        cell.configure(Self.content(content), context: context)
        return cell
    }

    /// `content` as what it is: this maker is found by the dynamic type of the contents it is
    /// given (see `TableView.dequeueCell(forAny:context:)`), so it is a `Content`, and the
    /// runtime's checked cast (a quarter of getting a cell) is not needed.
    private static func content(_ content: any RowContent) -> Content {
        func open<Opened: RowContent>(_ opened: Opened) -> Content {
            guard Opened.self == Content.self else { return opened as! Content }
            return withUnsafePointer(to: opened) { UnsafeRawPointer($0).load(as: Content.self) }
        }
        return open(content)
    }
}
