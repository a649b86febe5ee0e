import FormCore
import FormUI
import Testing

@Suite("Key: modifiers, labels for people, names for scripts")
struct ModifiedKeyTests {
    @Test("adding(_:) gives one canonical form, so equal presses compare equal")
    func canonicalForm() {
        #expect(Key.left.adding([]) == .left)
        #expect(Key.left.adding(.control) == .modified(.left, .control))
        #expect(Key.modified(.left, .control).adding(.shift) == .modified(.left, [.control, .shift]))
        #expect(Key.tab.adding(.shift) == .backTab)
        #expect(Key.tab.adding([.shift, .alt]) == .modified(.backTab, .alt))
        #expect(Key.backTab.adding(.shift) == .backTab)
        #expect(Key.character("B").adding(.control) == .control("b"))
        #expect(Key.character("b").adding([.control, .alt]) == .modified(.control("b"), .alt))
        #expect(Key.control("b").adding(.control) == .control("b"))
        #expect(Key.character("é").adding(.alt) == .modified(.character("é"), .alt))
    }

    @Test("modifiers and unmodified take a key apart")
    func parts() {
        let key = Key.modified(.up, [.alt, .shift])
        #expect(key.modifiers == [.alt, .shift])
        #expect(key.unmodified == .up)
        #expect(Key.up.modifiers.isEmpty)
        #expect(Key.up.unmodified == .up)
    }

    @Test(
        "xterm modifier numbers: 2 Shift, 3 Alt, 4 Shift-Alt, 5 Ctrl, 6 Ctrl-Shift, 7 Ctrl-Alt, 9 Meta",
        arguments: [
            (2, Key.Modifiers.shift), (3, .alt), (4, [.shift, .alt]), (5, .control),
            (6, [.control, .shift]), (7, [.control, .alt]), (8, [.control, .alt, .shift]), (9, .alt),
            (16, [.control, .alt, .shift]),
        ] as [(Int, Key.Modifiers)])
    func xtermParameters(_ number: Int, _ modifiers: Key.Modifiers) {
        #expect(Key.Modifiers(xtermParameter: number) == modifiers)
    }

    @Test("numbers that name no modifiers give nil")
    func badXtermParameters() {
        for number in [-1, 0, 1, 17, 99] {
            #expect(Key.Modifiers(xtermParameter: number) == nil)
        }
    }

    @Test(
        "labels name keys for people",
        arguments: [
            (Key.control("s"), "^S"), (.left, "←"), (.right, "→"), (.up, "↑"), (.down, "↓"),
            (.modified(.up, .alt), "Alt-↑"), (.modified(.right, .shift), "Shift-→"),
            (.modified(.left, [.shift, .control]), "Ctrl-Shift-←"),
            (.modified(.end, [.alt, .control, .shift]), "Ctrl-Alt-Shift-End"),
            (.modified(.character("b"), .alt), "Alt-b"), (.modified(.backspace, .alt), "Alt-Backspace"),
            (.modified(.delete, .control), "Ctrl-Del"), (.modified(.space, .alt), "Alt-Space"),
            (.space, "Space"), (.enter, "Enter"), (.escape, "Esc"), (.pageUp, "PgUp"),
            (.pageDown, "PgDn"), (.home, "Home"), (.end, "End"), (.tab, "Tab"), (.backTab, "Shift-Tab"),
            (.character("a"), "a"), (.character("日"), "日"), (.function(5), "F5"), (.paste("x"), "Paste"),
            (.character("\u{7}"), "U+7"),
        ] as [(Key, String)])
    func labels(_ key: Key, _ label: String) {
        #expect(key.label == label)
    }

    static let modifiedNames: [(String, Key)] = [
        ("alt-b", .modified(.character("b"), .alt)),
        ("alt-B", .modified(.character("B"), .alt)),
        ("alt-d", .modified(.character("d"), .alt)),
        ("alt-backspace", .modified(.backspace, .alt)),
        ("ctrl-left", .modified(.left, .control)),
        ("ctrl-right", .modified(.right, .control)),
        ("shift-left", .modified(.left, .shift)),
        ("shift-right", .modified(.right, .shift)),
        ("alt-up", .modified(.up, .alt)),
        ("alt-down", .modified(.down, .alt)),
        ("ctrl-delete", .modified(.delete, .control)),
        ("ctrl-shift-end", .modified(.end, [.control, .shift])),
        ("alt-space", .modified(.space, .alt)),
        ("alt--", .modified(.character("-"), .alt)),
        ("alt-é", .modified(.character("é"), .alt)),
        ("alt-ctrl-x", .modified(.control("x"), .alt)),
        ("shift-tab", .backTab),
        ("alt-shift-tab", .modified(.backTab, .alt)),
        ("shift-f5", .modified(.function(5), .shift)),
    ]

