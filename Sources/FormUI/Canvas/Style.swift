import Synchronization

/// What a cell's text is, for the backend to choose colors and attributes.
///
/// Roles are semantic so that a theme (or `NO_COLOR`) decides the look; `highlighted` marks the
/// focused row, which the theme paints across the row (see `Theme.focusBackground`). A custom
/// cell may also give a literal color, with the role that stands in for it where colors are off.
///
/// ```swift
/// canvas.write("Saved", at: Point(x: 0, y: 0), style: Style(.status))
/// canvas.write("●", at: point, style: Style(color: .rgb(0xFF, 0x87, 0x00), fallback: .value))
/// ```
///
/// A style is two bytes, as a canvas keeps one per cell: the role, and a byte that holds the
/// highlight and the number of a literal color (`InkTable`, process-wide).
public struct Style: Hashable, Sendable {
    public enum Role: UInt8, Hashable, Sendable, CaseIterable {
        case plain
        case titleBar
        case status
        case header
        case footer
        case value
        case on
        case off
        case disclosure
        case help
        case helpKey
        case dialog
        case error
        /// A row that cannot be used now.
        case disabled
        /// The chosen part of a row: the current component of an open picker, a chosen segment.
        case accent
        /// The box of a text field, which shows that the row takes typing.
        case field
        /// A text field's placeholder, in its box.
        case placeholder
        /// The mark after the title of a row that must be filled in.
        case required
        /// The focused row's marker.
        case marker
        /// The screens above the current one in the title bar, and their separators.
        case titlePath
        /// The unfilled part of a slider or a switch.
        case track
    }

    public var role: Role
    /// Bit 0: highlighted; bits 1...7: the number of a literal color, 0 for none.
    @usableFromInline var bits: UInt8

    public init(_ role: Role = .plain, highlighted: Bool = false) {
        self.role = role
        self.bits = highlighted ? 1 : 0
    }

    /// Text in `color` where the theme shows colors, and as `fallback` where it does not
    /// (`NO_COLOR`). A program has room for 127 distinct literal colors; past them, text shows
    /// as its fallback.
    public init(color: Theme.Color, fallback: Role = .value, highlighted: Bool = false) {
        self.role = fallback
        self.bits = (highlighted ? 1 : 0) | (InkTable.shared.number(of: color) << 1)
    }

    public var highlighted: Bool {
        get { bits & 1 != 0 }
        set { bits = newValue ? bits | 1 : bits & ~1 }
    }

    /// The literal color the text is drawn in, where colors show.
    public var literalColor: Theme.Color? {
        bits >> 1 == 0 ? nil : InkTable.shared.color(numbered: bits >> 1)
    }

    /// The style as one number, its role and its bits: equal styles, equal numbers. What a
    /// backend that looks every cell's style up knows it by, in two instructions.
    @inlinable package var number: UInt16 { UInt16(role.rawValue) | UInt16(bits) << 8 }

    public static let plain = Style()
}

/// The literal colors of cells, each kept once under a number (1...127) for the life of the
/// process, so that a `Style` stays two bytes of plain data.
final class InkTable: Sendable {
    static let shared = InkTable()
    private let colors = Mutex([Theme.Color]())

    /// The number of `color` (1...127), or 0 when the table is full.
    func number(of color: Theme.Color) -> UInt8 {
        colors.withLock { colors in
            if let index = colors.firstIndex(of: color) { return UInt8(index + 1) }
            guard colors.count < 127 else { return 0 }
            colors.append(color)
            return UInt8(colors.count)
        }
    }

    func color(numbered number: UInt8) -> Theme.Color? {
        colors.withLock { colors in
            let index = Int(number) - 1
            return colors.indices.contains(index) ? colors[index] : nil
        }
    }
}
