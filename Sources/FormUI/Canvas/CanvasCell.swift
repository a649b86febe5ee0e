/// One cell of a `Canvas`: a grapheme cluster, its style, and how many columns it takes.
///
/// A wide character occupies its own cell (width 2) and the cell to its right, which is kept as a
/// continuation (width 0) so that the grid stays aligned by columns.
///
/// A cell is plain data, eight bytes with no padding: a cluster of up to four UTF-8 bytes (ASCII,
/// CJK, most emoji, a letter with one accent) is held inline, a longer one (a flag, a ZWJ
/// sequence) as its number in a process-wide table (`ClusterTable`). Copying a canvas or a row is
/// then a memory copy and comparing rows one `memcmp`, where a `Character` per cell cost value
/// witnesses, reference counting and a walk of every cell when a canvas was freed, on every key.
///
/// Cells compare by the UTF-8 bytes of their cluster, which are what the terminal is sent: "é" as
/// one scalar and as "e" plus a combining accent are different cells, though equal `Character`s.
///
/// ```swift
/// let cell = CanvasCell("日", width: 2, style: Style(.header))
/// cell.character  // "日"
/// ```
public struct CanvasCell: Hashable, Sendable {
    /// The cluster's UTF-8 bytes, the first in the low byte, zeros after them; or, when
    /// `length` is `interned`, the cluster's number in `ClusterTable`.
    @usableFromInline var payload: UInt32
    public var width: UInt8
    public var style: Style
    /// How many of `payload`'s bytes are the cluster (1...4), or `interned`.
    @usableFromInline var length: UInt8

    private static let interned: UInt8 = 0xFF
    private static let inlineCapacity = MemoryLayout<UInt32>.size

    public init(_ character: Character = " ", width: UInt8 = 1, style: Style = .plain) {
        self.width = width
        self.style = style
        // Not `asciiValue`, which reads "\r\n" as "\n". `withUTF8` over a copy: a short string
        // is copied to the stack, and iterating `Character.utf8` took twice as long.
        var text = String(character)
        let (payload, length) = text.withUTF8 { utf8 -> (UInt32, UInt8) in
            guard utf8.count <= Self.inlineCapacity else {
                return (ClusterTable.shared.number(of: character, utf8: Array(utf8)), Self.interned)
            }
            var packed: UInt32 = 0
            for index in 0..<utf8.count { packed |= UInt32(utf8[index]) << (8 * index) }
            return (packed, UInt8(utf8.count))
        }
        self.payload = payload
        self.length = length
    }

    /// A cell showing one ASCII byte (0...127), without building a `Character`.
    init(ascii byte: UInt8, width: UInt8 = 1, style: Style = .plain) {
        payload = UInt32(byte & 0x7F)
        self.width = width
        self.style = style
        length = 1
    }

    /// A cell showing one scalar that is a cluster of its own, one column wide (box drawing, a
    /// switch's knob): the cell `init(_:width:style:)` makes of it, without making a `String`.
    init(scalar: Unicode.Scalar, style: Style) {
        var packed: UInt32 = 0
        var count: UInt8 = 0
        for byte in UTF8.encode(scalar)! {
            packed |= UInt32(byte) << (8 * UInt32(count))
            count += 1
        }
        payload = packed
        width = 1
        self.style = style
        length = count
    }

    /// The grapheme cluster the cell shows.
    public var character: Character {
        get {
            if length == 1 && payload < 0x80 { return Character(Unicode.Scalar(UInt8(payload))) }
            if length == Self.interned { return ClusterTable.shared.character(numbered: payload) }
            var bytes = payload.littleEndian
            return withUnsafeBytes(of: &bytes) { raw in
                Character(String(decoding: raw.prefix(Int(length)), as: UTF8.self))
            }
        }
        set {
            self = CanvasCell(newValue, width: width, style: style)
        }
    }

    /// The cluster's byte when it is one ASCII character, as `Character.asciiValue`: what a
    /// backend can send without decoding anything.
    ///
    /// ```swift
    /// CanvasCell("a").asciiValue  // 97
    /// CanvasCell("é").asciiValue  // nil
    /// ```
    @inlinable public var asciiValue: UInt8? {
        length == 1 && payload < 0x80 ? UInt8(payload) : nil
    }

    /// The cluster's byte when it is one printable ASCII character (space to tilde): a cell a
    /// backend shows as it is, in one column.
    @inlinable package var printableASCII: UInt8? {
        length == 1 && payload &- 0x20 < 0x5F ? UInt8(payload) : nil
    }

    /// The cluster when it is one scalar of at most three UTF-8 bytes (box lines, marks, most
    /// letters of any script), decoded from the cell itself: a backend that puts every cell of a
    /// frame into a terminal then makes no `Character` for them. Nil for anything else.
    @inlinable package var loneScalar: Unicode.Scalar? {
        switch length {
        case 1: return payload < 0x80 ? Unicode.Scalar(UInt8(payload)) : nil
        case 2:
            guard payload & 0xC0E0 == 0x80C0 else { return nil }
            return Unicode.Scalar((payload & 0x1F) << 6 | (payload >> 8) & 0x3F)
        case 3:
            guard payload & 0xC0C0F0 == 0x8080E0 else { return nil }
            return Unicode.Scalar(
                (payload & 0x0F) << 12 | ((payload >> 8) & 0x3F) << 6 | (payload >> 16) & 0x3F)
        default: return nil
        }
    }

    /// The cell without its style, as a number: its cluster and width, which say what a
    /// terminal is sent for it (never 0, which no cell is).
    package var glyphKey: UInt64 {
        UInt64(payload) | UInt64(length) << 32 | UInt64(width) << 40
    }

    public static let blank = CanvasCell()
    static let continuation = CanvasCell(ascii: 0x20, width: 0)

    @inlinable public var isContinuation: Bool { width == 0 }
}
