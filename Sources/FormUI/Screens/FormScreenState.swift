import FormCore

// What a `FormScreen` keeps about its commands and the text being typed. Top-level, not nested in
// the screen: a type nested in a generic class is generic too, and code that is not specialised
// for the state (all of FormUI) asks the runtime for such a type's metadata each time it is
// used, several times per key.

/// The focused row's text as being typed in a `FormScreen`, and the caret in it.
struct TypedRowText: Equatable {
    var path: RowPath
    var text: String
    /// In characters; nil puts it after the last one.
    var caret: Int?
    /// Why the text as typed cannot be stored, if it cannot.
    var problem: String?
}

/// A command the screen takes now, with what the help line says of it (nil: not shown).
struct CommandEntry: Equatable {
    var commands: [Command]
    var help: String?
    var priority = 1
    var keyLabel: String?
    /// Keys of a custom row action that the key map does not bind.
    var defaultKeys: [Key] = []
    /// Tried before the others: the focused row's keys win over moving (PgUp on a slider).
    var isRow = false
}

/// What decides which commands the screen takes now, besides the layout: the help entries
/// and the key table are made again only when one of these changes.
struct CommandContext: Equatable {
    var layoutVersion: Int
    var focus: RowPath?
    var focusLine: Int
    var pickerComponent: Int
    var isEditing: Bool
    var isRoot: Bool
}

/// The commands of one context, with each key's command looked up once: a key or a frame
/// then costs a dictionary lookup instead of rebuilding every help entry.
///
/// A class: moving focus down a list of switches keeps the table and only updates its context,
/// which for a struct meant copying its dictionaries and arrays twice per key.
final class CommandTable {
    var context: CommandContext
    let entries: [CommandEntry]
    /// Each bound key's command, the focused row's commands first, then the others.
    let byKey: [Key: Command]
    /// The keys of hints whose actions the key map does not bind; nil where such a key
    /// runs nothing, which ends the search as it did.
    let byDefaultKey: [Key: Command?]
    var help: [HelpItem]?
    /// What the entries took from the focused row, when that is all that differs.
    var focusSignature: FocusSignature?

    init(
        context: CommandContext, entries: [CommandEntry], byKey: [Key: Command],
        byDefaultKey: [Key: Command?], focusSignature: FocusSignature?
    ) {
        self.context = context
        self.entries = entries
        self.byKey = byKey
        self.byDefaultKey = byDefaultKey
        self.focusSignature = focusSignature
    }
}

/// All that the commands take from the focused row: moving to another row with the same
/// signature (down a list of switches) leaves the commands as they were, without making
/// every entry again.
struct FocusSignature: Equatable {
    var section: Int
    var group: Int
    var takesText: Bool
    var hints: [RowHint]
    /// For an element of an editable array: whether it is one, and the first or last.
    var arrayPosition: [Bool]?
}
