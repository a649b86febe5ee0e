#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A date, a time of day, or both, bound to a `Date` (or a `Date?` that may be unset). The row
/// shows the value (`23 Nov 2026`, `14:05`, `23 Nov 2026 14:05`); Enter opens a picker in the
/// lines below it, with a wheel per field: day, month, year, hour, minute.
///
/// A field changes alone: stepping the day past the month's end wraps within the month, the
/// minute past 59 wraps within the hour, and so on; a month or year where the day does not exist
/// takes the month's last day (31 Jan → Feb → 29 Feb 2024). A range keeps the value within it.
/// Digits typed into any field set it as soon as they make a value of it (`12` on the month
/// wheel is December).
///
/// The fields are read in `timeZone`, UTC unless told otherwise: the state holds an instant, but
/// what the user picks is a wall-clock date, and reading it in a fixed zone gives back the same
/// fields wherever and whenever the state file is read (no daylight-saving gap swallows 02:30).
/// FormCore cannot know the local zone (that needs the time-zone database, which it does not
/// link); an app that wants it passes `timeZone: .current` from Foundation.
///
/// ```swift
/// DateRow("Birthday", \.birthday, mode: .date, in: earliest...latest)
/// DateRow("Alarm", \.alarm, mode: .time)          // alarm: Date? shows "Not set" while nil
/// ```
public struct DateRow<State>: FormRow {
    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    /// Which fields the row shows and picks.
    public enum Mode: Sendable, Hashable {
        case date, time, dateAndTime
    }

    public var title: String
    public var mode: Mode
    /// The earliest and latest values the row takes, if limited.
    public var range: ClosedRange<Date>?
    /// Gregorian, in the row's time zone.
    public let calendar: Calendar
    let read: (State) -> Date?
    let write: (inout State, Date?) -> Void
    let isOptional: Bool
    private let now: () -> Date
    private let bound: StateBinding<State>

    /// A row bound to a date that always has a value.
    public init(
        _ title: String, _ date: WritableKeyPath<State, Date>, mode: Mode = .date,
        in range: ClosedRange<Date>? = nil, timeZone: TimeZone = .gmt
    ) {
        self.init(
            title, mode: mode, range: range, timeZone: timeZone, isOptional: false, now: Date.init,
            bound: StateBinding(date), read: { $0[keyPath: date] },
            write: { state, value in if let value { state[keyPath: date] = value } })
    }

    /// A row bound to a date that may be unset: it shows "Not set", Enter sets it to `opening`
    /// (today, or now for a time, when nil) before opening the picker, and Backspace clears it.
    ///
    /// `now` says what today is; tests pass a fixed date. A birthday opens better years back:
    ///
    /// ```swift
    /// DateRow("Birthday", \.birthday, mode: .date, opening: thirtyYearsAgo)
    /// ```
    public init(
        _ title: String, _ date: WritableKeyPath<State, Date?>, mode: Mode = .date,
        in range: ClosedRange<Date>? = nil, timeZone: TimeZone = .gmt, opening: Date? = nil,
        now: @escaping () -> Date = Date.init
    ) {
        self.init(
            title, mode: mode, range: range, timeZone: timeZone, isOptional: true,
            now: opening.map { opening in { opening } } ?? now,
            bound: StateBinding(date), read: { $0[keyPath: date] }, write: { $0[keyPath: date] = $1 })
    }

    private init(
        _ title: String, mode: Mode, range: ClosedRange<Date>?, timeZone: TimeZone, isOptional: Bool,
        now: @escaping () -> Date, bound: StateBinding<State>, read: @escaping (State) -> Date?,
        write: @escaping (inout State, Date?) -> Void
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.title = title
        self.mode = mode
        self.range = range
        self.calendar = calendar
        self.isOptional = isOptional
        self.now = now
        self.bound = bound
        self.read = read
        self.write = write
    }

    /// Clears an optional date.
    public static var clear: RowAction { .named("clear") }

    public var binding: StateBinding<State>? { bound }

    public func content(in state: State) -> PickerValueContent {
        guard let date = read(state) else {
            return PickerValueContent(title: title, value: "Not set", isPlaceholder: true)
        }
        return PickerValueContent(title: title, value: text(for: date))
    }

    public func hints(in state: State) -> [RowHint] {
        var hints = [RowHint(.activate, read(state) == nil ? "Set" : "Change")]
        if isOptional, read(state) != nil {
            hints.append(RowHint(Self.clear, "Clear", defaultKeys: ["backspace", "delete"]))
        }
        return hints
    }

