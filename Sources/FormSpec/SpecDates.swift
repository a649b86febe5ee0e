#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates as ISO 8601 text in UTC, the way specs, values files and answers write them: a date
/// `2024-05-01`, a time `09:30`, a date and time `2024-05-01T09:30:00Z`.
///
/// ```swift
/// let date = SpecDates.parse("2024-05-01", kind: .date)
/// SpecDates.format(date!, kind: .date) // "2024-05-01"
/// ```
public enum SpecDates {
    public enum Kind: Sendable {
        case date, time, dateAndTime
    }

    /// The date `text` names, or nil when it is not in the form `kind` takes. A time is a time
    /// of 1 January 1970, as the date rows keep it.
    public static func parse(_ text: String, kind: Kind) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .date:
            guard let day = day(trimmed) else { return nil }
            return Date(timeIntervalSince1970: Double(day) * 86_400)
        case .time:
            guard let seconds = time(trimmed) else { return nil }
            return Date(timeIntervalSince1970: Double(seconds))
        case .dateAndTime:
            let parts = trimmed.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
            guard parts.count == 2, let day = day(parts[0]) else { return nil }
            var clock = parts[1]
            if clock.hasSuffix("Z") { clock.removeLast() }
            guard let seconds = time(clock) else { return nil }
            return Date(timeIntervalSince1970: Double(day) * 86_400 + Double(seconds))
        }
    }

    /// `date` as the text `parse` reads back for `kind`.
    public static func format(_ date: Date, kind: Kind) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let seconds = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let dayText = text(year: year, month: month, day: day)
        let clock = text(hour: seconds / 3600, minute: seconds / 60 % 60)
        switch kind {
        case .date: return dayText
        case .time: return clock
        case .dateAndTime: return "\(dayText)T\(clock):\(twoDigits(seconds % 60))Z"
        }
    }

    static func text(year: Int, month: Int, day: Int) -> String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + twoDigits(month)
            + "-"
            + twoDigits(day)
    }

    static func text(hour: Int, minute: Int) -> String { twoDigits(hour) + ":" + twoDigits(minute) }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// Days since 1970-01-01 for `YYYY-MM-DD`, checking that the day exists.
    private static func day(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return days(year: year, month: month, day: day)
    }

    /// Seconds into the day for `HH:MM` or `HH:MM:SS`.
    private static func time(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
            (0..<60).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0..<60).contains(second) else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // The proleptic Gregorian calendar as arithmetic (H. Hinnant's days_from_civil), so that
    // UTC days need no calendar or time zone database.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
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
