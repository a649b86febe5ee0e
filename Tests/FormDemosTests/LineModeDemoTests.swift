import FormCore
import FormUI
import Testing

@testable import FormDemos

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The demos asked line by line: the README's hotspot answers, a long list of countries.
@Suite("Line mode: the demos asked line by line")
struct LineModeDemoTests {
    @Test func theReadmeHotspotAnswersSaveIt() {
        let store = StateStore(Hotspot())
        let session = AccessibleSession(
            form: HotspotDemo.form(), store: store, input: TextLineInput("y\nsecret99\n\ny\n"),
            output: TextLineOutput())
        #expect(session.run() == 0)
        #expect(store.value.enabled && store.value.password == "secret99")
    }

    @Test func aLongListIsListedOnAQuestionMarkAndTakesANameOrItsStart() throws {
        let store = StateStore(Registration())
        let output = TextLineOutput()
        let noon = Date(timeIntervalSince1970: 1_795_435_200)
        let session = AccessibleSession(
            form: RegistrationDemo.form(now: { noon }), store: store,
            input: TextLineInput("Ada\nada@example.org\nanalytical\n1990-05-01\n?\nswed\n\ny\n"),
            output: output)
        #expect(session.run() == 0, "\(output.text)")
        #expect(store.value.country == "Sweden")
        let count = Countries.names.count
        #expect(output.text.contains("? lists the \(count) options"))
        // Nothing chosen yet is said so, not as the row's "Choose".
        #expect(output.text.contains("Country (required): none.\n"), "\(output.text)")
        // Listed once, on the question mark, not before the question.
        #expect(output.text.components(separatedBy: "\n  1. \(Countries.names[0])\n").count == 2)
    }

    @Test func aDateOutsideItsRangeIsRefused() {
        let noon = Date(timeIntervalSince1970: 1_795_435_200)
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: RegistrationDemo.form(now: { noon }), store: StateStore(Registration()),
            input: TextLineInput("Ada\nada@example.org\nanalytical\n2030-01-01\n"), output: output)
        #expect(session.run() == 1)
        #expect(output.text.contains("Error: From 1800-01-01 to 2026-11-23 only."), "\(output.text)")
    }
}
