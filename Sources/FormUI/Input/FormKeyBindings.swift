import FormCore

/// Which commands a form's keys run now, and what the help line says of them: one table made
/// from a `FormKeySituation`, which both the keys and the help line read, so they cannot
/// disagree. Beside `KeyMap` as bubbles keeps its key bindings beside its help: the map says
/// which keys a command has, the bindings which commands the form takes now.
///
/// Not generic, and made from plain values: the editor works out the situation once per change,
/// and moving among rows that offer the same keys (down a list of switches) keeps the table.
///
/// ```swift
/// let bindings = FormKeyBindings(keyMap: .standard)
/// let table = bindings.table(for: situation)
/// bindings.command(for: .control("s"), in: table)  // .save
/// ```
final class FormKeyBindings {
    let keyMap: KeyMap
    private var cached: CommandTable?

    init(keyMap: KeyMap) {
        self.keyMap = keyMap
    }

    /// The commands of `situation`: the last table when the situation is the same.
    func table(for situation: FormKeySituation) -> CommandTable {
        if let cached, cached.situation == situation { return cached }
        let all = entries(for: situation)
        // Moving among rows of one kind offers the same commands: the table made for the row
        // before serves, with the help made for it (which also follows whether typing filters).
        if let cached, cached.entries == all, cached.situation.typingFilters == situation.typingFilters {
            cached.situation = situation
            return cached
        }
        let ordered = all.filter(\.isRow) + all.filter { !$0.isRow }
        var byKey: [Key: Command] = [:]
        for command in ordered.flatMap(\.commands) {
            for key in keyMap.keys(for: command) where byKey[key] == nil { byKey[key] = command }
        }
        // A hint's default keys go one to each of its actions when there are as many (`0`…`5` on a
        // rating), else all to its first.
        var byDefaultKey: [Key: Command?] = [:]
        for entry in ordered {
            for (position, key) in entry.defaultKeys.enumerated() where byDefaultKey.index(forKey: key) == nil
            {
                byDefaultKey[key] =
                    entry.commands.count == entry.defaultKeys.count
                    ? entry.commands[position] : entry.commands.first
            }
        }
        let table = CommandTable(situation: situation, entries: all, byKey: byKey, byDefaultKey: byDefaultKey)
        cached = table
        return table
    }

    /// The command `key` runs in `table`, if any: the focused row's first, then the others.
    func command(for key: Key, in table: CommandTable) -> Command? {
        if let found = table.byKey[key] { return found }
        if let base = KeyMap.fallback(for: key), let found = table.byKey[base] { return found }
        return table.byDefaultKey[key] ?? nil
    }

    /// What the help line shows for `table`.
    func helpItems(for table: CommandTable) -> [HelpItem] {
        if let help = table.help { return help }
        // Which command each key runs now, in the order `command(for:in:)` tries them: a key an
        // earlier command takes (Esc clearing the filter before it cancels) is not offered again.
        let owner = table.byKey
        let isTyped = typedKeys(in: table.situation)
        let help = table.entries.compactMap { entry -> HelpItem? in
            let usable = { (key: Key) in !isTyped(key) && owner[key].map(entry.commands.contains) == true }
            guard let help = entry.help,
                let key = entry.keyLabel ?? keyMap.label(for: entry.commands, where: usable)
            else {
                return nil
            }
            return HelpItem(key, help, priority: entry.priority, isRowKey: entry.isRow || entry.isListKey)
        }
        table.help = help
        return help
    }

    /// Which keys go to text now (the focused text row's, or the filter) rather than to a
    /// command: the help line names another key of the command (`Ins`, not `a`, to add beside a
    /// text row).
    private func typedKeys(in situation: FormKeySituation) -> (Key) -> Bool {
        let row = situation.picker == nil && situation.row?.takesText == true
        let filters = situation.typingFilters && situation.picker == nil
        return { key in
            guard case .character(let character) = key, !ControlCharacters.isControl(character) else {
                return false
            }
            // Space goes to a text row, but not to the filter: it checks the focused option.
            return row || (filters && character != " ")
        }
    }

    // MARK: Entries

