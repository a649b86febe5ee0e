import FormUI
import Testing

@Suite struct ByteKeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        ByteKeyDecoder.decode(bytes)
    }

    private func keys(_ text: String) -> [Key] {
        ByteKeyDecoder.decode(Array(text.utf8))
    }

    @Test func asciiCharacters() {
        #expect(keys("aZ ~") == [.character("a"), .character("Z"), .space, .character("~")])
    }

    @Test(arguments: ["é", "日", "😀", "ß", "€"])
    func multiByteCharacters(_ text: String) {
        #expect(keys(text) == [.character(Character(text))])
    }

    @Test func multiByteCharacterCompletesOnItsLastByte() {
        var decoder = ByteKeyDecoder()
        let bytes = Array("😀".utf8)
        for byte in bytes.dropLast() {
            #expect(decoder.feed(byte).isEmpty)
            #expect(decoder.pending == .character)
        }
        #expect(decoder.feed(bytes.last!) == [.character("😀")])
        #expect(decoder.pending == .none)
    }

    @Test func invalidByteBecomesReplacementAndKeepsTheNextKey() {
        #expect(keys([0xFF, UInt8(ascii: "a")]) == [.character("\u{FFFD}"), .character("a")])
        // Fed one by one, the "a" comes out at once: nothing waits for a flush.
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0xFF) == [.character("\u{FFFD}")])
        #expect(decoder.feed(UInt8(ascii: "a")) == [.character("a")])
    }

    @Test func strayContinuationAndOverlongBytesAreReplaced() {
        #expect(keys([0x80, 0xC0, 0xC1, 0xF5]) == Array(repeating: .character("\u{FFFD}"), count: 4))
        // E0 80 would start an overlong form: E0 alone is replaced, then 80 on its own.
        #expect(keys([0xE0, 0x80]) == [.character("\u{FFFD}"), .character("\u{FFFD}")])
        // ED A0 would be a surrogate.
        #expect(keys([0xED, 0xA0, 0x80]).count == 3)
    }

    @Test func truncatedSequenceFollowedByAKey() {
        let japanese = Array("日".utf8)
        #expect(
            keys(Array(japanese.prefix(2)) + [UInt8(ascii: "a")]) == [
                .character("\u{FFFD}"), .character("a"),
            ])
        // The Esc after a cut-off character is still an Esc.
        #expect(keys(Array(japanese.prefix(1)) + [0x1B]) == [.character("\u{FFFD}"), .escape])
    }

    @Test func truncatedSequenceAtThePauseIsReplaced() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0xF0).isEmpty)
        #expect(decoder.feed(0x9F).isEmpty)
        #expect(decoder.flush() == [.character("\u{FFFD}")])
        #expect(decoder.pending == .none)
        #expect(decoder.feed(UInt8(ascii: "b")) == [.character("b")])
    }

    @Test func controlKeys() {
        #expect(keys([0x0D]) == [.enter])
        #expect(keys([0x0A]) == [.enter])
        #expect(keys([0x09]) == [.tab])
        #expect(keys([0x7F]) == [.backspace])
        #expect(keys([0x08]) == [.backspace])
        #expect(keys([0x13]) == [.control("s")])
        #expect(keys([0x11]) == [.control("q")])
        #expect(keys([0x01]) == [.control("a")])
        #expect(keys([0x1A]) == [.control("z")])
        #expect(keys([0x00, 0x1C]).isEmpty)
        // Ctrl-_ (and Ctrl-/, which sends the same byte): undo, as in readline.
        #expect(keys([0x1F]) == [.control("_")])
    }

    @Test func loneEscapeIsEscapeOnlyAfterThePause() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.pending == .escape)
        #expect(decoder.flush() == [.escape])
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test func escapeSequencesTheKeypadDidNotTranslate() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OH\u{1B}OF\u{1B}[Z") == [.home, .end, .backTab])
        #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[2~") == [.delete, .pageUp, .pageDown, .insert])
        #expect(keys("\u{1B}OP\u{1B}[15~\u{1B}[24~") == [.function(1), .function(5), .function(12)])
        // Unknown sequences (focus reports) mean nothing, and take nothing after them.
        #expect(keys("\u{1B}[Ix") == [.character("x")])
    }

    @Test func altPlusACharacterIsModifiedNeverTheCharacterAlone() {
        #expect(keys("\u{1B}x") == [.modified(.character("x"), .alt)])
        #expect(keys("\u{1B}B") == [.modified(.character("B"), .alt)])
        #expect(keys("\u{1B} ") == [.modified(.space, .alt)])
        // Alt applies to the one key after the Esc.
        #expect(keys("\u{1B}bb") == [.modified(.character("b"), .alt), .character("b")])
    }

    @Test func altPlusAMultiByteCharacterWaitsForItsLastByte() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        let bytes = Array("é".utf8)
        #expect(decoder.feed(bytes[0]).isEmpty)
        #expect(decoder.pending == .character)
        #expect(decoder.feed(bytes[1]) == [.modified(.character("é"), .alt)])
        #expect(decoder.feed(UInt8(ascii: "x")) == [.character("x")])
        // Cut off, the half character is still an Alt key: nothing is typed.
        #expect(keys([0x1B, 0xE6]) == [.modified(.character("\u{FFFD}"), .alt)])
        // An invalid byte ends it; the byte after is decoded afresh, without Alt.
        #expect(
            keys([0x1B, 0xC3, UInt8(ascii: "a")]) == [
                .modified(.character("\u{FFFD}"), .alt), .character("a"),
            ])
    }

    @Test func altBackspaceIsNeverEscape() {
        #expect(keys([0x1B, 0x7F]) == [.modified(.backspace, .alt)])
        #expect(keys([0x1B, 0x08]) == [.modified(.backspace, .alt)])
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.feed(0x7F) == [.modified(.backspace, .alt)])
        #expect(decoder.pending == .none)
        #expect(decoder.flush().isEmpty)
    }

    @Test func altPlusOtherControlKeys() {
        #expect(keys([0x1B, 0x0D]) == [.modified(.enter, .alt)])
        #expect(keys([0x1B, 0x09]) == [.modified(.tab, .alt)])
        #expect(keys([0x1B, 0x02]) == [.modified(.control("b"), .alt)])
        // NUL means nothing, with Alt or without; the next key has no Alt.
        #expect(keys([0x1B, 0x00, UInt8(ascii: "a")]) == [.character("a")])
    }

    @Test func escapeEscapeIsEscapeAsBefore() {
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
        #expect(keys([0x1B, 0x1B, UInt8(ascii: "b")]) == [.escape, .modified(.character("b"), .alt)])
    }

    @Test func aLoneIntroducerAtThePauseIsAltBracketOrAltO() {
        #expect(keys("\u{1B}[") == [.modified(.character("["), .alt)])
        #expect(keys("\u{1B}O") == [.modified(.character("O"), .alt)])
        // A sequence cut off after its parameters began is garbage: nothing.
        #expect(keys("\u{1B}[1;5").isEmpty)
    }

    @Test(arguments: [
        ("\u{1B}[1;2C", Key.modified(.right, .shift)),
        ("\u{1B}[1;2D", .modified(.left, .shift)),
        ("\u{1B}[1;3A", .modified(.up, .alt)),
        ("\u{1B}[1;3B", .modified(.down, .alt)),
        ("\u{1B}[1;4A", .modified(.up, [.shift, .alt])),
        ("\u{1B}[1;5D", .modified(.left, .control)),
        ("\u{1B}[1;5C", .modified(.right, .control)),
        ("\u{1B}[1;6C", .modified(.right, [.control, .shift])),
        ("\u{1B}[1;7H", .modified(.home, [.control, .alt])),
        ("\u{1B}[1;8F", .modified(.end, [.control, .alt, .shift])),
        ("\u{1B}[1;9A", .modified(.up, .alt)),  // Meta counts as Alt
        ("\u{1B}[3;5~", .modified(.delete, .control)),
        ("\u{1B}[3;3~", .modified(.delete, .alt)),
        ("\u{1B}[5;5~", .modified(.pageUp, .control)),
        ("\u{1B}[6;2~", .modified(.pageDown, .shift)),
        ("\u{1B}[15;2~", .modified(.function(5), .shift)),
        ("\u{1B}[1;2Z", .backTab),  // Shift is part of Shift-Tab already
        ("\u{1B}[1;1A", .up),  // 1 is no modifier at all
        ("\u{1B}[1;99A", .up),  // a number that is no modifier: the key alone, as before
    ])
    func modifiersInSequences(_ sequence: String, _ key: Key) {
        #expect(keys(sequence) == [key])
    }

    @Test func aDecodedKeyAfterALoneEscapeIsAnAltKey() {
        // How ncurses hands over Alt-Backspace and rxvt's Alt-Up: an Esc, then a key code.
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.feed(key: .backspace) == [.modified(.backspace, .alt)])
        #expect(decoder.pending == .none)
        #expect(decoder.feed(key: .up) == [.up])
        // Anything else pending is finished first.
        #expect(decoder.feed(0xC3).isEmpty)
        #expect(decoder.feed(key: .left) == [.character("\u{FFFD}"), .left])
        #expect(decoder.feed(key: .modified(.left, .control)) == [.modified(.left, .control)])
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.feed(key: .modified(.left, .control)) == [.modified(.left, [.control, .alt])])
    }

    @Test func bracketedPasteIsOneKeyOfTextWithoutControls() {
        let pasted = keys("\u{1B}[200~a\tb\r\nc\u{1B}d\u{7F}e\u{301}\u{1B}[201~z")
        // Tab becomes a space, CRLF one line break; Esc and Delete are dropped; the accent stays.
        #expect(pasted == [.paste("a b\ncde\u{301}"), .character("z")])
    }

    @Test func pastedWordsAreNeverKeyPresses() {
        // "yes q" typed would confirm a dialog and quit; pasted it is text only.
        var decoder = ByteKeyDecoder()
        var collected: [Key] = []
        for byte in Array("\u{1B}[200~yes q\r\u{1B}[201~".utf8) { collected += decoder.feed(byte) }
        #expect(collected == [.paste("yes q\n")])
        #expect(decoder.pending == .none)
    }

    @Test func pasteCompletesOnTheLastByteOfTheEndMarker() {
        var decoder = ByteKeyDecoder()
        let bytes = Array("\u{1B}[200~ab\u{1B}[201~".utf8)
        for byte in bytes.dropLast() {
            #expect(decoder.feed(byte).isEmpty)
        }
        #expect(decoder.pending == .paste)
        #expect(decoder.feed(bytes.last!) == [.paste("ab")])
        #expect(decoder.pending == .none)
    }

    @Test func emptyPasteGivesNothing() {
        #expect(keys("\u{1B}[200~\u{1B}[201~").isEmpty)
        // Controls only: nothing is left once they are removed.
        #expect(keys("\u{1B}[200~\u{1B}\u{7F}\u{1}\u{1B}[201~x") == [.character("x")])
    }

    @Test func anEscapeInsidePasteThatIsNotTheEndMarkerIsDropped() {
        #expect(keys("\u{1B}[200~a\u{1B}[20b\u{1B}[201~") == [.paste("a[20b")])
    }

    @Test func pasteThatNeverEndsIsKeptAtThePause() {
        var decoder = ByteKeyDecoder()
        var collected: [Key] = []
        for byte in Array("\u{1B}[200~hi\n".utf8) { collected += decoder.feed(byte) }
        #expect(collected.isEmpty)
        #expect(decoder.pending == .paste)
        #expect(decoder.flush() == [.paste("hi\n")])
        #expect(decoder.feed(0x0D) == [.enter])
    }

    @Test func pasteIsCappedAtTheLimit() {
        let long = Array(repeating: UInt8(ascii: "x"), count: ByteKeyDecoder.pasteByteLimit + 100)
        let pasted = keys(Array("\u{1B}[200~".utf8) + long + Array("\u{1B}[201~".utf8) + [UInt8(ascii: "y")])
        #expect(
            pasted == [
                .truncatedPaste(String(repeating: "x", count: ByteKeyDecoder.pasteByteLimit)),
                .character("y"),
            ])
    }

    @Test func pasteCutInsideACharacterDropsTheHalf() {
        let filler = Array(repeating: UInt8(ascii: "x"), count: ByteKeyDecoder.pasteByteLimit - 1)
        let pasted = keys(Array("\u{1B}[200~".utf8) + filler + Array("日".utf8) + Array("\u{1B}[201~".utf8))
        #expect(pasted == [.truncatedPaste(String(repeating: "x", count: filler.count))])
    }

    @Test func pasteScriptNameEscapesQuotesAndBackslashes() {
        #expect(Key.paste("yes q").scriptName == #"paste "yes q""#)
        #expect(Key.paste(#"say "hi" \ bye"#).scriptName == #"paste "say \"hi\" \\ bye""#)
    }
}

