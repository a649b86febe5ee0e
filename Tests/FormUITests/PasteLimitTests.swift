import FormCore
import Testing

@testable import FormUI

@Suite("A paste longer than the limit is cut, and the user is told")
struct PasteLimitTests {
    struct Note: Equatable { var text = "" }

    func bracketed(_ body: [UInt8]) -> [UInt8] {
        Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
    }

    func session() -> (App, StateStore<Note>) {
        let store = StateStore(Note())
        let form = Form<Note>(title: "Note") { Section { TextRow("Note", \.text) } }
        return (App(root: FormScreen(form: form, store: store, mode: .edit)), store)
    }

    @Test("The decoder marks a cut paste; one of exactly the limit is whole and unmarked")
    func decoderMarksCut() {
        let limit = ByteKeyDecoder.pasteByteLimit
        let long = Array(repeating: UInt8(ascii: "x"), count: limit + 1)
        #expect(
            ByteKeyDecoder.decode(bracketed(long)) == [.truncatedPaste(String(repeating: "x", count: limit))])
        let exact = Array(repeating: UInt8(ascii: "x"), count: limit)
        #expect(ByteKeyDecoder.decode(bracketed(exact)) == [.paste(String(repeating: "x", count: limit))])
    }

    @Test("The help line says the paste was cut and how much was kept; the field gets the text")
    func appTellsTheUser() {
        let (app, store) = session()
        let size = Size(width: 60, height: 8)
        let long = Array(repeating: UInt8(ascii: "y"), count: ByteKeyDecoder.pasteByteLimit + 10)
        for key in ByteKeyDecoder.decode(bracketed(long)) { app.handle(key) }
        let canvas = app.render(size: size)
        #expect(canvas.line(size.height - 1).contains("Pasted text cut to 65,536 characters."))
        // The next key clears the message, as any message.
        app.handle(.end)
        #expect(!app.render(size: size).line(size.height - 1).contains("Pasted text cut"))
        app.handle(.control("s"))
        #expect(store.value.text == String(repeating: "y", count: ByteKeyDecoder.pasteByteLimit))
    }

    @Test("A paste within the limit says nothing")
    func shortPasteIsQuiet() {
        let (app, _) = session()
        let size = Size(width: 60, height: 8)
        for key in ByteKeyDecoder.decode(bracketed(Array("hello".utf8))) { app.handle(key) }
        #expect(!app.render(size: size).line(size.height - 1).contains("Pasted"))
        #expect(app.render(size: size).text.contains("hello"))
    }

    @Test("Thousands are grouped in the message")
    func grouping() {
        #expect(App.grouped(0) == "0")
        #expect(App.grouped(999) == "999")
        #expect(App.grouped(1_000) == "1,000")
        #expect(App.grouped(65_536) == "65,536")
        #expect(App.grouped(1_234_567) == "1,234,567")
    }
}