    private func entries(for situation: FormKeySituation) -> [CommandEntry] {
        if let picker = situation.picker {
            return pickerEntries(picker, in: situation)
                + undoEntries(for: situation).map {
                    CommandEntry(commands: $0.commands)
                }
        }
        var entries: [CommandEntry] = []
        entries.append(CommandEntry(commands: [.focusPrevious, .focusNext], help: "Move", priority: 0))
        for command in [Command.pageUp, .pageDown, .first, .last] {
            entries.append(CommandEntry(commands: [command]))
        }
        if let row = situation.row {
            // Read-only, a row's keys are still taken (to say why they change nothing), but only
            // those that open a form to read are offered.
            let offersChanges = !situation.isReadOnly || row.opensForm
            if row.takesText {
                entries.append(CommandEntry(commands: [], help: "to edit", keyLabel: "Type"))
            }
            for hint in row.hints {
                let commands = hint.actions.map { Command.row($0) }
                let unbound = commands.allSatisfy { keyMap.keys(for: $0).isEmpty }
                let defaults = unbound ? hint.defaultKeys.compactMap { Key(named: $0) } : []
                entries.append(
                    CommandEntry(
                        commands: commands, help: offersChanges ? hint.label : nil, priority: hint.priority,
                        keyLabel: unbound ? Self.label(of: defaults) : nil, defaultKeys: defaults, isRow: true
                    ))
            }
            let standard: [RowAction] = [.activate, .toggle, .increment, .decrement]
            entries.append(CommandEntry(commands: standard.map { .row($0) }, isRow: true))
            if let position = row.listPosition {
                entries += listEntries(at: position).map { entry in
                    var entry = entry
                    if situation.isReadOnly { entry.help = nil }
                    return entry
                }
            }
        }
        if situation.isFiltered {
            entries.append(CommandEntry(commands: [.clearFilter], help: "Show all", priority: 3))
        } else if situation.typingFilters {
            entries.append(CommandEntry(commands: [], help: "to filter", priority: 0, keyLabel: "Type"))
        }
        entries.append(contentsOf: undoEntries(for: situation))
        // Jump is offered where the form does not fit on the screen (it works on any).
        entries.append(
            CommandEntry(commands: [.jump], help: situation.offersJump ? "Jump" : nil, priority: 0))
        // While a filter is set, Esc clears it first: the help says that, not what a second Esc does.
        let leaving: String? =
            situation.isFiltered
            ? nil : (situation.mode == .edit ? "Cancel" : situation.isRoot ? "Quit" : "Back")
        switch situation.mode {
        case .edit where situation.isReadOnly:
            // Nothing to save or lose: Ctrl-S says why, Esc leaves.
            entries.append(CommandEntry(commands: [.save]))
            let closing = situation.isFiltered ? nil : situation.isNested ? "Back" : "Quit"
            entries.append(CommandEntry(commands: [.cancel], help: closing, priority: 2))
        case .edit:
            // Save outlasts the row's keys on a narrow help line, which outlast Cancel.
            entries.append(CommandEntry(commands: [.save], help: situation.saveLabel, priority: 3))
            entries.append(CommandEntry(commands: [.cancel], help: leaving, priority: 2))
        case .browse:
            entries.append(
                CommandEntry(commands: [situation.isRoot ? .quit : .back], help: leaving, priority: 2))
        }
        return entries
    }

    private func pickerEntries(_ picker: FormKeySituation.Picker, in situation: FormKeySituation)
        -> [CommandEntry]
    {
        var entries: [CommandEntry] = []
        if picker.hasManyComponents {
            entries.append(CommandEntry(commands: [.pickerLeft, .pickerRight], help: "Field", priority: 1))
        }
        entries.append(
            CommandEntry(
                commands: [.pickerUp, .pickerDown],
                help: picker.component.isEmpty ? "Change" : "Change \(picker.component)", priority: 2))
        if picker.takesDigits {
            entries.append(CommandEntry(commands: [], help: "Type", priority: 0, keyLabel: "0-9"))
        }
        entries.append(CommandEntry(commands: [.closePicker], help: "Done", priority: 2))
        // Browsing, each change is kept as it is made: Esc closes the picker like Enter.
        entries.append(
            CommandEntry(
                commands: [.cancelPicker], help: situation.mode == .edit ? "Cancel" : nil, priority: 1))
        if situation.mode == .edit {
            entries.append(CommandEntry(commands: [.save], help: situation.saveLabel, priority: 1))
        }
        return entries
    }

    /// Undo while there is a change to take back, redo while there is one to make again.
    private func undoEntries(for situation: FormKeySituation) -> [CommandEntry] {
        // Offered either way in a draft, so that the key says there is nothing to undo.
        guard situation.mode == .edit else { return [] }
        return [
            CommandEntry(commands: [.undo], help: situation.canUndo ? "Undo" : nil, priority: 1),
            CommandEntry(commands: [.redo], help: situation.canRedo ? "Redo" : nil, priority: 0),
        ]
    }

