import FormTUI

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

// Loads hotspot.json (the defaults when it is missing); Ctrl-S saves it atomically; unsaved
// changes are journaled and offered back after a crash.
let result = try form.run(savingTo: "hotspot.json", defaults: Hotspot())
print(result.savedState == nil ? "Nothing saved." : "Saved.")