/// Sequences of terminals that are not xterm, which the decoder knows since keys no longer go
/// through ncurses' terminfo table.
@Suite("ByteKeyDecoder: Linux console and rxvt keys")
struct OtherTerminalKeyTests {
    @Test(
        "the Linux console's F1-F5",
        arguments: [("\u{1B}[[A", 1), ("\u{1B}[[B", 2), ("\u{1B}[[C", 3), ("\u{1B}[[D", 4), ("\u{1B}[[E", 5)])
    func consoleFunctionKeys(_ sequence: String, _ number: Int) {
        #expect(ByteKeyDecoder.decode(Array(sequence.utf8)) == [.function(number)])
    }

    @Test("rxvt's Shift- and Ctrl-arrows")
    func rxvtArrows() {
        #expect(
            ByteKeyDecoder.decode(Array("\u{1B}[a\u{1B}[d".utf8)) == [
                .up.adding(.shift), .left.adding(.shift),
            ])
        #expect(
            ByteKeyDecoder.decode(Array("\u{1B}Ob\u{1B}Oc".utf8)) == [
                .down.adding(.control), .right.adding(.control),
            ])
    }

    @Test("rxvt's tilde keys with $, ^ and @ for Shift, Ctrl and both, and the key after them")
    func rxvtTildeModifiers() {
        #expect(
            ByteKeyDecoder.decode(Array("\u{1B}[3$x".utf8)) == [.delete.adding(.shift), .character("x")])
        #expect(ByteKeyDecoder.decode(Array("\u{1B}[5^".utf8)) == [.pageUp.adding(.control)])
        #expect(ByteKeyDecoder.decode(Array("\u{1B}[7@".utf8)) == [.home.adding([.control, .shift])])
    }

    @Test("a console sequence cut short waits, then an unknown end is dropped and what follows kept")
    func consoleSequenceCutShort() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed(0x1B).isEmpty)
        #expect(decoder.feed(UInt8(ascii: "[")).isEmpty)
        #expect(decoder.feed(UInt8(ascii: "[")).isEmpty)
        #expect(decoder.pending == .sequence)
        #expect(decoder.feed(UInt8(ascii: "Z")).isEmpty)
        #expect(decoder.feed(UInt8(ascii: "q")) == [.character("q")])
    }
}

