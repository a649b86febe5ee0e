import FormCore
import Testing

@testable import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// A draft that cannot be written is said at once, on a frame of its own, and said again after a
/// key took the message away, for as long as the writes fail (issue 23, point 4).
@MainActor struct DraftFailureFrameTests {
    private struct Note: Equatable { var text = "" }

    /// Keys, with idle pauses between them: `nil` waits until the app's deadline passes. Before
    /// each key it notes whether the frame on screen says the draft cannot be kept.
    private final class PausedInput: InputSource {
        var steps: [TerminalEvent?]
        let display: HeadlessDisplay
        var saidBeforeKey: [Bool] = []
        init(_ steps: [TerminalEvent?], display: HeadlessDisplay) {
            self.steps = steps
            self.display = display
        }
        func nextEvent() -> TerminalEvent { nextEvent(until: .now + .seconds(1)) ?? .end }
        func pendingEvent() -> TerminalEvent? { nil }
        func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? {
            guard !steps.isEmpty else { return .end }
            guard let event = steps.removeFirst() else {
                let wait = deadline - .now
                if wait > .zero { usleep(UInt32(wait.components.attoseconds / 1_000_000_000_000)) }
                return nil
            }
            saidBeforeKey.append(display.lastFrame?.text.contains("Unsaved changes cannot be kept") == true)
            return event
        }
    }

    private struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test func aFailedDraftIsDrawnAtOnceAndSaidUntilItCanBeWritten() {
        let store = StateStore(Note())
        let form = Form<Note>(title: "Note") { Section { TextRow("Text", \.text) } }
        let app = App(root: FormScreen(form: form, store: store, mode: .edit))
        var failing = true
        let keeper = DraftKeeper(
            store: store, interval: .milliseconds(5), longestDelay: .milliseconds(5),
            write: { _ in if failing { throw DiskFull() } }, remove: {})
        keeper.attach(to: app)
        let display = HeadlessDisplay(size: Size(width: 60, height: 10)) { _ in }
        let input = PausedInput(
            [
                .key(.character("a")), nil, nil, nil, .key(.character("b")), nil, nil, nil,
                .key(.character("c")),
            ],
            display: display)
        _ = app.run(display: display, input: input)
        // Before "a": nothing to say. Before "b": the failure, drawn though no key came. Before "c":
        // said again after "b" took it away.
        #expect(input.saidBeforeKey == [false, true, true])
        failing = false
        _ = keeper
    }
}
