#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns written values (a default, a `when` value, a member of a values file) into answers of
/// a row's kind, and says what was expected when they do not fit.
public enum SpecValues {
    /// What a value should have been, and how to write it.
    public struct Problem: Error, Sendable {
        public var expected: String
        public var hint: String?
    }

    /// The answer a row starts with when the spec gives no default.
    public static func empty(for row: RowSpec) -> Answer {
        switch row.kind {
        case .text, .email, .secure, .multiline, .select, .label, .form: return .text("")
        case .picker: return .text(row.options.first ?? "")
        case .number: return .integer(nil)
        case .decimal: return .decimal(nil)
        case .slider where row.isFractional:
            let low = row.min ?? 0
            let high = row.max ?? Swift.max(low, 100)
            return .decimal(Swift.min(Swift.max(0, low), high))
        case .stepper, .slider:
            let low = row.min.map { Int($0) } ?? 0
            let high = row.max.map { Int($0) } ?? Swift.max(low, 100)
            return .integer(Swift.min(Swift.max(0, low), high))
        case .switch: return .flag(false)
        case .date, .time, .datetime: return .date(nil)
        case .multiselect: return .choices([])
        case .list: return .texts([])
        }
    }

    /// `node` as an answer for `row`, or what was expected. `zone` is only made for a date or
    /// time (see `SpecZone`).
    public static func answer(
        _ node: SpecNode, for row: RowSpec, in zone: @autoclosure () -> TimeZone = .gmt
    ) -> Result<
        Answer, Problem
    > {
        switch row.kind {
        case .text, .email, .secure, .multiline, .label, .form:
            guard case .string(let text, _) = node.value else {
                return .failure(Problem(expected: "text", hint: "put the value in quotes"))
            }
            return .success(.text(text))
        case .picker, .select:
            guard let text = node.text, case .string = node.value else {
                return .failure(Problem(expected: "one of the options", hint: options(row)))
            }
            guard row.options.contains(text) || (row.kind == .select && text.isEmpty) else {
                return .failure(Problem(expected: "one of the options", hint: options(row)))
            }
            return .success(.text(text))
        case .multiselect:
            guard case .list(let items) = node.value else {
                return .failure(
                    Problem(
                        expected: "a list of options",
                        hint: "e.g. [\(row.options.prefix(2).joined(separator: ", "))]"))
            }
            var chosen = Set<String>()
            for item in items {
                guard let text = item.text, row.options.contains(text) else {
                    return .failure(Problem(expected: "a list of the options", hint: options(row)))
                }
                chosen.insert(text)
            }
            return .success(.choices(chosen))
        case .list:
            guard case .list(let items) = node.value else {
                return .failure(Problem(expected: "a list of texts", hint: "e.g. [web-01, web-02]"))
            }
            var texts: [String] = []
            for item in items {
                guard case .string(let text, _) = item.value else {
                    return .failure(Problem(expected: "a list of texts", hint: "put each value in quotes"))
                }
                texts.append(text)
            }
            return .success(.texts(texts))
        case .slider where row.isFractional:
            let number: Double
            switch node.value {
            case .integer(let whole): number = Double(whole)
            case .decimal(let fraction): number = fraction
            default: return .failure(Problem(expected: "a number", hint: "write it without quotes, e.g. 2.5"))
            }
            if let problem = rangeProblem(number, for: row) { return .failure(problem) }
            return .success(.decimal(number))
        case .number, .stepper, .slider:
            if case .null = node.value, row.kind == .number { return .success(.integer(nil)) }
            guard case .integer(let number) = node.value else {
                return .failure(Problem(expected: "a whole number", hint: "write it without quotes, e.g. 42"))
            }
            if let problem = rangeProblem(Double(number), for: row) { return .failure(problem) }
            return .success(.integer(number))
        case .decimal:
            let number: Double
            switch node.value {
            case .null: return .success(.decimal(nil))
            case .integer(let whole): number = Double(whole)
            case .decimal(let fraction): number = fraction
            default: return .failure(Problem(expected: "a number", hint: "write it without quotes, e.g. 9.5"))
            }
            if let problem = rangeProblem(number, for: row) { return .failure(problem) }
            return .success(.decimal(number))
        case .switch:
            guard case .bool(let flag) = node.value else {
                return .failure(
                    Problem(expected: "true or false", hint: "write true or false without quotes"))
            }
            return .success(.flag(flag))
        case .date, .time, .datetime:
            if case .null = node.value { return .success(.date(nil)) }
            let kind = row.kind.dateKind!
            let zone = zone()
            guard let text = node.text, let date = SpecDates.parse(text, kind: kind, in: zone) else {
                let example = ["2024-05-01", "09:30", "2024-05-01T09:30:00+02:00"][
                    kind == .date ? 0 : kind == .time ? 1 : 2]
                return .failure(
                    Problem(
                        expected: "a \(row.kind.rawValue) written as \(example)",
                        hint: "ISO 8601, in local time unless an offset is given"))
            }
            if let earliest = row.earliest, date < earliest {
                return .failure(
                    Problem(
                        expected:
                            "a \(row.kind.rawValue) from \(SpecDates.format(earliest, kind: kind, in: zone))",
                        hint: "the row's 'min' says so"))
            }
            if let latest = row.latest, date > latest {
                return .failure(
                    Problem(
                        expected:
                            "a \(row.kind.rawValue) up to \(SpecDates.format(latest, kind: kind, in: zone))",
                        hint: "the row's 'max' says so"))
            }
            return .success(.date(date))
        }
    }

    /// What is wrong with `number` as the answer of `row`: beyond what a number row holds, or
    /// outside the row's own range.
    private static func rangeProblem(_ number: Double, for row: RowSpec) -> Problem? {
        if !number.isFinite || number.magnitude > SpecLimits.magnitude { return beyond }
        if let min = row.min, number < min {
            return Problem(expected: "a number from \(SpecReader.show(min))", hint: nil)
        }
        if let max = row.max, number > max {
            return Problem(expected: "a number up to \(SpecReader.show(max))", hint: nil)
        }
        return nil
    }

    private static let beyond = Problem(
        expected: "a number within ±\(SpecReader.show(SpecLimits.magnitude))",
        hint: "numbers in a form stay within ±1000000000000000")

    private static func options(_ row: RowSpec) -> String {
        let shown = row.options.prefix(6).joined(separator: ", ")
        return "the options are: \(shown)\(row.options.count > 6 ? ", …" : "")"
    }
}
