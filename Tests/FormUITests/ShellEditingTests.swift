import FormUI
import Testing

/// Applies `key` to `marked`, text with `|` where the caret is, and gives the result the same way
/// (nil when the key is not about editing).
private func edit(_ marked: String, _ key: Key) -> String? {
    let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
    precondition(parts.count == 2, "mark the caret with one |")
    let text = String(parts[0] + parts[1])
    guard let result = TextEditing.apply(key, to: text, caret: parts[0].count) else { return nil }
    let characters = Array(result.text)
    return String(characters[..<result.caret]) + "|" + String(characters[result.caret...])
}

private let altB = Key.modified(.character("b"), .alt)
private let altF = Key.modified(.character("f"), .alt)
private let altD = Key.modified(.character("d"), .alt)
private let altBackspace = Key.modified(.backspace, .alt)
private let ctrlLeft = Key.modified(.left, .control)
private let ctrlRight = Key.modified(.right, .control)
private let ctrlW = Key.control("w")

@Suite("TextEditing: moving and deleting as in a shell (readline's keys)")
struct ShellEditingTests {
    @Test("Ctrl-B and Ctrl-F move one character, stopping at the ends")
    func characters() {
        #expect(edit("ab|c", .control("b")) == "a|bc")
        #expect(edit("|abc", .control("b")) == "|abc")
        #expect(edit("ab|c", .control("f")) == "abc|")
        #expect(edit("abc|", .control("f")) == "abc|")
        // One character is a whole grapheme: the accent goes with its letter, the wide one is one.
        #expect(edit("cafe\u{301}|", .control("b")) == "caf|e\u{301}")
        #expect(edit("|日本", .control("f")) == "日|本")
    }

    @Test(
        "Alt-B, Ctrl-← and Alt-← go to the start of the word before the caret, skipping punctuation",
        arguments: [altB, .modified(.character("B"), .alt), ctrlLeft, .modified(.left, .alt)])
    func wordBack(_ key: Key) {
        #expect(edit("hello world|", key) == "hello |world")
        #expect(edit("hello wor|ld", key) == "hello |world")
        #expect(edit("hello |world", key) == "|hello world")
        #expect(edit("foo-bar.baz  |", key) == "foo-bar.|baz  ")
        #expect(edit("foo--|bar", key) == "|foo--bar")
        #expect(edit("|hello", key) == "|hello")
        #expect(edit("  ...|", key) == "|  ...")
        #expect(edit("user@example.com|", key) == "user@example.|com")
        #expect(edit("x2 42|", key) == "x2 |42")
    }

    @Test(
        "Alt-F, Ctrl-→ and Alt-→ go to the end of the word after the caret, skipping punctuation",
        arguments: [altF, .modified(.character("F"), .alt), ctrlRight, .modified(.right, .alt)])
    func wordForward(_ key: Key) {
        #expect(edit("|hello world", key) == "hello| world")
        #expect(edit("hel|lo world", key) == "hello| world")
        #expect(edit("hello| world", key) == "hello world|")
        #expect(edit("|--foo.bar", key) == "--foo|.bar")
        #expect(edit("hello|", key) == "hello|")
        #expect(edit("|...  ", key) == "...  |")
    }

    @Test(
        "Alt-D and Ctrl-Delete delete to the end of the word after the caret",
        arguments: [altD, .modified(.delete, .control)])
    func deleteWordForward(_ key: Key) {
        #expect(edit("|hello world", key) == "| world")
        #expect(edit("he|llo world", key) == "he| world")
        #expect(edit("hello| world", key) == "hello|")
        #expect(edit("a|, b-c", key) == "a|-c")
        #expect(edit("end|", key) == "end|")
    }

    @Test("Alt-Backspace deletes to the start of the word before the caret")
    func deleteWordBack() {
        #expect(edit("hello world|", altBackspace) == "hello |")
        #expect(edit("hello wor|ld", altBackspace) == "hello |ld")
        #expect(edit("foo-bar|", altBackspace) == "foo-|")
        #expect(edit("foo-bar-|", altBackspace) == "foo-|")
        #expect(edit("/usr/local/bin/|", altBackspace) == "/usr/local/|")
        #expect(edit("|hello", altBackspace) == "|hello")
        #expect(edit("!!!|", altBackspace) == "|")
    }

