/// Which of many switches are on, kept as the positions that are on: a form of ten million
/// switches with three on stores three numbers, and counting them costs nothing.
///
/// Reads and writes like an array of `Bool` as long as any index, so a row binds one switch with
/// a key path (`\.switchedOn[index]`), and the count stays right as rows change it.
///
/// ```swift
/// var switches = SwitchedOn()
/// switches[41] = true
/// switches.count // 1
/// ```
public struct SwitchedOn: Equatable, Sendable, Codable {
    private var positions: Set<Int>

    /// None on. Not the generic initializer with no positions: that one, not specialised here,
    /// looked up its sequence's conformances by name at every start (3% of the first frame).
    public init() {
        positions = []
    }

    public init<Positions: Sequence>(_ positions: Positions) where Positions.Element == Int {
        self.positions = Set(positions.filter { $0 >= 0 })
    }

    /// How many switches are on.
    public var count: Int { positions.count }

    /// Whether the switch at `index` is on; setting it keeps `count` right.
    public subscript(index: Int) -> Bool {
        get { positions.contains(index) }
        set {
            guard index >= 0 else { return }
            if newValue { positions.insert(index) } else { positions.remove(index) }
        }
    }

    /// The positions that are on, ascending.
    public var sorted: [Int] { positions.sorted() }

    /// Only the switches below `limit` (a smaller form keeps what it can show).
    public func limited(to limit: Int) -> SwitchedOn {
        SwitchedOn(positions.filter { $0 < limit })
    }

    // Stored as the ascending positions that are on: `[3, 41]`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode([Int].self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(sorted)
    }
}
