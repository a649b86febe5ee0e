import FormCore
import FormDocument
import FormSchema
import FormSpec
import FormUI
import Testing

@testable import FormEdit

/// Ctrl-G over a schema that refers to itself (renovate's 143 managers are each `"$ref": "#"`:
/// every manager opens a page of the whole file's settings again) reads each page of the file's
/// values and each page of settings the schema offers once, not the recursion unrolled. The
/// work is counted (pages made, fields made, rows read), not timed.
@Suite struct ConfigJumpSearchTests {
    /// A root of settings, an object of its own (`lock`), a list of objects (`rules`) and 30
    /// managers, each the whole root's settings again.
    static let schema: DocumentValue = {
        var properties: [(String, DocumentValue)] = [
            ("enabled", ["type": "boolean"]),
            ("timezone", ["type": "string"]),
            (
                "lock",
                [
                    "type": "object", "description": "Lock file upkeep.",
                    "properties": ["when": ["type": "string"], "enabled": ["type": "boolean"]],
                ]
            ),
            (
                "rules",
                [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": ["match": ["type": "string"], "automerge": ["type": "boolean"]],
                    ],
                ]
            ),
        ]
        for index in 0..<20 { properties.append(("setting\(index)", ["type": "string"])) }
        for index in 0..<30 { properties.append(("m\(index)", ["$ref": "#/definitions/manager"])) }
        return [
            "type": "object",
            "definitions": [
                "manager": ["$ref": "#", "type": "object", "description": "A manager's settings."]
            ],
            "properties": .object(.init(uniqueKeysWithValues: properties)),
        ]
    }()

    /// Two managers set, one inside the other, and two rules.
    static let file = """
        {"timezone": "UTC", "m1": {"enabled": false, "m2": {"timezone": "Europe/Berlin"}},
         "rules": [{"match": "a"}, {"match": "b", "automerge": true}]}

        """

    /// The builder, the editor (the search holds it weakly) and its search.
    static func search() throws -> (
        builder: ConfigFormBuilder, editor: FormEditor<SpecAnswers>, search: FieldSearch
    ) {
        let document = try Document(reading: Array(file.utf8), format: .json, engine: JSONFormat())
        let builder = ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "test")
        let form = builder.form()
        let editor = FormEditor(form: form, store: StateStore(builder.initialAnswers()), mode: .edit)
        return (builder, editor, editor.fieldSearch())
    }

    /// Searches until the search ends, 1,000 slices at most; the slices it took.
    @discardableResult
    static func finish(_ search: FieldSearch, _ query: String) -> Int {
        search.search(query)
        var slices = 1
        while search.isCut, slices < 1_000 {
            search.searchOn()
            slices += 1
        }
        return slices
    }

    @Test("a search matching nothing over a recursive schema ends, reading each page once")
    func aSearchOfNothingEnds() throws {
        let (builder, editor, search) = try Self.search()
        let pages = builder.pagesMade
        Self.finish(search, "zzzq")
        #expect(!search.isCut && search.results.isEmpty)
        // The file's pages: the two rules, m1 and m1's m2; no manager the file does not set,
        // and no lock below the root (the root's lock section offers its settings already).
        #expect(builder.pagesMade - pages == 4)
        // The root's rows (4 + 20 + 30 and the lock's 2, the rules' heading and items), then
        // each page's: 2 a rule, 54 a manager's.
        #expect(search.scanned < 300, "\(search.scanned) rows read")
        #expect(search.scanned == 2 + 1 + 2 + 20 + 30 + 1 + 2 + 2 * 2 + 2 * (1 + 1 + 2 + 1 + 20 + 30))
        withExtendedLifetime(editor) {}
    }

    @Test("five searches cost five times one: the fields made stay those of the file's pages")
    func fieldsDoNotGrowWithSearches() throws {
        let (builder, editor, search) = try Self.search()
        Self.finish(search, "z")
        let fields = builder.check.fields.count
        let pages = builder.pagesMade
        let settings = builder.settingsRead
        for query in ["zz", "zzz", "zzzq", "zzzqx"] { Self.finish(search, query) }
        #expect(builder.check.fields.count == fields)
        #expect(builder.pagesMade - pages == 4 * 4)
        // Each place's settings read from the schema once, whatever the searches.
        #expect(builder.settingsRead == settings)
        // No field of a manager the file does not set, at any depth.
        let managers = builder.check.fields.keys.filter { id in
            id.split(separator: "/").contains {
                $0.hasPrefix("m") && $0 != "m1" && $0 != "m2" && $0 != "match"
            }
        }
        #expect(managers.isEmpty, "\(managers.sorted().prefix(5))")
        withExtendedLifetime(editor) {}
    }

    @Test(
        "every value of the file is found where it stands, and the schema's settings where they may be added")
    func findsTheFilesValuesAndTheSchemasSettings() throws {
        let (_, editor, search) = try Self.search()
        Self.finish(search, "timezone")
        // The root's, m1's (not set there: a setting to add) and m2's, set: not m0's, m3's, …
        #expect(search.results.map(\.name) == ["timezone", "m1 › timezone", "m1 › m2 › timezone"])
        Self.finish(search, "automerge")
        #expect(search.results.count == 2, "\(search.results.map(\.name))")
        Self.finish(search, "m29")
        // A manager's row under its own header (its help the section's footer), found in the
        // pages of m1 and m2 first: they are read with their rows, which come before m29's.
        #expect(search.results.map(\.name) == ["m1 › m2 › m29 › m29", "m1 › m29 › m29", "m29 › m29"])
        withExtendedLifetime(editor) {}
    }
}