    /// Where the picker opens an unset date: today (or now, for a time) within the range.
    var openingDate: Date { clamped(start(from: now())) }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        switch action {
        case .activate, .toggle:
            if read(state) == nil { write(&state, openingDate) }
            return .expand
        case Self.clear where isOptional && read(state) != nil:
            write(&state, nil)
            return .changed
        case .step(let index, let steps):
            guard let date = read(state), let field = fields.indices.contains(index) ? fields[index] : nil,
                let stepped = step(field, of: date, by: steps), stepped != date
            else { return .ignored }
            write(&state, stepped)
            return .changed
        case .type(let index, let digits):
            guard let date = read(state), let field = fields.indices.contains(index) ? fields[index] : nil
            else { return .ignored }
            return type(digits, into: field, of: date, state: &state)
        default:
            return .ignored
        }
    }

    public func inlinePicker(in state: State) -> InlinePicker? {
        guard let date = read(state) else { return nil }
        let parts = parts(of: date)
        return InlinePicker(
            components: fields.map { field in
                let label = { (date: Date) in field.label(self.parts(of: date)) }
                let before = step(field, of: date, by: -1).map(label)
                let after = step(field, of: date, by: 1).map(label)
                let current = field.label(parts)
                return InlinePicker.Component(
                    label: field.name, previous: before == current ? nil : before, current: current,
                    next: after == current ? nil : after, takesDigits: true)
            })
    }

    // MARK: Fields

    /// One wheel of the picker.
    enum Field: CaseIterable {
        case day, month, year, hour, minute

        var name: String {
            switch self {
            case .day: "Day"
            case .month: "Month"
            case .year: "Year"
            case .hour: "Hour"
            case .minute: "Minute"
            }
        }

        /// How many digits a typed value has at most (a month is typed by its number).
        var maxDigits: Int {
            switch self {
            case .day, .month, .hour, .minute: 2
            case .year: 4
            }
        }

        func label(_ parts: DateComponents) -> String {
            switch self {
            case .day: String(parts.day ?? 1)
            case .month: DateRowText.monthNames[((parts.month ?? 1) - 1) % 12]
            case .year: String(parts.year ?? 1)
            case .hour: DateRowText.twoDigits(parts.hour ?? 0)
            case .minute: DateRowText.twoDigits(parts.minute ?? 0)
            }
        }
    }

    var fields: [Field] {
        switch mode {
        case .date: [.day, .month, .year]
        case .time: [.hour, .minute]
        case .dateAndTime: [.day, .month, .year, .hour, .minute]
        }
    }

    /// Years a wheel goes through: the Gregorian years written with four digits at most.
    static var years: ClosedRange<Int> { 1...9999 }

    /// The wall-clock fields of `date`. Seconds are kept so that a row that shows minutes does not
    /// change the seconds it does not show.
    private func parts(of date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
    }

    private func daysIn(year: Int, month: Int) -> Int {
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))
        return first.flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 28
    }

    /// `parts` with one field set to `value` and the day kept within its month; nil when `value`
    /// is not a value of the field.
    private func setting(_ field: Field, to value: Int, in parts: DateComponents) -> Date? {
        var parts = parts
        switch field {
        case .day:
            guard (1...daysIn(year: parts.year ?? 1, month: parts.month ?? 1)).contains(value) else {
                return nil
            }
            parts.day = value
        case .month:
            guard (1...12).contains(value) else { return nil }
            parts.month = value
        case .year:
            guard Self.years.contains(value) else { return nil }
            parts.year = value
        case .hour:
            guard (0...23).contains(value) else { return nil }
            parts.hour = value
        case .minute:
            guard (0...59).contains(value) else { return nil }
            parts.minute = value
        }
        let days = daysIn(year: parts.year ?? 1, month: parts.month ?? 1)
        parts.day = min(parts.day ?? 1, days)
        return calendar.date(from: parts)
    }

    /// `date` with `field` moved by `steps`, wrapping within the field above it (a day within its
    /// month, a minute within its hour) and kept within the range; nil when there is no such date.
    func step(_ field: Field, of date: Date, by steps: Int) -> Date? {
        let parts = parts(of: date)
        func wrapped(_ value: Int, in range: ClosedRange<Int>) -> Int {
            let count = range.count
            return range.lowerBound + ((value - range.lowerBound + steps) % count + count) % count
        }
        let value: Int
        switch field {
        case .day:
            value = wrapped(parts.day ?? 1, in: 1...daysIn(year: parts.year ?? 1, month: parts.month ?? 1))
        case .month: value = wrapped(parts.month ?? 1, in: 1...12)
        case .year: value = min(max((parts.year ?? 1) + steps, Self.years.lowerBound), Self.years.upperBound)
        case .hour: value = wrapped(parts.hour ?? 0, in: 0...23)
        case .minute: value = wrapped(parts.minute ?? 0, in: 0...59)
        }
        return setting(field, to: value, in: parts).map(clamped)
    }

    /// Digits typed into a field: set when they make a value of it within the range; kept by the
    /// screen (`.invalid`) while more digits may still make one ("19" on the way to "1990"
    /// when the range starts in 1900); refused when they never can, so the screen starts again.
    private func type(_ digits: String, into field: Field, of date: Date, state: inout State) -> RowOutcome {
        guard !digits.isEmpty, digits.count <= field.maxDigits,
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits)
        else { return .ignored }
        if let typed = setting(field, to: value, in: parts(of: date)), range?.contains(typed) ?? true {
            guard typed != date else { return .ignored }
            write(&state, typed)
            return .changed
        }
        guard digits.count < field.maxDigits else { return .ignored }
        return .invalid("\(digits) is not a \(field.name.lowercased()) here yet.")
    }

    func clamped(_ date: Date) -> Date {
        guard let range else { return date }
        return min(max(date, range.lowerBound), range.upperBound)
    }

    /// What an unset date takes when opened: today's date at midnight, or the time now, to the
    /// minute (the seconds are not shown, so they are not kept).
    private func start(from now: Date) -> Date {
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        if mode == .date {
            parts.hour = 0
            parts.minute = 0
        }
        return calendar.date(from: parts) ?? now
    }

    /// The value as the row shows it: day, month name and year in that order (never ambiguous
    /// as 03/04 is, and the picker's order), and a 24-hour time (no AM/PM to read).
    func text(for date: Date) -> String {
        let parts = parts(of: date)
        let day = [Field.day, .month, .year].map { $0.label(parts) }.joined(separator: " ")
        let time = Field.hour.label(parts) + ":" + Field.minute.label(parts)
        switch mode {
        case .date: return day
        case .time: return time
        case .dateAndTime: return day + " " + time
        }
    }
}

/// Locale-free words for dates: the same in every environment, and in tests.
enum DateRowText {
    static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
