import FormTUI

/// The README's hotspot, as a library user writes it: one import.
struct Hotspot: Codable, Equatable, Sendable {
    var enabled = false
    var password = ""
    var networkName = "My Phone"
}

func hotspotForm() -> Form<Hotspot> {
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
