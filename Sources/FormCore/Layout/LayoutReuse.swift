/// The spans of a layout of a form, which the next layout of the same form takes over where the
/// state left them alike: made once per change, a span's arrays were most of a Space's layout.
/// Holds no state (a layout kept alive through a change would make the change copy it).
/// A class: the editor replaces it on every layout, and a struct of its fields was destroyed
/// field by field through its value witness, in code not specialised for the state.
package final class LayoutReuse {
    let spans: [LayoutSpan]
    /// What the layout was made with besides the state: a section is taken over whole only
    /// when these are alike too.
    let messages: [RowPath: String]
    let expanded: RowPath?
    let spacious: Bool
    /// Each section's `Section.layoutReads`, by section: read once per form, as copying a
    /// generic section out of the form's array, in code not specialised for the state, costs a
    /// retain of each of its closures.
    let reads: [Set<AnyKeyPath>?]
    /// The layout's groups, by span (a `SpanGroups` of the form's state).
    let groups: AnyObject

    init(
        spans: [LayoutSpan], messages: [RowPath: String], expanded: RowPath?, spacious: Bool,
        reads: [Set<AnyKeyPath>?], groups: AnyObject
    ) {
        self.spans = spans
        self.messages = messages
        self.expanded = expanded
        self.spacious = spacious
        self.reads = reads
        self.groups = groups
    }
}

/// The row groups of a layout's spans, boxed, so that a layout's reuse, which is not generic,
/// can hand them to the next layout.
final class SpanGroups<State> {
    let groups: [[RowGroup<State>]]
    init(_ groups: [[RowGroup<State>]]) { self.groups = groups }
}

/// What changed in the state since the layout a `LayoutReuse` came from: a section the change
/// cannot reach (`Section.layoutReads`) keeps its span without its groups being asked again.
package enum LayoutChange: Equatable {
    /// The state is the one the previous layout was made for.
    case none
    /// Only values named by this key path changed, through rows' bindings.
    case through(AnyKeyPath)
    /// Anything may have changed.
    case any
}

extension FormLayout {
    /// Whether two layouts show the same sections, in order.
    static func sameSections(_ spans: [LayoutSpan], _ others: [LayoutSpan]) -> Bool {
        guard spans.count == others.count else { return false }
        for index in 0..<spans.count where spans[index].section != others[index].section { return false }
        return true
    }

    /// The lines of the row at `path` itself: its first, and the others of a tall row (not its
    /// open picker or message). Makes no row, unlike looking at the lines after the first.
    ///
    /// ```swift
    /// layout.rowLines(of: RowPath(section: 0, group: 2, index: 0))  // 4..<7 for a 3-line note
    /// ```
    public func rowLines(of path: RowPath) -> Range<Int>? {
        guard let first = index(of: path), let span = spans.first(where: { $0.section == path.section })
        else { return nil }
        let row = span.groupStarts[path.group] + path.index
        var extra = 0
        for candidate in span.extras where candidate.row == row { extra = candidate.rowLines }
        return first..<(first + 1 + extra)
    }
}
