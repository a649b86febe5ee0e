/// Where a row sits in a form: its section, its group in the section, its index in the group.
///
/// A path names the same row across frames while the rows before it come and go, so focus can
/// stay on the row the user chose.
public struct RowPath: Hashable, Sendable, Comparable {
    public var section: Int
    public var group: Int
    public var index: Int

    public init(section: Int, group: Int, index: Int) {
        self.section = section
        self.group = group
        self.index = index
    }

    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.group, lhs.index) < (rhs.section, rhs.group, rhs.index)
    }
}
