import FormDocument

/// Where a configuration file says its schema is, in the ways editors read it: a top-level
/// `$schema` member (JSON, YAML, TOML), a `# yaml-language-server: $schema=…` comment line
/// (YAML), a `#:schema …` line (TOML, as Taplo reads it).
///
/// ```swift
/// ConfigSchemaReference.find(in: document)  // "https://json.schemastore.org/pyproject.json"
/// ```
public enum ConfigSchemaReference {
    public static func find(in document: Document) -> String? {
        if case .string(let reference)? = document.value["$schema"], !reference.isEmpty {
            return reference
        }
        let text = String(decoding: document.bytes, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if document.format == .yaml, trimmed.hasPrefix("#") {
                let comment = trimmed.dropFirst().drop { $0 == " " }
                let marker = "yaml-language-server:"
                if comment.hasPrefix(marker) {
                    let setting = comment.dropFirst(marker.count).drop { $0 == " " }
                    if setting.hasPrefix("$schema=") {
                        return String(setting.dropFirst("$schema=".count)).trimmingSpaces
                    }
                }
            }
            if document.format == .toml, trimmed.hasPrefix("#:schema") {
                return String(trimmed.dropFirst("#:schema".count)).trimmingSpaces
            }
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        String(
            drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                .reversed())
    }
}
