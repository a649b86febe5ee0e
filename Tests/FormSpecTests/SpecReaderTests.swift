import FormCore
import FormSpec
import Testing

/// Specs read from each language into the same form, and every kind of bad spec refused with
/// its line and column.
struct SpecReaderTests {
    static let issueSpec = """
        title: Sign up
        sections:
          - header: Account
            footer: We never share your email.
            rows:
              - {id: name, type: text, title: Full name, required: true, placeholder: Ada Lovelace}
              - {id: email, type: email, title: Email, required: true}
              - {id: age, type: number, title: Age, min: 0, max: 150}
              - {id: news, type: switch, title: Newsletter, default: true}
              - {id: country, type: select, title: Country, options: [Sweden, France, Japan]}
          - header: Two-factor
            when: {news: true}
            rows:
              - {id: code, type: secure, title: Code, minLength: 6}
        """

    @Test func theIssuesSpecReadsIntoSectionsAndRows() throws {
        let spec = try SpecReader.read(text: Self.issueSpec, format: .yaml, file: "signup.yaml")
        #expect(spec.title == "Sign up")
        #expect(spec.sections.map(\.header) == ["Account", "Two-factor"])
        #expect(spec.answeringRows.map(\.id) == ["name", "email", "age", "news", "country", "code"])
        #expect(spec.answeringRows.map(\.kind) == [.text, .email, .number, .switch, .select, .secure])
        #expect(spec.answeringRows[3].initial == .flag(true))
        #expect(spec.sections[1].conditions.first?.field == "news")
    }

    @Test func jsonAndTomlGiveTheSameForm() throws {
        let json = """
            {"title": "Sign up", "sections": [{"header": "Account", "rows": [
              {"id": "name", "type": "text", "title": "Full name", "required": true},
              {"id": "news", "type": "switch", "title": "Newsletter", "default": true},
              {"id": "born", "type": "date", "title": "Born", "default": "1815-12-10"}]}]}
            """
        let toml = """
            title = "Sign up"
            [[sections]]
            header = "Account"
            [[sections.rows]]
            id = "name"
            type = "text"
            title = "Full name"
            required = true
            [[sections.rows]]
            id = "news"
            type = "switch"
            title = "Newsletter"
            default = true
            [[sections.rows]]
            id = "born"
            type = "date"
            title = "Born"
            default = 1815-12-10
            """
        for (text, format) in [(json, SpecFormat.json), (toml, .toml)] {
            let spec = try SpecReader.read(text: text, format: format, file: "f")
            #expect(spec.answeringRows.map(\.id) == ["name", "news", "born"], "\(format)")
            #expect(spec.answeringRows[1].initial == .flag(true))
            #expect(spec.answeringRows[2].initial == .date(SpecDates.parse("1815-12-10", kind: .date)))
        }
    }

    @Test func theFormatIsToldFromTheNameOrTheText() {
        #expect(SpecFormat(path: "a/b.yml") == .yaml)
        #expect(SpecFormat(path: "b.TOML") == .toml)
        #expect(SpecFormat(path: "b.txt") == nil)
        #expect(SpecFormat.detect(in: "  {\"title\": 1}") == .json)
        #expect(SpecFormat.detect(in: "# c\ntitle = \"x\"") == .toml)
        #expect(SpecFormat.detect(in: "title: x") == .yaml)
    }

