import FormCore
import FormDemos
import FormUI

/// Plays key scripts against a demo headless and keeps its snapshots.
struct ScriptedSession<State: Equatable> {
    let store: StateStore<State>
    let app: App
    let display: HeadlessDisplay
    private let box = SnapshotBox()

    init(
        saved: State, size: Size, persist: @escaping (State) throws -> Void = { _ in },
        root: (StateStore<State>) -> Screen
    ) {
        store = StateStore(saved, persist: persist)
        app = App(root: root(store))
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

typealias PreferencesSession = ScriptedSession<Preferences>

extension ScriptedSession where State == Preferences {
    init(
        saved: Preferences = Preferences(), size: Size,
        persist: @escaping (Preferences) throws -> Void = { _ in }
    ) {
        self.init(saved: saved, size: size, persist: persist) { PreferencesDemo.summaryScreen(store: $0) }
    }
}

extension ScriptedSession where State == Hotspot {
    init(saved: Hotspot = Hotspot(), size: Size, persist: @escaping (Hotspot) throws -> Void = { _ in }) {
        self.init(saved: saved, size: size, persist: persist) { HotspotDemo.screen(store: $0) }
    }
}

final class SnapshotBox {
    var snapshots: [String] = []
}
