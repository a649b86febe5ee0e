import FormCore
import FormUI
import Testing

/// A secret's question is written only once the input has hidden what is typed: a terminal
/// turns its echo off before the question shows, so an answer typed the moment it is seen is
/// never echoed.
struct AccessibleSecretTests {
    struct Login: Equatable {
        var user = ""
        var password = ""
    }

    static func form() -> Form<Login> {
        Form(title: "Login") {
            Section("Account") {
                TextRow("User", \.user)
                TextRow("Password", \.password, secure: true)
            }
        }
    }

    /// A terminal's answers, which hides a secret from the moment it is asked for: records what
    /// had been written when each line was asked for, and what was written by the asking.
    final class HidingLines: LineReading {
        let lines: TextLineInput
        let output: TextLineOutput
        private(set) var asked: [(secret: Bool, question: String)] = []
        init(_ text: String, output: TextLineOutput) {
            lines = TextLineInput(text)
            self.output = output
        }
        func readLine(secret: Bool) -> String? {
            Issue.record("a question read without asking through the input")
            return lines.readLine(secret: secret)
        }
        func readLine(secret: Bool, asking ask: () -> Void) -> String? {
            let before = output.text
            ask()
            asked.append((secret, String(output.text.dropFirst(before.count))))
            return lines.readLine(secret: secret)
        }
        var isInteractive: Bool { true }
    }

    @Test func theSecretsQuestionIsWrittenOnlyOnceItIsHidden() {
        let output = TextLineOutput()
        let input = HidingLines("ada\nhunter2\ny\n", output: output)
        let store = StateStore(Login())
        let session = AccessibleSession(form: Self.form(), store: store, input: input, output: output)
        #expect(session.run() == 0)
        #expect(store.value == Login(user: "ada", password: "hunter2"))
        let secret = input.asked.filter(\.secret)
        #expect(secret.count == 1, "\(input.asked)")
        #expect(secret.first?.question.contains("not shown as typed") == true, "\(input.asked)")
        #expect(!output.text.contains("hunter2"), "\(output.text)")
    }
}
