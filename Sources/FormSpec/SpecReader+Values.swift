// The values of a spec's keys, each checked for its type and limit: text, numbers, flags.
extension SpecReader {
    /// The member `key` of `node`, as text.
    func string(_ node: SpecNode, _ key: String) throws(SpecError) -> String? {
        try string(node[key], key)
    }

    /// `value`, the member `key` of a table, as text.
    func string(_ value: SpecNode?, _ key: String) throws(SpecError) -> String? {
        guard let value else { return nil }
        if case .null = value.value { return nil }
        guard case .table = value.value else {
            if case .list = value.value {
                throw error(value, "'\(key)' must be text, not a list")
            }
            let text = value.text
            // A pattern has its own limit (`SpecLimits.patternLength`), said as such.
            if key != "pattern", let text { try checkShown(text, value, what: "'\(key)'") }
            return text
        }
        throw error(value, "'\(key)' must be text, not a table")
    }

    /// A text the screen shows, within `SpecLimits.shownTextBytes`.
    func checkShown(_ text: String, _ node: SpecNode, what: String) throws(SpecError) {
        guard text.utf8.count > SpecLimits.shownTextBytes else { return }
        throw error(
            node,
            "\(what) is \(SpecLimits.bytes(text.utf8.count)) long, over the limit of \(SpecLimits.bytes(SpecLimits.shownTextBytes)) for a text on screen",
            hint: "a screen shows a few hundred characters; put long help in a multiline row's default")
    }

    /// A `min`, `max` or `step`: within ±`SpecLimits.magnitude`, where every whole number is
    /// exact and fits in an Int.
    func number(_ value: SpecNode?, _ key: String) throws(SpecError) -> Double? {
        guard let value else { return nil }
        let number: Double
        switch value.value {
        case .integer(let whole): number = Double(whole)
        case .decimal(let fraction): number = fraction
        default: throw error(value, "'\(key)' must be a number, not \(value.kindDescription)")
        }
        guard number.isFinite, abs(number) <= SpecLimits.magnitude else {
            throw error(
                value,
                "'\(key)' is \(value.text ?? "\(number)"), beyond the limit of ±\(Self.show(SpecLimits.magnitude))",
                hint: "numbers in a form stay within ±1000000000000000")
        }
        return number
    }

    func integer(_ value: SpecNode?, _ key: String) throws(SpecError) -> Int? {
        guard let value else { return nil }
        guard case .integer(let number) = value.value else {
            throw error(value, "'\(key)' must be a whole number, not \(value.kindDescription)")
        }
        return number
    }

    /// A multiline row's height, within `SpecLimits.lines`.
    func lines(_ value: SpecNode?) throws(SpecError) -> Int {
        guard let lines = try integer(value, "lines") else { return 3 }
        guard SpecLimits.lines.contains(lines) else {
            throw error(
                value,
                "'lines' must be from \(SpecLimits.lines.lowerBound) to \(SpecLimits.lines.upperBound), not \(lines)",
                hint: "the text scrolls past the lines shown")
        }
        return lines
    }

    func flag(_ node: SpecNode, _ key: String) throws(SpecError) -> Bool {
        try flag(node[key], key)
    }

    /// `value`, the member `key` of a table, as a flag (false when not given).
    func flag(_ value: SpecNode?, _ key: String) throws(SpecError) -> Bool {
        guard let value else { return false }
        guard case .bool(let flag) = value.value else {
            throw error(value, "'\(key)' must be true or false, not \(value.kindDescription)")
        }
        return flag
    }
}