/// A terminal's answers to the start's background question (`TerminalBackground`), when they come
/// late, after the keyboard is read: dropped, never typed into the form.
@Suite("Terminal answers are not keys")
struct TerminalAnswerDecodingTests {
    @Test(
        "an OSC 11 answer and a long device-attributes answer give no keys, and keys around them stay",
        arguments: [
            "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{07}",
            "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28;29;52c", "\u{1B}[?62;22c",
        ])
    func answersAreDropped(answer: String) {
        #expect(ByteKeyDecoder.decode(Array(answer.utf8)).isEmpty)
        let keys = ByteKeyDecoder.decode(Array(("a" + answer + "b").utf8))
        #expect(keys == [.character("a"), .character("b")])
    }

    @Test("an answer cut by a pause is dropped, and the keys after it are read")
    func cutAnswer() {
        var decoder = ByteKeyDecoder()
        var keys: [Key] = []
        for byte in "\u{1B}]11;rgb:ff".utf8 { keys += decoder.feed(byte) }
        keys += decoder.flush()
        for byte in "x".utf8 { keys += decoder.feed(byte) }
        #expect(keys == [.character("x")])
    }

    @Test("Esc then ] is still read when no answer follows: an Esc inside ends it and starts a key")
    func escapeInside() {
        let keys = ByteKeyDecoder.decode(Array("\u{1B}]1\u{1B}[A".utf8))
        #expect(keys == [.up])
    }
}
