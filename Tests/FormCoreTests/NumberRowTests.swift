import FormCore
import Testing

private struct Order: Equatable {
    var age: Int? = nil
    var guests = 2
    var price: Double? = nil
    var weight = 1.5
    var small: UInt8 = 0
}

@Suite("NumberRow: whole numbers typed in place")
struct NumberRowTests {
    private let age = NumberRow<Order, Int>("Age", \.age, min: 0, max: 150)
    private let guests = NumberRow<Order, Int>("Guests", \.guests)

    @Test("Typed digits are stored, and the field shows the stored number")
    func parses() {
        var state = Order()
        #expect(age.perform(.setText("42"), on: &state) == .changed)
        #expect(state.age == 42)
        #expect(age.content(in: state).text == "42")
        #expect(age.textInput(in: state)?.text == "42")
        #expect(age.perform(.setText("042"), on: &state) == .ignored)
        #expect(state.age == 42)
    }

    @Test("Only digits go in, and a minus in front when the range goes below zero")
    func filter() throws {
        let input = try #require(age.textInput(in: Order()))
        #expect(input.takes("0123456789"))
        for refused in ["-1", "1.5", "4a", " 4", "٣", "３", "1e3", "+4"] {
            #expect(!input.takes(refused), "\(refused)")
        }
        #expect(input.acceptsDescription == "Digits only.")
        let signed = try #require(guests.textInput(in: Order()))
        #expect(signed.takes("-12"))
        #expect(signed.takes("-"))
        #expect(!signed.takes("1-2"))
        #expect(!signed.takes("--1"))
        #expect(!signed.takes("1.5"))
        #expect(signed.acceptsDescription == "Digits only, and a minus in front.")
    }

    @Test("Unsigned types take no minus")
    func unsigned() throws {
        let row = NumberRow<Order, UInt8>("Small", \.small)
        #expect(try #require(row.textInput(in: Order())).takes("-1") == false)
        var state = Order()
        #expect(row.perform(.setText("255"), on: &state) == .changed)
        #expect(state.small == 255)
        #expect(row.perform(.setText("256"), on: &state) == .invalid("Between 0 and 255."))
        #expect(state.small == 255)
    }

    @Test("An optional number holds nil while the text is empty or not a number yet")
    func optionalInvalid() {
        var state = Order(age: 30)
        #expect(guests.perform(.setText("-"), on: &state) == .invalid("Not a number yet."))
        let row = NumberRow<Order, Int>("Age", \.age)
        #expect(row.perform(.setText("-"), on: &state) == .invalid("Not a number yet."))
        #expect(state.age == nil)
        state.age = 30
        #expect(row.perform(.setText(""), on: &state) == .changed)
        #expect(state.age == nil)
        #expect(row.content(in: state).text == "")
    }

    @Test("A number that is always there keeps its value while the text cannot be stored")
    func requiredValueKept() {
        var state = Order(guests: 4)
        #expect(guests.perform(.setText("-"), on: &state) == .invalid("Not a number yet."))
        #expect(guests.perform(.setText(""), on: &state) == .invalid("A number is needed."))
        #expect(guests.perform(.setText("1-"), on: &state) == .invalid("Digits only, and a minus in front."))
        #expect(state.guests == 4)
        #expect(guests.perform(.setText("-3"), on: &state) == .changed)
        #expect(state.guests == -3)
    }

    @Test("Out of range is stored and named by validate, on each side")
    func range() {
        var state = Order()
        #expect(age.perform(.setText("200"), on: &state) == .changed)
        #expect(state.age == 200)
        #expect(age.validate(in: state) == "Between 0 and 150.")
        state.age = 150
        #expect(age.validate(in: state) == nil)
        state.age = 0
        #expect(age.validate(in: state) == nil)
        state.age = -1
        #expect(age.validate(in: state) == "Between 0 and 150.")
        let atLeast = NumberRow<Order, Int>("Age", \.age, min: 18)
        #expect(atLeast.validate(in: state) == "At least 18.")
        let atMost = NumberRow<Order, Int>("Age", \.age, max: 9)
        state.age = 10
        #expect(atMost.validate(in: state) == "At most 9.")
    }

    @Test("A required optional number is missing until typed")
    func required() {
        let row = NumberRow<Order, Int>("Age", \.age, required: true)
        var state = Order()
        #expect(row.validate(in: state) == "A number is needed.")
        #expect(age.validate(in: state) == nil)
        _ = row.perform(.setText("7"), on: &state)
        #expect(row.validate(in: state) == nil)
    }

    @Test("Numbers too large for the type are refused with the range, never trapping")
    func huge() {
        var state = Order(age: 5)
        #expect(age.perform(.setText("99999999999999999999"), on: &state) == .invalid("Between 0 and 150."))
        #expect(state.age == nil)
        var kept = Order(guests: 4)
        #expect(
            guests.perform(.setText("-99999999999999999999"), on: &kept)
                == .invalid("Between -9223372036854775808 and 9223372036854775807."))
        #expect(kept.guests == 4)
        #expect(guests.perform(.setText("9223372036854775807"), on: &kept) == .changed)
        #expect(kept.guests == Int.max)
        #expect(guests.perform(.setText("-9223372036854775808"), on: &kept) == .changed)
        #expect(kept.guests == Int.min)
    }

    @Test("Actions other than text are ignored")
    func otherActions() {
        var state = Order()
        for action in [RowAction.activate, .toggle, .increment, .decrement, .largeIncrement] {
            #expect(age.perform(action, on: &state) == .ignored)
        }
        #expect(state == Order())
    }
}

@Suite("NumberRow: decimal numbers typed in place")
struct DecimalNumberRowTests {
    private let price = NumberRow<Order, Double>("Price", \.price, min: 0, max: 1000, fractionDigits: 2)
    private let weight = NumberRow<Order, Double>("Weight", \.weight)

