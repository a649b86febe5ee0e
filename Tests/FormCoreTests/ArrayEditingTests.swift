import Testing

@testable import FormCore

private struct Servers: Equatable {
    var servers: [String] = []
    var made = 0
}

private func editableForm(addTitle: String? = nil) -> Form<Servers> {
    Form(title: "Servers") {
        Section {
            ForEach(
                \Servers.servers, editable: "server", addTitle: addTitle,
                newElement: { "new\($0.servers.count)" }
            ) {
                index, _ in
                TextRow("Server \(index + 1)", \.servers[index])
            }
        }
    }
}

private func group(_ form: Form<Servers>) -> RowGroup<Servers> { form.sections[0].groups[0] }

@Suite("Editable arrays: ForEach(editable:) adds, deletes and moves elements")
struct ArrayEditingTests {
    @Test("An editable ForEach ends with a row that adds, so an empty array can grow")
    func addRowAfterElements() throws {
        let rows = group(editableForm())
        #expect(rows.count(Servers()) == 1)
        #expect(rows.count(Servers(servers: ["a", "b"])) == 3)
        let add = rows.row(Servers(), 0)
        #expect(add.title == "Add server")
        #expect(
            add.content(in: Servers()) as? ButtonContent == ButtonContent(title: "+ Add server", opens: false)
        )
        #expect(add.isFocusable)
        #expect(rows.row(Servers(servers: ["a"]), 0).title == "Server 1")
        #expect(group(editableForm(addTitle: "New Server")).row(Servers(), 0).title == "New Server")
    }

    @Test(
        "The add row appends a new element on Enter or Space, and ignores the rest",
        arguments: [RowAction.activate, .toggle])
    func addRowAppends(action: RowAction) {
        let rows = group(editableForm())
        var state = Servers(servers: ["a"])
        #expect(rows.row(state, 1).perform(action, on: &state) == .changed)
        #expect(state.servers == ["a", "new1"])
        #expect(rows.row(state, 2).perform(.increment, on: &state) == .ignored)
        #expect(rows.row(state, 2).perform(.setText("x"), on: &state) == .ignored)
        #expect(state.servers == ["a", "new1"])
    }

    @Test("Insert puts the new element where asked, clamped to the array")
    func insert() throws {
        let editing = try #require(group(editableForm()).editing)
        var state = Servers(servers: ["a", "b"])
        #expect(editing.noun == "server")
        #expect(editing.count(state) == 2)
        editing.insert(&state, 1)
        #expect(state.servers == ["a", "new2", "b"])
        editing.insert(&state, 99)
        #expect(state.servers == ["a", "new2", "b", "new3"])
        editing.insert(&state, -5)
        #expect(state.servers == ["new4", "a", "new2", "b", "new3"])
    }

    @Test("Remove and move take valid positions only; others change nothing")
    func removeAndMove() throws {
        let editing = try #require(group(editableForm()).editing)
        var state = Servers(servers: ["a", "b", "c"])
        editing.move(&state, 0, 2)
        #expect(state.servers == ["c", "b", "a"])
        for (from, to) in [(0, 3), (-1, 0), (1, 1), (3, 0)] {
            editing.move(&state, from, to)
            #expect(state.servers == ["c", "b", "a"])
        }
        editing.remove(&state, 3)
        editing.remove(&state, -1)
        #expect(state.servers == ["c", "b", "a"])
        editing.remove(&state, 1)
        #expect(state.servers == ["c", "a"])
    }

    @Test("A ForEach that is not editable has no add row and no editing")
    func plainForEach() {
        let form = Form<Servers>(title: "S") {
            Section { ForEach(\Servers.servers) { index, _ in TextRow("S", \.servers[index]) } }
        }
        #expect(group(form).count(Servers()) == 0)
        #expect(group(form).editing == nil)
    }

    @Test("The add row is laid out after the elements, in the same group")
    func layout() {
        let layout = editableForm().layout(for: Servers(servers: ["a", "b"]))
        let titles = (0..<layout.count).compactMap { layout.line($0).row?.row.title }
        #expect(titles == ["Server 1", "Server 2", "Add server"])
        #expect(layout.index(of: RowPath(section: 0, group: 0, index: 2)) == 3)
    }
}
