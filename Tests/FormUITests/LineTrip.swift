import FormCore
import FormUI

/// A small state for line-mode tests of how a session moves through its forms (buttons, `>>`).
struct LineTrip: Equatable {
    var city = "Oslo"
    var nights = 2
    var note = ""
    var seat = "Aisle"

    /// `form` asked on `answers` from a fresh trip; `onCommand` gets the store the session saves into.
    static func ask(
        _ form: Form<LineTrip>, answers: String,
        onCommand: @escaping (FormCommand, Navigator, StateStore<LineTrip>) -> Void = { _, _, _ in }
    ) -> (status: Int32, store: StateStore<LineTrip>, output: String) {
        let store = StateStore(LineTrip())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: form, store: store, input: TextLineInput(answers), output: output
        ) { command, navigator in onCommand(command, navigator, store) }
        return (session.run(), store, output.text)
    }
}
