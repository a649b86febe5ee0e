/// A number as exact decimal digits: `negative`, `digits` (no leading or trailing zeros; empty for
/// zero) and `exponent`, so that the value is ±digits × 10^exponent. Two spellings of one value
/// (`1.50`, `15e-1`, TOML's `0x0f` against `15`) compare equal; `isInteger` says whether the format
/// wrote it as an integer (TOML's integer against float), which equality also compares.
///
/// ```swift
/// let port = DocumentNumber(literal: "8080")!   // integer 8080
/// let ratio = DocumentNumber(literal: "0.25")!  // digits "25", exponent -2
/// ```
public struct DocumentNumber: Hashable, Sendable, CustomStringConvertible {
    public enum Special: Hashable, Sendable { case infinity, negativeInfinity, nan }

    public var negative: Bool
    public var digits: String
    public var exponent: Int
    /// Written as an integer (no fraction, no exponent): TOML keeps integers apart from floats.
    public var isInteger: Bool
    /// TOML's `inf`, `-inf` and `nan`, which have no digits.
    public var special: Special?

    public init(negative: Bool, digits: String, exponent: Int, isInteger: Bool) {
        var digits = Substring(digits.drop { $0 == "0" })
        var exponent = exponent
        while digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative && !digits.isEmpty
        self.digits = String(digits)
        self.exponent = digits.isEmpty ? 0 : exponent
        self.isInteger = isInteger
        self.special = nil
    }

    public init(_ value: Int) {
        self.init(
            negative: value < 0, digits: String(value.magnitude), exponent: 0, isInteger: true)
    }

    public init(special: Special) {
        self.negative = special == .negativeInfinity
        self.digits = ""
        self.exponent = 0
        self.isInteger = false
        self.special = special
    }

    /// Reads a JSON-style decimal literal (`-12`, `0.5`, `1E+3`); nil for anything else.
    public init?(literal: some StringProtocol) {
        var bytes = Array(literal.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var isInteger = true
        while let byte = bytes.first, (0x30...0x39).contains(byte) {
            mantissa.append(byte)
            sawDigit = true
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if bytes.first == UInt8(ascii: ".") {
            isInteger = false
            bytes = bytes.dropFirst()
            var fraction = false
            while let byte = bytes.first, (0x30...0x39).contains(byte) {
                mantissa.append(byte)
                exponent -= 1
                fraction = true
                bytes = bytes.dropFirst()
            }
            guard fraction else { return nil }
        }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            bytes = bytes.dropFirst()
            var negativeExponent = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negativeExponent = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            var value = 0
            var any = false
            while let byte = bytes.first, (0x30...0x39).contains(byte) {
                // Exponents past a billion say nothing a Double or a person can use; clamp.
                value = min(value * 10 + Int(byte - 0x30), 1_000_000_000)
                any = true
                bytes = bytes.dropFirst()
            }
            guard any else { return nil }
            exponent += negativeExponent ? -value : value
        }
        guard bytes.isEmpty else { return nil }
        self.init(
            negative: negative, digits: String(decoding: mantissa, as: UTF8.self),
            exponent: exponent, isInteger: isInteger)
    }

    /// Whether the value is a whole number (`2.0` is, whatever `isInteger` says).
    public var isWhole: Bool { special == nil && exponent >= 0 }

    /// The value as an Int when it is whole and fits.
    public var int: Int? {
        guard isWhole, digits.count + exponent <= 19 else { return nil }
        guard let magnitude = UInt64(digits + String(repeating: "0", count: exponent))
        else { return digits.isEmpty ? 0 : nil }
        if negative {
            return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// The nearest Double (infinite past its range).
    public var double: Double {
        switch special {
        case .infinity: return .infinity
        case .negativeInfinity: return -.infinity
        case .nan: return .nan
        case nil: break
        }
        if digits.isEmpty { return negative ? -0.0 : 0 }
        return Double("\(negative ? "-" : "")\(digits)e\(exponent)") ?? .nan
    }

    /// A plain decimal spelling (`-12.5`, `1e+400` past 21 digits): what a JSON writer prints.
    public var description: String {
        switch special {
        case .infinity: return "inf"
        case .negativeInfinity: return "-inf"
        case .nan: return "nan"
        case nil: break
        }
        let sign = negative ? "-" : ""
        if digits.isEmpty { return isInteger ? "0" : "0.0" }
        if exponent >= 0 {
            if digits.count + exponent <= 21 {
                let whole = digits + String(repeating: "0", count: exponent)
                return sign + whole + (isInteger ? "" : ".0")
            }
            return
                "\(sign)\(digits.prefix(1)).\(digits.dropFirst().isEmpty ? "0" : String(digits.dropFirst()))e+\(digits.count - 1 + exponent)"
        }
        let point = digits.count + exponent
        if point > 0 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        if point > -6 {
            return sign + "0." + String(repeating: "0", count: -point) + digits
        }
        let rest = digits.dropFirst()
        return "\(sign)\(digits.prefix(1)).\(rest.isEmpty ? "0" : String(rest))e\(point - 1)"
    }
}
