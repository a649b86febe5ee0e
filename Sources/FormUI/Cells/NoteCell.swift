/// Draws a one-line note that is not a row: a section's footer, or the message under a row.
///
/// The two kinds differ only in look, so one cell serves both, registered under two
/// identifiers so that each keeps its own pool.
public final class NoteCell: TableCell {
    public enum Kind: Sendable {
        /// A note under a section's rows, often following the state.
        case footer
        /// What validation found wrong with the row above: indented under its title and marked
        /// with `!`, so it reads as about that row without color.
        case message
    }

    public static let footerIdentifier = "footer"
    public static let messageIdentifier = "message"

    public let kind: Kind
    public var text = ""

    public init(_ kind: Kind) { self.kind = kind }

    public func configure(text: String) { self.text = text }
    public func prepareForReuse() { text = "" }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        let (indent, shown, role): (Int, String, Style.Role) =
            switch kind {
            case .footer: (0, text, .footer)
            case .message: (2, "! " + text, .error)
            }
        let x = frame.minX + RowChrome.titleIndent + indent
        canvas.write(
            TextWidth.truncate(shown, to: frame.maxX - x - RowChrome.rightMargin),
            at: Point(x: x, y: frame.minY), style: Style(role), limit: frame.maxX)
    }
}