    @Test("key scripts name keys with modifiers", arguments: modifiedNames)
    func scriptNames(_ name: String, _ key: Key) throws {
        #expect(try KeyScript.parse(name) == [.key(key)])
    }

    @Test("modifier names are case-insensitive, in any order; the character keeps its case")
    func nameSpelling() throws {
        #expect(Key(named: "CTRL-LEFT") == .modified(.left, .control))
        #expect(Key(named: "Shift-Ctrl-Left") == .modified(.left, [.control, .shift]))
        #expect(Key(named: "meta-b") == .modified(.character("b"), .alt))
        #expect(Key(named: "ALT-B") == .modified(.character("B"), .alt))
        #expect(Key(named: "ctrl-alt-h") == .modified(.backspace, .alt))
        #expect(Key(named: "alt-u+23") == .modified(.character("#"), .alt))
        #expect(
            try KeyScript.parse("alt-b*3")
                == Array(repeating: .key(.modified(.character("b"), .alt)), count: 3))
    }

    @Test(
        "names that are no key are refused",
        arguments: ["alt-", "alt-bogus", "ctrl-alt", "hyper-b", "ctrl-1", "alt-u+d800"])
    func badNames(_ name: String) {
        #expect(throws: KeyScriptError.self) { try KeyScript.parse(name) }
    }

    @Test("every modified key's scriptName parses back to it, awkward characters included")
    func roundTrips() throws {
        let keys: [Key] =
            Self.modifiedNames.map(\.1) + [
                .modified(.character("#"), .alt), .modified(.character("*"), .alt),
                .modified(.character("\""), .alt), .modified(.character("'"), .alt),
                .modified(.character("\\"), .alt), .modified(.character("\u{3000}"), .alt),
                .modified(.character("\u{7}"), .alt), .modified(.character("日"), [.alt, .shift]),
                .modified(.control("s"), [.alt, .shift]), .modified(.pageUp, [.control, .alt, .shift]),
                .modified(.function(12), .control), .modified(.insert, .shift), .modified(.enter, .alt),
            ]
        for key in keys {
            let steps = try KeyScript.parse(key.scriptName)
            #expect(steps == [.key(key)], "\(key.scriptName)")
        }
        #expect(Key.modified(.character("b"), .alt).scriptName == "alt-b")
        #expect(Key.modified(.left, [.shift, .control]).scriptName == "ctrl-shift-left")
        #expect(Key.modified(.character("#"), .alt).scriptName == "alt-u+23")
    }
}

@Suite("ControlCharacters: the one rule for what counts as a control character")
struct ControlCharactersTests {
    @Test("C0, DEL and C1 are controls; space, NBSP, marks and format characters are not")
    func rule() {
        for value: UInt32 in [0, 0x7, 0x9, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F] {
            let scalar = Unicode.Scalar(value)!
            #expect(ControlCharacters.isControl(scalar), "U+\(String(value, radix: 16))")
            #expect(ControlCharacters.isControl(Character(scalar)), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0xAD, 0x301, 0x200B, 0xFEFF, 0xFFFD] {
            #expect(!ControlCharacters.isControl(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        #expect(ControlCharacters.isControl("\r\n" as Character))
        #expect(!ControlCharacters.isControl("e\u{301}" as Character))
    }

    @Test("the canvas shows every control as ?, C1 included")
    func canvasShowsControls() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        let end = canvas.write("a\u{85}b\u{9B}c", at: Point(x: 0, y: 0))
        #expect(canvas.lines == ["a?b?c"])
        #expect(end == 5)
    }

    @Test("text editing types no control; a key script's paste drops them as a terminal's does")
    func noControlsTyped() throws {
        #expect(TextEditing.apply(.character("\u{85}"), to: "ab", caret: 1) == nil)
        // U+0085 would end the script line (it is a line break too): U+009B stands for C1 here.
        #expect(try KeyScript.parse("paste \"a\u{7F}b\u{9B}c\"") == [.key(.paste("abc"))])
        #expect(ByteKeyDecoder.decode(Array("\u{1B}[200~a\u{7F}b\u{85}c\u{1B}[201~".utf8)) == [.paste("abc")])
    }
}
