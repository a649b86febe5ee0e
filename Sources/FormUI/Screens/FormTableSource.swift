import FormCore

/// A cell that draws a form row from its `RowContent`. Custom rows register a cell of their own
/// that conforms, under the row's reuse identifier.
public protocol RowContentCell: TableCell {
    func configure(with content: RowContent)
}

extension ToggleCell: RowContentCell {
    public func configure(with content: RowContent) {
        if case .toggle(let isOn) = content.value {
            configure(title: content.title, isOn: isOn)
        } else {
            configure(title: content.title, isOn: false)
        }
    }
}

extension ValueCell: RowContentCell {
    public func configure(with content: RowContent) {
        switch content.value {
        case .text(let text): configure(title: content.title, value: text)
        case .disclosure(let text): configure(title: content.title, value: text, showsDisclosure: true)
        case .editableText(let text, let placeholder, let secure):
            let shown = secure ? String(repeating: "•", count: min(text.count, 12)) : text
            configure(title: content.title, value: shown.isEmpty ? placeholder : shown)
        case .toggle(let isOn): configure(title: content.title, value: isOn ? "On" : "Off")
        case .none, .button: configure(title: content.title, value: "")
        }
    }
}

extension ButtonCell: RowContentCell {
    public func configure(with content: RowContent) { configure(title: content.title) }
}

/// Feeds a `TableView` from a form's layout for the current state.
final class FormTableSource<State>: TableViewDataSource {
    var layout: FormLayout<State>
    /// The focused line and its caret: the caret is the screen's, not the row's.
    var caret: (line: Int, index: Int)?

    init(layout: FormLayout<State>, caret: (line: Int, index: Int)? = nil) {
        self.layout = layout
        self.caret = caret
    }

    func numberOfLines(in tableView: TableView) -> Int { layout.count }

    func tableView(_ tableView: TableView, cellForLine line: Int) -> TableCell {
        switch layout.line(line) {
        case .header(let text):
            let cell = tableView.dequeueReusableCell(SectionHeaderCell.identifier)
            (cell as? SectionHeaderCell)?.configure(text: text)
            return cell
        case .message(_, let text):
            let cell = tableView.dequeueReusableCell(NoteCell.messageIdentifier)
            (cell as? NoteCell)?.configure(text: text)
            return cell
        case .footer(let text):
            let cell = tableView.dequeueReusableCell(NoteCell.footerIdentifier)
            (cell as? NoteCell)?.configure(text: text)
            return cell
        case .row(_, let row):
            let cell = tableView.dequeueReusableCell(row.reuseIdentifier)
            var content = row.content(in: layout.state)
            if let caret, caret.line == line { content.caret = caret.index }
            (cell as? RowContentCell)?.configure(with: content)
            return cell
        }
    }

    /// The cells every form can draw; apps add their own for custom rows.
    static func registerStandardCells(in tableView: TableView) {
        tableView.register(SectionHeaderCell.identifier) { SectionHeaderCell() }
        tableView.register(NoteCell.footerIdentifier) { NoteCell(.footer) }
        tableView.register(ToggleCell.identifier) { ToggleCell() }
        tableView.register(ValueCell.identifier) { ValueCell() }
        tableView.register(ButtonCell.identifier) { ButtonCell() }
        tableView.register(TextFieldCell.identifier) { TextFieldCell() }
        tableView.register(NoteCell.messageIdentifier) { NoteCell(.message) }
    }
}
