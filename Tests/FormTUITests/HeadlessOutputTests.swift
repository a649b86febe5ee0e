import Testing

@testable import FormTUI

/// What a headless `Form.run` prints: each snapshot as `formtui --headless` prints it.
@Suite struct HeadlessOutputTests {
    @Test func aHeadlessRunPrintsEachSnapshotAsTheCommandDoes() throws {
        var run = FormRun(
            form: hotspotForm(), saved: Hotspot(),
            options: FormRunOptions(
                display: .headless(script: "snapshot space snapshot", size: Size(width: 40, height: 12))))
        var printed: [String] = []
        run.printSnapshot = { printed.append($0) }
        #expect(try run.run().result == .cancelled)
        #expect(printed.count == 2)
        #expect(
            printed.first?.hasPrefix(
                "--- snapshot 1 (40x12, cursor 0,2) line 1: snapshot space snapshot ---\n Personal Hotspot")
                == true,
            "\(printed)")
        #expect(printed.last?.contains("Wi-Fi Password") == true, "\(printed)")
    }
}
