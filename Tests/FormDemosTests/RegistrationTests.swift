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

/// 2026-11-23 12:00 UTC: "today" for every registration test, so screens never change with the date.
private let today = Date(timeIntervalSince1970: 1_795_435_200)

extension FormDriver where State == Registration {
    convenience init(
        saved: Registration = Registration(), size: Size,
        persist: @escaping (Registration) throws -> Void = { _ in }
    ) {
        self.init(saved: saved, size: size, persist: persist) {
            RegistrationDemo.screen(store: $0, now: { today })
        }
    }
}

final class RegistrationLog {
    var saved: [Registration] = []
}

@Suite("Registration: the sign-up form of the protocol-oriented article")
struct RegistrationTests {
    typealias Session = FormDriver<Registration>
    static let size = Size(width: 80, height: 24)

    /// Fills in every row right, leaving 2FA off: focus ends on Enable 2FA.
    static let fillIn = """
        "Ada Lovelace" enter "ada@example.com" enter "secret123" enter
        enter "10" right "12" right "1815" enter
        down enter "swe" enter down
        """

    @Test("screens match their golden files: empty, refused, picker open, country list, filled in")
    func golden() throws {
        let session = Session(size: Self.size)
        try session.play(
            """
            snapshot ctrl-s snapshot
            "Ada Lovelace" enter "ada@example.com" enter "secret123" enter
            enter "10" right right "1815" left "12" snapshot enter
            down enter snapshot "swe" snapshot enter down snapshot
            """)
        let names = ["empty", "refused", "birthday-picker", "countries", "countries-filtered", "filled"]
        for (snapshot, name) in zip(session.snapshots, names) {
            GoldenFile.check(snapshot, named: "registration-\(name)-80x24.txt")
        }
        #expect(session.snapshots.count == names.count)
    }

    @Test("Ctrl-S on the empty form saves nothing, marks each wrong row and focuses the first")
    func emptyRefused() throws {
        let log = RegistrationLog()
        let session = Session(size: Self.size) { log.saved.append($0) }
        try session.play("down down ctrl-s")
        #expect(log.saved.isEmpty)
        let screen = session.transcript
        for message in [
            "! Your name is needed.", "! Your email is needed.", "! At least 8 characters.",
            "! Your birthday is needed.", "! Choose your country.",
        ] {
            #expect(screen.contains(message), "missing \(message)")
        }
        #expect(screen.contains("Not saved: 5 rows need attention."))
        let focused = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix(">") })
        #expect(focused.hasPrefix("> Full Name"))
    }

    @Test("A message goes as soon as its row is right; a wrong email keeps its own")
    func messagesFollowFixes() throws {
        let session = Session(size: Self.size)
        try session.play("ctrl-s \"Ada\" down \"ada@\"")
        #expect(!session.transcript.contains("Your name is needed."))
        #expect(session.transcript.contains("! An email looks like name@example.com."))
        try session.play("\"example.com\"")
        #expect(!session.transcript.contains("An email looks like"))
    }

    @Test("Filled in and saved: the state holds every answer, the birthday as a date, the country by name")
    func saves() throws {
        let log = RegistrationLog()
        let session = Session(size: Self.size) { log.saved.append($0) }
        try session.play(Self.fillIn + " space ctrl-s")
        #expect(log.saved.isEmpty, "Ctrl-S first shows what changed")
        #expect(session.transcript.contains("Review changes"))
        #expect(session.transcript.contains("Country"))
        try session.play("ctrl-s")
        let saved = try #require(log.saved.first)
        #expect(saved.fullName == "Ada Lovelace")
        #expect(saved.email == "ada@example.com")
        #expect(saved.password == "secret123")
        #expect(saved.country == "Sweden")
        #expect(saved.twoFactor)
        // 10 Dec 1815, 00:00 UTC: Ada Lovelace's birthday.
        #expect(saved.birthday == Date(timeIntervalSince1970: -4_861_728_000))
        #expect(session.app.exitStatus == 0)
    }

    @Test("A birthday cannot be after today: the picker stops at today")
    func birthdayInThePast() throws {
        let session = Session(size: Self.size)
        try session.play("down*3 enter right right \"2026\" left down*15 enter")
        let screen = session.transcript
        #expect(screen.contains("23 Nov 2026"))
        #expect(!screen.contains("2027"))
    }

    @Test("The birthday wheels open thirty years back, not on today; the month takes its number")
    func birthdayOpensYearsBack() throws {
        let session = Session(size: Self.size)
        try session.play("down*3 enter")
        #expect(session.transcript.contains("1 Jan 1996"), "\(session.transcript)")
        try session.play("right \"12\" enter")
        #expect(session.transcript.contains("1 Dec 1996"), "\(session.transcript)")
        try session.play("enter right \"3\" enter")
        #expect(session.transcript.contains("1 Mar 1996"), "\(session.transcript)")
    }

    @Test("The country list names the United Kingdom so, where people look for it")
    func unitedKingdom() throws {
        #expect(Countries.names.contains("United Kingdom"))
        #expect(!Countries.names.contains { $0.hasPrefix("Britain") })
        let session = Session(size: Self.size)
        try session.play("down*4 enter \"kingdom\"")
        #expect(session.transcript.contains("United Kingdom"), "\(session.transcript)")
    }

    @Test("The password is never on screen, in any snapshot")
    func passwordHidden() throws {
        let session = Session(size: Self.size)
        try session.play("down down \"hunter22secret\" snapshot down snapshot ctrl-s snapshot")
        for snapshot in session.snapshots + [session.transcript] {
            #expect(!snapshot.contains("hunter22"))
        }
    }

    @Test("Cancel after edits asks, then leaves the saved state as it was")
    func cancel() throws {
        let log = RegistrationLog()
        let saved = Registration(fullName: "Ada", country: "France")
        let session = Session(saved: saved, size: Self.size) { log.saved.append($0) }
        try session.play("\"x\" esc y")
        #expect(log.saved.isEmpty)
        #expect(session.store.value == saved)
        #expect(session.app.exitStatus == 0)
    }
}
