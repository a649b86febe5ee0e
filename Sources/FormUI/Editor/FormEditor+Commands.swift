import FormCore

extension FormEditor {
    /// The commands the keys run now: worked out for each key and each frame from the situation
    /// (the focused row's hints, its text, its picker, typing, root-ness).
    func commandTable(isRoot: Bool, in layout: FormLayout<State>) -> CommandTable {
        bindings.table(for: keySituation(isRoot: isRoot, in: layout))
    }

    /// What the commands depend on now, as plain values.
    func keySituation(isRoot: Bool, in layout: FormLayout<State>) -> FormKeySituation {
        var situation = FormKeySituation(
            mode: mode, isNested: isNested, isRoot: isRoot, picker: nil, row: nil,
            isFiltered: !filter.isEmpty,
            typingFilters: isFilterable && !isTyping)
        situation.isReadOnly = form.readOnlyReason != nil
        situation.offersJump = !isFilterable && layout.count > pageHeight
        if mode == .edit {
            situation.canUndo = history.canUndo
            situation.canRedo = history.canRedo
        }
        guard focus != nil else { return situation }
        let path: RowPath
        let row: FormKeySituation.Row
        if expanded == nil, let fixed = layout.fixedHints(onLine: focusLine) {
            path = fixed.path
            row = FormKeySituation.Row(takesText: false, hints: fixed.hints)
        } else if let focused = focusedRow(in: layout) {
            if expanded == focused.path, let picker = focused.row.inlinePicker(in: layout.state) {
                let chosen =
                    picker.components.indices.contains(pickerComponent)
                    ? picker.components[pickerComponent] : nil
                situation.picker = FormKeySituation.Picker(
                    hasManyComponents: picker.components.count > 1, component: chosen?.label ?? "",
                    takesDigits: chosen?.takesDigits == true)
                return situation
            }
            guard !layout.isDisabled(focused.path) else { return situation }
            path = focused.path
            row = FormKeySituation.Row(
                takesText: textInput(of: focused, in: layout) != nil,
                hints: focused.row.hints(in: layout.state))
        } else {
            return situation
        }
        situation.row = row
        if situation.isReadOnly, let focused = focusedRow(in: layout) {
            situation.row?.takesText = false
            situation.row?.opensForm = focused.row.destination(in: layout.state) != nil
        }
        if layout.isEditable(path), let editing = layout.group(of: path)?.editing {
            situation.row?.listPosition = .init(index: path.index, count: editing.count(layout.state))
        }
        return situation
    }

    /// A kind that says its help is the same on every row (`FormRow.hasFixedHints`) but whose
    /// row here offers other hints, or takes text, would run with another row's keys: debug
    /// builds stop on it, when the screen draws the focused row anyway.
    func checkFixedHints(of row: any FormRow<State>, in layout: FormLayout<State>) {
        assert(
            {
                guard let fixed = layout.fixedHints(onLine: focusLine) else { return true }
                return row.hints(in: layout.state) == fixed.hints && row.textInput(in: layout.state) == nil
                    && row.inlinePicker(in: layout.state) == nil
            }(),
            "\(type(of: row)) says hasFixedHints, but its row \"\(row.title)\" offers other hints or takes text"
        )
    }
}