    /// Each bad spec, the line and column of the error, and words of its message and hint.
    static let badSpecs:
        [(name: String, text: String, format: SpecFormat, at: SpecPosition, says: [String])] = [
            (
                "unknown kind", "sections:\n  - rows:\n      - {id: a, type: swich}\n", .yaml,
                .init(line: 3, column: 23),
                ["unknown row type 'swich'", "did you mean 'switch'?"]
            ),
            (
                "duplicate id",
                "sections:\n  - rows:\n      - {id: a, type: text}\n      - {id: a, type: email}\n", .yaml,
                .init(line: 4, column: 14), ["duplicate id 'a'", "line 3"]
            ),
            (
                "default of the wrong type",
                "sections:\n  - rows:\n      - {id: n, type: number, default: many}\n", .yaml,
                .init(line: 3, column: 40), ["default of 'n' must be a whole number", "the text 'many'"]
            ),
            (
                "when naming no field",
                "sections:\n  - rows:\n      - {id: news, type: switch}\n  - when: {nwes: true}\n    rows: []\n",
                .yaml,
                .init(line: 4, column: 12), ["'when' names 'nwes'", "did you mean 'news'?"]
            ),
            (
                "min above max", "sections:\n  - rows:\n      - {id: n, type: stepper, min: 10, max: 1}\n",
                .yaml,
                .init(line: 3, column: 32), ["'min' (10) is above 'max' (1)"]
            ),
            (
                "unknown key", "sections:\n  - rows:\n      - {id: n, type: text, requried: true}\n", .yaml,
                .init(line: 3, column: 29), ["unknown key 'requried'", "did you mean 'required'?"]
            ),
            (
                "default not an option",
                "sections:\n  - rows:\n      - {id: c, type: select, options: [A, B], default: C}\n",
                .yaml, .init(line: 3, column: 57), ["one of the options", "A, B"]
            ),
            (
                "bad YAML", "sections:\n  - rows: [\n", .yaml, .init(line: 3, column: 1), ["not valid YAML"]
            ),
            (
                "JSON unknown kind",
                "{\"sections\": [{\"rows\": [\n  {\"id\": \"a\", \"type\": \"texte\"}]}]}", .json,
                .init(line: 2, column: 23), ["unknown row type 'texte'", "did you mean 'text'?"]
            ),
            (
                "JSON duplicate id",
                "{\"sections\": [{\"rows\": [\n {\"id\": \"a\", \"type\": \"text\"},\n {\"id\": \"a\", \"type\": \"text\"}]}]}",
                .json,
                .init(line: 3, column: 9), ["duplicate id 'a'"]
            ),
            (
                "TOML min above max",
                "[[sections]]\n[[sections.rows]]\nid = \"v\"\ntype = \"slider\"\nmin = 9\nmax = 2\n",
                .toml, .init(line: 5, column: 1), ["'min' (9) is above 'max' (2)"]
            ),
            (
                "TOML wrong default",
                "[[sections]]\n[[sections.rows]]\nid = \"s\"\ntype = \"switch\"\ndefault = \"yes\"\n",
                .toml, .init(line: 5, column: 11), ["must be true or false"]
            ),
            (
                "bad TOML", "[[sections]\n", .toml, .init(line: 1, column: 12), ["not valid TOML"]
            ),
        ]

    @Test(arguments: badSpecs.indices)
    func aBadSpecIsRefusedWithItsPosition(index: Int) {
        let bad = Self.badSpecs[index]
        do {
            _ = try SpecReader.read(text: bad.text, format: bad.format, file: "bad.spec")
            Issue.record("\(bad.name): read without error")
        } catch {
            #expect(error.position == bad.at, "\(bad.name): \(error)")
            #expect(error.description.hasPrefix("bad.spec:\(bad.at.line):\(bad.at.column): "), "\(bad.name)")
            for words in bad.says {
                #expect(error.description.contains(words), "\(bad.name): \(error)")
            }
        }
    }

    @Test func everyRowTypeReadsAndBuilds() throws {
        let rows = RowKind.allCases.map { kind -> String in
            switch kind {
            case .picker, .select, .multiselect: "      - {id: \(kind), type: \(kind), options: [A, B]}"
            case .form: "      - {id: sub, type: form, sections: [{rows: [{id: inner, type: text}]}]}"
            case .label: "      - {type: label, title: Note, value: Hello}"
            default: "      - {id: \(kind), type: \(kind)}"
            }
        }
        let text = "sections:\n  - rows:\n" + rows.joined(separator: "\n")
        let spec = try SpecReader.read(text: text, format: .yaml, file: "all.yaml")
        let form = SpecFormBuilder(spec: spec).form()
        // A list is two groups: its title line and its rows.
        #expect(form.sections[0].groups.count == RowKind.allCases.count + 1)
        #expect(spec.answeringRows.count == RowKind.allCases.count - 2 + 1)
    }
}
