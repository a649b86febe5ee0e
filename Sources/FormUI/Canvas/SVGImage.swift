/// A canvas as an SVG picture: a monospace grid in the colors of a theme, a wide character
/// spanning two cells, the cursor as an underline.
///
/// Each row is one `<text>` element whose text is the row as `Canvas.line(_:)` reads it, so the
/// picture can be searched and checked like a transcript.
///
/// ```swift
/// let svg = SVGImage.render(canvas, theme: .standard)
/// ```
package enum SVGImage {
    /// Pixels: a cell is `cellWidth` × `lineHeight`, text `fontSize` high.
    package static let fontSize = 15.0
    package static let cellWidth = 9.0
    package static let lineHeight = 19.0
    static let padding = 10.0

    /// A palette color as `#rrggbb`; the terminal's default text and background as a dark
    /// terminal shows them (see `Theme.canvas` for a theme's own).
    package static func color(_ color: Theme.Color, background: Bool) -> String {
        let canvas = Theme.dark.canvas
        return (color.rgb ?? (background ? canvas.background : canvas.foreground)).description
    }

    package static func render(_ canvas: Canvas, theme: Theme) -> String {
        let width = Double(canvas.size.width) * cellWidth + 2 * padding
        let height = Double(canvas.size.height) * lineHeight + 2 * padding
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" font-family="'DejaVu Sans Mono', Menlo, \
            Consolas, monospace" font-size="\(number(fontSize))" xml:space="preserve">

            """
        svg +=
            "<rect width=\"100%\" height=\"100%\" fill=\"\(theme.canvas.background)\"/>\n"
        for y in 0..<canvas.size.height {
            svg += backgrounds(of: y, in: canvas, theme: theme)
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < canvas.size.width,
            cursor.y < canvas.size.height
        {
            svg +=
                "<rect class=\"cursor\" x=\"\(number(x(cursor.x)))\" y=\"\(number(top(cursor.y) + lineHeight - 3))\" "
            svg +=
                "width=\"\(number(cellWidth))\" height=\"2\" fill=\"\(theme.canvas.foreground)\"/>\n"
        }
        for y in 0..<canvas.size.height {
            svg += text(of: y, in: canvas, theme: theme)
        }
        return svg + "</svg>\n"
    }

    private struct Colors: Equatable {
        var foreground: String
        var background: String?
        var bold: Bool
        var dim: Bool
        var underline: Bool
    }

    private static func colors(of style: Style, theme: Theme) -> Colors {
        let look = theme.look(of: style)
        let drawn = theme.colors(of: look)
        let hasBackground = look.background != .terminalDefault || look.attributes.contains(.reverse)
        return Colors(
            foreground: drawn.foreground.description,
            background: hasBackground ? drawn.background.description : nil,
            bold: look.attributes.contains(.bold), dim: look.attributes.contains(.dim),
            underline: look.attributes.contains(.underline))
    }

    private static func backgrounds(of y: Int, in canvas: Canvas, theme: Theme) -> String {
        var svg = ""
        var x = 0
        while x < canvas.size.width {
            guard let background = colors(of: canvas[x, y].style, theme: theme).background else {
                x += 1
                continue
            }
            var end = x + 1
            while end < canvas.size.width,
                colors(of: canvas[end, y].style, theme: theme).background == background
            {
                end += 1
            }
            svg +=
                "<rect x=\"\(number(self.x(x)))\" y=\"\(number(top(y)))\" width=\"\(number(Double(end - x) * cellWidth))\" "
            svg += "height=\"\(number(lineHeight))\" fill=\"\(background)\"/>\n"
            x = end
        }
        return svg
    }

    /// Runs of one look, each placed at its column; a wide character is a run of its own, fitted
    /// to two cells whatever the font's glyph is.
    private static func text(of y: Int, in canvas: Canvas, theme: Theme) -> String {
        var end = canvas.size.width
        while end > 0, canvas[end - 1, y].asciiValue == 0x20 || canvas[end - 1, y].isContinuation { end -= 1 }
        guard end > 0 else { return "" }
        var svg = "<text y=\"\(number(top(y) + lineHeight * 0.75))\">"
        var x = 0
        while x < end {
            let first = canvas[x, y]
            let look = colors(of: first.style, theme: theme)
            var run = String(first.character)
            var columns = Int(max(1, first.width))
            if first.width < 2 {
                while x + columns < end {
                    let next = canvas[x + columns, y]
                    guard next.width == 1, colors(of: next.style, theme: theme) == look else { break }
                    run.append(next.character)
                    columns += 1
                }
            }
            svg += "<tspan x=\"\(number(self.x(x)))\" textLength=\"\(number(Double(columns) * cellWidth))\" "
            svg += "lengthAdjust=\"spacingAndGlyphs\" fill=\"\(look.foreground)\""
            if look.bold { svg += " font-weight=\"bold\"" }
            if look.dim { svg += " fill-opacity=\"0.6\"" }
            if look.underline { svg += " text-decoration=\"underline\"" }
            svg += ">" + escaped(run) + "</tspan>"
            x += columns
        }
        return svg + "</text>\n"
    }

    private static func x(_ column: Int) -> Double { padding + Double(column) * cellWidth }
    private static func top(_ row: Int) -> Double { padding + Double(row) * lineHeight }

    /// `12.0` as `12`, `9.5` as `9.5`: short and the same on every machine.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
