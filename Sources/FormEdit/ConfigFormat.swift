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
    /// Reads `bytes` in the format its name says (a `.json` file may have comments, as
    /// settings.json has), or, when the name says none, the first format that reads it: JSON,
    /// JSON with comments, TOML, YAML. The error is the named format's, or JSON's. A file that
    /// names its format is that or nothing: YAML reads almost any text, so a `.json` file with a
    /// typo read as YAML would be saved back in YAML's style.
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
        let order: [DocumentFormat] =
            switch named {
            case .json?: [.json, .jsonc]
            case let named?: [named]
            case nil: [.json, .jsonc, .toml, .yaml]
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
