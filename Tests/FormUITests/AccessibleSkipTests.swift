import FormCore
import FormUI
import Testing

/// `>>` at a question skips the rest of the form being asked, to its summary: in a long form,
/// the way to "Save?" without an Enter per question.
@Suite("AccessibleSession: >> skips to the summary")
struct AccessibleSkipTests {
    typealias Trip = LineTrip

    static func form() -> Form<Trip> {
        Form(title: "Trip") {
            Section {
                TextRow("City", \.city)
                NavigationRow("Details", value: { "\($0.nights) nights" }) {
                    Form(title: "Details") {
                        Section {
                            StepperRow("Nights", \.nights, in: 1...9)
                            TextRow("Note", \.note)
                        }
                    }
                }
                TextRow("Seat", \.seat)
            }
        }
    }

    static func run(_ answers: String) -> (status: Int32, store: StateStore<Trip>, output: String) {
        Trip.ask(form(), answers: answers)
    }

    @Test func skippingGoesStraightToTheSummary() {
        // City: Bergen, then >> at "Open it?": the seat is never asked; y saves.
        let result = Self.run("Bergen\n>>\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Skipped to the summary.\nYour answers:"))
        #expect(!result.output.contains("Seat: Aisle.\nType"), "no question after the skip")
        #expect(result.store.value == Trip(city: "Bergen"))
        #expect(result.output.contains(">> skips to the summary"), "the opening lines say how")
    }

    @Test func aBackslashTypesTheArrowsThemselves() {
        let result = Self.run("\\>>\n\n\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.city == ">>")
    }

    @Test func inAFormARowOpenedItSkipsToThatFormsKeepStep() {
        // Details (y): Nights 5, >> at Note: its Keep step (y), then Seat is asked as usual.
        let result = Self.run("\ny\n5\n>>\ny\nWindow\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Keep these answers?"))
        #expect(result.store.value == Trip(nights: 5, seat: "Window"))
    }

    @Test func fromTheSummaryItOnlyAnswersTheQuestion() {
        // From "Save?", City (1) is asked again alone: there is nothing to skip, so >> is text.
        let result = Self.run("\n\n\n1\n>>\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.city == ">>")
    }
}
