/// What a YAML scalar's text means, by the YAML 1.2 core schema: `null`, `~` and the empty plain
/// scalar are null; `true`/`false` (three capitalisations) booleans; `12`, `0o14`, `0xC` integers;
/// `1.5`, `.5`, `1e3`, `.inf`, `.nan` floats; everything else text, so YAML 1.1's `yes`, `on`
/// and `off` are text. One departure: a decimal integer written with a leading zero (`08`,
/// `0755`) is text, because YAML 1.1 readers take it as octal and 1.2 readers as decimal, so the
/// text is the only meaning every reader agrees on.
///
/// ```swift
/// YAMLScalars.resolve(plain: "0x1F")  // .number(31)
/// YAMLScalars.resolve(plain: "yes")   // .string("yes")
/// ```
enum YAMLScalars {
    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// A plain (unquoted, untagged) scalar's value.
    static func resolve(plain text: String) -> DocumentValue {
        guard let first = text.utf8.first else { return .null }
        // Most plain scalars are names: the first byte tells which meanings are open.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            if let number = number(text, allowLeadingZero: false) { return .number(number) }
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            // Keys such as `name` and `tags` start like `null` and `true`: only five bytes or
            // fewer can be one.
            if text.utf8.count <= 5, let special = nullOrBool(text) { return special }
        default:
            break
        }
        return .string(text)
    }

    static func nullOrBool(_ text: String) -> DocumentValue? {
        // Keys such as `type` and `name` are told apart by their second byte, before any of the
        // ten spellings is compared.
        let bytes = text.utf8
        if bytes.count > 1 {
            switch bytes[bytes.index(after: bytes.startIndex)] | 0x20 {
            case UInt8(ascii: "u"), UInt8(ascii: "r"), UInt8(ascii: "a"): break
            default: return nil
            }
        }
        switch text {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return nil
        }
    }

    /// A core-schema integer or float, or nil.
    static func number(_ text: String, allowLeadingZero: Bool) -> DocumentNumber? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count < 4096 else { return nil }
        if first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return DocumentNumber(special: .infinity)
            case "-.inf", "-.Inf", "-.INF": return DocumentNumber(special: .negativeInfinity)
            case ".nan", ".NaN", ".NAN": return DocumentNumber(special: .nan)
            default: break
            }
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return integer(bytes.dropFirst(2), radix: 16) }
            if bytes[1] == UInt8(ascii: "o") { return integer(bytes.dropFirst(2), radix: 8) }
        }
        var body = bytes[...]
        if let sign = body.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            body = body.dropFirst()
        }
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        if !body.isEmpty, body.allSatisfy(isDigit) {
            if !allowLeadingZero, body.count > 1, body.first == UInt8(ascii: "0") { return nil }
            return DocumentNumber(literal: text)
        }
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var index = body.startIndex
        var whole = 0
        while index < body.endIndex, isDigit(body[index]) {
            index += 1
            whole += 1
        }
        var fraction = 0
        if index < body.endIndex, body[index] == UInt8(ascii: ".") {
            index += 1
            while index < body.endIndex, isDigit(body[index]) {
                index += 1
                fraction += 1
            }
        }
        guard whole > 0 || fraction > 0 else { return nil }
        let mantissaEnd = index
        var exponent: ArraySlice<UInt8> = []
        if index < body.endIndex, body[index] == UInt8(ascii: "e") || body[index] == UInt8(ascii: "E") {
            var digitsStart = index + 1
            if digitsStart < body.endIndex,
                body[digitsStart] == UInt8(ascii: "-") || body[digitsStart] == UInt8(ascii: "+")
            {
                digitsStart += 1
            }
            var end = digitsStart
            while end < body.endIndex, isDigit(body[end]) { end += 1 }
            guard end > digitsStart else { return nil }
            exponent = body[index..<end]
            index = end
        }
        guard index == body.endIndex else { return nil }
        // Spelled as DocumentNumber's JSON-style literal reads it: digits on both sides of the point.
        var literal = bytes.first == UInt8(ascii: "-") ? "-" : ""
        literal +=
            whole > 0
            ? String(decoding: body[body.startIndex..<(body.startIndex + whole)], as: UTF8.self) : "0"
        let fractionStart = body.startIndex + whole + 1
        literal += "."
        literal += fraction > 0 ? String(decoding: body[fractionStart..<mantissaEnd], as: UTF8.self) : "0"
        literal += String(decoding: exponent, as: UTF8.self)
        guard var number = DocumentNumber(literal: literal) else { return nil }
        number.isInteger = false
        return number
    }

    /// `0x…` / `0o…` digits as an exact decimal (any length).
    static func integer(_ digits: ArraySlice<UInt8>, radix: UInt32) -> DocumentNumber? {
        guard !digits.isEmpty, digits.count < 1024 else { return nil }
        // Little-endian limbs of base 10^9.
        var limbs: [UInt32] = [0]
        for byte in digits {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt32(byte - 0x41 + 10)
            default: return nil
            }
            guard value < radix else { return nil }
            var carry = UInt64(value)
            for index in limbs.indices {
                let product = UInt64(limbs[index]) * UInt64(radix) + carry
                limbs[index] = UInt32(product % 1_000_000_000)
                carry = product / 1_000_000_000
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return DocumentNumber(literal: text)
    }

    /// A scalar's value under its tag (`!!str 12` is text, `!!int "12"` a number); nil when the
    /// text is not one of the tag's kind. Tags of other vocabularies (`!Ref`, `!`) keep the text.
    static func resolve(text: String, tag: String) -> DocumentValue? {
        guard tag.hasPrefix(coreTagPrefix) else { return .string(text) }
        switch tag.dropFirst(coreTagPrefix.count) {
        case "str": return .string(text)
        case "null":
            return text.isEmpty || nullOrBool(text) == .null ? .null : nil
        case "bool":
            if case .bool(let value)? = nullOrBool(text) { return .bool(value) }
            return nil
        case "int":
            guard let number = number(text, allowLeadingZero: true), number.isInteger else { return nil }
            return .number(number)
        case "float":
            guard var number = number(text, allowLeadingZero: true) else { return nil }
            number.isInteger = false
            return .number(number)
        default:
            return .string(text)
        }
    }

    /// `tag:yaml.org,2002:str` as `!!str`; other tags as libyaml gives them.
    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
    }
}
