/// What a row shows, for its cell to draw: every row kind's `Content` is one.
///
/// A content says what it shows as text (`rowText`): a content without a cell of its own is
/// drawn from that text with the standard row look, so a row kind always has something to draw,
/// and a custom row can use `RowText` itself as its content and write no cell at all. A content
/// with a cell of its own names it in FormUI (`CellContent`), which supplies `rowText` when the
/// content does not.
///
/// ```swift
/// struct VolumeContent: RowContent {
///     var title: String
///     var level: Int
///     var rowText: RowText { RowText(title, value: "\(level) %") }
/// }
/// ```
public protocol RowContent: Hashable {
    /// The row as a title and a value, drawn with the standard row look by the renderer when
    /// the content has no cell of its own.
    var rowText: RowText { get }
}

/// A row's title and its value, in parts that each have a look: the content of a custom row
/// that needs no cell. The renderer draws it like the built-in rows: the title on the left, the
/// value in the value column.
///
/// ```swift
/// func content(in state: State) -> RowText {
///     let stars = state[keyPath: stars]
///     return RowText(title, [.on(String(repeating: "★", count: stars)), .off(String(repeating: "☆", count: 5 - stars))])
/// }
/// ```
public struct RowText: RowContent, Sendable {
    public var title: String
    /// The value, left to right, from the value column.
    public var parts: [Part]

    /// A title and a value in one look (`.value`).
    ///
    /// ```swift
    /// RowText("Battery", value: "82 %")
    /// ```
    public init(_ title: String, value: String) {
        self.init(title, value.isEmpty ? [] : [.value(value)])
    }

    /// A title and a value in parts.
    ///
    /// ```swift
    /// RowText("Wi-Fi", [.on("●"), .value(" Connected")])
    /// ```
    public init(_ title: String, _ parts: [Part]) {
        self.title = title
        self.parts = parts
    }

    /// The value's text, its parts joined.
    public var value: String { parts.map(\.text).joined() }

    public var rowText: RowText { self }

    /// A piece of the value with its look.
    public struct Part: Hashable, Sendable {
        public var text: String
        public var role: Role
        /// A color of its own, an entry of the xterm 256-color palette (a swatch, a status
        /// dot); where colors are off (`NO_COLOR`, a plain terminal) the part is drawn in `role`.
        public var color: UInt8?

        /// ```swift
        /// RowText.Part("r", role: .value, color: 203)
        /// ```
        public init(_ text: String, role: Role = .value, color: UInt8? = nil) {
            self.text = text
            self.role = role
            self.color = color
        }

        /// Text in the look of a value.
        public static func value(_ text: String) -> Part { Part(text, role: .value) }
        /// Text in the look of a switch that is on (a filled star, a bar's filled part).
        public static func on(_ text: String) -> Part { Part(text, role: .on) }
        /// Text in the look of a switch that is off (an empty star, a track).
        public static func off(_ text: String) -> Part { Part(text, role: .off) }
        /// Text in the look of a chosen item (a segment, a picker's component).
        public static func accent(_ text: String) -> Part { Part(text, role: .accent) }
        /// Text in a literal color (an xterm 256-color palette entry), `role` where colors are off.
        public static func colored(_ text: String, _ color: UInt8, fallback role: Role = .value) -> Part {
            Part(text, role: role, color: color)
        }
    }

    /// The looks a part of a value takes, as the theme paints them (in FormUI, `Style.Role`).
    public enum Role: Hashable, Sendable {
        case value
        case on
        case off
        case accent
        /// The unfilled part of a bar.
        case track
        /// Dim text: a placeholder, a unit.
        case placeholder
        /// The `›` of a row that opens a screen.
        case disclosure
    }
}
