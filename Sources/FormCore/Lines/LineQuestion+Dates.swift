#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date typed as `YYYY-MM-DD`, a time as `HH:MM`, both as `YYYY-MM-DD HH:MM`: read in the row's
/// time zone, kept within its range, the fields it does not show left as they were.
extension DateRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let current = read(state)
        var expects = Self.format(of: mode)
        if let range { expects += ", from \(typed(range.lowerBound)) to \(typed(range.upperBound))" }
        // Read, not tried on a copy: a copy of a large state is copied whole when written.
        return [
            LineQuestion(
                value: current.map(typed) ?? "not set", expects: expects, clears: current != nil && isOptional
            )
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        guard case .text(let text) = answer else {
            return perform(Self.clear, on: &state) == .ignored ? .refused("It cannot be cleared.") : .taken
        }
        guard let fields = Self.fields(of: text.trimmed, mode: mode) else {
            return .refused("Type \(Self.format(of: mode)).")
        }
        // An unset date starts where the picker opens it (today, or now): a time typed alone
        // takes today's date.
        var parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: read(state) ?? openingDate)
        if let date = fields.date { (parts.year, parts.month, parts.day) = date }
        if let time = fields.time {
            (parts.hour, parts.minute) = time
            (parts.second, parts.nanosecond) = (0, 0)
        }
        guard let date = calendar.date(from: parts),
            Self.sameFields(
                calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date), parts)
        else { return .refused("There is no such \(mode == .time ? "time" : "date").") }
        if let range, !range.contains(date) {
            return .refused("From \(typed(range.lowerBound)) to \(typed(range.upperBound)) only.")
        }
        write(&state, date)
        return .taken
    }

    /// `date` as it is typed in the line mode.
    func typed(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let day = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
        let time = "\(pad(parts.hour, 2)):\(pad(parts.minute, 2))"
        switch mode {
        case .date: return day
        case .time: return time
        case .dateAndTime: return day + " " + time
        }
    }

    private static func format(of mode: Mode) -> String {
        switch mode {
        case .date: "a date as YYYY-MM-DD"
        case .time: "a time as HH:MM (24-hour)"
        case .dateAndTime: "a date and time as YYYY-MM-DD HH:MM"
        }
    }

    private static func sameFields(_ made: DateComponents, _ asked: DateComponents) -> Bool {
        made.year == asked.year && made.month == asked.month && made.day == asked.day
            && made.hour == asked.hour && made.minute == asked.minute
    }

    /// The fields of a typed date or time; nil when it is not in the mode's form.
    static func fields(of text: String, mode: Mode) -> (date: (Int, Int, Int)?, time: (Int, Int)?)? {
        func numbers(_ text: Substring, separator: Character, widths: [ClosedRange<Int>]) -> [Int]? {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == widths.count else { return nil }
            var values: [Int] = []
            for (part, width) in zip(parts, widths) {
                guard width.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let value = Int(part)
                else { return nil }
                values.append(value)
            }
            return values
        }
        func date(_ text: Substring) -> (Int, Int, Int)? {
            numbers(text, separator: "-", widths: [4...4, 1...2, 1...2]).map { ($0[0], $0[1], $0[2]) }
        }
        func time(_ text: Substring) -> (Int, Int)? {
            numbers(text, separator: ":", widths: [1...2, 2...2]).map { ($0[0], $0[1]) }
        }
        switch mode {
        case .date: return date(Substring(text)).map { ($0, nil) }
        case .time: return time(Substring(text)).map { (nil, $0) }
        case .dateAndTime:
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
            guard parts.count == 2, let day = date(parts[0]), let clock = time(parts[1]) else { return nil }
            return (day, clock)
        }
    }
}
