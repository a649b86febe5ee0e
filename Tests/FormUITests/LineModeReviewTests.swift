import FormCore
import Testing

@testable import FormUI

/// The line mode's summary before "Save?" is its review: with a form's `reviewDetail` (a
/// configuration file's diff) it shows those lines too, as the screen's review does.
@Suite("Line mode review: what a save would write, before it is asked")
struct LineModeReviewTests {
    static func form() -> Form<LineTrip> {
        var form = Form<LineTrip>(title: "Trip") {
            Section { TextRow("City", \.city) }
        }
        form.reviewDetail = { trip in
            ["--- trip.toml", "+++ trip.toml (edited)", "-city = \"Oslo\"", "+city = \"\(trip.city)\""]
        }
        return form
    }

    @Test("A changed answer shows the detail's lines after the summary, before Save?")
    func detailBeforeSaving() throws {
        let (status, store, output) = LineTrip.ask(Self.form(), answers: "Bergen\ny\n")
        #expect(status == 0)
        #expect(store.value.city == "Bergen")
        let summary = try #require(output.range(of: "Your answers:\n  1. City: Bergen\n"))
        let detail = try #require(
            output.range(
                of:
                    "What a save changes:\n--- trip.toml\n+++ trip.toml (edited)\n-city = \"Oslo\"\n+city = \"Bergen\"\nSave?"
            ))
        #expect(summary.upperBound == detail.lowerBound)
    }

    @Test("Nothing changed: no detail, as the screen reviews nothing")
    func noDetailUnchanged() {
        let (status, _, output) = LineTrip.ask(Self.form(), answers: "\ny\n")
        #expect(status == 0)
        #expect(!output.contains("What a save changes:") && !output.contains("--- trip.toml"))
    }
}
