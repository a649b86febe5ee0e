/// The `format`s this module checks, each by its RFC's grammar (dates and times by RFC 3339,
/// e-mail by RFC 5321/6531, host names by RFC 1123 and IDNA 2008 as far as the standard
/// library's Unicode properties reach, URIs by RFC 3986 and IRIs by RFC 3987, templates by
/// RFC 6570, pointers by RFC 6901). A format this module does not know is not checked.
enum SchemaFormats {
    /// Whether `text` is a valid `format`; nil for a format not checked here.
    static func check(_ format: String, _ text: String) -> Bool? {
        switch format {
        case "date": return DateTimeFormats.isDate(Array(text.utf8))
        case "time": return DateTimeFormats.isTime(Array(text.utf8))
        case "date-time": return DateTimeFormats.isDateTime(Array(text.utf8))
        case "duration": return DateTimeFormats.isDuration(Array(text.utf8))
        case "email": return MailFormats.isEmail(text, international: false)
        case "idn-email": return MailFormats.isEmail(text, international: true)
        case "hostname": return HostFormats.isHostname(text)
        case "idn-hostname": return HostFormats.isIDNHostname(text)
        case "ipv4": return HostFormats.isIPv4(Substring(text))
        case "ipv6": return HostFormats.isIPv6(Substring(text))
        case "uri": return URIFormats.isURI(text, international: false, reference: false)
        case "uri-reference": return URIFormats.isURI(text, international: false, reference: true)
        case "iri": return URIFormats.isURI(text, international: true, reference: false)
        case "iri-reference": return URIFormats.isURI(text, international: true, reference: true)
        case "uri-template": return URIFormats.isTemplate(text)
        case "uuid": return isUUID(Array(text.utf8))
        case "json-pointer": return isPointer(Substring(text))
        case "relative-json-pointer": return isRelativePointer(text)
        case "regex": return (try? ECMAPattern(text)) != nil
        default: return nil
        }
    }

    /// What an error says a value must be (`must be a valid date (YYYY-MM-DD)`).
    static func describe(_ format: String) -> String {
        switch format {
        case "date": "a valid date (YYYY-MM-DD)"
        case "time": "a valid time with its offset (HH:MM:SSZ or HH:MM:SS+HH:MM)"
        case "date-time": "a valid date and time (YYYY-MM-DDTHH:MM:SSZ)"
        case "duration": "a valid duration (like P1DT12H)"
        case "email", "idn-email": "a valid e-mail address"
        case "hostname", "idn-hostname": "a valid host name"
        case "ipv4": "a valid IPv4 address"
        case "ipv6": "a valid IPv6 address"
        case "uri", "iri": "a valid absolute URI"
        case "uri-reference", "iri-reference": "a valid URI reference"
        case "uri-template": "a valid URI template"
        case "uuid": "a valid UUID"
        case "json-pointer": "a valid JSON pointer"
        case "relative-json-pointer": "a valid relative JSON pointer"
        case "regex": "a valid regular expression"
        default: "a valid \(format)"
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    static func isPointer(_ text: Substring) -> Bool {
        if text.isEmpty { return true }
        guard text.first == "/" else { return false }
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "~" {
                guard let next = scalars.next(), next == "0" || next == "1" else { return false }
            }
        }
        return true
    }

    static func isRelativePointer(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || digits.first != "0" else { return false }
        let rest = text[digits.endIndex...]
        return rest == "#" || isPointer(rest)
    }
}
