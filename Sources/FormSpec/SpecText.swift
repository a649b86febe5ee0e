extension StringProtocol {
    /// The text without the spaces and tabs around it: the scalars Foundation's
    /// `trimmingCharacters(in: .whitespaces)` takes off (Unicode's space separators and tab),
    /// here because FormSpec imports FoundationEssentials, which has no character sets.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[first...last])
        return text
    }
}
