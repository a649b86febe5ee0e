import FormCore
import Testing

@Suite("What a text field takes")
struct TextInputTests {
    @Test("a field made with no rule takes any text; one given a rule, at once or later, checks it")
    func rules() {
        #expect(TextInput(text: "").takes("Ada Lovelace, 1815"))
        #expect(TextInput(text: "", placeholder: "Name", isSecure: true).takes("é ✓"))
        let digits = TextInput(text: "", accepts: \.isNumber)
        #expect(digits.takes("12"))
        #expect(!digits.takes("1a"))
        var later = TextInput(text: "")
        later.accepts = \.isNumber
        #expect(!later.takes("1a"))
        var whole = TextInput(text: "")
        whole.acceptsText = { $0.count < 3 }
        #expect(whole.takes("ab"))
        #expect(!whole.takes("abc"))
    }
}
