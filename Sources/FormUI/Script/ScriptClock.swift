/// Dates as a script writes them, without Foundation: `2025-06-01T09:00:00Z` to seconds since
/// 1970 UTC and back.
///
/// ```swift
/// ScriptClock.secondsSince1970(iso8601: "1970-01-02T00:00:00Z")  // 86400
/// ScriptClock.iso8601(86400)                                      // "1970-01-02T00:00:00Z"
/// ```
package enum ScriptClock {
    /// Parses `YYYY-MM-DDTHH:MM[:SS](Z|±HH:MM)`; nil for anything else or an impossible date.
    package static func secondsSince1970(iso8601 text: String) -> Int64? {
        let characters = Array(text.uppercased())
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            let digits = characters[range]
            guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            return Int(String(digits))
        }
        guard characters.count >= 17, characters[4] == "-", characters[7] == "-", characters[10] == "T",
            characters[13] == ":", let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16)
        else { return nil }
        var index = 16
        var second = 0
        if index < characters.count, characters[index] == ":" {
            guard let parsed = number(17..<19) else { return nil }
            second = parsed
            index = 19
        }
        var offset = 0
        guard index < characters.count else { return nil }
        switch characters[index] {
        case "Z" where index + 1 == characters.count:
            break
        case "+", "-":
            guard index + 6 == characters.count, characters[index + 3] == ":",
                let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (characters[index] == "-" ? -1 : 1)
        default:
            return nil
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    }

    /// `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
    package static func iso8601(_ seconds: Int64) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civil(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
