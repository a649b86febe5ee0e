import FormCore
import FormUI

/// The forms guide's "basic preferences page": a summary of the saved preferences with an
/// "Edit Preferences" row that opens the editing form, which saves on Ctrl-S and cancels on Esc.
///
/// ```swift
/// let store = StateStore(Preferences()) { try file.save($0) }
/// let app = App(root: PreferencesDemo.summaryScreen(store: store))
/// ```
public enum PreferencesDemo {
    static let editCommand: FormCommand = "edit"

    /// The summary: what is saved now, and the way into the editor.
    public static func summaryForm() -> Form<Preferences> {
        Form(title: "Preferences") {
            Section {
                LabelRow("Auto Refresh") { yesNo($0.autoRefresh) }
                LabelRow("Play Sounds") { yesNo($0.playSounds) }
                LabelRow("Show Photos") { yesNo($0.showPhotos) }
            }
            Section {
                ButtonRow("Edit Preferences", command: editCommand)
            }
        }
    }

    /// The editing form: the guide's two sections, one switch a row.
    public static func editForm() -> Form<Preferences> {
        Form(title: "Edit Preferences") {
            Section(footer: { $0.autoRefresh ? "New items load as they arrive." : "Items load when you ask." }
            ) {
                Toggle("Auto Refresh", \.autoRefresh)
            }
            Section {
                Toggle("Play Sounds", \.playSounds)
                Toggle("Show Photos", \.showPhotos)
            }
        }
    }

    /// The root screen of the demo, wired to open the editor on the same store.
    public static func summaryScreen(store: StateStore<Preferences>) -> FormScreen<Preferences> {
        FormScreen(form: summaryForm(), store: store, mode: .browse) { command, navigator in
            guard command == editCommand else { return }
            navigator.push(editScreen(store: store))
        }
    }

    /// The editor on `store`: what "Edit Preferences" opens.
    public static func editScreen(store: StateStore<Preferences>) -> FormScreen<Preferences> {
        FormScreen(form: editForm(), store: store, mode: .edit)
    }

    private static func yesNo(_ value: Bool) -> String { value ? "Yes" : "No" }
}
