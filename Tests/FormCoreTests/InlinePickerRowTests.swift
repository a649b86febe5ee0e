import FormCore
import Testing

private struct Order: Equatable {
    enum Size: String, CaseIterable, CustomStringConvertible {
        case small, medium, large
        var description: String { rawValue.capitalized }
    }

    var size = Size.medium
    var hours = 1
    var minutes = 30
}

@Suite("InlinePickerRow: options on wheels below the row")
struct InlinePickerRowTests {
    private let size = InlinePickerRow<Order>("Size", \.size, options: Order.Size.allCases)
    private let duration = InlinePickerRow<Order>(
        "Duration",
        components: [
            PickerComponent(\.hours, options: 0...23, name: "Hours") { "\($0) h" },
            PickerComponent(\.minutes, options: stride(from: 0, to: 60, by: 15), name: "Minutes") {
                "\($0) min"
            },
        ])

    @Test("the row shows the current values; Enter and Space open the wheels")
    func content() {
        var state = Order()
        #expect(size.content(in: state) == PickerValueContent(title: "Size", value: "Medium"))
        #expect(duration.content(in: state).value == "1 h 30 min")
        #expect(size.perform(.activate, on: &state) == .expand)
        #expect(duration.perform(.toggle, on: &state) == .expand)
        #expect(state == Order())
        #expect(size.hints(in: state).map(\.label) == ["Choose"])
    }

    @Test("each wheel shows the options either side of its value, named for the help line")
    func wheels() throws {
        let picker = try #require(duration.inlinePicker(in: Order()))
        #expect(picker.components.map(\.label) == ["Hours", "Minutes"])
        #expect(picker.components.map(\.previous) == ["0 h", "15 min"])
        #expect(picker.components.map(\.current) == ["1 h", "30 min"])
        #expect(picker.components.map(\.next) == ["2 h", "45 min"])
        #expect(picker.components.allSatisfy { $0.takesDigits }, "labels that start with a number")
        #expect(size.inlinePicker(in: Order())?.components.map(\.label) == ["Size"])
        #expect(size.inlinePicker(in: Order())?.components.first?.takesDigits == false)
    }

    @Test("steps move through the options and stop at the ends, without wrapping around")
    func steps() throws {
        var state = Order()
        #expect(size.perform(.step(component: 0, by: 1), on: &state) == .changed)
        #expect(state.size == .large)
        #expect(size.perform(.step(component: 0, by: 1), on: &state) == .ignored)
        #expect(state.size == .large)
        #expect(size.inlinePicker(in: state)?.components.first?.next == nil)
        #expect(size.perform(.step(component: 0, by: -5), on: &state) == .changed)
        #expect(state.size == .small)
        #expect(size.inlinePicker(in: state)?.components.first?.previous == nil)
        #expect(size.perform(.step(component: 0, by: -1), on: &state) == .ignored)
    }

    @Test("each component changes its own key path only")
    func components() {
        var state = Order()
        #expect(duration.perform(.step(component: 1, by: 1), on: &state) == .changed)
        #expect(state == Order(size: .medium, hours: 1, minutes: 45))
        #expect(duration.perform(.step(component: 0, by: -1), on: &state) == .changed)
        #expect(state == Order(size: .medium, hours: 0, minutes: 45))
        #expect(duration.perform(.step(component: 2, by: 1), on: &state) == .ignored)
        #expect(duration.perform(.increment, on: &state) == .ignored)
        #expect(state == Order(size: .medium, hours: 0, minutes: 45))
    }

    @Test("digits pick the option that starts with their number, wait for one more, refuse the rest")
    func digits() {
        var state = Order()
        #expect(
            duration.perform(.type(component: 1, digits: "1"), on: &state)
                == .invalid("1 is not a minutes here yet."))
        #expect(duration.perform(.type(component: 1, digits: "15"), on: &state) == .changed)
        #expect(state.minutes == 15)
        #expect(duration.perform(.type(component: 1, digits: "15"), on: &state) == .ignored, "already 15")
        #expect(duration.perform(.type(component: 1, digits: "00"), on: &state) == .changed)
        #expect(state.minutes == 0)
        #expect(duration.perform(.type(component: 1, digits: "7"), on: &state) == .ignored)
        #expect(duration.perform(.type(component: 0, digits: "12"), on: &state) == .changed)
        #expect(state.hours == 12)
        #expect(duration.perform(.type(component: 0, digits: "x"), on: &state) == .ignored)
        #expect(size.perform(.type(component: 0, digits: "1"), on: &state) == .ignored)
        #expect(duration.perform(.type(component: 2, digits: "1"), on: &state) == .ignored)
    }

    @Test("a value that is none of the options is shown, and ↓ takes the first option")
    func unknownValue() throws {
        var state = Order(minutes: 7)
        #expect(duration.content(in: state).value == "1 h 7 min")
        let wheel = try #require(duration.inlinePicker(in: state)?.components[1])
        #expect(wheel.previous == nil)
        #expect(wheel.current == "7 min")
        #expect(wheel.next == "0 min")
        #expect(duration.perform(.step(component: 1, by: -1), on: &state) == .ignored)
        #expect(duration.perform(.step(component: 1, by: 1), on: &state) == .changed)
        #expect(state.minutes == 0)
    }

    @Test("a row with no options or no components has nothing to open")
    func empty() {
        var state = Order()
        let none = InlinePickerRow<Order>("Size", \.size, options: [])
        #expect(none.perform(.step(component: 0, by: 1), on: &state) == .ignored)
        #expect(none.inlinePicker(in: state)?.components.first?.next == nil)
        let nothing = InlinePickerRow<Order>("Nothing", components: [])
        #expect(nothing.perform(.activate, on: &state) == .ignored)
        #expect(nothing.inlinePicker(in: state) == nil)
        #expect(state == Order())
    }
}
