import FormTUI
import Testing

// The README's example of the tester, over the README's Hotspot form.
@Suite struct ReadmeTesterTests {
    @Test func theReadmeTestsTheHotspot() throws {
        let form = hotspotForm()
        // README begin
        let tester = FormTester(form, state: Hotspot(), size: Size(width: 40, height: 12))
        try tester.play("space down enter \"secret-pass\" enter")  // on; type a password, keep it
        #expect(tester.draft.password == "secret-pass")
        #expect(tester.lines.contains { $0.contains("Wi-Fi Password") })
        #expect(try tester.play("ctrl-s") == .saved(tester.saved))
        #expect(tester.saved.enabled)
        // README end
        #expect(tester.saved == Hotspot(enabled: true, password: "secret-pass"))
    }
}
