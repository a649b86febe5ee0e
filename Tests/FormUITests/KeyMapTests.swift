import FormCore
import FormUI
import Testing

private struct Flags: Equatable {
    var on = false
    var level = 1
}

private final class Recorder: Navigator {
    var pops = 0
    var messages: [String] = []
    func push(_ screen: Screen) {}
    func pop() { pops += 1 }
    func quit(status: Int32) {}
    func show(message: String, isError: Bool) { messages.append(message) }
    var isAtRoot: Bool { true }
}

private func help(_ screen: Screen) -> [String] {
    screen.helpItems(isRoot: false).map { "\($0.key) \($0.action)" }
}

@Suite("KeyMap: one table for the keys and the help line")
struct KeyMapTests {
    private func makeScreen(keyMap: KeyMap = .standard) -> (FormScreen<Flags>, StateStore<Flags>) {
        let store = StateStore(Flags())
        let form = Form<Flags>(title: "Flags") { Section { Toggle("On", \.on) } }
        return (FormScreen(form: form, store: store, mode: .edit, keyMap: keyMap), store)
    }

    @Test("The standard map: the help line names the keys that do what it says")
    func standardHelp() {
        let (screen, store) = makeScreen()
        #expect(help(screen) == ["↑↓ Move", "Space Toggle", "^S Save", "Esc Cancel"])
        let navigator = Recorder()
        screen.handle(.space, navigator: navigator)
        #expect(screen.draft.value.on)
        screen.handle(.control("s"), navigator: navigator)
        #expect(store.value.on)
        #expect(navigator.pops == 1)
    }

    @Test("Rebinding a command changes both what the key does and what the help line says")
    func rebinding() {
        var keys = KeyMap.standard
        keys.rebind(.save, to: [.control("w")])
        keys.rebind(.row(.toggle), to: [.character("t")])
        let (screen, store) = makeScreen(keyMap: keys)
        #expect(help(screen) == ["↑↓ Move", "t Toggle", "^W Save", "Esc Cancel"])
        let navigator = Recorder()
        screen.handle(.space, navigator: navigator)
        #expect(!screen.draft.value.on, "Space no longer toggles")
        screen.handle(.character("t"), navigator: navigator)
        #expect(screen.draft.value.on)
        screen.handle(.control("s"), navigator: navigator)
        #expect(!store.value.on, "Ctrl-S no longer saves")
        screen.handle(.control("w"), navigator: navigator)
        #expect(store.value.on)
    }

    @Test("A key held with Shift or Ctrl that nothing binds works as the plain key; Alt never does")
    func modifierFallback() {
        let map = KeyMap.standard
        #expect(map.matches(.modified(.down, .control), .focusNext))
        #expect(!map.matches(.modified(.down, .control), .focusNext, fallback: false))
        #expect(!map.matches(.modified(.down, .alt), .focusNext))
        #expect(KeyMap.fallback(for: .modified(.down, [.control, .shift])) == .down)
        #expect(KeyMap.fallback(for: .down) == nil)
        // An exact binding wins over the fallback: Shift-→ on a slider moves by a tenth.
        #expect(map.matches(.modified(.right, .shift), .row(.largeIncrement), fallback: false))
    }

    @Test("Labels: arrows run together (after a shared modifier), longer names are joined with a slash")
    func labels() {
        let map = KeyMap.standard
        #expect(map.label(for: [.row(.decrement), .row(.increment)]) == "←→")
        #expect(map.label(for: [.save, .cancel]) == "^S/Esc")
        #expect(map.label(for: [.moveElementUp, .moveElementDown]) == "Alt-↑↓")
    }
}