    /// The keys that change an array, offered only where they do something: no Delete or Move on
    /// its add row, no Move for a single element, one direction at either end.
    private func listEntries(at position: FormKeySituation.ListPosition) -> [CommandEntry] {
        // The add row says "Add" itself; `a` still works there.
        guard position != .addRow else { return [CommandEntry(commands: [.addElement])] }
        var entries = [
            CommandEntry(commands: [.addElement], help: "Add", priority: 1),
            CommandEntry(commands: [.deleteElement], help: "Delete", priority: 1),
        ]
        switch position {
        case .middle:
            entries.append(
                CommandEntry(commands: [.moveElementUp, .moveElementDown], help: "Move", priority: 0))
        case .last:
            entries.append(CommandEntry(commands: [.moveElementUp], help: "Move up", priority: 0))
        case .first:
            entries.append(CommandEntry(commands: [.moveElementDown], help: "Move down", priority: 0))
        case .only, .addRow:
            break
        }
        return entries.map { entry in
            var entry = entry
            entry.isListKey = true
            return entry
        }
    }

    /// A run of keys as the help line names it: `c`, or `0-5` for many.
    private static func label(of keys: [Key]) -> String? {
        guard let first = keys.first, let last = keys.last else { return nil }
        return keys.count > 2 ? "\(first.label)-\(last.label)" : keys.map(\.label).joined(separator: "/")
    }
}

/// Everything the commands of a form depend on, as plain values: what is focused and what it
/// offers, whether a picker is open, whether the list is filtered, the mode, and whether the form
/// is the first screen.
struct FormKeySituation: Equatable {
    var mode: FormMode
    /// Opened by a row of another form: Ctrl-S keeps its changes in that form's draft, which
    /// its own save writes.
    var isNested = false
    var isRoot: Bool
    /// The inline picker open under the focused row; while it is, only its keys work.
    var picker: Picker?
    /// The focused row, when it can be changed.
    var row: Row?
    /// Whether a filter narrows the list (Esc clears it before it leaves).
    var isFiltered: Bool
    /// Whether typed characters go to the filter (the form filters, and no text row is typed in).
    var typingFilters: Bool
    /// Whether a change can be undone, or an undone one made again.
    var canUndo = false
    var canRedo = false
    /// Whether the help line names Ctrl-G: the form is longer than its screen.
    var offersJump = false
    /// Whether the form is read-only (`Form.readOnlyReason`): no key of a change is offered.
    var isReadOnly = false

    /// What the help line calls Ctrl-S: a nested form keeps, the form that writes saves.
    var saveLabel: String { isNested ? "Keep" : "Save" }

    struct Picker: Equatable {
        var hasManyComponents: Bool
        /// The chosen component's label ("Day"), or "".
        var component: String
        var takesDigits: Bool
    }

    struct Row: Equatable {
        var takesText: Bool
        var hints: [RowHint]
        /// Where the row sits in an array the user can change, if it does.
        var listPosition: ListPosition?
        /// Whether the row opens a form of its own (read there, in a read-only form).
        var opensForm = false
    }

    /// What the list keys may do to an element: Move only where there is room.
    enum ListPosition: Equatable {
        case addRow, only, first, middle, last

        init(index: Int, count: Int) {
            if index >= count {
                self = .addRow
            } else if count == 1 {
                self = .only
            } else if index == 0 {
                self = .first
            } else if index == count - 1 {
                self = .last
            } else {
                self = .middle
            }
        }
    }
}

/// A command the form takes now, with what the help line says of it (nil: not shown).
struct CommandEntry: Equatable {
    var commands: [Command]
    var help: String?
    var priority = 1
    var keyLabel: String?
    /// Keys of a custom row action that the key map does not bind.
    var defaultKeys: [Key] = []
    /// Tried before the others: the focused row's keys win over moving (PgUp on a slider).
    var isRow = false
    /// One of the keys that change the focused element's list (Add, Delete, Move): the row's
    /// own on the help line, as its hints are, but looked up with the others.
    var isListKey = false
}

/// The commands of one situation, with each key's command looked up once: a key or a frame
/// then costs a dictionary lookup instead of rebuilding every help entry.
///
/// A class: moving focus down a list of switches keeps the table and only updates its situation,
/// which for a struct meant copying its dictionaries and arrays twice per key.
final class CommandTable {
    var situation: FormKeySituation
    let entries: [CommandEntry]
    /// Each bound key's command, the focused row's commands first, then the others.
    let byKey: [Key: Command]
    /// The keys of hints whose actions the key map does not bind; nil where such a key
    /// runs nothing, which ends the search as it did.
    let byDefaultKey: [Key: Command?]
    var help: [HelpItem]?

    init(
        situation: FormKeySituation, entries: [CommandEntry], byKey: [Key: Command],
        byDefaultKey: [Key: Command?]
    ) {
        self.situation = situation
        self.entries = entries
        self.byKey = byKey
        self.byDefaultKey = byDefaultKey
    }
}