    @Test("Ctrl-W deletes back to whitespace, as readline's unix-word-rubout: punctuation goes too")
    func controlW() {
        #expect(edit("hello world|", ctrlW) == "hello |")
        #expect(edit("hello world  |", ctrlW) == "hello |")
        #expect(edit("ls -la /tmp/x|", ctrlW) == "ls -la |")
        #expect(edit("mail user@example.com|", ctrlW) == "mail |")
        #expect(edit("one tw|o", ctrlW) == "one |o")
        #expect(edit("|hello", ctrlW) == "|hello")
        #expect(edit("hello|", ctrlW) == "|")
        #expect(edit("  |", ctrlW) == "|")
    }

    @Test("wide characters are letters: CJK words move and delete whole")
    func wideCharacters() {
        #expect(edit("日本 語|", altBackspace) == "日本 |")
        #expect(edit("日本 語|", altB) == "日本 |語")
        #expect(edit("|日本 語", altF) == "日本| 語")
        #expect(edit("日本|、テキスト", altD) == "日本|")
        #expect(edit("ネットワーク 名前|", ctrlW) == "ネットワーク |")
        // An emoji is no letter: it is skipped like punctuation.
        #expect(edit("hi 😀|", altB) == "|hi 😀")
    }

    @Test("a combining mark stays with its letter: café is one word")
    func combiningMarks() {
        let cafe = "cafe\u{301}"
        #expect(edit("\(cafe) au lait|", altBackspace) == "\(cafe) au |")
        #expect(edit("x \(cafe)|", altBackspace) == "x |")
        #expect(edit("x \(cafe)|", altB) == "x |\(cafe)")
        #expect(edit("|\(cafe) noir", altF) == "\(cafe)| noir")
        #expect(edit("|\(cafe) noir", altD) == "| noir")
        #expect(edit("naïve résumé|", ctrlW) == "naïve |")
    }

    @Test("Alt with a character that is no command is consumed and types nothing")
    func altCharactersTypeNothing() {
        for character: Character in ["a", "x", "q", "s", "Z", "1", " ", "-", "é", "日"] {
            #expect(edit("ab|c", .modified(.character(character), .alt)) == "ab|c", "Alt-\(character)")
        }
        // Held with Alt and more (as a CSI-u terminal could send), still nothing is typed.
        #expect(edit("ab|c", .modified(.character("b"), [.alt, .shift])) == "ab|c")
        #expect(edit("ab|c", .modified(.character("x"), [.alt, .control])) == "ab|c")
    }

    @Test("other keys with modifiers are left to the form")
    func otherModifiedKeys() {
        for key: Key in [
            .modified(.up, .control), .modified(.down, .alt), .modified(.left, .shift),
            .modified(.right, .shift), .modified(.home, .control), .modified(.pageUp, .control),
            .modified(.enter, .alt), .modified(.control("s"), .alt), .modified(.function(5), .shift),
        ] {
            #expect(TextEditing.apply(key, to: "abc", caret: 1) == nil, "\(key)")
        }
    }

    @Test("the keys there were already keep working")
    func existingKeys() {
        #expect(edit("ab|c", .backspace) == "a|c")
        #expect(edit("|abc", .backspace) == "|abc")
        #expect(edit("ab|c", .delete) == "ab|")
        #expect(edit("abc|", .delete) == "abc|")
        #expect(edit("ab|c", .left) == "a|bc")
        #expect(edit("ab|c", .right) == "abc|")
        #expect(edit("ab|c", .home) == "|abc")
        #expect(edit("ab|c", .control("a")) == "|abc")
        #expect(edit("ab|c", .end) == "abc|")
        #expect(edit("ab|c", .control("e")) == "abc|")
        #expect(edit("ab|c", .control("u")) == "|c")
        #expect(edit("ab|c", .control("k")) == "ab|")
        #expect(edit("ab|c", .character("x")) == "abx|c")
        #expect(edit("ab|c", .paste("xy")) == "abxy|c")
    }

    @Test("deleting between two halves of a flag keeps the caret inside the text")
    func mergingDelete() {
        let forward = TextEditing.apply(altD, to: "🇺x🇸", caret: 1)
        #expect(forward?.text == "🇺🇸")
        #expect(forward?.caret == 1)
        let back = TextEditing.apply(altBackspace, to: "🇺ab🇸", caret: 3)
        #expect(back?.text == "🇺🇸")
        #expect(back?.caret == 1)
    }
}
