/// The parsed form of an ECMA-262 pattern (Unicode mode, no flags): what `pattern` and
/// `patternProperties` hold. Built by ``PatternParser``, compiled by ``PatternCompiler``. Only the
/// cases that hold a node are boxed: a 46 KB pattern (SchemaStore's utcm-monitor) is tens of
/// thousands of scalars and classes, each of which would otherwise be an allocation.
enum PatternNode: Sendable {
    case empty
    case scalar(UInt32)
    /// A character class: its index in the parser's (then the program's) `sets`.
    case set(Int)
    /// `.`: anything but a line terminator.
    case any
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// A group; `capture` is its number (from 1) when it captures.
    indirect case group(PatternNode, capture: Int?)
    indirect case repetition(PatternNode, min: Int, max: Int?, greedy: Bool)
    case assertion(PatternAssertion)
    case backreference(Int)
    indirect case look(PatternNode, ahead: Bool, negated: Bool)
}

enum PatternAssertion: Sendable {
    case start, end, wordBoundary, notWordBoundary
}

/// A character class, built once when the pattern is read: members below 128 as bits (most
/// classes, such as the `[Aa]` a case-insensitive pattern is written with, need nothing more),
/// the others as sorted, merged ranges and class escapes, possibly negated.
struct PatternCharSet: Sendable {
    enum Escape: Sendable {
        case digit, word, space
        case property(UnicodeProperty)
    }

    /// Bit `n` of `ascii.0` (n < 64) or `ascii.1` (n - 64) says whether scalar n is a member,
    /// escapes included.
    private var ascii: (UInt64, UInt64) = (0, 0)
    /// Members from 128 up, sorted by lower bound and disjoint once ``finish()`` has run.
    private var ranges: [ClosedRange<UInt32>] = []
    /// Class escapes, asked only for scalars from 128 up (their ASCII members are in `ascii`).
    private var escapes: [(escape: Escape, negated: Bool)] = []
    var negated = false

    init() {}

    init(_ escape: Escape, negated: Bool) {
        insert(escape, negated: negated)
    }

    private mutating func insertASCII(_ scalar: UInt32) {
        if scalar < 64 {
            ascii.0 |= 1 << UInt64(scalar)
        } else {
            ascii.1 |= 1 << UInt64(scalar - 64)
        }
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        if range.lowerBound < 128 {
            for scalar in range.lowerBound...min(range.upperBound, 127) { insertASCII(scalar) }
        }
        if range.upperBound >= 128 { ranges.append(max(range.lowerBound, 128)...range.upperBound) }
    }

    mutating func insert(_ escape: Escape, negated: Bool) {
        for scalar in UInt32(0)..<128 where escape.matches(scalar) != negated { insertASCII(scalar) }
        escapes.append((escape, negated))
    }

    /// Takes in another class's escapes (a `\d` inside brackets).
    mutating func insert(escapesOf other: PatternCharSet) {
        for (escape, negated) in other.escapes { insert(escape, negated: negated) }
    }

    /// Sorts and merges the ranges, so that ``contains(_:)`` is a binary search.
    mutating func finish() {
        guard ranges.count > 1 else { return }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = [ranges[0]]
        for range in ranges.dropFirst() {
            let last = merged[merged.count - 1]
            if range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 128 {
            let bits = scalar < 64 ? ascii.0 >> UInt64(scalar) : ascii.1 >> UInt64(scalar - 64)
            return (bits & 1 == 1) != negated
        }
        // The last range that starts at or before `scalar`.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= scalar { low = middle + 1 } else { high = middle }
        }
        var found = low > 0 && ranges[low - 1].upperBound >= scalar
        if !found {
            for (escape, negated) in escapes where escape.matches(scalar) != negated {
                found = true
                break
            }
        }
        return found != negated
    }
}

extension PatternCharSet.Escape {
    func matches(_ scalar: UInt32) -> Bool {
        switch self {
        case .digit: return (0x30...0x39).contains(scalar)
        case .word: return PatternCharSet.isWord(scalar)
        case .space: return PatternCharSet.isSpace(scalar)
        case .property(let property):
            guard let unicode = Unicode.Scalar(scalar) else { return false }
            return property.matches(unicode)
        }
    }
}

extension PatternCharSet {
    /// ECMA's `\w`: ASCII letters, digits and `_` only, even in Unicode mode.
    static func isWord(_ scalar: UInt32) -> Bool {
        (0x61...0x7A).contains(scalar) || (0x41...0x5A).contains(scalar)
            || (0x30...0x39).contains(scalar) || scalar == 0x5F
    }

    /// ECMA's `\s`: WhiteSpace and LineTerminator (ECMA-262 §12.2, §12.3).
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
    }
}

