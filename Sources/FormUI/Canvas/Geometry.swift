/// A size in terminal cells.
///
/// ```swift
/// let size = Size(width: 80, height: 24)
/// ```
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `80x24`; nil when the text is not two positive numbers joined by `x`.
    public init?(parsing text: some StringProtocol) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            width > 0, height > 0, width <= Size.maximumSide, height <= Size.maximumSide
        else { return nil }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }

    /// The largest side `init(parsing:)` accepts: bigger than any real terminal, small enough
    /// that a frame stays a few megabytes.
    public static let maximumSide = 1_000
}

/// A cell position: column `x`, row `y`, both from zero at the top left.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x + size.width }
    public var maxY: Int { origin.y + size.height }
    public var width: Int { size.width }
    public var height: Int { size.height }
}
