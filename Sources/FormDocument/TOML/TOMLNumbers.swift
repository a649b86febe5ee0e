/// TOML numbers (decimal, hexadecimal, octal and binary integers with underscores; floats with
/// fractions, exponents, `inf` and `nan`) and its four kinds of dates and times.
extension TOMLTextReader {
    mutating func numberOrDate() throws(DocumentError) -> DocumentNode {
        let start = index
        if digits(at: start, count: 4), start + 4 < end, bytes[start + 4] == UInt8(ascii: "-") {
            return try dateTime()
        }
        if digits(at: start, count: 2), start + 2 < end, bytes[start + 2] == UInt8(ascii: ":") {
            let time = try timeText()
            try checkValueEnd(start, "time")
            return DocumentNode(
                content: .scalar(.dateTime(DocumentDateTime(kind: .localTime, text: time))),
                span: start..<index)
        }
        while index < end, Self.isNumberByte(bytes[index]) { index += 1 }
        let token = bytes[start..<index]
        guard let number = Self.number(token) else {
            throw error(
                "\(String(decoding: token, as: UTF8.self)) is not a TOML number: write digits with _ only between them, no leading zeros, and a fraction or exponent for floats (0x, 0o, 0b for other bases)",
                at: start)
        }
        if number.value.isInteger, number.value.int == nil {
            throw error(
                "\(String(decoding: token, as: UTF8.self)) is past TOML's 64-bit integers; write it as a float or a string",
                at: start)
        }
        return DocumentNode(
            content: .scalar(.number(number.value)), span: start..<index,
            style: .number(prefix: number.prefix, underscores: token.contains(UInt8(ascii: "_"))))
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    func digits(at offset: Int, count: Int) -> Bool {
        guard offset + count <= end else { return false }
        for position in offset..<(offset + count)
        where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            return false
        }
        return true
    }

    func twoDigits(at offset: Int) -> Int {
        Int(bytes[offset] - 0x30) * 10 + Int(bytes[offset + 1] - 0x30)
    }

