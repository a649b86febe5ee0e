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

/// The parts end to end, by index. The builders are not specialised for the state, and there
/// `flatMap` asks the runtime for its sequence's associated types, which it finds by searching
/// every conformance of the program (about 100k instructions a builder, at start).
private func endToEnd<Element>(_ parts: [[Element]]) -> [Element] {
    var all: [Element] = []
    for index in parts.indices { all.append(contentsOf: parts[index]) }
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
