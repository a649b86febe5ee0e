import FormCore
import FormDemos
import FormUI
import Foundation
import Testing

/// Every text of every demo's walkthrough, drawn as an SVG picture in every theme, against the
/// background it is drawn on: WCAG AA, 4.5:1 for text, 3:1 for secondary text (footers, help,
/// placeholders, what is off or disabled, a slider's empty track), 7:1 for everything in the
/// high-contrast theme. The pictures carry the colors a terminal shows, so this reads them, not
/// the themes' tables.
@Suite("Contrast of every theme over the SVG screens of every demo", .serialized)
struct ContrastTests {
    static let demos = ["preferences", "hotspot", "registration", "showcase"]

    /// The roles whose text may be 3:1 (outside the high-contrast theme).
    static let secondaryRoles: [Style.Role] = [
        .footer, .off, .disclosure, .disabled, .help, .track, .placeholder, .titlePath,
    ]

    @Test("Every text of every demo meets its contrast in every theme", arguments: Theme.all.map(\.name))
    func contrast(themeName: String) throws {
        let theme = try #require(Theme.named(themeName))
        var lowest: [String: (ratio: Double, what: String)] = [:]
        var failures: [String] = []
        for demo in Self.demos {
            for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
                for (number, canvas) in try Self.screens(of: demo, size: size).enumerated() {
                    let svg = SVGImage.render(canvas, theme: theme)
                    for run in Self.runs(in: svg) {
                        let secondary = run.dim || Self.secondaryColors(of: theme).contains(run.foreground)
                        let needed = theme.name == "high-contrast" ? 7 : secondary ? 3 : 4.5
                        let kind = needed == 4.5 ? "text" : needed == 3 ? "secondary" : "all"
                        let ratio = run.contrast
                        if ratio < (lowest[kind]?.ratio ?? .infinity) {
                            lowest[kind] = (ratio, "\"\(run.text)\" \(run.foreground) on \(run.background)")
                        }
                        if ratio < needed {
                            failures.append(
                                "\(demo) \(size.width)x\(size.height) #\(number + 1): \"\(run.text)\" "
                                    + "\(run.foreground) on \(run.background) is \(Self.rounded(ratio)):1, needs \(needed)"
                            )
                        }
                    }
                }
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) runs too faint:\n\(failures.prefix(20).joined(separator: "\n"))")
        #expect(!lowest.isEmpty, "no text found in the pictures")
        for (kind, found) in lowest.sorted(by: { $0.key < $1.key }) {
            print("contrast \(theme.name) \(kind): lowest \(Self.rounded(found.ratio)):1, \(found.what)")
        }
    }

    @Test("The ratio is WCAG's: black on white is 21:1, and a color on itself 1:1")
    func ratio() throws {
        let white = try #require(Theme.RGB(hex: "#ffffff"))
        let black = try #require(Theme.RGB(hex: "#000000"))
        #expect(Self.rounded(white.contrast(with: black)) == 21)
        #expect(white.contrast(with: white) == 1)
        // #767676 on white is the well-known 4.54:1.
        #expect(Self.rounded(try #require(Theme.RGB(hex: "#767676")).contrast(with: white)) == 4.54)
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// The text colors of the secondary roles, focused or not.
    static func secondaryColors(of theme: Theme) -> Set<Theme.RGB> {
        var colors = Set<Theme.RGB>()
        for role in secondaryRoles {
            for highlighted in [false, true] {
                colors.insert(
                    theme.colors(of: theme.look(of: Style(role, highlighted: highlighted))).foreground)
            }
        }
        return colors
    }

    /// The canvases of a demo's walkthrough (`demos/NAME.keys`) at `size`.
    static func screens(of demo: String, size: Size) throws -> [Canvas] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../demos/\(demo).keys")
        let script = try KeyScript.read(String(contentsOf: url, encoding: .utf8))
        let now = Date(timeIntervalSince1970: TimeInterval(script.now ?? 1_764_000_000))
        let root: Screen =
            switch demo {
            case "preferences": PreferencesDemo.summaryScreen(store: StateStore(Preferences()))
            case "hotspot": HotspotDemo.screen(store: StateStore(Hotspot()))
            case "registration": RegistrationDemo.screen(store: StateStore(Registration())) { now }
            default: ShowcaseDemo.screen(store: StateStore(Showcase())) { now }
            }
        final class Kept { var canvases: [Canvas] = [] }
        let kept = Kept()
        let display = HeadlessDisplay(size: size, snapshot: { canvas, _ in kept.canvases.append(canvas) })
        _ = App(root: root).run(display: display, input: ScriptInput(steps: script.steps))
        return kept.canvases
    }

    /// A run of text of one look in an SVG picture, with the background under it.
    struct Run {
        var text: String
        var foreground: Theme.RGB
        var background: Theme.RGB
        var dim: Bool

        /// Dim text is drawn at 60 % opacity: blended with its background.
        var contrast: Double {
            guard dim else { return foreground.contrast(with: background) }
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((0.6 * Double(a) + 0.4 * Double(b)).rounded()) }
            let shown = Theme.RGB(
                mix(foreground.red, background.red), mix(foreground.green, background.green),
                mix(foreground.blue, background.blue))
            return shown.contrast(with: background)
        }
    }

    /// Every run of visible text in `svg`, read from its `<rect>` and `<tspan>` elements.
    static func runs(in svg: String) -> [Run] {
        struct Box {
            var x: Double, y: Double, width: Double, height: Double
            var fill: Theme.RGB
        }
        func attribute(_ name: String, in line: Substring) -> String? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        var canvas = Theme.RGB(0, 0, 0)
        var boxes: [Box] = []
        var runs: [Run] = []
        for line in svg.split(separator: "\n") {
            if line.hasPrefix("<rect width=\"100%\""), let fill = attribute("fill", in: line) {
                canvas = Theme.RGB(hex: fill) ?? canvas
            } else if line.hasPrefix("<rect x="),
                let fill = attribute("fill", in: line).flatMap(Theme.RGB.init(hex:)),
                let x = attribute("x", in: line).flatMap(Double.init),
                let y = attribute("y", in: line).flatMap(Double.init),
                let width = attribute("width", in: line).flatMap(Double.init),
                let height = attribute("height", in: line).flatMap(Double.init)
            {
                boxes.append(Box(x: x, y: y, width: width, height: height, fill: fill))
            } else if line.hasPrefix("<text y="), let baseline = attribute("y", in: line).flatMap(Double.init)
            {
                let top = baseline - SVGImage.lineHeight * 0.75
                for piece in line.components(separatedBy: "<tspan").dropFirst() {
                    let tag = Substring(piece)
                    guard let x = attribute("x", in: tag).flatMap(Double.init),
                        let fill = attribute("fill", in: tag).flatMap(Theme.RGB.init(hex:)),
                        let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</tspan>")
                    else { continue }
                    let text = String(piece[piece.index(after: open)..<close.lowerBound])
                    guard text.contains(where: { !$0.isWhitespace }) else { continue }
                    let under = boxes.last {
                        $0.x <= x + 1 && x + 1 < $0.x + $0.width && $0.y <= top + 1
                            && top + 1 < $0.y + $0.height
                    }
                    runs.append(
                        Run(
                            text: text, foreground: fill, background: under?.fill ?? canvas,
                            dim: tag.contains("fill-opacity=")))
                }
            }
        }
        return runs
    }
}
