import FormCore
import FormPersistence
import FormTerminal
import FormUI

struct Hotspot: Codable, Equatable {
    var enabled = false
    var password = ""
    var networkName = "My Phone"
}

let form = Form<Hotspot>(title: "Personal Hotspot") {
    Section(footer: { $0.enabled ? "Personal Hotspot Enabled" : nil }) {
        Toggle("Personal Hotspot", \.enabled)
    }
    Section(visible: { $0.enabled }) {
        PasswordRow("Wi-Fi Password", \.password) { $0.count < 8 ? "At least 8 characters." : nil }
        TextRow("Network Name", \.networkName, placeholder: "A name others see")
    }
}

// Loads the saved state (a missing file gives the defaults); Ctrl-S writes it back atomically.
let file = JSONStateFile<Hotspot>(path: "hotspot.json")
let saved = try file.load() ?? Hotspot()
let store = StateStore(saved) { try file.save($0) }

let terminal = try NcursesTerminal()
let app = App(root: FormScreen(form: form, store: store, mode: .edit))
let status = app.run(display: terminal, input: terminal)
terminal.stop()
print(status == 0 && store.value != saved ? "Saved." : "Nothing saved.")