/// The `\p{…}` properties the standard library can answer: general categories (long and short
/// names) and a few binary properties. Scripts are not among them, and are refused by name.
enum UnicodeProperty: Sendable {
    case categories([Unicode.GeneralCategory])
    case alphabetic, whiteSpace, uppercase, lowercase, emoji, ascii, any, assigned

    init?(name: String) {
        var text = Substring(name)
        if text.hasPrefix("General_Category=") { text = text.dropFirst("General_Category=".count) }
        if text.hasPrefix("gc=") { text = text.dropFirst(3) }
        switch text {
        case "Alphabetic", "Alpha": self = .alphabetic
        case "White_Space", "space": self = .whiteSpace
        case "Uppercase", "Upper": self = .uppercase
        case "Lowercase", "Lower": self = .lowercase
        case "Emoji": self = .emoji
        case "ASCII": self = .ascii
        case "Any": self = .any
        case "Assigned": self = .assigned
        default:
            guard let categories = UnicodeProperty.categoryNames[String(text)] else { return nil }
            self = .categories(categories)
        }
    }

    func matches(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .categories(let categories): return categories.contains(properties.generalCategory)
        case .alphabetic: return properties.isAlphabetic
        case .whiteSpace: return properties.isWhitespace
        case .uppercase: return properties.isUppercase
        case .lowercase: return properties.isLowercase
        case .emoji: return properties.isEmoji
        case .ascii: return scalar.isASCII
        case .any: return true
        case .assigned: return properties.generalCategory != .unassigned
        }
    }

    private static let categoryNames: [String: [Unicode.GeneralCategory]] = {
        let letters: [Unicode.GeneralCategory] = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        ]
        let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
        let numbers: [Unicode.GeneralCategory] = [.decimalNumber, .letterNumber, .otherNumber]
        let punctuation: [Unicode.GeneralCategory] = [
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
        ]
        let symbols: [Unicode.GeneralCategory] = [
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
        ]
        let separators: [Unicode.GeneralCategory] = [
            .spaceSeparator, .lineSeparator, .paragraphSeparator,
        ]
        let others: [Unicode.GeneralCategory] = [
            .control, .format, .surrogate, .privateUse, .unassigned,
        ]
        var names: [String: [Unicode.GeneralCategory]] = [:]
        func name(_ short: String, _ long: String, _ categories: [Unicode.GeneralCategory]) {
            names[short] = categories
            names[long] = categories
        }
        name("L", "Letter", letters)
        name("LC", "Cased_Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter])
        name("Lu", "Uppercase_Letter", [.uppercaseLetter])
        name("Ll", "Lowercase_Letter", [.lowercaseLetter])
        name("Lt", "Titlecase_Letter", [.titlecaseLetter])
        name("Lm", "Modifier_Letter", [.modifierLetter])
        name("Lo", "Other_Letter", [.otherLetter])
        name("M", "Mark", marks)
        name("Mn", "Nonspacing_Mark", [.nonspacingMark])
        name("Mc", "Spacing_Mark", [.spacingMark])
        name("Me", "Enclosing_Mark", [.enclosingMark])
        name("N", "Number", numbers)
        name("Nd", "Decimal_Number", [.decimalNumber])
        // `digit` is Perl's and Python's name for Nd, which the suite's patterns use.
        names["digit"] = [.decimalNumber]
        name("Nl", "Letter_Number", [.letterNumber])
        name("No", "Other_Number", [.otherNumber])
        name("P", "Punctuation", punctuation)
        name("Pc", "Connector_Punctuation", [.connectorPunctuation])
        name("Pd", "Dash_Punctuation", [.dashPunctuation])
        name("Ps", "Open_Punctuation", [.openPunctuation])
        name("Pe", "Close_Punctuation", [.closePunctuation])
        name("Pi", "Initial_Punctuation", [.initialPunctuation])
        name("Pf", "Final_Punctuation", [.finalPunctuation])
        name("Po", "Other_Punctuation", [.otherPunctuation])
        name("S", "Symbol", symbols)
        name("Sm", "Math_Symbol", [.mathSymbol])
        name("Sc", "Currency_Symbol", [.currencySymbol])
        name("Sk", "Modifier_Symbol", [.modifierSymbol])
        name("So", "Other_Symbol", [.otherSymbol])
        name("Z", "Separator", separators)
        name("Zs", "Space_Separator", [.spaceSeparator])
        name("Zl", "Line_Separator", [.lineSeparator])
        name("Zp", "Paragraph_Separator", [.paragraphSeparator])
        name("C", "Other", others)
        name("Cc", "Control", [.control])
        name("Cf", "Format", [.format])
        name("Cs", "Surrogate", [.surrogate])
        name("Co", "Private_Use", [.privateUse])
        name("Cn", "Unassigned", [.unassigned])
        return names
    }()
}
