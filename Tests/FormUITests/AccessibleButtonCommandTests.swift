import FormCore
import FormUI
import Testing

/// A button's command in the line mode: `quit(status:)` ends the questions with its status,
/// `pop()` leaves the form it is in (the first form: ends), as they do on the screen.
@Suite("AccessibleSession: quit and pop from a button")
struct AccessibleButtonCommandTests {
    typealias Trip = LineTrip

    static func form() -> Form<Trip> {
        Form(title: "Trip") {
            Section {
                TextRow("City", \.city)
                NavigationRow("Details", value: { "\($0.nights) nights" }) {
                    Form(title: "Details") {
                        Section {
                            StepperRow("Nights", \.nights, in: 1...9)
                            ButtonRow("Back", command: "back", opens: false)
                        }
                    }
                }
                ButtonRow("Seat", command: "seat")
                ButtonRow("Stop", command: "stop", opens: false)
                TextRow("Seat wish", \.seat)
            }
        }
    }

    /// The form a button opens: two buttons of its own.
    static func seatForm(store: StateStore<Trip>) -> FormScreen<Trip> {
        let form = Form<Trip>(title: "Seat") {
            Section {
                TextRow("Seat", \.seat)
                ButtonRow("Back", command: "back", opens: false)
                ButtonRow("Stop", command: "stop", opens: false)
            }
        }
        return FormScreen(form: form, store: store, mode: .edit) { command, navigator in
            if command == "back" { navigator.pop() }
            if command == "stop" { navigator.quit(status: 4) }
        }
    }

    static func run(_ answers: String) -> (status: Int32, store: StateStore<Trip>, output: String) {
        Trip.ask(form(), answers: answers) { command, navigator, store in
            switch command {
            case "back": navigator.pop()
            case "stop": navigator.quit(status: 3)
            case "seat": navigator.push(seatForm(store: store))
            default: break
            }
        }
    }

    @Test func aQuitEndsTheQuestionsWithItsStatus() {
        // City, Details (n), Seat (n), Stop (y): nothing is asked after it, nothing saved.
        let result = Self.run("Bergen\nn\nn\ny\n")
        #expect(result.status == 3, "\(result.output)")
        #expect(result.output.contains("Ended by Trip."))
        #expect(!result.output.contains("Seat wish"), "no question after the quit")
        #expect(!result.output.contains("Save?"))
        #expect(result.store.value == Trip(), "a quit saves nothing")
    }

    @Test func aPopInAFormARowOpenedLeavesOnlyThatForm() {
        // City, Details (y): Nights 5, Back (y); then the questions go on after Details.
        let result = Self.run("\ny\n5\ny\nn\nn\nWindow\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Left Details: its answers are as they were."))
        #expect(result.output.contains("Seat wish"), "the first form goes on after the pop")
        #expect(
            result.store.value == Trip(city: "Oslo", nights: 2, seat: "Window"), "the popped answers went")
    }

    @Test func aQuitInAFormAButtonOpenedEndsEveryForm() {
        // City, Details (n), Seat (y): the seat form asks Seat, Back (n), Stop (y).
        let result = Self.run("\nn\ny\nMiddle\nn\ny\n")
        #expect(result.status == 4, "\(result.output)")
        #expect(!result.output.contains("Seat wish"), "the first form ends too")
        #expect(result.store.value.seat == "Aisle")
    }

    @Test func aPopInAFormAButtonOpenedGoesBackToTheFirst() {
        // City, Details (n), Seat (y): Seat, Back (y); then Stop (n), Seat wish, Save.
        let result = Self.run("\nn\ny\nMiddle\ny\nn\nFront\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Left Seat without saving."))
        #expect(result.store.value.seat == "Front")
    }
}