    /// A number's value and its base's prefix, or nil when the token is no TOML number.
    static func number(_ token: ArraySlice<UInt8>) -> (value: DocumentNumber, prefix: String)? {
        var rest = token
        var negative = false
        var signed = false
        if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            signed = true
            rest = rest.dropFirst()
        }
        // Plain decimal integers (most numbers in a configuration) straight to their value: the
        // general path's digit arrays and literal text cost a 1 MB document's edit check ~10 ms.
        if !rest.isEmpty, rest.count <= 18, rest.first != UInt8(ascii: "0") || rest.count == 1,
            rest.allSatisfy({ (0x30...0x39).contains($0) })
        {
            var value = 0
            for digit in rest { value = value * 10 + Int(digit - 0x30) }
            return (DocumentNumber(negative ? -value : value), "")
        }
        if rest.elementsEqual("inf".utf8) {
            return (DocumentNumber(special: negative ? .negativeInfinity : .infinity), "")
        }
        if rest.elementsEqual("nan".utf8) { return (DocumentNumber(special: .nan), "") }
        if rest.count > 2, rest.first == UInt8(ascii: "0") {
            let base: UInt64
            switch rest[rest.startIndex + 1] {
            case UInt8(ascii: "x"): base = 16
            case UInt8(ascii: "o"): base = 8
            case UInt8(ascii: "b"): base = 2
            default: base = 0
            }
            if base != 0 {
                guard !signed else { return nil }
                let prefix = String(decoding: rest.prefix(2), as: UTF8.self)
                guard let run = digitRun(rest.dropFirst(2), base: base), run.rest.isEmpty else { return nil }
                var value: UInt64 = 0
                for digit in run.digits {
                    let (shifted, overflow) = value.multipliedReportingOverflow(by: base)
                    guard !overflow, shifted <= UInt64(Int64.max) - UInt64(digit) else {
                        return (
                            DocumentNumber(negative: false, digits: "9", exponent: 19, isInteger: true),
                            prefix
                        )
                    }
                    value = shifted + UInt64(digit)
                }
                return (DocumentNumber(Int(value)), prefix)
            }
        }
        guard let whole = digitRun(rest, base: 10) else { return nil }
        if whole.digits.count > 1, whole.digits.first == 0 { return nil }
        rest = whole.rest
        var text = (negative ? "-" : "") + String(decoding: whole.digits.map { $0 + 0x30 }, as: UTF8.self)
        if rest.first == UInt8(ascii: ".") {
            guard let fraction = digitRun(rest.dropFirst(), base: 10) else { return nil }
            text += "." + String(decoding: fraction.digits.map { $0 + 0x30 }, as: UTF8.self)
            rest = fraction.rest
        }
        if let letter = rest.first, letter == UInt8(ascii: "e") || letter == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            text += "e"
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                text += sign == UInt8(ascii: "-") ? "-" : "+"
                rest = rest.dropFirst()
            }
            guard let exponent = digitRun(rest, base: 10) else { return nil }
            text += String(decoding: exponent.digits.map { $0 + 0x30 }, as: UTF8.self)
            rest = exponent.rest
        }
        guard rest.isEmpty, let value = DocumentNumber(literal: text) else { return nil }
        return (value, "")
    }

    /// Digits of `base` with single underscores only between them; the digits' values and what
    /// follows. Nil when there is no digit or an underscore stands at an edge or twice.
    static func digitRun(_ bytes: ArraySlice<UInt8>, base: UInt64) -> (
        digits: [UInt8], rest: ArraySlice<UInt8>
    )? {
        var digits: [UInt8] = []
        var rest = bytes
        var afterUnderscore = false
        while let byte = rest.first {
            if byte == UInt8(ascii: "_") {
                guard !digits.isEmpty, !afterUnderscore else { return nil }
                afterUnderscore = true
                rest = rest.dropFirst()
                continue
            }
            guard let value = hexValue(byte), UInt64(value) < base else { break }
            digits.append(value)
            afterUnderscore = false
            rest = rest.dropFirst()
        }
        guard !digits.isEmpty, !afterUnderscore else { return nil }
        return (digits, rest)
    }

    /// A date, a local date-time or an offset date-time (RFC 3339, with `T`, `t` or a space).
    mutating func dateTime() throws(DocumentError) -> DocumentNode {
        let start = index
        guard digits(at: start, count: 4), digits(at: start + 5, count: 2),
            start + 7 < end, bytes[start + 7] == UInt8(ascii: "-"), digits(at: start + 8, count: 2)
        else {
            throw error("a date is written YYYY-MM-DD, with two digits for month and day", at: start)
        }
        let year = twoDigits(at: start) * 100 + twoDigits(at: start + 2)
        let month = twoDigits(at: start + 5)
        let day = twoDigits(at: start + 8)
        guard (1...12).contains(month) else {
            throw error("the month must be 01 to 12", at: start + 5)
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else {
            throw error("the day must be 01 to \(days) in that month", at: start + 8)
        }
        index = start + 10
        var text = String(decoding: bytes[start..<index], as: UTF8.self)
        var kind = DocumentDateTime.Kind.localDate
        if index < end {
            let separator = bytes[index]
            let spaceThenTime =
                separator == 0x20 && digits(at: index + 1, count: 2) && index + 3 < end
                && bytes[index + 3] == UInt8(ascii: ":")
            if separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || spaceThenTime {
                index += 1
                text += "T" + (try timeText())
                kind = .localDateTime
                if index < end, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                    index += 1
                    text += "Z"
                    kind = .offsetDateTime
                } else if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
                {
                    let offset = index
                    guard digits(at: offset + 1, count: 2), offset + 3 < end,
                        bytes[offset + 3] == UInt8(ascii: ":"), digits(at: offset + 4, count: 2)
                    else {
                        throw error("a time offset is written +HH:MM or -HH:MM (or Z)", at: offset)
                    }
                    guard twoDigits(at: offset + 1) <= 23, twoDigits(at: offset + 4) <= 59 else {
                        throw error(
                            "a time offset's hours must be 00 to 23 and its minutes 00 to 59", at: offset)
                    }
                    index = offset + 6
                    text += String(decoding: bytes[offset..<index], as: UTF8.self)
                    kind = .offsetDateTime
                }
            }
        }
        try checkValueEnd(start, "date")
        return DocumentNode(
            content: .scalar(.dateTime(DocumentDateTime(kind: kind, text: text))), span: start..<index)
    }

    /// `HH:MM:SS` with an optional fraction (trailing zeros dropped, as one instant's spellings
    /// share): TOML 1.0 requires the seconds.
    mutating func timeText() throws(DocumentError) -> String {
        let start = index
        guard digits(at: start, count: 2), start + 2 < end, bytes[start + 2] == UInt8(ascii: ":"),
            digits(at: start + 3, count: 2), start + 5 < end, bytes[start + 5] == UInt8(ascii: ":"),
            digits(at: start + 6, count: 2)
        else {
            throw error(
                "a time is written HH:MM:SS, two digits each (TOML 1.0 requires the seconds)", at: start)
        }
        guard twoDigits(at: start) <= 23 else { throw error("the hour must be 00 to 23", at: start) }
        guard twoDigits(at: start + 3) <= 59 else {
            throw error("the minutes must be 00 to 59", at: start + 3)
        }
        guard twoDigits(at: start + 6) <= 60 else {
            throw error("the seconds must be 00 to 60", at: start + 6)
        }
        index = start + 8
        var text = String(decoding: bytes[start..<index], as: UTF8.self)
        if index < end, bytes[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            var fractionEnd = fractionStart
            while fractionEnd < end, (0x30...0x39).contains(bytes[fractionEnd]) { fractionEnd += 1 }
            guard fractionEnd > fractionStart else {
                throw error("a fraction of a second needs digits after the .", at: index)
            }
            var kept = fractionEnd
            while kept > fractionStart, bytes[kept - 1] == 0x30 { kept -= 1 }
            if kept > fractionStart {
                text += "." + String(decoding: bytes[fractionStart..<kept], as: UTF8.self)
            }
            index = fractionEnd
        }
        return text
    }

    func checkValueEnd(_ start: Int, _ what: String) throws(DocumentError) {
        if index < end, Self.isNumberByte(bytes[index]) || bytes[index] == UInt8(ascii: ":") {
            throw error(
                "this \(what) has more text after it than TOML reads; check how it is written", at: start)
        }
    }
}
