import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Disabled rows on screen: dim, passed over by every focus key, not validated")
struct DisabledScreenTests {
    struct Network: Equatable {
        var airplane = false
        var wifi = true
        var proxy = ""
        var locked = false
        var name = ""
        var flags: [Bool] = []
    }

    static func session(_ network: Network = Network(), height: Int = 16) -> FormDriver<Network> {
        FormDriver(
            network, size: Size(width: 50, height: height),
            form: Form(title: "Network") {
                Section(header: { $0.airplane ? "Radios (off)" : "Radios" }) {
                    Toggle("Airplane", \.airplane)
                    Toggle("Wi-Fi", \.wifi).disabled(when: \.airplane)
                    TextRow("Proxy", \.proxy, validate: { $0.isEmpty ? "Required." : nil })
                        .disabled(when: { $0.airplane || !$0.wifi })
                }
                Section("Flags") {
                    ForEach(\Network.flags) { index, _ in Toggle("Flag \(index)", \.flags[index]) }
                        .disabled(when: \.airplane)
                }
                Section("Account", disabled: \.locked) {
                    TextRow("Name", \.name, validate: { $0.isEmpty ? "Required." : nil })
                    Toggle("Lock account", \.locked)
                }
                Section("Lock") { Toggle("Locked", \.locked) }
            })
    }

    /// The style of the title of the row titled `title` (rows start their title at column 2).
    static func role(of title: String, in canvas: Canvas) -> Style.Role? {
        for y in 0..<canvas.size.height where canvas.line(y).dropFirst(2).hasPrefix(title) {
            return canvas[2, y].style.role
        }
        return nil
    }

    @Test("Disabled rows and the rows of a disabled section are drawn dim; the header follows the state")
    func dim() throws {
        let session = Self.session(Network(locked: true, flags: [true]))
        var canvas = session.canvas
        #expect(Self.role(of: "Wi-Fi", in: canvas) == .plain)
        #expect(Self.role(of: "Name", in: canvas) == .disabled)
        #expect(canvas.text.contains("RADIOS\n"))
        try session.play("space")
        canvas = session.canvas
        #expect(canvas.text.contains("RADIOS (OFF)"))
        #expect(Self.role(of: "Wi-Fi", in: canvas) == .disabled)
        #expect(Self.role(of: "Proxy", in: canvas) == .disabled)
        #expect(Self.role(of: "Flag 0", in: canvas) == .disabled)
        #expect(Self.role(of: "Airplane", in: canvas) == .plain)
    }

    @Test("↑↓, PgUp/PgDn and Home/End all pass over disabled rows and sections")
    func focusKeys() throws {
        let session = Self.session(Network(airplane: true, locked: true, flags: [true, false]), height: 8)
        #expect(session.focusedLine?.hasPrefix("> Airplane") == true)
        try session.play("down")
        #expect(session.focusedLine?.hasPrefix("> Locked") == true)
        try session.play("up")
        #expect(session.focusedLine?.hasPrefix("> Airplane") == true)
        try session.play("pgdn")
        #expect(session.focusedLine?.hasPrefix("> Locked") == true)
        try session.play("pgup")
        #expect(session.focusedLine?.hasPrefix("> Airplane") == true)
        try session.play("end")
        #expect(session.focusedLine?.hasPrefix("> Locked") == true)
        try session.play("home")
        #expect(session.focusedLine?.hasPrefix("> Airplane") == true)
        // Keys do nothing to a disabled row: there is none under focus.
        #expect(session.screen.draft.value == Network(airplane: true, locked: true, flags: [true, false]))
    }

    @Test("A focused row that becomes disabled hands focus to the next row that can take it")
    func focusMovesOff() throws {
        let session = Self.session(Network(name: "n"))
        try session.play("end up")
        #expect(session.focusedLine?.hasPrefix("> Lock account") == true)
        try session.play("space")
        #expect(session.screen.draft.value.locked)
        #expect(session.focusedLine?.hasPrefix("> Locked") == true)
        #expect(Self.role(of: "Lock account", in: session.canvas) == .disabled)
        try session.play("space up")
        #expect(session.focusedLine?.hasPrefix("> Lock account") == true)
    }

    @Test("A row disabled under focus by a change elsewhere hands focus on")
    func disabledUnderFocus() throws {
        let store = StateStore(Network(proxy: "p"))
        let form = Form<Network>(title: "N") {
            Section {
                TextRow("Proxy", \.proxy).disabled(when: \.airplane)
                Toggle("Airplane", \.airplane)
            }
        }
        let screen = FormScreen(form: form, store: store, mode: .browse)
        let app = App(root: screen)
        #expect(screen.focusedRow == RowPath(section: 0, group: 0, index: 0))
        try store.commit(Network(airplane: true, proxy: "p"))
        screen.willAppear()
        #expect(screen.focusedRow == RowPath(section: 0, group: 1, index: 0))
        app.handle(.character("x"))
        #expect(screen.draft.value.proxy == "p")
    }

    @Test("Disabled rows do not hold up a save; enabled ones do")
    func validation() throws {
        let session = Self.session(Network(airplane: true, locked: true))
        try session.play("ctrl-s")
        #expect(session.app.stack.count == 1)
        #expect(session.store.value == Network(airplane: true, locked: true))
        let refused = Self.session(Network())
        try refused.play("ctrl-s")
        #expect(refused.text.contains("Required."))
        #expect(refused.store.value == Network())
    }

    @Test("End over a disabled ForEach of a million rows lands at once past it")
    func million() throws {
        let session = Self.session(Network(airplane: true, flags: Array(repeating: false, count: 1_000_000)))
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try session.play("end up down home down")
            _ = session.canvas
        }
        #expect(session.focusedLine?.hasPrefix("> Name") == true)
        #expect(elapsed < .seconds(5))
    }
}
