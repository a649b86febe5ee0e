/// The rules for a number typed as text, shared by the rows that take numbers: which characters
/// and which shapes go in while typing, and how a range is said.
enum NumberText {
    /// ASCII digits only: other scripts' digits (`٣`, `３`) do not parse as Swift numbers.
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }

    /// Whether `character` can be part of a number being typed.
    static func accepts(_ character: Character, decimal: Bool, signed: Bool) -> Bool {
        isDigit(character) || (signed && character == "-") || (decimal && character == ".")
    }

    /// Whether `text` can still become a number as typing goes on: an optional minus first, digits,
    /// and for a decimal at most one point. "-", "." and "-." qualify; "1-2" and "1.2.3" do not.
    static func isPrefix(_ text: String, decimal: Bool, signed: Bool) -> Bool {
        var rest = Substring(text)
        if signed, rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        if decimal, rest.first == "." { rest = rest.dropFirst() }
        return rest.allSatisfy(isDigit)
    }

    /// Whether a text that `isPrefix` took has a digit, and so is a number.
    static func isComplete(_ text: String) -> Bool {
        text.contains(where: isDigit)
    }

    /// How a range is said, under a row and on the help line.
    static func rangeMessage(lower: String?, upper: String?) -> String? {
        switch (lower, upper) {
        case (let lower?, let upper?): "Between \(lower) and \(upper)."
        case (let lower?, nil): "At least \(lower)."
        case (nil, let upper?): "At most \(upper)."
        case (nil, nil): nil
        }
    }
}
