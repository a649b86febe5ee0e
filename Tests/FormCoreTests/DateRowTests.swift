import FormCore
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private struct Diary: Equatable {
    var day = Diary.utc(2026, 11, 23, 14, 5)
    var alarm: Date?

    /// A wall-clock time read in UTC, the rows' default zone.
    static func utc(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
    )
        -> Date
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(
            from: DateComponents(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}

/// Components of the picker: day, month, year, hour, minute for `.dateAndTime`.
private let day = 0
private let month = 1
private let year = 2

@Suite("DateRow: dates and times picked field by field, never an impossible date")
struct DateRowTests {
    private let date = DateRow<Diary>("Day", \.day, mode: .date)
    private let time = DateRow<Diary>("Day", \.day, mode: .time)
    private let both = DateRow<Diary>("Day", \.day, mode: .dateAndTime)

    private func value(_ row: DateRow<Diary>, at start: Date) -> String {
        row.content(in: Diary(day: start)).value
    }

    /// The state after `action` on a row over `start`, and what the row answered.
    private func perform(_ row: DateRow<Diary>, _ action: RowAction, from start: Date) -> (Date, RowOutcome) {
        var state = Diary(day: start)
        let outcome = row.perform(action, on: &state)
        return (state.day, outcome)
    }

    @Test("the row shows day, month name and year, and a 24-hour time, in each mode")
    func text() {
        let start = Diary.utc(2026, 11, 23, 14, 5)
        #expect(value(date, at: start) == "23 Nov 2026")
        #expect(value(time, at: start) == "14:05")
        #expect(value(both, at: start) == "23 Nov 2026 14:05")
        #expect(value(both, at: Diary.utc(2024, 2, 5, 9, 7)) == "5 Feb 2024 09:07")
        #expect(!date.content(in: Diary()).isPlaceholder)
    }

    @Test("Enter opens the picker; the wheels show the values either side of the current one")
    func wheels() throws {
        var state = Diary()
        #expect(date.perform(.activate, on: &state) == .expand)
        #expect(state == Diary())
        let picker = try #require(both.inlinePicker(in: state))
        #expect(picker.components.map(\.label) == ["Day", "Month", "Year", "Hour", "Minute"])
        #expect(picker.components.map(\.current) == ["23", "Nov", "2026", "14", "05"])
        #expect(picker.components.map(\.previous) == ["22", "Oct", "2025", "13", "04"])
        #expect(picker.components.map(\.next) == ["24", "Dec", "2027", "15", "06"])
        #expect(picker.components.map(\.takesDigits) == [true, true, true, true, true])
        #expect(time.inlinePicker(in: state)?.components.map(\.label) == ["Hour", "Minute"])
    }

    @Test("stepping the day past the month's end wraps within the month")
    func dayWraps() throws {
        #expect(
            perform(date, .step(component: day, by: 1), from: Diary.utc(2026, 1, 31)).0
                == Diary.utc(2026, 1, 1))
        #expect(
            perform(date, .step(component: day, by: -1), from: Diary.utc(2026, 3, 1)).0
                == Diary.utc(2026, 3, 31))
        #expect(
            perform(date, .step(component: day, by: 1), from: Diary.utc(2023, 2, 28)).0
                == Diary.utc(2023, 2, 1))
        let wheel = try #require(date.inlinePicker(in: Diary(day: Diary.utc(2024, 2, 1))))
        #expect(wheel.components[day].previous == "29")
    }

    @Test("a month or year without the day takes the month's last day: 31 Feb cannot happen")
    func dayClamps() {
        #expect(
            perform(date, .step(component: month, by: 1), from: Diary.utc(2024, 1, 31)).0
                == Diary.utc(2024, 2, 29))
        #expect(
            perform(date, .step(component: month, by: 1), from: Diary.utc(2023, 1, 31)).0
                == Diary.utc(2023, 2, 28))
        #expect(
            perform(date, .step(component: month, by: 2), from: Diary.utc(2023, 1, 31)).0
                == Diary.utc(2023, 3, 31))
        #expect(
            perform(date, .step(component: month, by: -1), from: Diary.utc(2023, 5, 31)).0
                == Diary.utc(2023, 4, 30))
        #expect(
            perform(date, .step(component: year, by: 1), from: Diary.utc(2024, 2, 29)).0
                == Diary.utc(2025, 2, 28))
        #expect(
            perform(date, .step(component: year, by: 4), from: Diary.utc(2024, 2, 29)).0
                == Diary.utc(2028, 2, 29))
        var state = Diary(day: Diary.utc(2024, 2, 10))
        #expect(date.perform(.type(component: day, digits: "31"), on: &state) == .ignored)
        #expect(date.perform(.type(component: day, digits: "30"), on: &state) == .ignored)
        #expect(state.day == Diary.utc(2024, 2, 10))
    }

    @Test("leap years follow the Gregorian rules: 2000 and 2024 are, 1900 and 2023 are not")
    func leapYears() {
        for (leapYear, days) in [(2000, 29), (2024, 29), (1900, 28), (2023, 28), (2100, 28)] {
            let start = Diary.utc(leapYear, 2, 1)
            #expect(
                perform(date, .step(component: day, by: -1), from: start).0 == Diary.utc(leapYear, 2, days))
        }
        var state = Diary(day: Diary.utc(1900, 2, 1))
        #expect(date.perform(.type(component: day, digits: "29"), on: &state) == .ignored)
        state.day = Diary.utc(2000, 2, 1)
        #expect(date.perform(.type(component: day, digits: "29"), on: &state) == .changed)
        #expect(state.day == Diary.utc(2000, 2, 29))
    }

    @Test("months wrap within the year and years step across year ends")
    func yearEnds() {
        #expect(
            perform(date, .step(component: month, by: 1), from: Diary.utc(2024, 12, 31)).0
                == Diary.utc(2024, 1, 31))
        #expect(
            perform(date, .step(component: month, by: -1), from: Diary.utc(2024, 1, 15)).0
                == Diary.utc(2024, 12, 15))
        #expect(
            perform(date, .step(component: year, by: 1), from: Diary.utc(2024, 12, 31)).0
                == Diary.utc(2025, 12, 31))
        #expect(
            perform(date, .step(component: year, by: -1), from: Diary.utc(2025, 1, 1)).0
                == Diary.utc(2024, 1, 1))
        #expect(
            perform(date, .step(component: year, by: 1), from: Diary.utc(9999, 6, 1)) == (
                Diary.utc(9999, 6, 1), .ignored
            ))
    }

    @Test("hours and minutes wrap within the day: 23:59 becomes 00:00 of the same day")
    func timeWraps() {
        let late = Diary.utc(2026, 12, 31, 23, 59)
        let hour = perform(time, .step(component: 0, by: 1), from: late)
        #expect(hour == (Diary.utc(2026, 12, 31, 0, 59), .changed))
        let minute = perform(time, .step(component: 1, by: 1), from: hour.0)
        #expect(minute == (Diary.utc(2026, 12, 31, 0, 0), .changed))
        #expect(
            perform(time, .step(component: 1, by: -1), from: minute.0).0 == Diary.utc(2026, 12, 31, 0, 59))
        #expect(perform(both, .step(component: 3, by: 1), from: late).0 == Diary.utc(2026, 12, 31, 0, 59))
        #expect(time.inlinePicker(in: Diary(day: late))?.components.map(\.next) == ["00", "00"])
    }

    @Test("a row changes only the fields it shows: a date keeps its time and seconds, a time its date")
    func keepsOtherFields() {
        let start = Diary.utc(2026, 11, 23, 14, 5, 42)
        #expect(
            perform(date, .step(component: day, by: 1), from: start).0 == Diary.utc(2026, 11, 24, 14, 5, 42))
        #expect(
            perform(time, .step(component: 1, by: 1), from: start).0 == Diary.utc(2026, 11, 23, 14, 6, 42))
    }

    @Test("a range keeps every step and typed value within it; at its ends the wheel stops")
    func range() throws {
        let bounded = DateRow<Diary>(
            "Day", \.day, mode: .date, in: Diary.utc(1990, 3, 10)...Diary.utc(2000, 6, 20))
        #expect(
            perform(bounded, .step(component: year, by: 20), from: Diary.utc(1995, 1, 1)).0
                == Diary.utc(2000, 6, 20))
        #expect(
            perform(bounded, .step(component: day, by: -1), from: Diary.utc(1990, 3, 10)) == (
                Diary.utc(1990, 3, 10), .ignored
            ))
        #expect(
            perform(bounded, .step(component: month, by: 1), from: Diary.utc(2000, 6, 1)).0
                == Diary.utc(2000, 6, 20))
        let wheel = try #require(bounded.inlinePicker(in: Diary(day: Diary.utc(1990, 3, 10))))
        #expect(wheel.components[day].previous == nil)
        #expect(wheel.components[year].previous == nil)
        #expect(wheel.components[year].next == "1991")
        var state = Diary(day: Diary.utc(1995, 1, 1))
        #expect(bounded.perform(.type(component: year, digits: "2001"), on: &state) == .ignored)
        #expect(state.day == Diary.utc(1995, 1, 1))
    }

    @Test("typed year digits set the year as they add up; with a range, the ones before it wait")
    func typedYear() {
        var state = Diary(day: Diary.utc(2026, 11, 23))
        for (digits, expected) in [("1", 1), ("19", 19), ("199", 199), ("1990", 1990)] {
            #expect(date.perform(.type(component: year, digits: digits), on: &state) == .changed)
            #expect(date.content(in: state).value == "23 Nov \(expected)")
        }
        #expect(date.perform(.type(component: year, digits: "19901"), on: &state) == .ignored)
        #expect(date.perform(.type(component: year, digits: "19x"), on: &state) == .ignored)
        #expect(date.perform(.type(component: month, digits: "3"), on: &state) == .changed)
        #expect(date.content(in: state).value == "23 Mar 1990")
        #expect(date.perform(.type(component: month, digits: "13"), on: &state) == .ignored)

        let bounded = DateRow<Diary>("Day", \.day, in: Diary.utc(1900, 1, 1)...Diary.utc(2100, 1, 1))
        state = Diary(day: Diary.utc(2026, 11, 23))
        for digits in ["1", "19", "199"] {
            guard case .invalid = bounded.perform(.type(component: year, digits: digits), on: &state) else {
                Issue.record("\(digits) should wait for more digits")
                continue
            }
            #expect(state.day == Diary.utc(2026, 11, 23))
        }
        #expect(bounded.perform(.type(component: year, digits: "1990"), on: &state) == .changed)
        #expect(state.day == Diary.utc(1990, 11, 23))
        #expect(bounded.perform(.type(component: year, digits: "1899"), on: &state) == .ignored)
    }

    @Test("typed day, hour and minute digits set the field when they make one of its values")
    func typedDay() {
        var state = Diary(day: Diary.utc(2026, 1, 10, 8, 30))
        #expect(both.perform(.type(component: day, digits: "3"), on: &state) == .changed)
        #expect(both.perform(.type(component: day, digits: "31"), on: &state) == .changed)
        #expect(state.day == Diary.utc(2026, 1, 31, 8, 30))
        #expect(both.perform(.type(component: day, digits: "32"), on: &state) == .ignored)
        if case .invalid = both.perform(.type(component: day, digits: "0"), on: &state) {
        } else {
            Issue.record("0 may start 05")
        }
        #expect(both.perform(.type(component: day, digits: "05"), on: &state) == .changed)
        #expect(both.perform(.type(component: 3, digits: "23"), on: &state) == .changed)
        #expect(both.perform(.type(component: 3, digits: "24"), on: &state) == .ignored)
        #expect(both.perform(.type(component: 4, digits: "7"), on: &state) == .changed)
        #expect(both.perform(.type(component: 4, digits: "60"), on: &state) == .ignored)
        #expect(state.day == Diary.utc(2026, 1, 5, 23, 7))
        #expect(both.perform(.type(component: 9, digits: "1"), on: &state) == .ignored)
    }

    @Test("the fields are read in the row's time zone, and a step there gives them back the same")
    func timeZone() throws {
        let india = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        let row = DateRow<Diary>("Day", \.day, mode: .dateAndTime, timeZone: india)
        var state = Diary(day: Diary.utc(2026, 11, 23, 20, 0))
        #expect(row.content(in: state).value == "24 Nov 2026 01:30")
        #expect(row.perform(.step(component: 3, by: -2), on: &state) == .changed)
        #expect(row.content(in: state).value == "24 Nov 2026 23:30")
        #expect(state.day == Diary.utc(2026, 11, 24, 18, 0))
    }

    @Test("an unset date shows Not set; Enter sets today (or now, to the minute) and opens")
    func optional() throws {
        let now = Diary.utc(2026, 7, 4, 16, 45, 12)
        let birthday = DateRow<Diary>("Alarm", \.alarm, mode: .date, now: { now })
        let alarm = DateRow<Diary>("Alarm", \.alarm, mode: .time, now: { now })
        var state = Diary()
        #expect(
            birthday.content(in: state)
                == PickerValueContent(title: "Alarm", value: "Not set", isPlaceholder: true))
        #expect(birthday.inlinePicker(in: state) == nil)
        #expect(birthday.perform(.step(component: 0, by: 1), on: &state) == .ignored)
        #expect(birthday.perform(.type(component: 0, digits: "1"), on: &state) == .ignored)
        #expect(birthday.hints(in: state).map(\.label) == ["Set"])
        #expect(birthday.perform(.activate, on: &state) == .expand)
        #expect(state.alarm == Diary.utc(2026, 7, 4))
        #expect(birthday.hints(in: state).map(\.label) == ["Change", "Clear"])
        #expect(birthday.perform(DateRow<Diary>.clear, on: &state) == .changed)
        #expect(state.alarm == nil)
        #expect(birthday.perform(DateRow<Diary>.clear, on: &state) == .ignored)
        #expect(alarm.perform(.toggle, on: &state) == .expand)
        #expect(state.alarm == Diary.utc(2026, 7, 4, 16, 45))
        #expect(try #require(alarm.inlinePicker(in: state)).components.map(\.current) == ["16", "45"])
    }

    @Test("an unset date opened outside its range starts at the nearest end of it")
    func optionalInRange() {
        let row = DateRow<Diary>(
            "Alarm", \.alarm, in: Diary.utc(2030, 1, 1)...Diary.utc(2031, 1, 1),
            now: { Diary.utc(2026, 7, 4) })
        var state = Diary()
        #expect(row.perform(.activate, on: &state) == .expand)
        #expect(state.alarm == Diary.utc(2030, 1, 1))
    }

    @Test("a date that is always set cannot be cleared, and ignores other actions")
    func notOptional() {
        var state = Diary()
        for action in [
            DateRow<Diary>.clear, .increment, .decrement, .setText("1"), .step(component: 7, by: 1),
        ] {
            #expect(date.perform(action, on: &state) == .ignored)
        }
        #expect(state == Diary())
        #expect(date.hints(in: state).map(\.label) == ["Change"])
    }
}
