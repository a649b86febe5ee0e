import FormCore
import Testing

private struct Mixer: Equatable {
    var volume = 70
    var balance = 0.0
    var gain: Float = 0
    var huge = 0.0
    var wide = 0
}

@Suite("SliderRow: a number in a range, by steps and by tenths")
struct SliderRowTests {
    private let volume = SliderRow<Mixer, Int>(
        "Volume", \.volume, in: 0...100, step: 5, format: { "\($0) %" })
    private let balance = SliderRow<Mixer, Double>("Balance", \.balance, in: -1...1, step: 0.1)

    @Test("Arrows move a step, big steps a tenth of the range")
    func steps() {
        var state = Mixer()
        #expect(volume.perform(.increment, on: &state) == .changed)
        #expect(state.volume == 75)
        #expect(volume.perform(.largeIncrement, on: &state) == .changed)
        #expect(state.volume == 85)
        #expect(volume.perform(.largeDecrement, on: &state) == .changed)
        #expect(volume.perform(.decrement, on: &state) == .changed)
        #expect(state.volume == 70)
    }

    @Test("A value off the steps snaps onto them in the key's direction")
    func snapping() {
        var state = Mixer(volume: 72)
        _ = volume.perform(.increment, on: &state)
        #expect(state.volume == 75)
        state.volume = 72
        _ = volume.perform(.decrement, on: &state)
        #expect(state.volume == 70)
        state.volume = 72
        _ = volume.perform(.largeIncrement, on: &state)
        #expect(state.volume == 80)
    }

    @Test("The ends hold, and a tenth never goes past them")
    func clamps() {
        var state = Mixer(volume: 95)
        #expect(volume.perform(.largeIncrement, on: &state) == .changed)
        #expect(state.volume == 100)
        #expect(volume.perform(.increment, on: &state) == .ignored)
        #expect(volume.perform(.largeIncrement, on: &state) == .ignored)
        state.volume = 3
        _ = volume.perform(.largeDecrement, on: &state)
        #expect(state.volume == 0)
        #expect(volume.perform(.decrement, on: &state) == .ignored)
        state.volume = 140
        #expect(volume.validate(in: state) == "Between 0 % and 100 %.")
        _ = volume.perform(.decrement, on: &state)
        #expect(state.volume == 100)
    }

    @Test("A tenth is rounded to whole steps, at least one")
    func tenthRounding() {
        let row = SliderRow<Mixer, Int>("Few", \.volume, in: 0...7)
        var state = Mixer(volume: 0)
        _ = row.perform(.largeIncrement, on: &state)
        #expect(state.volume == 1)
        let coarse = SliderRow<Mixer, Int>("Coarse", \.volume, in: 0...100, step: 3)
        state.volume = 0
        _ = coarse.perform(.largeIncrement, on: &state)
        #expect(state.volume == 9)
    }

    @Test("Decimal steps carry no binary noise")
    func decimals() {
        var state = Mixer()
        for _ in 0..<3 { _ = balance.perform(.increment, on: &state) }
        #expect(state.balance == 0.3)
        #expect(balance.content(in: state).value == "0.3")
        _ = balance.perform(.largeIncrement, on: &state)
        #expect(state.balance == 0.5)
        for _ in 0..<20 { _ = balance.perform(.decrement, on: &state) }
        #expect(state.balance == -1)
        #expect(balance.content(in: state).value == "-1")
        let gain = SliderRow<Mixer, Float>("Gain", \.gain, in: 0...1, step: 0.05)
        for _ in 0..<7 { _ = gain.perform(.increment, on: &state) }
        #expect(state.gain == 0.35)
    }

    @Test("The bar's fraction follows the value and stays within 0...1")
    func fraction() {
        #expect(volume.content(in: Mixer(volume: 70)).fraction == 0.7)
        #expect(volume.content(in: Mixer(volume: 500)).fraction == 1)
        #expect(volume.content(in: Mixer(volume: -5)).fraction == 0)
        #expect(balance.content(in: Mixer(balance: .nan)).fraction == 0)
        #expect(volume.content(in: Mixer()).valueWidth == 5)
    }

    @Test("Ranges over a whole type move without trapping")
    func extremes() {
        let wide = SliderRow<Mixer, Int>("Wide", \.wide, in: Int.min...Int.max)
        var state = Mixer(wide: 0)
        #expect(wide.perform(.largeIncrement, on: &state) == .changed)
        // A tenth of the 2⁶⁴ - 1 values between the ends.
        #expect(state.wide == Int(UInt64.max / 10))
        state.wide = Int.max
        #expect(wide.perform(.largeIncrement, on: &state) == .ignored)
        #expect(wide.content(in: state).fraction == 1)
        state.wide = Int.min
        #expect(wide.perform(.largeDecrement, on: &state) == .ignored)
        #expect(wide.perform(.increment, on: &state) == .changed)
        #expect(state.wide == Int.min + 1)

        let limit = Double.greatestFiniteMagnitude
        let huge = SliderRow<Mixer, Double>("Huge", \.huge, in: -limit...limit, step: 1)
        #expect(huge.perform(.largeIncrement, on: &state) == .changed)
        #expect(state.huge > 0 && state.huge.isFinite)
        state.huge = limit
        #expect(huge.perform(.increment, on: &state) == .ignored)
        state.huge = .nan
        #expect(huge.perform(.increment, on: &state) == .changed)
        #expect(state.huge == -limit)
        #expect(huge.content(in: Mixer(huge: 0)).fraction == 0.5)
    }

    @Test("Step and tenth are listed in the help, the tenth less important")
    func hints() {
        let hints = volume.hints(in: Mixer())
        #expect(hints.map(\.actions) == [[.decrement, .increment], [.largeDecrement, .largeIncrement]])
        #expect(hints[0].priority > hints[1].priority)
    }
}
