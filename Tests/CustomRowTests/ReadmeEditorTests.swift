import FormCore
import FormUI
import Testing

// The README's example of driving a form through its editor, over the README's Hotspot form.
private struct Hotspot: Codable, Equatable {
    var enabled = false
    var password = ""
    var networkName = "My Phone"
}

private func hotspotForm() -> Form<Hotspot> {
    Form<Hotspot>(title: "Personal Hotspot") {
        Section(footer: { $0.enabled ? "Personal Hotspot Enabled" : nil }) {
            Toggle("Personal Hotspot", \.enabled)
        }
        Section(visible: { $0.enabled }) {
            PasswordRow("Wi-Fi Password", \.password) { $0.count < 8 ? "At least 8 characters." : nil }
            TextRow("Network Name", \.networkName, placeholder: "A name others see")
        }
    }
}

@Suite struct ReadmeEditorTests {
    @Test func theReadmeDrivesTheHotspotThroughItsEditor() {
        let form = hotspotForm()
        // README begin
        let editor = FormEditor(form: form, store: StateStore(Hotspot()), mode: .edit)
        _ = editor.handle(.space, isRoot: true)  // turns the hotspot on, in the draft
        let refused = editor.handle(.control("s"), isRoot: true)
        #expect(refused == .show(message: "Not saved: One row needs attention.", isError: true))
        #expect(editor.focusedRow?.row.title == "Wi-Fi Password")  // the row that needs it
        // README end
        #expect(editor.store.value == Hotspot(), "nothing reached the store")
    }
}
