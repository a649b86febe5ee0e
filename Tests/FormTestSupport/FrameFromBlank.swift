import FormUI

extension App {
    /// Draws the next frame, then the same frame again from blank (`retainsFrames` off, which
    /// forgets what every line showed): a frame drawn from what a key changed must be the one
    /// drawn from nothing, byte for byte. `between` runs after the first drawing, before the
    /// second, to read counters of the first alone.
    ///
    /// ```swift
    /// app.handle(.space)
    /// let drawn = app.renderWithFrameFromBlank(size: size)
    /// #expect(drawn.frame == drawn.fromBlank, "\(drawn.frame.text)\n-- from blank --\n\(drawn.fromBlank.text)")
    /// ```
    package func renderWithFrameFromBlank(size: Size, between: () -> Void = {}) -> (
        frame: Canvas, fromBlank: Canvas
    ) {
        let frame = render(size: size)
        between()
        retainsFrames = false
        defer { retainsFrames = true }
        return (frame, render(size: size))
    }
}

extension Canvas {
    /// How a test says two frames differ: both, one above the other.
    package func shown(against fromBlank: Canvas, note: String) -> String {
        "\(note):\n\(text)\n-- from blank --\n\(fromBlank.text)"
    }
}
