import FormCore
import FormUI

/// The hotspot settings as one editing form: the footer follows the switch, the second section
/// shows only while the hotspot is on, the password opens its own editor, the network name is
/// edited in place. Ctrl-S saves and leaves, unless a row is wrong (a password under 8
/// characters, an empty name): then the row says why. Esc leaves without saving (asking first).
///
/// ```swift
/// let app = App(root: HotspotDemo.screen(store: StateStore(Hotspot())))
/// ```
public enum HotspotDemo {
    public static func form() -> Form<Hotspot> {
        Form(title: "Personal Hotspot") {
            Section(footer: { $0.enabled ? "Personal Hotspot Enabled" : nil }) {
                Toggle("Personal Hotspot", \.enabled)
            }
            Section(visible: { $0.enabled }) {
                PasswordRow("Wi-Fi Password", \.password) {
                    $0.count < 8 ? "At least 8 characters." : nil
                }
                TextRow("Network Name", \.networkName, placeholder: "A name others see") {
                    $0.allSatisfy(\.isWhitespace) ? "A name is needed." : nil
                }
            }
        }
    }

    public static func screen(store: StateStore<Hotspot>) -> FormScreen<Hotspot> {
        FormScreen(form: form(), store: store, mode: .edit)
    }
}
