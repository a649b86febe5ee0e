import FormCore
import Testing

private struct Party: Equatable {
    var guests = 3
    var wide = 0
    var small: UInt8 = 0
}

@Suite("StepperRow: a whole number a step at a time")
struct StepperRowTests {
    private let guests = StepperRow<Party, Int>("Guests", \.guests, in: 1...10)

    @Test("Increment and decrement move by the step")
    func steps() {
        var state = Party()
        #expect(guests.perform(.increment, on: &state) == .changed)
        #expect(state.guests == 4)
        #expect(guests.perform(.decrement, on: &state) == .changed)
        #expect(guests.perform(.decrement, on: &state) == .changed)
        #expect(state.guests == 2)
    }

    @Test("At an end the key does nothing, and the content says which sign is spent")
    func clamps() {
        var state = Party(guests: 10)
        #expect(guests.perform(.increment, on: &state) == .ignored)
        #expect(state.guests == 10)
        #expect(guests.content(in: state).canIncrement == false)
        #expect(guests.content(in: state).canDecrement)
        state.guests = 1
        #expect(guests.perform(.decrement, on: &state) == .ignored)
        #expect(guests.content(in: state).canDecrement == false)
        #expect(guests.content(in: state).canIncrement)
    }

    @Test("Steps land on the range's steps and its ends")
    func snapping() {
        let row = StepperRow<Party, Int>("Guests", \.guests, in: 0...10, step: 3)
        var state = Party(guests: 4)
        #expect(row.perform(.increment, on: &state) == .changed)
        #expect(state.guests == 6)
        _ = row.perform(.increment, on: &state)
        _ = row.perform(.increment, on: &state)
        #expect(state.guests == 10)
        _ = row.perform(.decrement, on: &state)
        #expect(state.guests == 9)
        state.guests = 4
        _ = row.perform(.decrement, on: &state)
        #expect(state.guests == 3)
    }

    @Test("A value outside the range comes back to the nearer end, and validate names the range")
    func outside() {
        var state = Party(guests: 50)
        #expect(guests.validate(in: state) == "Between 1 and 10.")
        #expect(guests.perform(.increment, on: &state) == .changed)
        #expect(state.guests == 10)
        #expect(guests.validate(in: state) == nil)
        state.guests = -5
        #expect(guests.perform(.increment, on: &state) == .changed)
        #expect(state.guests == 1)
    }

    @Test("The widest end sets the value's width; it is shown as a number")
    func content() {
        let content = guests.content(in: Party())
        #expect(
            content
                == StepperContent(
                    title: "Guests", value: "3", valueWidth: 2, canDecrement: true, canIncrement: true))
        let negative = StepperRow<Party, Int>("T", \.wide, in: -100...5).content(in: Party())
        #expect(negative.valueWidth == 4)
    }

    @Test("The whole range of a type steps without overflowing")
    func extremes() {
        let row = StepperRow<Party, Int>("Wide", \.wide, in: Int.min...Int.max, step: Int.max)
        var state = Party(wide: Int.max - 1)
        #expect(row.perform(.increment, on: &state) == .changed)
        #expect(state.wide == Int.max)
        #expect(row.perform(.increment, on: &state) == .ignored)
        state.wide = Int.min + 1
        #expect(row.perform(.decrement, on: &state) == .changed)
        #expect(state.wide == Int.min)
        #expect(row.perform(.decrement, on: &state) == .ignored)
        state.wide = 0
        _ = row.perform(.increment, on: &state)
        // The steps are Int.min, -1 and Int.max - 1 (then the end): from 0 the next is Int.max - 1.
        #expect(state.wide == Int.max - 1)
        let unsigned = StepperRow<Party, UInt8>("Small", \.small, in: 0...255, step: 200)
        var small = Party(small: 250)
        #expect(unsigned.perform(.increment, on: &small) == .changed)
        #expect(small.small == 255)
        #expect(unsigned.perform(.decrement, on: &small) == .changed)
        #expect(small.small == 200)
    }

    @Test("Only the arrows' actions move it; the help says so")
    func actionsAndHints() {
        var state = Party()
        for action in [RowAction.activate, .toggle, .largeIncrement, .setText("5")] {
            #expect(guests.perform(action, on: &state) == .ignored)
        }
        #expect(guests.hints(in: state) == [RowHint([.decrement, .increment], "Adjust")])
    }
}
