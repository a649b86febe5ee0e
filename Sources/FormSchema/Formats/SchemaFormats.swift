enum SchemaFormats {
    static func check(_ format: String, _ text: String) -> Bool? { nil }
    static func describe(_ format: String) -> String { "a valid \(format)" }
}
