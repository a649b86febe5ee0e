import FormCore
import FormUI
import Testing

// The cell of FormUI's article, drawn: a content of the row's own, linked to its cell.

private struct Room: Equatable { var wall: Int? = 1 }

private struct PaletteRow: FormRow {
    var title: String
    func content(in state: Room) -> PaletteContent { PaletteContent(title: title, chosen: state.wall) }
    func perform(_ action: RowAction, on state: inout Room) -> RowOutcome {
        guard action == .increment else { return .ignored }
        state.wall = min(2, (state.wall ?? -1) + 1)
        return .changed
    }
}

@Suite struct PaletteCellTests {
    @Test("The article's cell draws the chosen swatch, and its text is read from its members")
    func draws() {
        let screen = FormScreen(
            form: Form<Room>(title: "Room") { Section { PaletteRow(title: "Wall") } },
            store: StateStore(Room()), mode: .edit)
        let stack = Stack(screen)
        #expect(stack.draw()[1].hasSuffix(" ■ [■] ■"))
        stack.press(.right)
        #expect(stack.draw()[1].hasSuffix(" ■  ■ [■]"))
        #expect(screen.tableView.cellsCreated[PaletteCell.reuseIdentifier] == 1)
        #expect(PaletteContent(title: "Wall", chosen: 2).rowText == RowText("Wall", value: "chosen: 2"))
        #expect(PaletteContent(title: "Wall", chosen: nil).rowText == RowText("Wall", value: "chosen: none"))
    }
}
