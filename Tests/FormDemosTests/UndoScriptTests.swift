import FormCore
import FormDemos
import FormTestSupport
import FormUI
import Testing

/// The done-when, as key scripts played headless on the showcase: a toggle, typing and a
/// choice, taken back with Alt-U ×3 and made again with Alt-E ×3; the review lists those rows.
@Suite("Undo, redo and the review in headless key scripts")
struct UndoScriptTests {
    typealias Session = FormDriver<Showcase>
    static let size = Size(width: 80, height: 24)
    /// Notifications off, the nickname typed, the segmented theme chosen (Auto → Dark).
    static let threeChanges = """
        space down ctrl-u "grace"
        down down down down down down down down down down down down down left
        """

    @Test("toggle + type + choose; alt-u ×3 gives the saved state (no mark); alt-e ×3 brings it back")
    func undoRedo() throws {
        let session = Session(size: Self.size)
        try session.play(Self.threeChanges)
        #expect(session.transcript.contains("● modified"))
        let changed = session.screen.draft.value
        #expect(changed.theme != Showcase().theme)
        try session.play("alt-u alt-u alt-u")
        let screen = session.screen
        #expect(screen.draft.value == Showcase())
        #expect(!session.transcript.contains("● modified"))
        #expect(session.transcript.contains("Alt-E Redo"))
        try session.play("alt-e alt-e alt-e")
        #expect(screen.draft.value == changed)
        #expect(session.transcript.contains("● modified"))
    }

    @Test("ctrl-s shows exactly the changed rows with old → new; ctrl-s there saves")
    func review() throws {
        let log = ShowcaseLog()
        let session = Session(size: Self.size) { log.saved.append($0) }
        try session.play(Self.threeChanges + " ctrl-s")
        let review = try #require(session.app.top as? ReviewScreen)
        #expect(review.changes.map(\.title) == ["Notifications", "Nickname", "Theme"])
        #expect(review.changes.map(\.summary) == ["On → Off", "ada → grace", "Auto → Dark"])
        #expect(session.transcript.contains("3 changes will be saved:"))
        #expect(log.saved.isEmpty)
        try session.play("ctrl-s")
        #expect(log.saved.count == 1)
    }

    @Test("key names: alt-u, alt-e, ctrl-_ and ctrl-/ (the same byte), ctrl-g")
    func keyNames() {
        #expect(Key(named: "alt-u") == .modified(.character("u"), .alt))
        #expect(Key(named: "ctrl-_") == .control("_"))
        #expect(Key(named: "ctrl-/") == .control("_"))
        #expect(Key.control("_").scriptName == "ctrl-_")
        #expect(Key(named: "ctrl-g") == .control("g"))
    }
}
