import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormDemos

/// The showcase driven by key scripts of clicks and wheel turns reaches the state its keys reach.
/// Each click is placed by what the screen shows at that moment (a row's title, a segment, a
/// sign), as a person aims, and the wheel brings rows into view.
@Suite("Showcase: the mouse drives it as the keys do")
struct ShowcaseMouseTests {
    typealias Session = FormDriver<Showcase>

    /// Where `text` is drawn on the line of the row titled `title` (or anywhere with nil), the
    /// wheel turned down until it shows; nil when it never does.
    static func place(of text: String, row title: String?, in session: Session) throws -> (x: Int, y: Int)? {
        for _ in 0..<30 {
            let lines = session.lines
            for (y, line) in lines.enumerated() where y > 0 && y < lines.count - 1 {
                if let title, !line.dropFirst(2).hasPrefix(title) { continue }
                let searched = title.map { String(line.dropFirst(2 + $0.count)) } ?? line
                guard let found = searched.range(of: text) else { continue }
                let prefix = line.count - searched.count
                let x =
                    TextWidth.of(String(line.prefix(prefix)))
                    + TextWidth.of(String(searched[..<found.lowerBound]))
                return (x, y)
            }
            try session.play("wheel-down")
        }
        return nil
    }

    /// Clicks `text` in the row titled `title` (its title when `text` is nil).
    static func click(_ text: String? = nil, row title: String?, in session: Session) throws {
        let spot = try #require(
            try place(of: text ?? title ?? "", row: text == nil ? nil : title, in: session))
        try session.play("click \(spot.x),\(spot.y)")
    }

    /// Clicks the help line's item that says `action` (`Save`, `Keep`).
    static func clickHelp(_ action: String, in session: Session) throws {
        let line = session.helpLine
        let found = try #require(line.range(of: " " + action), "no \(action) in \(line)")
        // The item's key, just before its word.
        let x = TextWidth.of(String(line[..<found.lowerBound])) - 1
        try session.play("click \(x),\(session.lines.count - 1)")
    }

    @Test("clicks and the wheel give the state that keys give")
    func clicksGiveTheStateKeysGive() throws {
        let keys = Session(size: Size(width: 80, height: 24))
        try keys.play(
            """
            space
            ctrl-g "Guests" enter right right
            ctrl-g "Volume" enter right
            ctrl-g "Theme" enter left
            ctrl-g "Language" enter enter "fre" enter
            ctrl-g "Toppings" enter enter "oli" space ctrl-s
            ctrl-g "Offline" enter space
            ctrl-s ctrl-s
            """)
        let byKeys = keys.store.value
        #expect(byKeys != Showcase())

        let mouse = Session(size: Size(width: 80, height: 24))
        try Self.click(row: "Notifications", in: mouse)
        try Self.click("+", row: "Guests", in: mouse)
        try Self.click("+", row: "Guests", in: mouse)
        // Right of the knob: a step up.
        try Self.click("─", row: "Volume", in: mouse)
        try Self.click("Dark", row: "Theme", in: mouse)
        try Self.click(row: "Language", in: mouse)
        #expect(mouse.titleBar.contains("Language"))
        try Self.click(row: "French", in: mouse)
        try Self.click(row: "Toppings", in: mouse)
        try Self.click(row: "Olives", in: mouse)
        try Self.clickHelp("Keep", in: mouse)
        try Self.click(row: "Offline", in: mouse)
        try Self.clickHelp("Save", in: mouse)
        #expect(mouse.titleBar.contains("Review"), "\(mouse.titleBar)")
        try Self.clickHelp("Save", in: mouse)
        #expect(mouse.store.value == byKeys)
        #expect(mouse.store.value.language == "French" && mouse.store.value.toppings == ["Cheese", "Olives"])
    }

    @Test("a click on an open picker's wheel steps it as ↑↓ do")
    func clicksOnAPicker() throws {
        let keys = Session(size: Size(width: 80, height: 24))
        try keys.play(#"ctrl-g "Meeting" enter enter right down left left up"#)
        let mouse = Session(size: Size(width: 80, height: 24))
        try Self.click(row: "Meeting", in: mouse)
        // The month after (the line below the values), then the day before (the line above).
        let lines = mouse.lines
        let values = try #require(lines.firstIndex { $0.contains("‹23›") })
        let december = try #require(lines[values + 1].range(of: "Dec"))
        try mouse.play("click \(lines[values + 1][..<december.lowerBound].count),\(values + 1)")
        let day = try #require(mouse.lines[values - 1].range(of: "22"))
        try mouse.play("click \(mouse.lines[values - 1][..<day.lowerBound].count),\(values - 1)")
        #expect(mouse.screen.draft.value.meeting == keys.screen.draft.value.meeting)
        #expect(mouse.screen.draft.value.meeting != Showcase().meeting)
        #expect(mouse.lines.contains { $0.contains("‹22›") && $0.contains("Dec") }, "\(mouse.text)")
    }

    @Test("the wheel scrolls the list and keeps focus on screen")
    func theWheelKeepsFocusInView() throws {
        let session = Session(size: Size(width: 40, height: 12))
        let before = try #require(session.focusedLine)
        try session.play("wheel-down")
        // Scrolled: the first row went off the top, and focus came along to a row in view.
        #expect(!session.lines.contains(before))
        let focused = try #require(session.focusedLine)
        #expect(session.lines.contains(focused))
        let offset = session.screen.tableView.scrollOffset
        #expect(offset == 3)
        // Back up: the list scrolls again, focus stays on its row while that row is in view.
        try session.play("wheel-up")
        #expect(session.screen.tableView.scrollOffset == 0)
        #expect(session.focusedLine == focused)
        // Many turns stop at the end, with focus in view.
        try session.play(String(repeating: "wheel-down ", count: 100))
        #expect(session.lines.contains(try #require(session.focusedLine)))
    }

    @Test("a click on a header, a footer or a disabled row changes nothing")
    func clicksOnWhatTakesNoFocus() throws {
        let session = Session(size: Size(width: 80, height: 24))
        let before = session.focusedLine
        try session.play("click 5,1 click 5,3")  // the SWITCH header, the footer under the switch
        #expect(session.focusedLine == before && session.store.value == Showcase())
        try Self.click(row: "Sync Every (min)", in: session)
        #expect(session.focusedLine?.contains("Sync Every") == false)
    }

    @Test("a release, and a click outside the list, do nothing")
    func releasesDoNothing() throws {
        let session = Session(size: Size(width: 80, height: 24))
        try session.play("release 5,2 click 5,0")
        #expect(session.screen.draft.value == Showcase())
    }
}
