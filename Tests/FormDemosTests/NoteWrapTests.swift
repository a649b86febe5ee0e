import FormCore
import FormTestSupport
import FormUI
import Testing

/// Footers and validation messages too long for the screen's width take as many lines as they
/// need instead of being cut with "…", at 40x12 as at 80x24.
@Suite("Footers and messages wrap to the screen")
struct NoteWrapTests {
    struct Account: Equatable {
        var name = ""
        var port: Int? = 80
        var notes = true
    }

    static var form: Form<Account> {
        Form<Account>(title: "Account") {
            Section(
                "Login",
                footer:
                    "The name you sign in with on every machine of the cluster, as the directory knows it."
            ) {
                TextRow("Name", \.name)
                    .validate {
                        $0.name.isEmpty
                            ? "A name is needed: ask the administrator of the directory for one." : nil
                    }
                NumberRow("Port", \.port, min: 1024, max: 65535)
            }
            Section(footer: {
                $0.notes ? "Notes are sent to the whole team at the end of each day, with a link back." : nil
            }) {
                Toggle("Daily notes", \.notes)
            }
        }
    }

    @Test(
        "a long footer and a long message wrap; nothing is cut",
        arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
    func wrapped(size: Size) throws {
        let driver = FormDriver(Account(), size: size, form: Self.form)
        try driver.play("ctrl-s snapshot")
        GoldenFile.check(driver.snapshots[0], named: "wrapped-notes-\(size).txt")
        let screen = driver.snapshots[0]
        #expect(!screen.contains("…"), "\(screen)")
        // Every word of the notes is on the screen, at 40 columns too.
        for word in ["administrator", "directory", "cluster,", "knows", "it."] {
            #expect(screen.contains(word), "\(word) missing: \(screen)")
        }
    }

    @Test("focus moves over a wrapped message and footer to the next row, and back")
    func focusSkipsNoteLines() throws {
        let driver = FormDriver(Account(), size: Size(width: 40, height: 12), form: Self.form)
        try driver.play("ctrl-s down")
        #expect(driver.focusedLine?.hasPrefix("> Port") == true, "\(driver.transcript)")
        try driver.play("down")
        #expect(driver.focusedLine?.hasPrefix("> Daily notes") == true, "\(driver.transcript)")
        try driver.play("up up")
        #expect(driver.focusedLine?.hasPrefix("> Name") == true, "\(driver.transcript)")
    }

    @Test("a resize wraps the notes again to the new width")
    func resize() throws {
        let driver = FormDriver(Account(), size: Size(width: 80, height: 24), form: Self.form)
        try driver.play("ctrl-s")
        let wide = driver.lines.filter { $0.hasPrefix("      ") || $0.hasPrefix("  The name") }.count
        try driver.play("resize 40x12")
        #expect(driver.lines.contains("  The name you sign in with on every"), "\(driver.transcript)")
        try driver.play("resize 80x24")
        #expect(driver.lines.filter { $0.hasPrefix("      ") || $0.hasPrefix("  The name") }.count == wide)
        #expect(
            driver.lines.contains {
                $0.hasPrefix("  The name you sign in with on every machine of the cluster, as the")
            }, "\(driver.transcript)")
    }
}
