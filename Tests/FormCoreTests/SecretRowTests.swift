import FormCore
import Testing

private struct Account: Equatable {
    var name = "ada"
    var password = "saved"
    var pin = "0000"
    var remember = true
}

@Suite("Secret rows: what a draft journal must never hold")
struct SecretRowTests {
    private func form() -> Form<Account> {
        Form<Account>(title: "Account") {
            Section("Sign in") {
                TextRow("Name", \.name)
                PasswordRow("Password", \.password)
                PasswordRow("PIN", \.pin).validate { $0.pin.count == 4 ? nil : "Four digits." }
                Toggle("Remember", \.remember)
            }
        }
    }

    /// Each kind of row answers for itself (a requirement of FormRow, not a cast), and a
    /// validated row answers for the row it wraps.
    @Test func secretsAreFoundThroughTheRowsAndTheirWrappers() {
        let typed = Account(name: "grace", password: "typed", pin: "1234", remember: false)
        let form = form()
        let shareable = form.concealing(in: typed, keeping: Account())
        #expect(shareable == Account(name: "grace", password: "saved", pin: "0000", remember: false))
    }

    @Test func rowsWithoutSecretsNameNone() {
        let form = Form<Account>(title: "Account") {
            Section("Plain") {
                TextRow("Name", \.name)
                Toggle("Remember", \.remember).validate { _ in nil }
            }
        }
        #expect(form.secretMembers(in: Account()).isEmpty)
    }
}
