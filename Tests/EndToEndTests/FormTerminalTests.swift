import Foundation
import Testing

/// `answers=$(formtui form …)` in a real terminal, as a script's user meets it: the form is drawn
/// on /dev/tty while standard output is captured, refused while empty, saved as typed JSON; a
/// cancel leaves nothing and exits 1.
@Suite(.serialized) struct FormTerminalTests {
    static let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path

    /// `answers=$(formtui form registration.yaml)` in tmux, its status and answers kept in files,
    /// once the form is on screen. Wait for `done`, not `status`: the shell creates `status` empty
    /// before `echo` writes it.
    static func startForm() throws -> (ScratchFolder, TmuxHarness) {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            answers=$(\(shellQuoted(binary)) form \(shellQuoted(Self.spec)))
            echo $? > status
            printf '%s' "$answers" > answers.json
            """)
        do {
            try tmux.waitFor(text: "We never share your email.")
        } catch {
            tmux.close()
            throw error
        }
        return (folder, tmux)
    }

    /// A pasted `4⏎` (a copied line) goes into a number as 4; a paste with a letter goes in not
    /// at all, and the help line says which character was refused.
    @Test func aPastedLineGoesIntoANumberTrimmed() throws {
        let (_, tmux) = try Self.startForm()
        defer { tmux.close() }
        try tmux.sendKeys("Down", "Down", "Down")
        try tmux.waitFor(text: "> Age")
        try tmux.pasteBracketed("4\n")
        let screen = try tmux.waitFor(text: "● modified")
        #expect(
            screen.split(separator: "\n").contains { $0.hasPrefix("> Age") && $0.hasSuffix(" 4") },
            "\(screen)")
        try tmux.pasteBracketed("2x")
        let refused = try tmux.waitFor(text: "Not pasted: “2x” (“x” is not taken). Digits only.")
        #expect(
            refused.split(separator: "\n").contains { $0.hasPrefix("> Age") && $0.hasSuffix(" 4") },
            "\(refused)")
    }

    @Test func answersAreCapturedWhileTheFormIsOnTheTerminal() throws {
        let (folder, tmux) = try Self.startForm()
        defer { tmux.close() }
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Not saved: 4 rows need attention.")
        #expect(try tmux.capture().contains("! Full Name is needed."))
        try tmux.sendText("Ada Lovelace")
        try tmux.sendKeys("Enter")
        try tmux.sendText("ada@example.com")
        try tmux.sendKeys("Enter")
        try tmux.sendText("analytical")
        try tmux.sendKeys("Enter")
        try tmux.sendText("36")
        try tmux.sendKeys("Enter", "Down", "Enter")
        try tmux.waitFor(text: "United Kingdom")
        try tmux.sendText("jap")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Japan ›")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("answers.json")))
        let answers = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(answers["name"] as? String == "Ada Lovelace")
        #expect(answers["age"] as? Int == 36)
        #expect(answers["news"] as? Bool == true)
        #expect(answers["country"] as? String == "Japan")
        #expect(answers["birthday"] is NSNull)
    }

    @Test func escThenYCancelsWithStatus1AndNoOutput() throws {
        let (folder, tmux) = try Self.startForm()
        defer { tmux.close() }
        try tmux.sendText("Ada")
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendText("y")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n")
        #expect(folder.read("answers.json").isEmpty)
    }
}
