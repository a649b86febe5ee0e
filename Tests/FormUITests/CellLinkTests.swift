import FormCore
import Testing

@testable import FormUI

/// The table finds each content's cell: a built-in content by its type (no cast the runtime must
/// search for), a `RowText` by the standard row, and a content of the form author's own through
/// its `CellContent` link; and a wrapped row shows what the row it wraps shows.
@Suite struct CellLinkTests {
    private func cellType<Content: RowContent>(of content: Content) -> ObjectIdentifier {
        ObjectIdentifier(type(of: TableView().dequeueCell(forAny: content, context: CellContext())))
    }

    private func expectOwnCell<Content: CellContent>(_ content: Content) {
        #expect(cellType(of: content) == ObjectIdentifier(Content.Cell.self), "\(Content.self)")
    }

    @Test func everyBuiltInContentGetsTheCellItNames() {
        expectOwnCell(TextFieldContent(title: "Name", text: "Ada"))
        expectOwnCell(ValueContent(title: "Plan", value: "Pro"))
        expectOwnCell(ToggleContent(title: "Sounds", isOn: true))
        expectOwnCell(PickerValueContent(title: "Day", value: "Monday"))
        expectOwnCell(CheckContent(title: "Red", isChecked: false))
        expectOwnCell(ButtonContent(title: "Send"))
        expectOwnCell(SegmentedContent(title: "Size", segments: ["S", "M"], selected: 1))
        expectOwnCell(
            StepperContent(title: "Guests", value: "2", valueWidth: 2, canDecrement: true, canIncrement: true)
        )
        expectOwnCell(SliderContent(title: "Volume", value: "50", valueWidth: 3, fraction: 0.5))
        expectOwnCell(MultilineTextContent(title: "Notes", lines: ["one", "two"]))
    }

    @Test func aTextIsDrawnAsTheStandardRow() {
        #expect(cellType(of: RowText("Battery", value: "82 %")) == ObjectIdentifier(RowTextCell.self))
    }

    @Test func aContentOfTheAuthorsOwnGetsItsOwnCell() {
        expectOwnCell(BadgeContent(title: "Badge"))
        #expect(cellType(of: PlainContent(title: "Plain")) == ObjectIdentifier(RowTextCell.self))
    }

    @Test func aValidatedRowShowsItsBasesContent() {
        let row = Toggle<Bool>("Sounds", \.self).validate { _ in nil }
        let shown = (row as any FormRow<Bool>).anyContent(in: true)
        #expect(shown as? ToggleContent == ToggleContent(title: "Sounds", isOn: true))
    }
}

private struct BadgeContent: CellContent {
    typealias Cell = BadgeCell
    var title: String
}

private final class BadgeCell: RowCell {
    var content = BadgeContent(title: "")
    init() {}
    func configure(_ content: BadgeContent, context: CellContext) { self.content = content }
    func prepareForReuse() {}
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {}
}

/// A content with no cell of its own: drawn from its text.
private struct PlainContent: RowContent {
    var title: String
    var rowText: RowText { RowText(title, value: "") }
}
