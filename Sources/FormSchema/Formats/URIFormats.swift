/// URIs and URI references by RFC 3986's grammar, IRIs by RFC 3987's (the same with Unicode
/// letters allowed), and URI templates by RFC 6570's.
enum URIFormats {
    private static let unreserved = Set("-._~".unicodeScalars)
    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)

    private static func isUnreserved(_ scalar: Unicode.Scalar, _ international: Bool) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
                || unreserved.contains(scalar)
        }
        // RFC 3987's ucschar: everything from U+00A0 but the surrogates, specials and the
        // private use planes (iprivate is allowed in a query, below).
        guard international else { return false }
        let value = scalar.value
        return value >= 0xA0 && !(0xD800...0xF8FF).contains(value) && !(0xFFF0...0xFFFF).contains(value)
            && (value & 0xFFFE) != 0xFFFE
    }

    /// Whether `scalars` is made of allowed characters and well-formed `%XX`s.
    private static func isMade(
        _ scalars: ArraySlice<Unicode.Scalar>, _ extra: String, _ international: Bool,
        privateUse: Bool = false
    ) -> Bool {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.endIndex, scalars[index + 1].isASCII, scalars[index + 2].isASCII,
                    SchemaFormats.isHex(UInt8(scalars[index + 1].value)),
                    SchemaFormats.isHex(UInt8(scalars[index + 2].value))
                else { return false }
                index += 3
                continue
            }
            let privateOK =
                privateUse && international
                && ((0xE000...0xF8FF).contains(scalar.value) || (0xF0000...0x10FFFD).contains(scalar.value))
            guard
                isUnreserved(scalar, international) || subDelimiters.contains(scalar)
                    || extra.unicodeScalars.contains(scalar)
                    || privateOK
            else { return false }
            index += 1
        }
        return true
    }

    static func isURI(_ text: String, international: Bool, reference: Bool) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        var fragment: ArraySlice<Unicode.Scalar>?
        if let hash = scalars.firstIndex(of: "#") {
            fragment = scalars[(hash + 1)...]
            scalars = scalars[..<hash]
        }
        var query: ArraySlice<Unicode.Scalar>?
        if let mark = scalars.firstIndex(of: "?") {
            query = scalars[(mark + 1)...]
            scalars = scalars[..<mark]
        }
        if let fragment, !isMade(fragment, ":@/?", international) { return false }
        if let query, !isMade(query, ":@/?", international, privateUse: true) { return false }
        var hasScheme = false
        if let colon = scalars.firstIndex(of: ":"), !scalars[..<colon].contains("/") {
            let scheme = scalars[..<colon]
            guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic,
                scheme.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "+-.".unicodeScalars.contains($0))
                })
            else { return false }
            hasScheme = true
            scalars = scalars[(colon + 1)...]
        }
        guard hasScheme || reference else { return false }
        if scalars.starts(with: ["/", "/"]) {
            let rest = scalars.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            guard isAuthority(rest[..<end], international) else { return false }
            scalars = rest[end...]
        } else if !hasScheme, let slash = scalars.firstIndex(of: "/") ?? Optional(scalars.endIndex),
            scalars[..<slash].contains(":")
        {
            // A relative path's first segment cannot hold a colon (it would read as a scheme).
            return false
        }
        return isMade(scalars, ":@/", international)
    }

    private static func isAuthority(_ authority: ArraySlice<Unicode.Scalar>, _ international: Bool) -> Bool {
        var host = authority
        if let at = authority.firstIndex(of: "@") {
            guard isMade(authority[..<at], ":", international) else { return false }
            host = authority[(at + 1)...]
        }
        if host.first == "[" {
            guard let close = host.firstIndex(of: "]") else { return false }
            var literal = ""
            literal.unicodeScalars.append(contentsOf: host[(host.startIndex + 1)..<close])
            let after = host[(close + 1)...]
            if !after.isEmpty {
                guard after.first == ":", after.dropFirst().allSatisfy({ ("0"..."9").contains($0) }) else {
                    return false
                }
            }
            if literal.first == "v" || literal.first == "V" {
                let parts = literal.dropFirst().split(
                    separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                return parts.count == 2 && !parts[0].isEmpty && parts[0].utf8.allSatisfy(SchemaFormats.isHex)
                    && !parts[1].isEmpty && isMade(Array(parts[1].unicodeScalars)[...], ":", false)
            }
            return HostFormats.isIPv6(Substring(literal))
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[(colon + 1)...].allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            host = host[..<colon]
        }
        return isMade(host, "", international)
    }

    static func isTemplate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        let forbidden = Set(" \"<>\\^`|}".unicodeScalars)
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else { return false }
                guard isExpression(scalars[(index + 1)..<close]) else { return false }
                index = close + 1
                continue
            }
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].isASCII, scalars[index + 2].isASCII,
                    SchemaFormats.isHex(UInt8(scalars[index + 1].value)),
                    SchemaFormats.isHex(UInt8(scalars[index + 2].value))
                else { return false }
                index += 3
                continue
            }
            guard scalar.value > 0x20, scalar.value != 0x7F, !forbidden.contains(scalar) else { return false }
            index += 1
        }
        return true
    }

    private static func isExpression(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var body = body
        if let first = body.first, "+#./;?&".unicodeScalars.contains(first) { body = body.dropFirst() }
        guard !body.isEmpty else { return false }
        for spec in body.split(separator: ",", omittingEmptySubsequences: false) {
            var name = spec
            if name.last == "*" {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: ":") {
                let length = name[(colon + 1)...]
                guard (1...4).contains(length.count), length.first != "0",
                    length.allSatisfy({ ("0"..."9").contains($0) })
                else { return false }
                name = name[..<colon]
            }
            guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
            var index = name.startIndex
            var previousDot = false
            while index < name.endIndex {
                let scalar = name[index]
                if scalar == "%" {
                    guard index + 2 < name.endIndex,
                        SchemaFormats.isHex(UInt8(truncatingIfNeeded: name[index + 1].value)),
                        SchemaFormats.isHex(UInt8(truncatingIfNeeded: name[index + 2].value))
                    else { return false }
                    index += 3
                    previousDot = false
                    continue
                }
                if scalar == "." {
                    if previousDot { return false }
                    previousDot = true
                } else {
                    guard scalar.isASCII,
                        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    else { return false }
                    previousDot = false
                }
                index += 1
            }
        }
        return true
    }
}
