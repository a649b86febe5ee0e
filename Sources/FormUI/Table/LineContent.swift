/// What a line of a `TableView` shows, as far as telling whether it must be drawn again: two
/// contents are equal only when their lines are drawn alike.
///
/// Made from any hashable value, and from a second one that says how it is shown (a cell's
/// context, say); contents of different types are never equal.
///
/// ```swift
/// func tableView(_ tableView: TableView, contentOfLine line: Int) -> LineContent? {
///     LineContent(notes[line])
/// }
/// ```
///
/// Not `AnyHashable`: comparing two of those unboxes both through the runtime's dynamic casts,
/// and a change to the state compares every visible line (a Space on a switch spent a quarter of
/// its frame there). Here a comparison checks that both boxes are of one class, then compares
/// the values directly.
public struct LineContent: Equatable {
    private let box: LineContentBox

    public init<Content: Hashable>(_ content: Content) {
        box = TypedLineContent(content, shown: Nothing())
    }

    public init<Content: Hashable, Shown: Hashable>(_ content: Content, shown: Shown) {
        box = TypedLineContent(content, shown: shown)
    }

    public static func == (lhs: LineContent, rhs: LineContent) -> Bool {
        lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
    }

    /// The second value of a content made from one.
    private struct Nothing: Hashable {}
}

/// The type-erased box; `TypedLineContent` is the only kind.
private class LineContentBox {
    func isEqual(to other: LineContentBox) -> Bool { false }
}

private final class TypedLineContent<Content: Hashable, Shown: Hashable>: LineContentBox {
    let content: Content
    let shown: Shown

    init(_ content: Content, shown: Shown) {
        self.content = content
        self.shown = shown
    }

    override func isEqual(to other: LineContentBox) -> Bool {
        // The same class means the same generic arguments: no cast through the runtime needed.
        guard type(of: other) == type(of: self) else { return false }
        let other = unsafeDowncast(other, to: TypedLineContent.self)
        return content == other.content && shown == other.shown
    }
}
