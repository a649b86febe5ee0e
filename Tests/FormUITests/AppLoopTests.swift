import FormCore
import Testing

@testable import FormUI

/// An input whose events are all "already waiting" or all "arriving later", to see how the app
/// turns events into frames.
final class QueuedInput: InputSource {
    var events: [TerminalEvent]
    let waiting: Bool
    init(_ events: [TerminalEvent], waiting: Bool) {
        self.events = events
        self.waiting = waiting
    }
    func nextEvent() -> TerminalEvent { events.isEmpty ? .end : events.removeFirst() }
    func pendingEvent() -> TerminalEvent? { waiting && !events.isEmpty ? events.removeFirst() : nil }
}

@Suite("The app loop: one frame per burst of input")
struct AppLoopTests {
    struct Flags: Equatable { var flags = Array(repeating: false, count: 100) }

    func makeApp() -> (App, StateStore<Flags>) {
        let store = StateStore(Flags())
        let form = Form<Flags>(title: "Flags") {
            Section { ForEach(\Flags.flags) { index, _ in Toggle("Flag \(index)", \.flags[index]) } }
        }
        return (App(root: FormScreen(form: form, store: store, mode: .browse)), store)
    }

    @Test("a burst of waiting keys is handled whole and drawn once")
    func burstIsOneFrame() {
        let (app, store) = makeApp()
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { _ in }
        let keys = Array(repeating: TerminalEvent.key(.down), count: 50) + [.key(.space)]
        _ = app.run(display: display, input: QueuedInput(keys, waiting: true))
        #expect(store.value.flags[50] == true)
        #expect(display.framesPresented == 2)
        #expect(display.lastFrame?.text.contains("> Flag 50") == true)
    }

    @Test("keys that arrive one by one get a frame each")
    func paced() {
        let (app, _) = makeApp()
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { _ in }
        let keys = Array(repeating: TerminalEvent.key(.down), count: 5)
        _ = app.run(display: display, input: QueuedInput(keys, waiting: false))
        #expect(display.framesPresented == 6)
    }

    @Test("a snapshot inside a burst shows the state at its place")
    func snapshotInBurst() {
        let (app, _) = makeApp()
        var printed: [String] = []
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { printed.append($0) }
        let events: [TerminalEvent] = [.key(.down), .snapshot, .key(.down), .key(.down), .snapshot]
        _ = app.run(display: display, input: QueuedInput(events, waiting: true))
        #expect(printed.count == 2)
        #expect(printed[0].contains("> Flag 1"))
        #expect(printed[1].contains("> Flag 3"))
    }

    @Test("a filter's matches past the first slice of a long list are found while no key waits")
    func filterFindsTheRestWhileIdle() {
        struct Choice: Equatable { var choice: Int? }
        let form = Form<Choice>(title: "Option") {
            Section {
                ForEach(0..<120_000, filterBy: { "Option \($0 + 1)" }) { index, _ in
                    ChoiceRow("Option \(index + 1)", \Choice.choice, value: Optional(index))
                }
            }
        }
        let app = App(root: FormScreen(form: form, store: StateStore(Choice()), mode: .edit))
        var printed: [String] = []
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { printed.append($0) }
        // Keys one at a time: the app is idle between them. The second match is past the first
        // slice (50,000 labels) a key reads.
        let typed = "11999".map { TerminalEvent.key(.character($0)) }
        _ = app.run(
            display: display, input: QueuedInput(typed + [.snapshot, .key(.end), .snapshot], waiting: false))
        #expect(printed.count == 2)
        #expect(printed.first?.contains("> Option 11999") == true, "\(printed.first ?? "")")
        #expect(printed.last?.contains("> Option 119999") == true, "\(printed.last ?? "")")
    }

    @Test("while a long list's matches are being found, the screen says so rather than 'No match'")
    func lookingForMatchesIsNotNoMatch() {
        struct Choice: Equatable { var choice: Int? }
        let form = Form<Choice>(title: "Option") {
            Section {
                ForEach(0..<120_000, filterBy: { "Option \($0 + 1)" }) { index, _ in
                    ChoiceRow("Option \(index + 1)", \Choice.choice, value: Optional(index))
                }
            }
        }
        let screen = FormScreen(form: form, store: StateStore(Choice()), mode: .edit)
        let app = App(root: screen)
        var printed: [String] = []
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { printed.append($0) }
        // The only match is past the first slice a key reads; the snapshot comes before any idle.
        _ = app.run(display: display, input: QueuedInput([.key(.paste("119999")), .snapshot], waiting: true))
        #expect(printed.first?.contains("Looking for “119999”…") == true, "\(printed.first ?? "")")
        #expect(printed.first?.contains("No match") == false)
        // Found while the app was idle, before it ended.
        #expect(!screen.editor.isFindingMatches)
        #expect(
            display.lastFrame?.text.contains("> Option 119999") == true, "\(display.lastFrame?.text ?? "")")
    }

    @Test("a very long burst still draws now and then")
    func longBurst() {
        let (app, _) = makeApp()
        let display = HeadlessDisplay(size: Size(width: 40, height: 12)) { _ in }
        let keys = Array(repeating: TerminalEvent.key(.up), count: App.maximumBurst * 2 + 1)
        _ = app.run(display: display, input: QueuedInput(keys, waiting: true))
        #expect(display.framesPresented == 4)
    }
}

/// An idle task may end the app (an async `Form.run` whose task was cancelled): the app stops
/// there, without waiting for another event.
@Suite struct AppIdleQuitTests {
    private final class QuitLater: IdleTask {
        unowned let app: App
        var calls = 0
        init(app: App) { self.app = app }
        func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
            calls += 1
            if calls == 2 { app.quit(status: 7) }
            return now
        }
        func finish() {}
    }

    @Test func anIdleTaskThatQuitsEndsTheRunBeforeTheNextEvent() {
        let store = StateStore(AppLoopTests.Flags())
        let form = Form<AppLoopTests.Flags>(title: "Flags") { Section { Toggle("First", \.flags[0]) } }
        let app = App(root: FormScreen(form: form, store: store, mode: .browse))
        app.idleTasks.append(QuitLater(app: app))
        let input = QueuedInput([.key(.space), .key(.space), .key(.space)], waiting: false)
        let status = app.run(
            display: HeadlessDisplay(size: Size(width: 40, height: 12)) { _ in }, input: input)
        #expect(status == 7)
        #expect(input.events.count == 2, "one key was read before the quit, none after")
        #expect(store.value.flags[0] == true)
    }
}
