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
        // The zeros are looked for among the bytes (the digits are ASCII): by Character, each
        // number of a large document took a grapheme walk.
        let bytes = digits.utf8
        let zero = UInt8(ascii: "0")
        var start = bytes.startIndex
        while start < bytes.endIndex, bytes[start] == zero { start = bytes.index(after: start) }
        var end = bytes.endIndex
        var exponent = exponent
        while end > start, bytes[bytes.index(before: end)] == zero {
            end = bytes.index(before: end)
            exponent += 1
        }
        let whole = start == bytes.startIndex && end == bytes.endIndex
        self.negative = negative && start < end
        self.digits = whole ? digits : String(decoding: bytes[start..<end], as: UTF8.self)
        self.exponent = start < end ? exponent : 0
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
        // Read where the text lies (a String's bytes always do): copying them into an array, and
        // the digits into another, were two allocations for each number of a document.
        let read =
            literal.utf8.withContiguousStorageIfAvailable { Self.read(literal: $0) }
            ?? Array(literal.utf8).withUnsafeBufferPointer { Self.read(literal: $0) }
        guard let read else { return nil }
        self = read
    }

    private static func read(literal bytes: UnsafeBufferPointer<UInt8>) -> DocumentNumber? {
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        let whole = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > whole else { return nil }
        let wholeEnd = index
        var fraction = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            fraction = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > fraction else { return nil }
        }
        let fractionEnd = max(fraction, index)
        var exponent = -(fractionEnd - fraction)
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            var value = 0
            while index < bytes.count, isDigit(bytes[index]) {
                // Exponents past a billion say nothing a Double or a person can use; clamp.
                value = min(value * 10 + Int(bytes[index] - 0x30), 1_000_000_000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            exponent += negativeExponent ? -value : value
        }
        guard index == bytes.count else { return nil }
        // The digits are the whole part's then the fraction's, on either side of the point.
        var digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[whole..<wholeEnd]), as: UTF8.self)
        if fractionEnd > fraction {
            digits += String(
                decoding: UnsafeBufferPointer(rebasing: bytes[fraction..<fractionEnd]), as: UTF8.self)
        }
        return DocumentNumber(negative: negative, digits: digits, exponent: exponent, isInteger: isInteger)
    }

    /// Whether the value is a whole number (`2.0` is, whatever `isInteger` says).
    public var isWhole: Bool { special == nil && exponent >= 0 }

    /// The value as an Int when it is whole and fits.
    public var int: Int? {
        // By the digits' bytes: at most 19 of them, which a UInt64 holds.
        guard isWhole, digits.utf8.count + exponent <= 19 else { return nil }
        guard !digits.isEmpty else { return 0 }
        var magnitude: UInt64 = 0
        for byte in digits.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            magnitude = magnitude * 10 + UInt64(byte - 0x30)
        }
        for _ in 0..<exponent { magnitude *= 10 }
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
