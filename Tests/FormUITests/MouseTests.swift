import FormCore
import FormTestSupport
import Testing

@testable import FormUI

/// Mouse reports as terminals send them, as key script words, and on the help line.
@Suite struct MouseTests {
    private func keys(_ text: String) -> [Key] { ByteKeyDecoder.decode(Array(text.utf8)) }

    @Test func anSGRReportIsOneMouseKeyCountedFromZero() {
        #expect(keys("\u{1B}[<0;13;6M") == [.mouse(MouseEvent(.press, x: 12, y: 5))])
        #expect(keys("\u{1B}[<0;13;6m") == [.mouse(MouseEvent(.release, x: 12, y: 5))])
        #expect(keys("\u{1B}[<64;1;1M") == [.mouse(MouseEvent(.wheelUp, x: 0, y: 0))])
        #expect(keys("\u{1B}[<65;200;50M") == [.mouse(MouseEvent(.wheelDown, x: 199, y: 49))])
        // Right button, a drag, and Ctrl held.
        #expect(keys("\u{1B}[<2;5;5M") == [.mouse(MouseEvent(.other, x: 4, y: 4))])
        #expect(keys("\u{1B}[<32;5;5M") == [.mouse(MouseEvent(.other, x: 4, y: 4))])
        #expect(keys("\u{1B}[<16;5;5M") == [.mouse(MouseEvent(.press, x: 4, y: 4, modifiers: .control))])
    }

    @Test func aReportSplitAcrossReadsIsStillOneKey() {
        var decoder = ByteKeyDecoder()
        var found: [Key] = []
        for byte in Array("\u{1B}[<0;3;4Mx".utf8) {
            found += decoder.feed(byte)
            if found.isEmpty { #expect(decoder.pending != .none) }
        }
        #expect(found == [.mouse(MouseEvent(.press, x: 2, y: 3)), .character("x")])
    }

    @Test func theOldX10FormIsReadToo() {
        // ESC [ M, then button, column and row each plus 32.
        #expect(keys("\u{1B}[M" + "\u{20}\u{2D}\u{26}") == [.mouse(MouseEvent(.press, x: 12, y: 5))])
        #expect(keys("\u{1B}[M" + "\u{23}\u{2D}\u{26}") == [.mouse(MouseEvent(.release, x: 12, y: 5))])
        #expect(keys("\u{1B}[M" + "\u{61}\u{21}\u{21}") == [.mouse(MouseEvent(.wheelDown, x: 0, y: 0))])
    }

    @Test(arguments: ["\u{1B}[<0;0;5M", "\u{1B}[<0;5M", "\u{1B}[<0;1;1;1M", "\u{1B}[<0;1;1X"])
    func aBrokenReportTypesNothing(_ report: String) {
        #expect(keys(report + "z") == [.character("z")])
    }

    @Test func keyScriptsClickAndTurnTheWheel() throws {
        #expect(
            try KeyScript.parse("click 12,5 release 12,5 wheel-down wheel-up 3,4")
                == [
                    .key(.mouse(MouseEvent(.press, x: 12, y: 5))),
                    .key(.mouse(MouseEvent(.release, x: 12, y: 5))),
                    .key(.mouse(MouseEvent(.wheelDown, x: 0, y: 1))),
                    .key(.mouse(MouseEvent(.wheelUp, x: 3, y: 4))),
                ])
        for event in [
            MouseEvent(.press, x: 1, y: 2), MouseEvent(.wheelDown, x: 7, y: 3),
            MouseEvent(.press, x: 4, y: 5, modifiers: .control), MouseEvent(.other, x: 0, y: 9),
            MouseEvent(.release, x: 2, y: 2, modifiers: [.alt, .shift]),
        ] {
            #expect(try KeyScript.parse(Key.mouse(event).scriptName) == [.key(.mouse(event))])
        }
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("click") }
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("click 3") }
    }

    @Test(arguments: [
        ("^S", Key.control("s")), ("Esc", .escape), ("Enter", .enter), ("Space", .space),
        ("Alt-U", Key.character("u").adding(.alt)), ("y", .character("y")), ("Ins", .insert),
    ])
    func aHelpItemsLabelNamesItsKey(_ label: String, _ key: Key) {
        #expect(App.key(forHelpLabel: label) == key)
    }

    @Test(arguments: ["↑↓", "←→", "Type", "Shift-←→"])
    func aLabelOfSeveralKeysOrNoneNamesNone(_ label: String) {
        #expect(App.key(forHelpLabel: label) == nil)
    }

    struct Settings: Equatable {
        var sounds = false
        var size = "M"
    }

    @Test func aClickOnAHelpItemRunsItsKey() throws {
        let driver = FormDriver(
            Settings(), size: Size(width: 60, height: 10),
            form: Form(title: "Settings") {
                Section {
                    Toggle("Sounds", \.sounds)
                    SegmentedRow("Size", \.size, options: ["S", "M", "L"])
                }
            })
        let sounds = try #require(driver.lines.firstIndex { $0.contains("Sounds") })
        try driver.play("click 3,\(sounds)")
        #expect(driver.screen.draft.value.sounds)
        let size = try #require(driver.lines.firstIndex { $0.contains("Size") })
        let large = try #require(driver.lines[size].lastIndex(of: "L"))
        try driver.play("click \(driver.lines[size][..<large].count),\(size)")
        #expect(driver.screen.draft.value.size == "L")
        let help = driver.helpLine
        let save = try #require(help.range(of: "^S"))
        try driver.play("click \(help[..<save.lowerBound].count),9")
        #expect(driver.store.value == Settings(sounds: true, size: "L"))
    }
}
