import FormCore
import FormUI
import Testing

/// A display that shows only ASCII, as a terminal whose locale is not UTF-8.
private final class ASCIIDisplay: TerminalDisplay {
    var size = Size(width: 60, height: 8)
    var last: Canvas?
    var showsASCIIOnly: Bool { true }
    func present(_ canvas: Canvas) { last = canvas }
    func resize(to size: Size) { self.size = size }
    func snapshot(_ canvas: Canvas) {}
}

@Suite("Themes, colors on terminals of 8 and 16 colors, and keys named in ASCII")
struct ThemeTests {
    private struct Flags: Equatable {
        var on = true
        var also = false
    }

    @Test("The four themes are found by name, in any case; the default is dark")
    func names() throws {
        #expect(Theme.all.map(\.name) == ["dark", "light", "high-contrast", "classic"])
        #expect(Theme.named("High-Contrast")?.name == "high-contrast")
        #expect(Theme.named("monochrome")?.showsLiteralColors == false)
        #expect(Theme.named("neon") == nil)
        #expect(Theme.standard.name == "dark")
    }

    @Test("Palette colors are xterm's; on 8 or 16 colors each stands in by its hue and lightness")
    func lowColors() {
        #expect(Theme.Color.palette(208).rgb == Theme.RGB(0xFF, 0x87, 0x00))
        #expect(Theme.Color.palette(244).rgb == Theme.RGB(0x80, 0x80, 0x80))
        // The dark theme's soft green and blue stay green and blue-ish, not white.
        #expect(Theme.Color.palette(114).nearest(among: 16) == Theme.Color(index: 10))
        #expect(Theme.Color.palette(114).nearest(among: 8) == .green)
        #expect(Theme.Color.palette(110).nearest(among: 8) == .cyan, "light blue on eight colors")
        #expect(Theme.Color.palette(25).nearest(among: 16) == .blue)
        #expect(Theme.Color.palette(236).nearest(among: 16) == .black)
        #expect(Theme.Color.palette(231).nearest(among: 16) == Theme.Color(index: 15))
        #expect(Theme.Color.red.nearest(among: 8) == .red, "the first colors are themselves")
    }

    @Test("Arrow keys are named in words where the terminal shows only ASCII")
    func asciiKeys() throws {
        #expect(App.inWords(HelpItem("↑↓", "Move")).key == "Up/Dn")
        #expect(App.inWords(HelpItem("↑↓←→", "Move")).key == "Arrows")
        #expect(App.inWords(HelpItem("Alt-↑↓", "Move")).key == "Alt-Up/Dn")
        #expect(App.inWords(HelpItem("^S", "Save")).key == "^S")
        let form = Form<Flags>(title: "Flags") {
            Section {
                Toggle("On", \.on)
                Toggle("Also", \.also)
            }
        }
        let app = App(root: FormScreen(form: form, store: StateStore(Flags()), mode: .edit))
        let display = ASCIIDisplay()
        _ = app.run(display: display, input: ScriptInput(steps: try KeyScript.parse("down")))
        let help = try #require(display.last?.line(7))
        #expect(help.contains("Up/Dn Move"), "\(help)")
        #expect(!help.contains("↑"), "\(help)")
    }

    @Test("A pushed screen's title shows its parents quieter than itself")
    func titlePath() {
        let form = Form<Flags>(title: "Settings") { Section { Toggle("On", \.on) } }
        let app = App(root: FormScreen(form: form, store: StateStore(Flags()), mode: .edit))
        app.push(PushedScreen(title: "Network"))
        let canvas = app.render(size: Size(width: 40, height: 6))
        #expect(canvas.line(0).hasPrefix(" Settings › Network"))
        #expect(canvas[1, 0].style == Style(.titlePath))
        #expect(canvas[12, 0].style == Style(.titleBar))
    }
}

private final class PushedScreen: Screen {
    let title: String
    init(title: String) { self.title = title }
    func helpItems(isRoot: Bool) -> [HelpItem] { [] }
    func render(into canvas: inout Canvas, area: Rect) {}
    func handle(_ key: Key, navigator: Navigator) {}
}
