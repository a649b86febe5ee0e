import FormCore
import Testing

// Row modifiers in every order: each order must compile (this file is the proof) and mean the
// same: shown while `shown`, disabled while `locked`, a message while the name is empty, the
// title marked required.

private struct Account: Equatable {
    var name = ""
    var shown = true
    var locked = false
}

private func rule(_ state: Account) -> String? { state.name.isEmpty ? "A name is needed." : nil }
private func extra(_ state: Account) -> String? { state.name == "root" ? "Not root." : nil }
private func shown(_ state: Account) -> Bool { state.shown }
private func locked(_ state: Account) -> Bool { state.locked }
private func name() -> TextRow<Account> { TextRow("Name", \.name) }

/// The same row, its modifiers in each order; the orders with `required()` too.
private func orders() -> [(String, RowBuilder<Account>.Component)] {
    [
        (
            "validate visible disabled",
            RowBuilder.row(name().validate(rule).visible(when: shown).disabled(when: locked))
        ),
        (
            "validate disabled visible",
            RowBuilder.row(name().validate(rule).disabled(when: locked).visible(when: shown))
        ),
        (
            "visible validate disabled",
            RowBuilder.row(name().visible(when: shown).validate(rule).disabled(when: locked))
        ),
        (
            "visible disabled validate",
            RowBuilder.row(name().visible(when: shown).disabled(when: locked).validate(rule))
        ),
        (
            "disabled validate visible",
            RowBuilder.row(name().disabled(when: locked).validate(rule).visible(when: shown))
        ),
        (
            "disabled visible validate",
            RowBuilder.row(name().disabled(when: locked).visible(when: shown).validate(rule))
        ),
    ]
}

private func requiredOrders() -> [(String, RowBuilder<Account>.Component)] {
    [
        (
            "required first",
            RowBuilder.row(name().required().visible(when: shown).validate(rule).disabled(when: locked))
        ),
        (
            "required between",
            RowBuilder.row(name().validate(rule).disabled(when: locked).required().visible(when: shown))
        ),
        (
            "required last",
            RowBuilder.row(name().disabled(when: locked).visible(when: shown).validate(rule).required())
        ),
        (
            "required after visible",
            RowBuilder.row(name().visible(when: shown).required().disabled(when: locked).validate(rule))
        ),
    ]
}

extension RowBuilder {
    typealias Component = [RowGroup<State>]

    /// One row through the builder, as a section's body would take it.
    fileprivate static func row<Row: FormRow>(_ row: Row) -> Component where Row.State == State {
        buildExpression(row)
    }

    fileprivate static func row<Group: RowGroupConvertible>(_ group: Group) -> Component
    where Group.State == State {
        buildExpression(group)
    }
}

/// What a form with the row answers for a state.
private struct Seen: Equatable {
    var rowCount: Int
    var disabled: Bool?
    var message: String?
    var required: Bool?
}

private func seen(_ groups: [RowGroup<Account>], in state: Account) -> Seen {
    let form = Form<Account>(title: "Account") { Section { Toggle("Shown", \.shown) } }
    var withRow = form
    withRow.sections[0].groups.append(contentsOf: groups)
    let layout = withRow.layout(for: state)
    let path = RowPath(section: 0, group: 1, index: 0)
    let line = layout.index(of: path)
    let row = line.flatMap { layout.row(onLine: $0)?.row }
    return Seen(
        rowCount: (0..<layout.count).compactMap { layout.row(onLine: $0) }.count - 1,
        disabled: line == nil ? nil : layout.isDisabled(path),
        message: withRow.validationMessages(for: state)[path],
        required: row?.isRequired)
}

private var states: [Account] {
    [false, true].flatMap { isShown in
        [false, true].flatMap { isLocked in
            ["", "root", "ada"].map { Account(name: $0, shown: isShown, locked: isLocked) }
        }
    }
}

@Suite struct ModifierOrderTests {
    @Test("Every order of .validate, .visible and .disabled means the same")
    func everyOrder() {
        for order in orders() {
            for state in states {
                let expected = Seen(
                    rowCount: state.shown ? 1 : 0,
                    disabled: state.shown ? state.locked : nil,
                    message: state.shown && !state.locked && state.name.isEmpty ? "A name is needed." : nil,
                    required: state.shown ? false : nil)
                #expect(seen(order.1, in: state) == expected, "\(order.0), \(state)")
            }
        }
    }

    @Test(".required() goes anywhere among them")
    func requiredAnywhere() {
        for order in requiredOrders() {
            for state in states {
                let expected = Seen(
                    rowCount: state.shown ? 1 : 0,
                    disabled: state.shown ? state.locked : nil,
                    message: state.shown && !state.locked && state.name.isEmpty ? "A name is needed." : nil,
                    required: state.shown ? true : nil)
                #expect(seen(order.1, in: state) == expected, "\(order.0), \(state)")
            }
        }
    }

    @Test("Two rules are asked in order, whatever came between them")
    func twoRules() {
        let direct = RowBuilder.row(name().validate(rule).validate(extra))
        let apart = RowBuilder.row(name().validate(rule).visible(when: shown).validate(extra))
        let conditionsFirst = RowBuilder.row(name().disabled(when: locked).validate(rule).validate(extra))
        for state in states where state.shown && !state.locked {
            let expected = rule(state) ?? extra(state)
            #expect(seen(direct, in: state).message == expected)
            #expect(seen(apart, in: state).message == expected)
            #expect(seen(conditionsFirst, in: state).message == expected)
        }
        // One ValidatedRow of the base, not one inside another.
        let chained: ConditionalRow<ValidatedRow<TextRow<Account>>> = name().validate(rule).visible(
            when: shown
        )
        .validate(extra)
        #expect(chained.row.base.title == "Name")
    }

    @Test("Two conditions of a kind: both must show it, either disables it")
    func twoConditions() {
        let row = name().visible(when: shown).disabled(when: locked).visible(when: { $0.name != "root" })
            .disabled(when: { $0.name == "ada" })
        for state in states {
            let isShown = state.shown && state.name != "root"
            let expected = Seen(
                rowCount: isShown ? 1 : 0,
                disabled: isShown ? state.locked || state.name == "ada" : nil,
                message: nil, required: isShown ? false : nil)
            #expect(seen(RowBuilder.row(row), in: state) == expected, "\(state)")
        }
    }

    @Test("A list takes .visible(when:) and .disabled(when:) in either order")
    func listConditions() {
        struct Devices {
            var on = [true, false]
            var shown = true
            var locked = false
        }
        let each = ForEach(\Devices.on) { index, _ in Toggle("Device \(index)", \Devices.on[index]) }
        for group in [
            each.visible(when: \.shown).disabled(when: \.locked),
            each.disabled(when: \.locked).visible(when: \.shown),
        ] {
            #expect(group.count(Devices()) == 2)
            #expect(group.count(Devices(shown: false)) == 0)
            #expect(group.isDisabled?(Devices(locked: true)) == true)
            #expect(group.isDisabled?(Devices()) == false)
        }
    }
}
