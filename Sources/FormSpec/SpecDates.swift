#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Dates as ISO 8601 text, the way specs, values files and answers write them, read in a time
/// zone (the local one for `formtui form`, UTC with `--utc`): a date `2024-05-01`, a time `09:30`
/// (both wall-clock, in the zone), a date and time `2024-05-01T09:30:00+09:00` (with the zone's
/// offset, `Z` when it is zero).
///
/// A date and time read back may carry any offset (or `Z`); without one it is in the zone.
///
/// ```swift
/// let date = SpecDates.parse("2024-05-01", kind: .date)
/// SpecDates.format(date!, kind: .date) // "2024-05-01"
/// SpecDates.format(date!, kind: .dateAndTime, in: TimeZone(identifier: "Asia/Tokyo")!)
/// // "2024-05-01T09:00:00+09:00"
/// ```
public enum SpecDates {
    public enum Kind: Sendable {
        case date, time, dateAndTime
    }

    /// The date `text` names, or nil when it is not in the form `kind` takes. A time is a time
    /// of 1 January 1970 in the zone, as the date rows keep it.
    public static func parse(_ text: String, kind: Kind, in zone: TimeZone = .gmt) -> Date? {
        let trimmed = text.trimmingSpaces
        let calendar = calendar(in: zone)
        switch kind {
        case .date:
            guard let day = day(trimmed) else { return nil }
            return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
        case .time:
            guard let seconds = time(trimmed) else { return nil }
            return calendar.date(
                from: DateComponents(
                    year: 1970, month: 1, day: 1, hour: seconds / 3600, minute: seconds / 60 % 60,
                    second: seconds % 60))
        case .dateAndTime:
            let parts = trimmed.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
            guard parts.count == 2, let day = day(parts[0]) else { return nil }
            var clock = parts[1]
            var offset: Int?
            if clock.hasSuffix("Z") {
                clock.removeLast()
                offset = 0
            } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                guard let seconds = Self.offset(String(clock[sign...])) else { return nil }
                offset = seconds
                clock = String(clock[..<sign])
            }
            guard let seconds = time(clock) else { return nil }
            let fields = DateComponents(
                year: day.year, month: day.month, day: day.day, hour: seconds / 3600,
                minute: seconds / 60 % 60,
                second: seconds % 60)
            guard let offset else { return calendar.date(from: fields) }
            guard let zoned = TimeZone(secondsFromGMT: offset) else { return nil }
            return Self.calendar(in: zoned).date(from: fields)
        }
    }

    /// `date` as the text `parse` reads back for `kind` in the same zone.
    public static func format(_ date: Date, kind: Kind, in zone: TimeZone = .gmt) -> String {
        let fields = calendar(in: zone).dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: date)
        let dayText = text(year: fields.year ?? 1970, month: fields.month ?? 1, day: fields.day ?? 1)
        let clock = text(hour: fields.hour ?? 0, minute: fields.minute ?? 0)
        switch kind {
        case .date: return dayText
        case .time: return clock
        case .dateAndTime:
            return "\(dayText)T\(clock):\(twoDigits(fields.second ?? 0))"
                + offsetText(zone.secondsFromGMT(for: date))
        }
    }

    /// `Z`, or `+09:00`, `-03:30`.
    static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// Seconds east of UTC for `+09:00`, `-0330` or `+09`.
    private static func offset(_ text: String) -> Int? {
        let sign = text.first == "-" ? -1 : 1
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII),
            let hours = Int(digits.prefix(2)), let minutes = digits.count == 4 ? Int(digits.suffix(2)) : 0,
            hours < 24, minutes < 60
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The local time zone at `date` as a fixed offset from UTC, from the C library (`TZ`, else
    /// /etc/localtime). FoundationEssentials names no zones (that is ICU's part of Foundation,
    /// left out of the binary), so its `TimeZone.current` is always UTC. A date in the other half
    /// of a zone's daylight-saving year is written with the offset of `date`.
    ///
    /// ```swift
    /// SpecDates.localZone().secondsFromGMT() // 32400 with TZ=Asia/Tokyo
    /// ```
    public static func localZone(at date: Date = Date()) -> TimeZone {
        SpecZone.local(at: date).timeZone
    }

    /// The Gregorian calendar in `zone`, as the date rows use it.
    static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The zone's name as a person reads it beside a time ("UTC", "JST", "GMT+9").
    public static func zoneName(_ zone: TimeZone, at date: Date = Date()) -> String {
        if zone.secondsFromGMT(for: date) == 0, zone.identifier == "GMT" || zone.identifier == "UTC" {
            return "UTC"
        }
        return zone.abbreviation(for: date) ?? "UTC" + offsetText(zone.secondsFromGMT(for: date))
    }

    static func text(year: Int, month: Int, day: Int) -> String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + twoDigits(month)
            + "-"
            + twoDigits(day)
    }

    static func text(hour: Int, minute: Int) -> String { twoDigits(hour) + ":" + twoDigits(minute) }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// The fields of `YYYY-MM-DD`, checking that the day exists.
    private static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let date = utc.date(from: DateComponents(year: year, month: month, day: day))
        else { return nil }
        // The calendar rolls 31 February over into March: a day that does not exist comes back
        // as another one.
        let back = utc.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return (year, month, day)
    }

    private static let utc = calendar(in: .gmt)

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
