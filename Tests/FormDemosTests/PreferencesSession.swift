import FormCore
import FormDemos
import FormUI

/// Plays a key script against the preferences demo headless and keeps its snapshots.
struct PreferencesSession {
    let store: StateStore<Preferences>
    let app: App
    let display: HeadlessDisplay
    private let box = SnapshotBox()

    init(
        saved: Preferences = Preferences(), size: Size,
        persist: @escaping (Preferences) throws -> Void = { _ in }
    ) {
        store = StateStore(saved, persist: persist)
        app = App(root: PreferencesDemo.summaryScreen(store: store))
        let box = self.box
        display = HeadlessDisplay(size: size) { box.snapshots.append($0) }
    }

    /// Runs `script` to its end (or until the app quits); returns the exit status.
    @discardableResult
    func play(_ script: String) throws -> Int32 {
        app.run(display: display, input: ScriptInput(steps: try KeyScript.parse(script)))
    }

    var snapshots: [String] { box.snapshots }

    /// The current screen as a transcript, without playing anything.
    var screen: String {
        HeadlessDisplay.transcript(of: app.render(size: display.size), number: 0)
    }
}

final class SnapshotBox {
    var snapshots: [String] = []
}
