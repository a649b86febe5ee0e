/// Plain decimal text for a binary floating-point number, as a form shows it: `2.5`, `0.00001`,
/// `10000000000000000`, `5`; never an exponent, never a trailing zero.
///
/// It starts from the number's `description`, which is the shortest text that reads back as the
/// same number (so `2.5` and not `2.5000000000000000001`), and rewrites it without the exponent
/// and the `.0` that `description` adds. Foundation's `formatted()` would do this too, but it needs
/// ICU, which FormCore keeps out.
///
/// Rounding to `maxFractionDigits` works on those shortest digits, halves away from zero: 2.675
/// shows as 2.68, as typed, though the nearest double is a little under it.
///
/// ```swift
/// DecimalText.format(0.1 + 0.2, maxFractionDigits: 2) // "0.3"
/// DecimalText.format(1e-5)                          // "0.00001"
/// DecimalText.format(-0.0)                          // "0"
/// ```
public enum DecimalText {
    public static func format<Value: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Value, maxFractionDigits: Int? = nil
    ) -> String {
        guard value.isFinite else { return value.description }
        var number = Digits(value.description)
        if let places = maxFractionDigits { number.round(toFractionDigits: max(0, places)) }
        return number.text
    }

    /// How many digits `value` shows after the point (0 for a whole number): the places a step
    /// of 0.05 gives to the values it makes.
    public static func fractionDigits<Value: BinaryFloatingPoint & LosslessStringConvertible>(
        of value: Value
    ) -> Int {
        let text = format(value)
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text.distance(from: point, to: text.endIndex) - 1
    }

    /// A finite number as a sign, its significant digits and where the point goes: the value is
    /// 0.d₁d₂d₃… × 10^`point`.
    private struct Digits {
        var isNegative: Bool
        var digits: [UInt8]
        var point: Int

        /// Reads `description` text: `-12.5`, `1e-05`, `1.5e+16`.
        init(_ description: String) {
            var text = Substring(description)
            isNegative = text.first == "-"
            if isNegative { text = text.dropFirst() }
            var exponent = 0
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                exponent = Int(text[text.index(after: e)...]) ?? 0
                text = text[..<e]
            }
            let whole = text.prefix { $0 != "." }
            let fraction = text.dropFirst(whole.count).dropFirst()
            // Each part by itself: `whole + fraction` is String's generic append, which the
            // runtime serves by searching every conformance of the program, the first time.
            digits = whole.compactMap { $0.wholeNumberValue.map(UInt8.init) }
            digits.append(contentsOf: fraction.compactMap { $0.wholeNumberValue.map(UInt8.init) })
            point = whole.count + exponent
            while digits.first == 0 {
                digits.removeFirst()
                point -= 1
            }
            while digits.last == 0 { digits.removeLast() }
        }

        mutating func round(toFractionDigits places: Int) {
            let keep = point + places
            guard keep < digits.count else { return }
            guard keep >= 0 else {
                // The first digit lies two places or more past the last one kept: under a half.
                digits = []
                return
            }
            let roundsUp = digits[keep] >= 5
            digits.removeSubrange(keep...)
            guard roundsUp else {
                while digits.last == 0 { digits.removeLast() }
                return
            }
            var index = digits.count - 1
            while index >= 0, digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 {
                digits[index] += 1
            } else {
                digits.insert(1, at: 0)
                point += 1
            }
            while digits.last == 0 { digits.removeLast() }
        }

        var text: String {
            guard !digits.isEmpty else { return "0" }
            // As UTF-8 bytes: `String(characters)` of an array of Character is a generic call the
            // runtime serves by searching every conformance of the program, the first time.
            let ascii = digits.map { $0 + UInt8(ascii: "0") }
            var whole = ""
            var fraction = ""
            if point <= 0 {
                whole = "0"
                fraction = String(repeating: "0", count: -point) + String(decoding: ascii, as: UTF8.self)
            } else if point >= ascii.count {
                whole =
                    String(decoding: ascii, as: UTF8.self)
                    + String(repeating: "0", count: point - ascii.count)
            } else {
                whole = String(decoding: ascii[..<point], as: UTF8.self)
                fraction = String(decoding: ascii[point...], as: UTF8.self)
            }
            return (isNegative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
        }
    }
}
