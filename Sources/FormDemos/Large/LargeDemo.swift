import FormCore
import FormUI

/// A form as long as asked: N switches, a count of those on above and below them, a choice among
/// N options (type to filter) and a note, on one draft saved with Ctrl-S.
///
/// Nothing in it walks the N rows per key: rows are made only when drawn, the count is the
/// state's own (`SwitchedOn.count`), the options are a range, not an array.
///
/// ```swift
/// let app = App(root: LargeDemo.screen(store: StateStore(Large()), rows: 1_000_000))
/// ```
public enum LargeDemo {
    public static func form(rows: Int) -> Form<Large> {
        let rows = max(0, rows)
        // The header's fixed end made once: interpolating it whole at each Space cost more than
        // the switch's own change.
        let headerEnd = " of \(grouped(rows)) on)"
        var form = Form<Large>(title: "Large") {
            Section(
                header: { "Items (" + grouped($0.switchedOn.count) + headerEnd },
                footer: { summary($0.switchedOn.count, of: rows) }
            ) {
                // The switch read and written directly: through its key path, each read was a
                // generic walk of two components, and a Space reads it several times.
                ForEach(0..<rows) { index, _ in
                    Toggle(
                        "Item \(index + 1)", \.switchedOn[index], get: { $0.switchedOn[index] },
                        set: { $0.switchedOn[index] = $1 })
                }
            }
            Section("More") {
                NavigationRow("Option", value: { $0.choice.map(optionLabel) ?? "None" }) {
                    options(rows: rows)
                }
                TextRow("Note", \.note, placeholder: "Anything")
            }
        }
        // Each switch, the choice and the note is one row's own value: a Space reads its switch
        // again and no other row. The first section counts the switches in its header and
        // footer; the second shows nothing of the state in its lines (its rows do), so a change
        // leaves its lines as they were without asking.
        form.rowsReadApart = true
        form.sections[1].layoutReads = []
        return form
    }

    /// The list of N options: a range, so opening it allocates nothing per option, and it opens
    /// on the current choice without a search.
    static func options(rows: Int) -> Form<Large> {
        Form(title: "Option") {
            Section {
                ForEach(0..<rows, filterBy: optionLabel) { index, _ in
                    ChoiceRow(optionLabel(index), \.choice, value: Optional(index))
                }
            }
            .footer(whileFiltered: { _, text in "Options with “\(text)”" })
        }
        .focusing { state in state.choice.map { RowPath(section: 0, group: 0, index: $0) } }
    }

    static func optionLabel(_ index: Int) -> String { "Option \(index + 1)" }

    static func summary(_ on: Int, of rows: Int) -> String {
        switch on {
        case 0: "None of the \(grouped(rows)) items is on."
        case 1: "1 item on."
        default: grouped(on) + " items on."
        }
    }

    /// A count with its thousands apart: "1,000,000" reads at a glance, "1000000" does not.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (count < 0 ? "-" : "") + text
    }

    public static func screen(store: StateStore<Large>, rows: Int) -> FormScreen<Large> {
        FormScreen(form: form(rows: rows), store: store, mode: .edit)
    }
}