    @Test("Digits and one point go in; a minus only in front and only below zero")
    func filter() throws {
        let input = try #require(price.textInput(in: Order()))
        for taken in ["1.5", ".5", "1.", "12", ""] { #expect(input.takes(taken), "\(taken)") }
        for refused in ["1.2.3", "-1", "1,5", "1e5", "inf", "nan", "0x1p3"] {
            #expect(!input.takes(refused), "\(refused)")
        }
        #expect(input.acceptsDescription == "A number: digits, one point.")
        let signed = try #require(weight.textInput(in: Order()))
        #expect(signed.takes("-.5"))
        #expect(!signed.takes(".-5"))
        #expect(signed.acceptsDescription == "A number: digits, one point, a minus in front.")
    }

    @Test(
        "Partial numbers parse once they have a digit", arguments: [(".5", 0.5), ("1.", 1.0), ("2.50", 2.5)])
    func parses(text: String, value: Double) {
        var state = Order()
        #expect(price.perform(.setText(text), on: &state) == .changed)
        #expect(state.price == value)
    }

    @Test("More places than the row shows are rounded away: the state holds what the row shows")
    func roundsToItsPlaces() {
        var state = Order()
        #expect(price.perform(.setText("3.1415"), on: &state) == .changed)
        #expect(state.price == 3.14)
        #expect(price.content(in: state).text == "3.14")
        #expect(price.perform(.setText("2.675"), on: &state) == .changed)
        #expect(price.content(in: state).text == String(state.price ?? 0))
        #expect(weight.perform(.setText("3.1415"), on: &state) == .changed)
        #expect(state.weight == 3.1415, "no places given: kept whole")
    }

    @Test("A point or a sign alone is not a number yet", arguments: ["-", ".", "-."])
    func incomplete(text: String) {
        var state = Order(price: 3, weight: 2)
        #expect(weight.perform(.setText(text), on: &state) == .invalid("Not a number yet."))
        #expect(state.weight == 2)
        let optional = NumberRow<Order, Double>("Price", \.price)
        #expect(optional.perform(.setText(text), on: &state) == .invalid("Not a number yet."))
        #expect(state.price == nil)
    }

    @Test("Decimals show without binary noise, exponents or a trailing .0")
    func display() {
        var state = Order(price: 0.1 + 0.2, weight: 5)
        #expect(price.content(in: state).text == "0.3")
        #expect(weight.content(in: state).text == "5")
        state.weight = 2.5
        #expect(weight.content(in: state).text == "2.5")
        state.weight = 1e-5
        #expect(weight.content(in: state).text == "0.00001")
        state.weight = 1e16
        #expect(weight.content(in: state).text == "10000000000000000")
        state.price = 2.675
        #expect(price.textInput(in: state)?.text == "2.68")
    }

    @Test("A number beyond a double's range is refused; the range is checked on save")
    func extremes() {
        var state = Order(price: 1, weight: 1)
        let huge = "1" + String(repeating: "0", count: 400)
        #expect(weight.perform(.setText(huge), on: &state) == .invalid("Too large a number."))
        #expect(state.weight == 1)
        #expect(price.perform(.setText(huge), on: &state) == .invalid("Between 0 and 1000."))
        #expect(price.perform(.setText("1000.5"), on: &state) == .changed)
        #expect(price.validate(in: state) == "Between 0 and 1000.")
        state.weight = .nan
        #expect(weight.validate(in: state) == "Not a finite number.")
    }
}

@Suite("DecimalText: plain decimal text for floating-point numbers")
struct DecimalTextTests {
    @Test(
        "Shortest digits, no exponent",
        arguments: [
            (0.5, "0.5"), (-12.25, "-12.25"), (100, "100"), (1e21, "1000000000000000000000"),
            (1.5e-7, "0.00000015"), (-0.0, "0"), (123456789.125, "123456789.125"),
        ])
    func plain(value: Double, text: String) {
        #expect(DecimalText.format(value) == text)
    }

    @Test("Rounding to places carries, drops trailing zeros, and never shows -0")
    func rounding() {
        #expect(DecimalText.format(9.995, maxFractionDigits: 2) == "10")
        #expect(DecimalText.format(0.006, maxFractionDigits: 2) == "0.01")
        #expect(DecimalText.format(0.004, maxFractionDigits: 2) == "0")
        #expect(DecimalText.format(0.0004, maxFractionDigits: 2) == "0")
        #expect(DecimalText.format(-0.001, maxFractionDigits: 1) == "0")
        #expect(DecimalText.format(1.25, maxFractionDigits: 1) == "1.3")
        #expect(DecimalText.format(99.5, maxFractionDigits: 0) == "100")
        #expect(DecimalText.format(1.5, maxFractionDigits: -2) == "2")
        #expect(DecimalText.format(Float(0.1) * 3, maxFractionDigits: 3) == "0.3")
    }

    @Test("The largest and smallest doubles, and the values that are not numbers")
    func extremes() {
        let largest = DecimalText.format(Double.greatestFiniteMagnitude)
        #expect(largest.hasPrefix("17976931348623157") && largest.count == 309)
        #expect(DecimalText.format(Double.leastNonzeroMagnitude).hasSuffix("5"))
        #expect(DecimalText.format(Double.infinity) == "inf")
        #expect(DecimalText.format(Double.nan) == "nan")
    }

    @Test("Places of a step")
    func places() {
        #expect(DecimalText.fractionDigits(of: 0.05) == 2)
        #expect(DecimalText.fractionDigits(of: 5.0) == 0)
        #expect(DecimalText.fractionDigits(of: 1e-5) == 5)
    }
}
