import FormDocument

extension DocumentFormat {
    /// The format a file's name says (`.json`, `.jsonc`, `.yaml`/`.yml`, `.toml`), or nil (a
    /// `.prettierrc` may be JSON or YAML: its text tells).
    public init?(fileName: String) {
        let name = fileName.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".jsonc") || name.hasSuffix(".code-workspace") {
            self = .jsonc
        } else if name.hasSuffix(".json") {
            self = .json
        } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            self = .yaml
        } else if name.hasSuffix(".toml") {
            self = .toml
        } else {
            return nil
        }
    }
}

extension Document {
    /// Reads `bytes` in the format its name says, or, when the name says none or the text is not
    /// of it, the first format that reads it: JSON, then JSON with comments (settings.json is
    /// `.json` with comments), TOML, YAML. The error is the named format's, or JSON's.
    ///
    /// ```swift
    /// let document = try Document(reading: bytes, fileName: "pyproject.toml")
    /// document.format  // .toml
    /// ```
    public init(reading bytes: [UInt8], fileName: String, format: DocumentFormat? = nil) throws(DocumentError)
    {
        if let format {
            self = try Document(reading: bytes, format: format)
            return
        }
        let named = DocumentFormat(fileName: fileName)
        var order: [DocumentFormat] = [.json, .jsonc, .toml, .yaml]
        if let named {
            order.removeAll { $0 == named }
            order.insert(named, at: 0)
            if named == .json { order = [.json, .jsonc] + order.filter { $0 != .json && $0 != .jsonc } }
            // A file that says it is YAML or TOML is that or nothing: YAML reads almost any text.
            if named == .yaml || named == .toml { order = [named] }
        }
        var first: DocumentError?
        for candidate in order {
            do {
                self = try Document(reading: bytes, format: candidate)
                return
            } catch {
                if first == nil { first = error }
            }
        }
        throw first!
    }
}
