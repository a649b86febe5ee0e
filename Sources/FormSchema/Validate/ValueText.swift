import FormDocument

/// Values as error messages show them: short, JSON where a plain word would be ambiguous.
enum ValueText {
    static func describe(_ value: DocumentValue, limit: Int = 60) -> String {
        var text = ""
        write(value, into: &text, bare: true)
        if text.count > limit { return String(text.prefix(limit - 1)) + "…" }
        return text
    }

    static func list(_ values: [DocumentValue], limit: Int = 12) -> String {
        var parts = values.prefix(limit).map { describe($0, limit: 40) }
        if values.count > limit { parts.append("… (\(values.count) in all)") }
        return parts.joined(separator: ", ")
    }

    private static func write(_ value: DocumentValue, into text: inout String, bare: Bool) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.description
        case .dateTime(let dateTime): text += dateTime.text
        case .string(let string):
            let plain =
                bare && !string.isEmpty
                && string.unicodeScalars.allSatisfy {
                    ($0.properties.isAlphabetic || $0.properties.numericType != nil
                        || "_-./@:+".unicodeScalars.contains($0))
                } && !["null", "true", "false"].contains(string) && Double(string) == nil
            if plain {
                text += string
            } else {
                JSONWriter.writeString(string, into: &text)
            }
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                write(element, into: &text, bare: false)
                if text.count > 200 { break }
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { text += ", " }
                JSONWriter.writeString(key, into: &text)
                text += ": "
                write(member, into: &text, bare: false)
                if text.count > 200 { break }
            }
            text += "}"
        }
    }

    /// The closest of `names` to `name` by edit distance, when close enough to be a typo.
    static func suggestion(for name: String, among names: [String]) -> String? {
        let limit = max(1, min(3, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in names where candidate != name {
            let distance = editDistance(
                Array(name.lowercased().unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance with transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 3 { return abs(a.count - b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
