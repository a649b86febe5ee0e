/// Host names (RFC 1123, with IDNA 2008's A-labels decoded and checked) and IP addresses.
enum HostFormats {
    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            let bytes = Array(part.utf8)
            guard (1...3).contains(bytes.count), bytes.allSatisfy(SchemaFormats.isDigit),
                bytes.count == 1 || bytes[0] != UInt8(ascii: "0")
            else { return false }
            guard let value = Int(part), value <= 255 else { return false }
        }
        return true
    }

    static func isIPv6(_ text: Substring) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), !text.isEmpty else { return false }
        var halves: [Substring] = []
        var rest = text[...]
        while let range = rest.firstRange(of: "::") {
            halves.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        halves.append(rest)
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (offset, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && offset == parts.count - 1
                if isLast, part.contains(".") {
                    guard isIPv4(part) else { return false }
                    groups += 2
                    continue
                }
                guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(SchemaFormats.isHex) else {
                    return false
                }
                groups += 1
            }
        }
        return halves.count == 2 ? groups < 8 : groups == 8
    }

    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253, text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        for label in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard isASCIILabel(label) else { return false }
        }
        return true
    }

    static func isIDNHostname(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let separators: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]
        var labels: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if separators.contains(scalar) {
                labels.append([])
            } else {
                labels[labels.count - 1].append(scalar)
            }
        }
        var length = labels.count - 1
        for label in labels {
            if label.allSatisfy(\.isASCII) {
                var text = ""
                text.unicodeScalars.append(contentsOf: label)
                guard isASCIILabel(Substring(text)) else { return false }
                length += label.count
            } else {
                guard isULabel(label), label.count <= 63 else { return false }
                length += label.count + 4
            }
        }
        return length <= 253
    }

    /// A label of letters, digits and hyphens; an `xn--` label must decode to a valid U-label.
    static func isASCIILabel(_ label: Substring) -> Bool {
        let bytes = Array(label.utf8)
        guard (1...63).contains(bytes.count), bytes.first != UInt8(ascii: "-"),
            bytes.last != UInt8(ascii: "-"),
            bytes.allSatisfy({
                ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || SchemaFormats.isDigit($0) || $0 == 0x2D
            })
        else { return false }
        if bytes.count >= 4, bytes[0] | 0x20 == 0x78, bytes[1] | 0x20 == 0x6E, bytes[2] == 0x2D,
            bytes[3] == 0x2D
        {
            guard let decoded = Punycode.decode(Array(bytes[4...])) else { return false }
            return isULabel(decoded)
        }
        return true
    }

    /// IDNA 2008's rules for a Unicode label (RFC 5891, 5892's exceptions and contextual rules),
    /// as far as general categories and combining classes tell them.
    static func isULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, label.first != "-", label.last != "-" else { return false }
        if label.count >= 4, label[2] == "-", label[3] == "-" { return false }
        let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
        if marks.contains(first.properties.generalCategory) { return false }
        let disallowed: Set<UInt32> = [
            0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B,
        ]
        var arabicIndic = false
        var extendedArabicIndic = false
        for (index, scalar) in label.enumerated() {
            let value = scalar.value
            let before = index > 0 ? label[index - 1] : nil
            let after = index + 1 < label.count ? label[index + 1] : nil
            if disallowed.contains(value) { return false }
            switch value {
            case 0x00B7:
                guard before == "l", after == "l" else { return false }
            case 0x0375:
                guard let after, isGreek(after) else { return false }
            case 0x05F3, 0x05F4:
                guard let before, (0x0590...0x05FF).contains(before.value) else { return false }
            case 0x30FB:
                guard label.contains(where: { $0.value != 0x30FB && isKana(or: $0) }) else { return false }
            case 0x0660...0x0669: arabicIndic = true
            case 0x06F0...0x06F9: extendedArabicIndic = true
            case 0x200D:
                guard let before, before.properties.canonicalCombiningClass == .virama else { return false }
            case 0x200C:
                if let before, before.properties.canonicalCombiningClass == .virama { break }
                // The joining rule: between letters that join (Arabic script, as far as known).
                guard let before, let after, isJoining(before), isJoining(after) else { return false }
            default:
                let category = scalar.properties.generalCategory
                if [.control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate]
                    .contains(category)
                {
                    return false
                }
            }
        }
        return !(arabicIndic && extendedArabicIndic)
    }

    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    private static func isKana(or scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x3040...0x309F).contains(value) || (0x30A0...0x30FF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x20000...0x2A6DF).contains(value) || (0xF900...0xFAFF).contains(value)
    }

    private static func isJoining(_ scalar: Unicode.Scalar) -> Bool {
        (0x0620...0x064A).contains(scalar.value) || (0x066E...0x06D3).contains(scalar.value)
    }
}

/// RFC 3492's decoder, for the `xn--` labels of host names.
enum Punycode {
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        let base = 36
        let tMin = 1
        let tMax = 26
        let skew = 38
        let damp = 700
        var output: [UInt32] = []
        var rest = input[...]
        if let delimiter = input.lastIndex(of: 0x2D) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            rest = input[(delimiter + 1)...]
            if delimiter == 0 { return nil }
        }
        var n = 128
        var i = 0
        var bias = 72
        var position = rest.startIndex
        func digit(_ byte: UInt8) -> Int? {
            switch byte {
            case 0x30...0x39: Int(byte) - 22
            case 0x41...0x5A: Int(byte) - 0x41
            case 0x61...0x7A: Int(byte) - 0x61
            default: nil
            }
        }
        while position < rest.endIndex {
            let old = i
            var weight = 1
            var k = base
            while true {
                guard position < rest.endIndex, let value = digit(rest[position]) else { return nil }
                position += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int.max - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if value < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = nextWeight
                k += base
            }
            var delta = old == 0 ? (i - old) / damp : (i - old) / 2
            delta += delta / (output.count + 1)
            var bk = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                bk += base
            }
            bias = bk + (base - tMin + 1) * delta / (delta + skew)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars.isEmpty ? nil : scalars
    }
}
