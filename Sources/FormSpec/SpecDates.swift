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
        let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let dayText = text(year: fields.year ?? 1970, month: fields.month ?? 1, day: fields.day ?? 1)
        let clock = text(hour: fields.hour ?? 0, minute: fields.minute ?? 0)
        switch kind {
        case .date: return dayText
        case .time: return clock
        case .dateAndTime: return "\(dayText)T\(clock):\(twoDigits(fields.second ?? 0))Z"
        }
    }

    /// The Gregorian calendar in UTC, as the date rows and the state files use it.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

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
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
        else { return nil }
        // The calendar rolls 31 February over into March: a day that does not exist comes back
        // as another one.
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
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
}
