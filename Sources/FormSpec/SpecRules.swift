/// The rules a spec row states about its answer (required, lengths, a pattern, an email's
/// shape, how many choices), as the messages a refused save shows under the row.
struct SpecRules: Sendable {
    let row: RowSpec
    /// Compiled when the spec was read; checked in linear time.
    private let pattern: SpecPattern?

    init(row: RowSpec) {
        self.row = row
        pattern = row.compiledPattern ?? row.pattern.flatMap { try? SpecPattern.compile($0).get() }
    }

    var integerRange: ClosedRange<Int> {
        let low = row.min.map { Int($0) } ?? 0
        let high = row.max.map { Int($0) } ?? Swift.max(low, 100)
        return low...Swift.max(low, high)
    }

    var integerStep: Int { Swift.max(1, row.step.map { Int($0) } ?? 1) }

    func check(text: String) -> String? {
        if text.isEmpty { return row.required ? "\(row.title) is needed." : nil }
        if let min = row.minLength, text.count < min { return "At least \(min) characters." }
        if let max = row.maxLength, text.count > max { return "At most \(max) characters." }
        if row.kind == .email, !Self.looksLikeEmail(text) {
            return "Not an email address (name@example.com)."
        }
        if let pattern, !pattern.matches(text) {
            return row.patternMessage ?? "Not in the expected form."
        }
        return nil
    }

    func check(choices: Set<String>) -> String? {
        if choices.isEmpty && row.required { return "Choose at least one." }
        if let min = row.min, !choices.isEmpty || row.required, Double(choices.count) < min {
            return "Choose at least \(SpecReader.show(min))."
        }
        if let max = row.max, Double(choices.count) > max { return "Choose at most \(SpecReader.show(max))." }
        return nil
    }

    /// A list row as a whole: how many texts it holds (its items are checked one by one).
    func check(texts: [String]) -> String? {
        let count = texts.filter { !$0.isEmpty }.count
        if count == 0 && row.required { return "Add at least one." }
        if let min = row.min, count > 0 || row.required, Double(count) < min {
            return "Add at least \(SpecReader.show(min))."
        }
        if let max = row.max, Double(count) > max { return "At most \(SpecReader.show(max))." }
        return nil
    }

    /// One text of a list row: empty is allowed (it is left out of the answer), else the text
    /// rules apply.
    func check(item: String) -> String? {
        item.isEmpty ? nil : check(text: item)
    }

    /// One `@`, something before it, a dot in what follows, no spaces: the mistakes people
    /// make, not RFC 5322.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }
}
