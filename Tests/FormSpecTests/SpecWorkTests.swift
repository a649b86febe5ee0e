import Testing

@testable import FormSpec

/// A spec's reading costs the same per row at any size: counted, not timed. Each row's table is
/// looked at once, member by member, whatever its reader asks of it.
struct SpecWorkTests {
    static func text(_ rows: Int, _ format: SpecFormat) throws -> String {
        switch format {
        case .yaml: return LargeSpecTests.spec(rows)
        case .json:
            return SpecFuzzTests.json(
                try SpecNode.read(text: LargeSpecTests.spec(rows), format: .yaml, file: "b"))
        case .toml: return try LargeSpecTests.toml(rows)
        }
    }

    /// Members of every row of `sections`.
    static func rowMembers(_ sections: SpecNode) -> Int {
        guard case .list(let items) = sections.value else { return 0 }
        var count = 0
        for section in items {
            guard case .list(let rows)? = section["rows"]?.value else { continue }
            for row in rows {
                if case .table(let members) = row.value { count += members.count }
            }
        }
        return count
    }

    @Test(arguments: [SpecFormat.yaml, .json, .toml])
    func eachRowIsReadOnceAtAnySize(format: SpecFormat) throws {
        var perRow: [Double] = []
        for rows in [1_000, 10_000] {
            let text = try Self.text(rows, format)
            let tree = try SpecNode.read(text: text, format: format, file: "big")
            var reader = SpecReader(file: "big")
            let spec = try reader.spec(tree)
            #expect(spec.answeringRows.count == rows)
            let members = Self.rowMembers(try #require(tree["sections"]))
            #expect(reader.membersRead == members, "\(format), \(rows) rows")
            perRow.append(Double(reader.membersRead) / Double(rows))
        }
        #expect(abs(perRow[1] - perRow[0]) < 0.1, "\(format): \(perRow) members looked at per row")
    }

    @Test func aKindIsFoundByItsNameAsByItsRawValue() {
        for kind in RowKind.allCases { #expect(RowKind.named(kind.rawValue) == kind) }
        for name in ["", "Text", "texts", "tex", "multiselects", "form "] {
            #expect(RowKind.named(name) == nil)
        }
        for key in SpecRowMembers.Key.allCases { #expect(SpecRowMembers.Key(key.name) == key) }
        for name in ["", "ID", "types", "optionsfile", "x"] { #expect(SpecRowMembers.Key(name) == nil) }
    }
}
