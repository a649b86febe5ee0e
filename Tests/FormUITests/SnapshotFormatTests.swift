import FormTestSupport
import FormUI
import Foundation
import Testing

/// A canvas with a title bar, a focused row, a dim footer, a wide character and XML's specials.
private func sampleCanvas() -> Canvas {
    var canvas = Canvas(size: Size(width: 24, height: 5))
    canvas.fill(row: 0, style: Style(.titleBar))
    canvas.write(" Sign Up", at: Point(x: 0, y: 0), style: Style(.titleBar))
    canvas.fill(row: 1, style: Style(.plain, highlighted: true))
    canvas.write("> Name <&\"'>", at: Point(x: 0, y: 1), style: Style(.plain, highlighted: true))
    canvas.write("日本語 ok", at: Point(x: 2, y: 2), style: Style(.value))
    canvas.write("footer", at: Point(x: 2, y: 3), style: Style(.footer))
    canvas.cursor = Point(x: 3, y: 1)
    return canvas
}

@Suite("Snapshots as ANSI text, SVG pictures and asciicast recordings")
struct SnapshotFormatTests {
    @Test("ANSI lines read as the canvas once their escapes are taken out")
    func ansiLines() {
        let canvas = sampleCanvas()
        let lines = ANSIText.lines(of: canvas, theme: .standard)
        let stripped = lines.map {
            $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        #expect(
            stripped.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
                == canvas.lines)
        #expect(lines[0].hasPrefix("\u{1B}[0;1;38;5;255;48;5;236m"), "title bar: bold white on dark gray")
        #expect(lines[1].contains("\u{1B}[0;1;48;5;237m"), "focus: bold on a lighter gray")
        #expect(lines[3].contains("\u{1B}[0;38;5;247m"), "the footer is gray")
        let classic = ANSIText.lines(of: canvas, theme: .classic)
        #expect(classic[0].hasPrefix("\u{1B}[0;1;37;44m"), "classic: bold white on blue")
        #expect(classic[1].contains("\u{1B}[0;7m"), "classic: focus in reverse video")
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        #expect(TextWidth.of(stripped[0]) == 24, "the title bar's background runs to the edge")
    }

    @Test("A frame repaints every row and puts the cursor back")
    func ansiFrame() {
        let frame = ANSIText.frame(of: sampleCanvas(), theme: .monochrome)
        for row in 1...5 { #expect(frame.contains("\u{1B}[\(row);1H")) }
        #expect(frame.hasSuffix("\u{1B}[2;4H\u{1B}[?25h"))
        var noCursor = sampleCanvas()
        noCursor.cursor = nil
        #expect(!ANSIText.frame(of: noCursor, theme: .monochrome).contains("?25h"))
    }

    @Test("The SVG is XML whose text elements hold every line; wide characters take two cells")
    func svg() throws {
        let canvas = sampleCanvas()
        let svg = SVGImage.render(canvas, theme: .standard)
        let lines = canvas.lines.filter { !$0.isEmpty }
        #expect(SVGText.lines(of: svg) == lines)
        // 日 at column 2, 本 at column 4: x = padding + column * cell width.
        #expect(svg.contains("<tspan x=\"28\" textLength=\"18\""))
        #expect(svg.contains("<tspan x=\"46\" textLength=\"18\""))
        #expect(svg.contains("fill=\"#303030\""), "the title bar's gray")
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#1e1f22\"/>"), "the dark canvas")
        #expect(SVGImage.render(canvas, theme: .light).contains("fill=\"#ffffff\"/>"), "the light canvas")
        #expect(svg.contains("class=\"cursor\""))
    }

    @Test("Canvases too small to draw in still make valid SVG", arguments: [(0, 0), (1, 1), (2, 1), (12, 1)])
    func tinySVG(width: Int, height: Int) {
        var canvas = Canvas(size: Size(width: width, height: height))
        canvas.write("日本", at: Point(x: 0, y: 0))
        #expect(SVGText.lines(of: SVGImage.render(canvas, theme: .standard)) != nil)
    }

    @Test("An asciicast has a JSON header, then timed events with escapes spelled out")
    func asciicast() throws {
        var lines: [String] = []
        let cast = Asciicast(size: Size(width: 80, height: 24), timestamp: 1_795_435_200) { lines.append($0) }
        cast.output("\u{1B}[1;1Hé\"\\\n", at: .milliseconds(1500))
        cast.resize(to: Size(width: 40, height: 12), at: .milliseconds(1000))
        #expect(lines.count == 3)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect(header["timestamp"] as? Int == 1_795_435_200)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [Any])
        #expect(event[0] as? Double == 1.5)
        #expect(event[1] as? String == "o")
        #expect(event[2] as? String == "\u{1B}[1;1Hé\"\\\n")
        #expect(lines[2] == "[1.500000, \"r\", \"40x12\"]\n", "time never goes back")
    }
}
