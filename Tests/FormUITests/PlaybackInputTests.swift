import FormUI
import Testing

/// A terminal whose events a test lines up: each `pendingEvent` takes the next, and once none
/// is left the terminal is quiet.
private final class FakeTerminal: InputSource {
    var queued: [TerminalEvent]
    /// How many times playback looked before the queued events start to arrive.
    var quietLooks: Int

    init(_ queued: [TerminalEvent] = [], quietLooks: Int = 0) {
        self.queued = queued
        self.quietLooks = quietLooks
    }

    func nextEvent() -> TerminalEvent { queued.isEmpty ? .end : queued.removeFirst() }

    func pendingEvent() -> TerminalEvent? {
        if quietLooks > 0 {
            quietLooks -= 1
            return nil
        }
        return queued.isEmpty ? nil : queued.removeFirst()
    }
}

@Suite("PlaybackInput: a script played in a live terminal")
struct PlaybackInputTests {
    private func drain(_ input: PlaybackInput, most: Int = 20) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        while events.count < most {
            let event = input.nextEvent()
            events.append(event)
            if event == .end { break }
        }
        return events
    }

    @Test("With exitsAtEnd the script plays to its end, then input ends")
    func exitsAtEnd() throws {
        let input = PlaybackInput(
            steps: try KeyScript.parse("down snapshot wait 1ms up"), live: FakeTerminal(), keyDelay: .zero,
            exitsAtEnd: true)
        #expect(drain(input) == [.key(.down), .snapshot, .key(.up), .end])
        #expect(input.handedOver == nil)
        #expect(input.pendingEvent() == nil, "while playing, each key gets its own frame")
    }

    @Test("A key pressed during playback hands over: the key is not acted on, the rest never plays")
    func keyHandsOver() throws {
        var reasons: [PlaybackInput.HandOver] = []
        let terminal = FakeTerminal([.key(.character("q")), .key(.character("x"))], quietLooks: 2)
        let input = PlaybackInput(
            steps: try KeyScript.parse("down down down down"), live: terminal, keyDelay: .zero,
            exitsAtEnd: true
        ) { reasons.append($0) }
        let events = drain(input)
        #expect(events == [.key(.down), .key(.down), .snapshot, .key(.character("x")), .end])
        #expect(reasons == [.keyPressed])
        #expect(input.handedOver == .keyPressed)
    }

    @Test("The end of the script hands over unless exitsAtEnd; the terminal then drives")
    func endHandsOver() throws {
        var reasons: [PlaybackInput.HandOver] = []
        let input = PlaybackInput(
            steps: try KeyScript.parse("down"), live: FakeTerminal([.key(.escape)], quietLooks: 5),
            keyDelay: .zero
        ) { reasons.append($0) }
        #expect(drain(input) == [.key(.down), .snapshot, .key(.escape), .end])
        #expect(reasons == [.scriptEnded])
    }

    @Test("A real resize and a stop signal pass through without ending playback")
    func resizeAndInterrupt() throws {
        let input = PlaybackInput(
            steps: try KeyScript.parse("down up"), live: FakeTerminal([.resize(Size(width: 50, height: 10))]),
            keyDelay: .zero, exitsAtEnd: true)
        #expect(drain(input) == [.resize(Size(width: 50, height: 10)), .key(.down), .key(.up), .end])
        let stopped = PlaybackInput(
            steps: try KeyScript.parse("down up"), live: FakeTerminal([.interrupt(2)]), keyDelay: .zero)
        #expect(stopped.nextEvent() == .interrupt(2))
    }

    @Test("Elapsed time counts each key's delay and each wait")
    func elapsed() throws {
        let input = PlaybackInput(
            steps: try KeyScript.parse("down wait 5ms up"), live: FakeTerminal(), keyDelay: .milliseconds(1),
            exitsAtEnd: true)
        _ = drain(input)
        #expect(input.elapsed == .milliseconds(7))
        let headless = ScriptInput(steps: try KeyScript.parse("down wait 5ms up"), pace: .milliseconds(80))
        while headless.nextEvent() != .end {}
        #expect(headless.elapsed == .milliseconds(165))
    }
}
