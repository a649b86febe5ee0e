/// E-mail addresses: RFC 5321's mailbox (a dot-atom or quoted local part, then a host name or
/// an address literal), and RFC 6531's international form (UTF-8 in both parts).
enum MailFormats {
    static func isEmail(_ text: String, international: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        if scalars.first == "\"" {
            index = 1
            var closed = false
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == "\"" {
                    closed = true
                    index += 1
                    break
                }
                guard scalar.value >= 0x20, scalar.value != 0x7F || international else { return false }
                guard scalar.isASCII || international else { return false }
                index += 1
            }
            guard closed, index < scalars.count, scalars[index] == "@" else { return false }
        } else {
            guard let at = scalars.lastIndex(of: "@"), at > 0 else { return false }
            let local = scalars[..<at]
            guard local.first != ".", local.last != "." else { return false }
            var previous: Unicode.Scalar = " "
            for scalar in local {
                if scalar == "." && previous == "." { return false }
                previous = scalar
                if scalar == "." { continue }
                if scalar.isASCII {
                    let atext =
                        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
                    guard atext else { return false }
                } else if !international {
                    return false
                }
            }
            index = at
        }
        var domain = ""
        domain.unicodeScalars.append(contentsOf: scalars[(index + 1)...])
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return HostFormats.isIPv6(literal.dropFirst(5)) }
            return HostFormats.isIPv4(literal)
        }
        return international ? HostFormats.isIDNHostname(domain) : HostFormats.isHostname(domain)
    }
}
