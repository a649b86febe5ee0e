import FormCore

@testable import FormUI

/// A drawing into a frame of `size` inside a border of `#`, to check that a cell stays in its frame.
struct FramedDrawing {
    /// Cells outside the frame that the drawing changed.
    var strayCells: [Point] = []
    /// The frame's first line with the border on either side.
    var line: String

    init(_ size: Size, draw: (inout Canvas, Rect) -> Void) {
        let frame = Rect(x: 2, y: 1, width: size.width, height: size.height)
        var canvas = Canvas(size: Size(width: size.width + 4, height: size.height + 2))
        for y in 0..<canvas.size.height {
            canvas.write(String(repeating: "#", count: canvas.size.width), at: Point(x: 0, y: y))
        }
        for y in frame.minY..<frame.maxY {
            canvas.fill(row: y, from: frame.minX, width: frame.width, style: .plain)
        }
        let before = canvas
        draw(&canvas, frame)
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where canvas[x, y] != before[x, y] {
                let inside = (frame.minX..<frame.maxX).contains(x) && (frame.minY..<frame.maxY).contains(y)
                if !inside { strayCells.append(Point(x: x, y: y)) }
            }
        }
        line = canvas.line(1)
    }
}
