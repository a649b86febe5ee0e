/// The conditions beyond equality a `when` or `disabled` may ask of one answer: numeric
/// comparisons and whether it is set, read from an operator table (`{age: {">=": 18}}`,
/// `{name: {is: set}}`) and checked against the answers.
enum SpecConditionTest {
    /// The operators a field's table may give, as `formtui form --help` and errors name them.
    static let operators = ["<", "<=", ">", ">=", "is"]

    /// Whether `answer` (nil: the row has none, being hidden or not asked) passes `condition`'s
    /// test; equality and the combining tests are `SpecFormBuilder.holds`'s.
    static func holds(_ condition: Condition, answer: Answer?) -> Bool {
        switch condition.test {
        case .less(let bound): return number(answer).map { $0 < bound } ?? false
        case .atMost(let bound): return number(answer).map { $0 <= bound } ?? false
        case .greater(let bound): return number(answer).map { $0 > bound } ?? false
        case .atLeast(let bound): return number(answer).map { $0 >= bound } ?? false
        case .isSet: return isSet(answer)
        case .isEmpty: return !isSet(answer)
        case .equals, .not, .any, .all: return false
        }
    }

    /// A number row's answer as a number; nil while it is empty, and for any other answer.
    static func number(_ answer: Answer?) -> Double? {
        switch answer {
        case .integer(let value)?: value.map(Double.init)
        case .decimal(let value)?: value
        default: nil
        }
    }

    /// Whether an answer is given: a text with something in it, a number or date chosen, an
    /// option chosen, a list with a text; a switch always is.
    static func isSet(_ answer: Answer?) -> Bool {
        switch answer {
        case nil: false
        case .text(let text)?: !text.isEmpty
        case .integer(let value)?: value != nil
        case .decimal(let value)?: value != nil
        case .flag?: true
        case .date(let date)?: date != nil
        case .choices(let chosen)?: !chosen.isEmpty
        case .texts(let texts)?: texts.contains { !$0.isEmpty }
        }
    }
}

extension SpecReader {
    /// The conditions of a field's operator table (`{">=": 18, "<": 65}`: each must hold), each
    /// checked against the row it names: a comparison only of a number, `is` only `set` or
    /// `empty`.
    func operatorConditions(
        _ node: SpecNode, members: [(key: String, keyPosition: SpecPosition?, node: SpecNode)],
        field: String, row: RowSpec, key: String
    ) throws(SpecError) -> [Condition] {
        let numeric: [RowKind] = [.number, .decimal, .stepper, .slider]
        var conditions: [Condition] = []
        for member in members {
            let place = member.keyPosition ?? node.position
            switch member.key {
            case "is":
                switch member.node.text {
                case "set": conditions.append(Condition(field: field, values: [], test: .isSet))
                case "empty": conditions.append(Condition(field: field, values: [], test: .isEmpty))
                default:
                    throw error(
                        member.node, "'is' takes set or empty, not \(member.node.kindDescription)",
                        hint: "e.g. \(key): {\(field): {is: set}}")
                }
            case "<", "<=", ">", ">=":
                guard numeric.contains(row.kind) else {
                    throw error(
                        at: place,
                        "'\(key)' compares '\(field)' with '\(member.key)', but it is a \(row.kind.rawValue) row",
                        hint: "compare a number, decimal, stepper or slider row; name a value to match others"
                    )
                }
                let bound: Double
                switch member.node.value {
                case .integer(let value): bound = Double(value)
                case .decimal(let value): bound = value
                default:
                    throw error(
                        member.node, "'\(member.key)' needs a number, not \(member.node.kindDescription)",
                        hint: "e.g. \(key): {\(field): {\">=\": 18}}")
                }
                let test: Condition.Test =
                    switch member.key {
                    case "<": .less(bound)
                    case "<=": .atMost(bound)
                    case ">": .greater(bound)
                    default: .atLeast(bound)
                    }
                conditions.append(Condition(field: field, values: [], test: test))
            default:
                let near = Nearest.match(member.key, in: SpecConditionTest.operators)
                throw error(
                    at: place, "unknown test '\(member.key)' for '\(field)' in '\(key)'",
                    hint: near.map { "did you mean '\($0)'?" }
                        ?? "one of: \(SpecConditionTest.operators.joined(separator: ", ")), or a value to match"
                )
            }
        }
        return conditions
    }

    /// `not: {…}`, `any: [{…}, …]` or `all: [{…}, …]`: conditions combined; nil when `member`
    /// is none of them (a field of that name, compared as any).
    func combinedCondition(
        _ member: (key: String, keyPosition: SpecPosition?, node: SpecNode), key: String
    ) throws(SpecError) -> Condition? {
        switch (member.key, member.node.value) {
        case ("not", .table):
            return Condition(field: "", values: [], test: .not(try conditions(member.node, key: key)))
        case ("any", .list(let items)), ("all", .list(let items)):
            guard !items.isEmpty else {
                throw error(
                    member.node, "'\(member.key)' needs at least one condition",
                    hint: "e.g. \(key): {\(member.key): [{news: true}, {age: {\">=\": 18}}]}")
            }
            var groups: [[Condition]] = []
            for item in items { groups.append(try conditions(item, key: key)) }
            return Condition(field: "", values: [], test: member.key == "any" ? .any(groups) : .all(groups))
        default:
            return nil
        }
    }
}
