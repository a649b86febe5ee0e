import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormDemos

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// 2026-11-23 12:00 UTC: where an unset date starts in every showcase test.
private let noon = Date(timeIntervalSince1970: 1_795_435_200)

extension FormDriver where State == Showcase {
    convenience init(
        saved: Showcase = Showcase(), size: Size, persist: @escaping (Showcase) throws -> Void = { _ in }
    ) {
        self.init(saved: saved, size: size, persist: persist) {
            ShowcaseDemo.screen(store: $0, now: { noon })
        }
    }
}

final class ShowcaseLog {
    var saved: [Showcase] = []
}

@Suite("Showcase: one of every row kind")
struct ShowcaseTests {
    typealias Session = FormDriver<Showcase>

    @Test(
        "the first and last screens match their golden files",
        arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 132, height: 40)])
    func golden(size: Size) throws {
        let session = Session(size: size)
        try session.play("snapshot end snapshot")
        GoldenFile.check(session.snapshots[0], named: "showcase-top-\(size).txt")
        GoldenFile.check(session.snapshots[1], named: "showcase-end-\(size).txt")
    }

    /// Rows are reached by their titles (Ctrl-G, as a person jumps), not by counting Downs: a row
    /// added above them changes no test.
    @Test("open editors and pickers match their golden files at 80x24")
    func goldenEditors() throws {
        let session = Session(size: Size(width: 80, height: 24))
        try session.play(
            """
            ctrl-g "Bio" enter enter snapshot esc
            ctrl-g "Meeting" enter enter right snapshot esc
            ctrl-g "Duration" enter enter down snapshot esc
            ctrl-g "Toppings" enter enter "o" snapshot esc esc
            """)
        let names = ["bio-editor", "meeting-picker", "duration-picker", "toppings-filtered"]
        #expect(session.snapshots.count == names.count)
        for (snapshot, name) in zip(session.snapshots, names) {
            GoldenFile.check(snapshot, named: "showcase-\(name)-80x24.txt")
        }
    }

    /// Every kind edited once, from the top of the form down, then saved.
    static let editEveryKind = """
        space down ctrl-u "grace" down "tok123" down enter "longpassword" enter
        down enter end " More." ctrl-s
        down ctrl-u "40" down ctrl-u "12.25" down right right down pgup down enter up enter
        down enter enter down down enter down enter
        down enter down right down enter down left
        down enter "fre" enter down enter "oli" space esc ctrl-s
        down insert "tui" alt-up down down ctrl-d y
        down down space down right down "5"
        down enter right ctrl-s
        ctrl-s ctrl-s
        """

    @Test("every kind edited and saved: the state holds each change, and only Ctrl-S wrote it")
    func editsEveryKind() throws {
        let log = ShowcaseLog()
        let session = Session(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play(Self.editEveryKind)
        #expect(log.saved.count == 1)
        let saved = try #require(log.saved.first)
        var expected = Showcase()
        expected.notifications = false
        expected.nickname = "grace"
        expected.apiToken = "tok123"
        expected.accountPassword = "longpassword"
        expected.bio = "Mathematician.\nWrote the first published program. More."
        expected.age = 40
        expected.price = 12.25
        expected.guests = 5  // two steps here, one more in the pushed Party form
        expected.volume = 80
        expected.alarm = Date(timeIntervalSince1970: 6 * 3600)
        expected.anniversary = Date(timeIntervalSince1970: 1_795_392_000)  // 23 Nov 2026, 00:00
        expected.size = "L"
        expected.hours = 2
        expected.minutes = 35
        expected.theme = "Dark"
        expected.language = "French"
        expected.toppings = ["Cheese", "Olives"]
        expected.tags = ["tui", "swift"]
        expected.offline = false
        expected.syncEvery = 20
        expected.rating = 5
        #expect(saved == expected)
        #expect(session.app.exitStatus == 0)
    }

    @Test("bad input is refused and said: letters in a number, a nickname emptied, a short password")
    func badInput() throws {
        let log = ShowcaseLog()
        let session = Session(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play(
            "ctrl-g \"Age\" enter \"x\" snapshot ctrl-u \"200\" ctrl-g \"Nickname\" enter ctrl-u ctrl-s")
        #expect(session.snapshots[0].contains("Digits only."))
        #expect(log.saved.isEmpty)
        let screen = session.transcript
        #expect(screen.contains("! A nickname is needed."))
        #expect(screen.contains("> Nickname"), "focus goes to the first wrong row")
        try session.play("end")
        #expect(session.transcript.contains("! Between 0 and 150."))
    }

    @Test("Cancel with changes asks first, then leaves the saved state as it was")
    func cancel() throws {
        let log = ShowcaseLog()
        let session = Session(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play("space down \"x\" esc y")
        #expect(log.saved.isEmpty)
        #expect(session.store.value == Showcase())
        #expect(session.app.exitStatus == 0)
    }

    @Test("The disabled row is skipped by focus until Offline is switched off")
    func disabledRow() throws {
        let session = Session(size: Size(width: 80, height: 24))
        try session.play("ctrl-g \"Offline\" enter")
        #expect(session.transcript.contains("> Offline"))
        try session.play("down")
        #expect(session.transcript.contains("> Rating"), "Sync Every is passed over while offline")
        try session.play("up space down")
        #expect(session.transcript.contains("> Sync Every (min)"))
    }
}
