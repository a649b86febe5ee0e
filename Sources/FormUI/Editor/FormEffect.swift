import FormCore

/// Whether a form edits a draft that a save commits, or commits each change at once.
public enum FormMode: Sendable {
    /// Shows the store's value; a change is committed at once, as in a settings app.
    case browse
    /// Works on a draft of the store's value: a save commits it, a cancel drops it.
    case edit
}

/// What the screen showing a `FormEditor` must do after a key or a call. The editor knows no
/// screen, so it answers with values; a test reads them as they are.
///
/// ```swift
/// switch editor.handle(.control("s"), isRoot: true) {
/// case .leave(let message)?: print("saved:", message ?? "")
/// case .show(let message, _)?: print(message)
/// default: break
/// }
/// ```
public enum FormEffect: Equatable, Sendable {
    /// Show a one-line message in place of the help line.
    case show(message: String, isError: Bool)
    /// Leave the form (saved, or nothing to lose), then show `message` if there is one.
    case leave(message: String?)
    /// Ask first; on yes, call `FormEditor.confirm(_:)` with it. (Boxed: the rare large case
    /// would make every key's answer as large.)
    indirect case confirm(FormConfirmation)
    /// Open the form of the row at the path: `FormEditor.nestedEditor(at:)` makes its editor.
    case openForm(RowPath)
    /// Open the text editor of the row at the path: `FormEditor.textEditor(at:)` says what to edit.
    case openTextEditor(RowPath)
    /// Run a command of the program (a button row's).
    case run(FormCommand)
    /// Nothing above the focused row takes focus: show what is there (a header, the list's top).
    case revealTop
    /// Show what a save would change ("Review changes"), each changed row with its old and new
    /// value: a save there calls `FormEditor.save()`, a chosen row `FormEditor.moveFocus(to:)`.
    indirect case review([ReviewedChange])
    /// Open the search for a row by its title (`FormEditor.fieldSearch()`).
    case jump
}

/// A question the editor needs answered before it goes on, and what yes does.
public struct FormConfirmation: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// Drop the draft and leave the form.
        case discardChanges
        /// Delete the array element at the path.
        case deleteElement(RowPath)
        /// The stored copy changed since it was read: take it in, keeping the person's changes
        /// where they do not collide (`StoredStateChanged`).
        case reloadStored
        /// The stored copy changed since it was read: save over it all the same.
        case overwriteStored
        /// Save although rows need attention (a form that `savesDespiteProblems`).
        case saveAnyway
    }

    public var action: Action
    public var title: String
    public var message: String
    public var confirmLabel: String
    public var cancelLabel: String
    /// A third answer, besides yes and the safe one: its key, label and action (nil: none).
    public var alternative: Alternative? = nil

    /// A third answer of a question, on a key of its own.
    public struct Alternative: Equatable, Sendable {
        public var key: Character
        public var label: String
        public var action: Action
    }
}

/// What a row's text editor edits: the screen that shows it gives `keep` what the user keeps.
///
/// ```swift
/// if let request = editor.textEditor(at: path) {
///     navigator.push(TextEditorScreen(title: request.title, text: request.text, onKeep: request.keep))
/// }
/// ```
public struct TextEditRequest {
    public var title: String
    public var text: String
    public var validate: ((String) -> String?)?
    /// Puts the text into the form's draft (browsing: commits it); throws when it cannot be kept.
    public var keep: (String) throws -> Void
}

/// The focused row's text as being typed, and the caret in it: the editor's, not the state's (a
/// number being typed may not be a number yet) nor the cell's.
///
/// Top-level, not nested in the generic editor: a type nested in a generic class is generic too,
/// and code that is not specialised for the state (all of FormUI) asks the runtime for such a
/// type's metadata each time it is used, several times per key.
struct TypedRowText: Equatable {
    var path: RowPath
    var text: String
    /// In characters; nil puts it after the last one.
    var caret: Int?
    /// Why the text as typed cannot be stored, if it cannot.
    var problem: String?
}

/// What the editor's check of a key decided, run once the check has let go of the layout (which
/// holds the state: a change while it is held would copy all of it). Plain values, for the
/// same reason as `TypedRowText`.
enum KeyDecision {
    case done(FormEffect?)
    case perform(RowAction)
    // Boxed, as the largest case: every key's decision would be as large.
    /// `pasted`: the text of a paste, as it went in.
    indirect case edit(TextEditing.Result, TextInput, RowPath, pasted: String?)
}
