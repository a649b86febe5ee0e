import FormCore

/// Draws one line of a note that is not a row: a section's footer, or the message under a row.
/// A note too long for the screen's width takes more lines (`wrapping(width:)`), one cell each.
///
/// The two kinds differ only in look, so one cell serves both, registered under two
/// identifiers so that each keeps its own pool.
public final class NoteCell: TableCell {
    public enum Kind: Sendable {
        /// A note under a section's rows, often following the state.
        case footer
        /// What validation found wrong with the row above: indented under its title and marked
        /// with `!` on its first line, so it reads as about that row without color.
        case message
    }

    public static let footerIdentifier = "footer"
    public static let messageIdentifier = "message"
    /// What starts a message's first line; its other lines are indented as far.
    static let messageMark = "! "
    static let messageIndent = 2

    public let kind: Kind
    public var text = ""
    /// Which line of its note this is (from 0): only a message's first carries the mark.
    public var line = 0

    public init(_ kind: Kind) { self.kind = kind }

    public func configure(text: String, line: Int = 0) {
        self.text = text
        self.line = line
    }

    public func prepareForReuse() {
        text = ""
        line = 0
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        let (indent, shown, role): (Int, String, Style.Role) =
            switch kind {
            case .footer: (0, text, .footer)
            case .message:
                (
                    Self.messageIndent, (line == 0 ? Self.messageMark : "  ") + text, .error
                )
            }
        let x = frame.minX + RowChrome.titleIndent + indent
        canvas.write(
            TextWidth.truncate(shown, to: frame.maxX - x - RowChrome.rightMargin),
            at: Point(x: x, y: frame.minY), style: Style(role), limit: frame.maxX)
    }

    /// The columns a note's text has on a line `width` columns wide.
    static func textWidth(of kind: Kind, in width: Int) -> Int {
        let used = RowChrome.titleIndent + RowChrome.rightMargin
        return switch kind {
        case .footer: width - used
        case .message: width - used - messageIndent - TextWidth.of(messageMark)
        }
    }

    /// How a list `width` columns wide breaks its notes into lines (see `NoteWrapping`). A note
    /// that fits is taken as it is without measuring it (a text is never wider than its UTF-8
    /// bytes), and others are remembered: a layout is made on every change.
    package static func wrapping(width: Int) -> NoteWrapping {
        let footers = WrappedNotes(columns: max(1, textWidth(of: .footer, in: width)))
        let messages = WrappedNotes(columns: max(1, textWidth(of: .message, in: width)))
        return NoteWrapping(footer: footers.lines, message: messages.lines)
    }
}

/// Notes wrapped to one width, remembered by their text.
private final class WrappedNotes {
    let columns: Int
    private var known: [String: [String]] = [:]

    init(columns: Int) { self.columns = columns }

    func lines(of text: String) -> [String] {
        // By bytes: walking characters makes a string of each. A line break is a control below
        // 0x20 or U+0085 (led by 0xC2; U+2028 by 0xE2): a text that merely shares a lead byte
        // takes the remembered path.
        if text.utf8.count <= columns, !text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }) {
            return [text]
        }
        if let lines = known[text] { return lines }
        // A note that follows the state may take many texts: keep the last few hundred.
        if known.count >= 256 { known.removeAll(keepingCapacity: true) }
        let lines = TextWidth.wrap(text, to: columns)
        known[text] = lines
        return lines
    }
}
