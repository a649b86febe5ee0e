/// The languages a spec or a values file may be written in.
public enum SpecFormat: String, CaseIterable, Sendable {
    case yaml, json, toml

    /// The format a file name's extension names (`.yaml`/`.yml`, `.json`, `.toml`), if any.
    ///
    /// ```swift
    /// SpecFormat(path: "signup.yml") // .yaml
    /// ```
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        case "toml": self = .toml
        default: return nil
        }
    }

    /// A guess from the text itself, for standard input: JSON opens with `{`; TOML has a
    /// `[[table]]` header or `key = value` lines before any YAML `key:` line; the rest is YAML.
    public static func detect(in text: String) -> SpecFormat {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("{") { return .json }
            if trimmed.hasPrefix("[") { return .toml }
            let key = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "\"" }
            let rest = trimmed.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            if !key.isEmpty, rest.hasPrefix("=") { return .toml }
            return .yaml
        }
        return .yaml
    }
}
