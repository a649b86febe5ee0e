/// Builds the rows of a `Section` from rows, conditional rows and `ForEach`.
@resultBuilder
public enum RowBuilder<State> {
    public static func buildExpression<Row: FormRow>(_ row: Row) -> [RowGroup<State>]
    where Row.State == State {
        [row.rowGroup]
    }

    public static func buildExpression<Group: RowGroupConvertible>(_ group: Group) -> [RowGroup<
        State
    >]
    where Group.State == State {
        [group.rowGroup]
    }

    public static func buildBlock(_ parts: [RowGroup<State>]...) -> [RowGroup<State>] {
        endToEnd(parts)
    }

    public static func buildOptional(_ part: [RowGroup<State>]?) -> [RowGroup<State>] {
        part ?? []
    }

    public static func buildEither(first part: [RowGroup<State>]) -> [RowGroup<State>] { part }
    public static func buildEither(second part: [RowGroup<State>]) -> [RowGroup<State>] { part }

    public static func buildArray(_ parts: [[RowGroup<State>]]) -> [RowGroup<State>] {
        endToEnd(parts)
    }
}

/// The parts end to end, element by element. The builders are not specialised for the state,
/// and there `flatMap`, and `append(contentsOf:)` too, ask the runtime for their sequence's
/// associated types, which it finds by searching every conformance of the program: about 100k
/// instructions a builder at start, and a read of every page that holds a conformance (0.5 MB of
/// a cold start's reads).
private func endToEnd<Element>(_ parts: [[Element]]) -> [Element] {
    var count = 0
    for index in parts.indices { count += parts[index].count }
    var all: [Element] = []
    all.reserveCapacity(count)
    for index in parts.indices {
        let part = parts[index]
        for position in part.indices { all.append(part[position]) }
    }
    return all
}

/// Builds the sections of a `Form`.
@resultBuilder
public enum FormBuilder<State> {
    public static func buildExpression(_ section: Section<State>) -> [Section<State>] { [section] }

    public static func buildBlock(_ parts: [Section<State>]...) -> [Section<State>] {
        endToEnd(parts)
    }

    public static func buildOptional(_ part: [Section<State>]?) -> [Section<State>] { part ?? [] }
    public static func buildEither(first part: [Section<State>]) -> [Section<State>] { part }
    public static func buildEither(second part: [Section<State>]) -> [Section<State>] { part }
    public static func buildArray(_ parts: [[Section<State>]]) -> [Section<State>] {
        endToEnd(parts)
    }
}
