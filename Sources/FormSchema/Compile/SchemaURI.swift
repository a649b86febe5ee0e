/// URI references as RFC 3986 reads them: the parts of a reference and its resolution against a
/// base (§5.2), which `$id` and `$ref` need. `urn:` and other opaque URIs keep their path whole.
struct SchemaURI: Hashable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits a reference into its five parts (RFC 3986 appendix B).
    init(_ text: String) {
        var rest = Substring(text)
        fragment = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        query = nil
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        scheme = nil
        if let colon = rest.firstIndex(of: ":") {
            let candidate = rest[..<colon]
            if let first = candidate.first, first.isASCII, first.isLetter,
                candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            {
                scheme = String(candidate)
                rest = rest[rest.index(after: colon)...]
            }
        }
        authority = nil
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The URI without its fragment: a schema resource's name.
    var withoutFragment: String {
        var copy = self
        copy.fragment = nil
        return copy.text
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2).
    static func resolve(_ reference: String, against base: String) -> String {
        let relative = SchemaURI(reference)
        if relative.scheme != nil {
            var target = relative
            target.path = removeDotSegments(relative.path)
            return target.text
        }
        let base = SchemaURI(base)
        var target = SchemaURI(
            scheme: base.scheme, authority: nil, path: "", query: nil, fragment: relative.fragment)
        if relative.authority != nil {
            target.authority = relative.authority
            target.path = removeDotSegments(relative.path)
            target.query = relative.query
        } else {
            target.authority = base.authority
            if relative.path.isEmpty {
                target.path = base.path
                target.query = relative.query ?? base.query
            } else {
                if relative.path.hasPrefix("/") {
                    target.path = removeDotSegments(relative.path)
                } else if base.authority != nil && base.path.isEmpty {
                    target.path = removeDotSegments("/" + relative.path)
                } else if let slash = base.path.lastIndex(of: "/") {
                    target.path = removeDotSegments(base.path[...slash] + relative.path)
                } else {
                    target.path = removeDotSegments(relative.path)
                }
                target.query = relative.query
            }
        }
        return target.text
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// Percent-decoding of a fragment (`%25` → `%`), for JSON pointers in `$ref`.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1])
            {
                bytes.append(high * 16 + low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
