import FormUI
import Testing

#if canImport(Glibc)
    import Glibc

    /// glibc's wcwidth, which the Glibc module leaves out (it needs _XOPEN_SOURCE).
    @_silgen_name("wcwidth") private func cLibraryWidth(_ character: Int32) -> Int32
#endif

@Suite("TextWidth: columns a text takes on a terminal")
struct TextWidthTests {
    @Test("ASCII printable characters take one column each")
    func ascii() {
        #expect(TextWidth.of("a") == 1)
        #expect(TextWidth.of("Hello, world!") == 13)
        #expect(TextWidth.of(" ") == 1)
        #expect(TextWidth.of("~") == 1)
        #expect(TextWidth.of("") == 0)
    }

    @Test("CJK ideographs take two columns each")
    func cjk() {
        #expect(TextWidth.of("日本語") == 6)
        for character in "日本語" { #expect(TextWidth.of(character) == 2) }
        #expect(TextWidth.of("a日b") == 4)
    }

    @Test("An emoji with emoji presentation takes two columns")
    func emoji() {
        #expect(TextWidth.of(Character("😀")) == 2)
        #expect(TextWidth.of("😀😀") == 4)
    }

    @Test("e + U+0301 is one cluster one column wide; the mark alone is zero")
    func combining() {
        let text = "e\u{301}"
        #expect(text.count == 1)
        #expect(TextWidth.of(text) == 1)
        #expect(TextWidth.of("\u{301}" as Unicode.Scalar) == 0)
        #expect(TextWidth.of("caf\u{E9}") == TextWidth.of("cafe\u{301}"))
    }

    @Test("U+FE0F alone takes no column; U+2764 takes one")
    func variationSelectorAndHeart() {
        #expect(TextWidth.of("\u{FE0F}") == 0)
        #expect(TextWidth.of(Character("\u{FE0F}")) == 0)
        #expect(TextWidth.of("\u{2764}") == 1)
        // The selector rides along in the heart's cell.
        #expect(TextWidth.of("\u{2764}\u{FE0F}") == 1)
    }

    @Test("Fullwidth Latin and Hangul syllables take two columns")
    func fullwidthAndHangul() {
        #expect(TextWidth.of("Ａ") == 2)
        #expect(TextWidth.of("\u{FF21}") == 2)
        #expect(TextWidth.of("한") == 2)
        #expect(TextWidth.of("한국어") == 6)
    }

    @Test(
        "Control characters take no column",
        arguments: ["\u{0}", "\u{7}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}"])
    func controls(text: String) {
        #expect(TextWidth.of(text) == 0)
    }

    @Test("prefix(of:fitting:) never splits a wide character")
    func prefixKeepsWideWhole() {
        let three = TextWidth.prefix(of: "日本語", fitting: 3)
        #expect(three.text == "日")
        #expect(three.width == 2)

        let five = TextWidth.prefix(of: "日本語", fitting: 5)
        #expect(five.text == "日本")
        #expect(five.width == 4)

        let one = TextWidth.prefix(of: "日本語", fitting: 1)
        #expect(one.text == "")
        #expect(one.width == 0)

        let all = TextWidth.prefix(of: "日本語", fitting: 6)
        #expect(all.text == "日本語")
        #expect(all.width == 6)

        let mixed = TextWidth.prefix(of: "ab日c", fitting: 3)
        #expect(mixed.text == "ab")
        #expect(mixed.width == 2)

        let combined = TextWidth.prefix(of: "e\u{301}x", fitting: 1)
        #expect(combined.text == "e\u{301}")
        #expect(combined.width == 1)

        #expect(TextWidth.prefix(of: "abc", fitting: 0).text == "")
        #expect(TextWidth.prefix(of: "abc", fitting: -1).text == "")
    }

    @Test("truncate leaves text that fits alone and ends cut text in … within the columns")
    func truncate() {
        #expect(TextWidth.truncate("Hello", to: 5) == "Hello")
        #expect(TextWidth.truncate("Hello", to: 10) == "Hello")
        #expect(TextWidth.truncate("Hello, world", to: 5) == "Hell…")
        #expect(TextWidth.truncate("日本語テキスト", to: 6) == "日本…")
        #expect(TextWidth.truncate("日本語テキスト", to: 5) == "日本…")
        #expect(TextWidth.truncate("日本語", to: 1) == "…")
        #expect(TextWidth.truncate("abc", to: 0) == "")
        for columns in 1...16 {
            let text = "Auto 日本語 Refresh 😀 on"
            let cut = TextWidth.truncate(text, to: columns)
            #expect(TextWidth.of(cut) <= columns, "\(columns) columns: \(cut)")
            #expect(cut.hasSuffix("…"))
        }
    }

    /// The scalars measured without property look-ups (punctuation, arrows, box drawing,
    /// geometric shapes) are as wide as glibc's wcwidth says in a UTF-8 locale, which is what
    /// the terminal's ncurses counts.
    @Test func fastRangesAgreeWithTheCLibrary() throws {
        #if canImport(Glibc)
            let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
            let previous = uselocale(utf8)
            defer {
                uselocale(previous)
                freelocale(utf8)
            }
            let ranges: [ClosedRange<UInt32>] = [
                0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x25FF,
            ]
            var checked = 0
            for range in ranges {
                for value in range {
                    let scalar = try #require(Unicode.Scalar(value))
                    #expect(
                        TextWidth.of(scalar) == Int(cLibraryWidth(Int32(value))),
                        "U+\(String(value, radix: 16, uppercase: true))")
                    checked += 1
                }
            }
            #expect(checked == 24 + 47 + 112 + 256)
        #endif
    }
}
