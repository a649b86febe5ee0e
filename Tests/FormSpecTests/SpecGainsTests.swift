import FormCore
import FormSpec
import FormUI
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a spec can say beyond the row kinds: confirmations, rows shown or disabled by the
/// answers, date ranges, fractional sliders, lists of texts, headers that follow the answers,
/// dates in a time zone; each refused, when wrong, with its line, column and a hint.
struct SpecGainsTests {
    static func spec(_ rows: String, zone: TimeZone = .gmt) throws(SpecError) -> FormSpec {
        try SpecReader.read(
            text: "sections:\n  - rows:\n" + rows, format: .yaml, file: "t.yaml", timeZone: zone)
    }

    /// The error a spec is refused with.
    static func refusal(_ text: String) -> SpecError? {
        do {
            _ = try SpecReader.read(text: text, format: .yaml, file: "t.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func aConfirmationMustEqualItsRow() throws {
        let spec = try Self.spec(
            """
                  - {id: password, type: secure, title: Password}
                  - {id: confirm, type: secure, title: Confirm, equals: password}
            """)
        let form = SpecFormBuilder(spec: spec).form()
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        answers[text: "password"] = "hunter22"
        answers[text: "confirm"] = "hunter2"
        #expect(Array(form.validationMessages(for: answers).values) == ["Does not match Password."])
        answers[text: "confirm"] = "hunter22"
        #expect(form.validationMessages(for: answers).isEmpty)
        // Still a secret: left out of drafts.
        #expect(form.secretMembers(in: answers).count == 2)
    }

    @Test(
        arguments: [
            (
                "      - {id: a, type: text}\n      - {id: b, type: text, equals: aa}\n", 4, 37,
                "did you mean 'a'?"
            ),
            ("      - {id: a, type: switch}\n      - {id: b, type: text, equals: a}\n", 4, 37, "only a text"),
            (
                "      - {id: a, type: text}\n      - {id: b, type: number, equals: a}\n", 4, 31,
                "text, email and secure"
            ),
            ("      - {id: a, type: text, when: {a: x}}\n", 3, 29, "shown on its own answer"),
            ("      - {id: a, type: text, disabled: {nope: true}}\n", 3, 40, "'disabled' names 'nope'"),
            ("      - {id: d, type: date, min: 2025-02-30}\n", 3, 34, "written as 2024-05-01"),
            (
                "      - {id: d, type: date, min: 2025-02-01, max: 2025-01-01}\n", 3, 29,
                "'min' is after 'max'"
            ),
            (
                "      - {id: d, type: date, max: 2025-01-01, default: 2025-06-01}\n", 3, 55,
                "a date up to 2025-01-01"
            ),
            ("      - {id: s, type: stepper, step: 0.5}\n", 3, 32, "type: slider"),
            ("      - {id: s, type: slider, min: 0, max: 1, step: 0.25, default: 2}\n", 3, 68, "up to 1"),
        ] as [(String, Int, Int, String)])
    func aWrongRuleIsRefusedWithItsPlace(rows: String, line: Int, column: Int, says: String) throws {
        let error = try #require(Self.refusal("sections:\n  - rows:\n" + rows))
        #expect(error.position == SpecPosition(line: line, column: column), "\(error)")
        #expect(error.description.contains(says), "\(error)")
        if !says.hasPrefix("up to") { #expect(error.hint != nil, "\(error)") }
    }

    @Test func aRowOfItsOwnIsShownOrDisabledByTheAnswers() throws {
        let spec = try Self.spec(
            """
                  - {id: useProxy, type: switch}
                  - {id: proxy, type: text, when: {useProxy: true}, default: p}
                  - {id: locked, type: switch}
                  - {id: region, type: picker, options: [eu, us], disabled: {locked: true}}
                  - {id: fixed, type: text, disabled: true, default: f}
            """)
        let form = SpecFormBuilder(spec: spec).form()
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        let groups = form.sections[0].groups
        #expect(groups[1].count(answers) == 0)
        #expect(groups[3].isDisabled?(answers) == false)
        #expect(groups[4].isDisabled?(answers) == true)
        #expect(SpecAnswersOutput(spec: spec, answers: answers).json().contains(#""proxy": null"#))
        answers[flag: "useProxy"] = true
        answers[flag: "locked"] = true
        #expect(groups[1].count(answers) == 1)
        #expect(groups[3].isDisabled?(answers) == true)
        // A disabled row still answers its value.
        #expect(
            SpecAnswersOutput(spec: spec, answers: answers).json()
                == #"{"useProxy": true, "proxy": "p", "locked": true, "region": "eu", "fixed": "f"}"#)
    }

    @Test func aDateRangeLimitsTheRowAndTheValues() throws {
        let spec = try Self.spec("      - {id: d, type: date, min: 2025-01-01, max: 2025-12-31}\n")
        let row = try #require(spec.answeringRows.first)
        #expect(row.earliest.map { SpecDates.format($0, kind: .date) } == "2025-01-01")
        #expect(row.latest.map { SpecDates.format($0, kind: .date) } == "2025-12-31")
        #expect(throws: SpecError.self) {
            try SpecValuesFile.read(text: #"{"d": "2026-01-01"}"#, file: "v.json", spec: spec)
        }
        #expect(try SpecValuesFile.read(text: #"{"d": "2025-06-01"}"#, file: "v.json", spec: spec).count == 1)
    }

    @Test func aFractionalSliderAnswersADecimal() throws {
        let spec = try Self.spec(
            "      - {id: load, type: slider, min: 0, max: 2, step: 0.5, default: 1.5}\n")
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        #expect(answers.values["load"] == .decimal(1.5))
        let form = SpecFormBuilder(spec: spec).form()
        let row = form.sections[0].groups[0].row(answers, 0)
        _ = row.perform(.increment, on: &answers)
        #expect(answers[fraction: "load"] == 2)
        #expect(
            SpecAnswersOutput(spec: spec, answers: answers).json() == #"{"load": 2}"#, "as the row shows it")
    }

    @Test("Conditions beyond equality: not, any, all, comparisons, set and empty, membership")
    func conditionsBeyondEquality() throws {
        let spec = try Self.spec(
            "      - {id: age, type: number}\n"
                + "      - {id: name, type: text}\n"
                + "      - {id: news, type: switch}\n"
                + "      - {id: toppings, type: multiselect, options: [Ham, Olives]}\n"
                + "      - {id: adult, type: label, value: x, when: {age: {\">=\": 18, \"<\": 65}}}\n"
                + "      - {id: named, type: label, value: x, when: {name: {is: set}}}\n"
                + "      - {id: quiet, type: label, value: x, when: {not: {news: true}}}\n"
                + "      - {id: either, type: label, value: x, when: {any: [{news: true}, {age: {\">\": 90}}]}}\n"
                + "      - {id: both, type: label, value: x, when: {all: [{toppings: Ham}, {name: {is: empty}}]}}\n"
                + "      - {id: off, type: text, disabled: {age: {\"<=\": 12}}}\n")
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        let rows = Dictionary(uniqueKeysWithValues: spec.sections[0].rows.map { ($0.id, $0) })
        func shown(_ id: String) -> Bool { SpecFormBuilder.holds(rows[id]!.conditions, in: answers) }
        #expect(!shown("adult") && !shown("named") && shown("quiet") && !shown("either") && !shown("both"))
        #expect(!SpecFormBuilder.isDisabled(rows["off"]!, in: answers), "an empty number is below nothing")
        answers[integer: "age"] = 30
        answers[flag: "news"] = true
        answers[choices: "toppings"] = ["Ham"]
        #expect(shown("adult") && !shown("quiet") && shown("either") && shown("both"))
        answers[integer: "age"] = 70
        answers[text: "name"] = "Ada"
        answers[flag: "news"] = false
        #expect(!shown("adult") && shown("named") && shown("quiet") && !shown("either") && !shown("both"))
        answers[integer: "age"] = 12
        #expect(SpecFormBuilder.isDisabled(rows["off"]!, in: answers))
    }

    @Test("A condition that cannot hold is refused with its line and column")
    func conditionsRefused() {
        func refused(_ when: String) -> SpecError? {
            Self.refusal(
                "sections:\n  - rows:\n      - {id: age, type: number}\n      - {id: name, type: text}\n"
                    + "      - {id: x, type: text, when: \(when)}\n")
        }
        let unknownTest = refused("{age: {gt: 3}}")
        #expect(unknownTest?.message == "unknown test 'gt' for 'age' in 'when'")
        #expect(unknownTest?.position == SpecPosition(line: 5, column: 42))
        #expect(
            refused("{name: {\">\": 3}}")?.message == "'when' compares 'name' with '>', but it is a text row")
        #expect(refused("{age: {\">\": ten}}")?.message == "'>' needs a number, not the text 'ten'")
        #expect(refused("{age: {is: full}}")?.message == "'is' takes set or empty, not the text 'full'")
        let inner = refused("{not: {agge: 3}}")
        #expect(inner?.message == "'when' names 'agge', which is no field of the form")
        #expect(inner?.position == SpecPosition(line: 5, column: 42))
        #expect(inner?.hint == "did you mean 'age'?")
        #expect(refused("{any: []}")?.message == "'any' needs at least one condition")
    }

    @Test("A header's doubled braces are one brace each, whether or not it names an answer")
    func literalBraces() throws {
        let spec = try SpecReader.read(
            text: "sections:\n  - header: 'Use {{name}}'\n    footer: '{{{name}}}'\n    rows:\n"
                + "      - {id: name, type: text, default: Ada}\n",
            format: .yaml, file: "t.yaml")
        let form = SpecFormBuilder(spec: spec).form()
        let answers = SpecFormBuilder.initialAnswers(of: spec)
        #expect(form.sections[0].header(answers) == "Use {name}")
        #expect(form.sections[0].footer(answers) == "{Ada}")
    }

    @Test("Every error of a spec is said at once, in the order of the file, without echoes")
    func everyErrorAtOnce() {
        let error = Self.refusal(
            "sections:\n  - rows:\n"
                + "      - {id: news, type: switch, when: {name: x}}\n"
                + "      - {id: name, type: txt}\n"
                + "      - {id: pet, type: select}\n"
                + "  - header: '{pet} {nope}'\n    rows:\n      - {id: ok, type: text, colour: red}\n")
        let all = error?.all ?? []
        #expect(
            all.map(\.message) == [
                "unknown row type 'txt'",
                "a select row needs 'options' (or 'optionsFile', one per line)",
                "'{nope}' names no field of the form",
                "unknown key 'colour' in a row",
            ], "a rule naming a row refused for its own error says nothing more")
        #expect(all.map { $0.position?.line ?? 0 } == [4, 5, 6, 8])
        #expect(error?.description.split(separator: "\n").count == 8, "each with its hint")
    }

    @Test("A list's review names the list, not its section; its add row keeps an abbreviation")
    func aListReviewedByItsTitle() throws {
        let spec = try SpecReader.read(
            text: "sections:\n  - header: Network\n    rows:\n"
                + "      - {id: keys, type: list, title: SSH keys}\n"
                + "      - {id: hosts, type: list, title: Allowed Hosts}\n",
            format: .yaml, file: "t.yaml")
        let form = SpecFormBuilder(spec: spec).form()
        let answers = SpecFormBuilder.initialAnswers(of: spec)
        let keys = form.sections[0].groups[1]
        #expect(keys.row(answers, 0).title == "Add to SSH keys")
        #expect(form.sections[0].groups[3].row(answers, 0).title == "Add to allowed hosts")
        let editor = FormEditor(form: form, store: StateStore(answers), mode: .edit)
        var changed = answers
        changed[texts: "keys"] = ["ssh-ed25519 AAAA"]
        editor.restore(draft: changed, focus: nil)
        #expect(editor.changes().map(\.title) == ["SSH keys"])
        #expect(editor.changes().first?.section == "Network")
    }

    @Test func aListIsEditableTextRows() throws {
        let spec = try Self.spec(
            "      - {id: hosts, type: list, title: Hosts, required: true, max: 2, pattern: '[a-z.]+'}\n")
        let form = SpecFormBuilder(spec: spec).form()
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        let items = form.sections[0].groups[1]
        #expect(items.editing != nil)
        #expect(items.count(answers) == 1, "only the add row")
        #expect(Array(form.validationMessages(for: answers).values) == ["Add at least one."])
        items.editing?.insert(&answers, 0)
        answers[item: "hosts", 0] = "Web 1"
        #expect(items.count(answers) == 2)
        #expect(Array(form.validationMessages(for: answers).values) == ["Not in the expected form."])
        answers[texts: "hosts"] = ["a.example", "", "b.example"]
        #expect(form.validationMessages(for: answers).isEmpty, "empty texts are left out")
        #expect(
            SpecAnswersOutput(spec: spec, answers: answers).json()
                == #"{"hosts": ["a.example", "b.example"]}"#)
        answers[texts: "hosts"] = ["a", "b", "c"]
        #expect(Array(form.validationMessages(for: answers).values) == ["At most 2."])
        let values = try SpecValuesFile.read(text: #"{"hosts": ["x", "y"]}"#, file: "v.json", spec: spec)
        #expect(values["hosts"] == .texts(["x", "y"]))
    }

    @Test func headersAndFootersFollowTheAnswers() throws {
        let spec = try SpecReader.read(
            text: """
                sections:
                  - header: "{app}: {replicas} replicas"
                    footer: "{{literal}} {on} {tags}"
                    rows:
                      - {id: app, type: text, default: web}
                      - {id: replicas, type: stepper, default: 2}
                      - {id: on, type: switch}
                      - {id: tags, type: multiselect, options: [a, b], default: [b, a]}
                """, format: .yaml, file: "t.yaml")
        let section = SpecFormBuilder(spec: spec).form().sections[0]
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        #expect(section.header(answers) == "web: 2 replicas")
        #expect(section.footer(answers) == "{literal} off a, b")
        answers[count: "replicas"] = 5
        #expect(section.header(answers) == "web: 5 replicas")

        let unknown = try #require(
            Self.refusal(
                "sections:\n  - header: \"{replica} replicas\"\n    rows:\n      - {id: replicas, type: stepper}\n"
            ))
        #expect(unknown.position == SpecPosition(line: 2, column: 13), "\(unknown)")
        #expect(unknown.description.contains("did you mean '{replicas}'?"), "\(unknown)")
        let unclosed = try #require(Self.refusal("sections:\n  - footer: \"{a\"\n    rows: []\n"))
        #expect(
            unclosed.description.contains("not closed") && unclosed.hint?.contains("{{") == true,
            "\(unclosed)")
    }

    @Test("A header that names answers shows them as typed; a header of words alone is in capitals")
    func aHeaderShowsAnswersAsTyped() throws {
        let spec = try SpecReader.read(
            text: """
                sections:
                  - header: "Server {host}"
                    rows:
                      - {id: host, type: text, title: Host, default: web-01}
                  - header: Network
                    rows:
                      - {id: port, type: number, title: Port}
                """, format: .yaml, file: "t.yaml")
        let form = SpecFormBuilder(spec: spec).form()
        #expect(form.sections.map(\.capitalizesHeader) == [false, true])
        let store = StateStore(SpecFormBuilder.initialAnswers(of: spec))
        let app = App(root: FormScreen(form: form, store: store, mode: .edit))
        let lines = app.render(size: Size(width: 40, height: 12)).lines
        #expect(lines.contains { $0.hasPrefix(" Server web-01") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(" NETWORK") }, "\(lines)")
    }

    @Test func datesAreReadAndAnsweredInTheZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let spec = try Self.spec(
            """
                  - {id: at, type: datetime, default: '2025-06-01T22:56:00'}
                  - {id: day, type: date, default: 2025-06-01}
                  - {id: t, type: time, default: '07:15'}
            """, zone: tokyo)
        let answers = SpecFormBuilder.initialAnswers(of: spec)
        #expect(answers[date: "at"] == SpecDates.parse("2025-06-01T13:56:00Z", kind: .dateAndTime))
        #expect(
            SpecAnswersOutput(spec: spec, answers: answers).json()
                == #"{"at": "2025-06-01T22:56:00+09:00", "day": "2025-06-01", "t": "07:15"}"#)
        // An offset, when given, is the one taken.
        #expect(
            SpecDates.parse("2025-06-01T09:00:00-03:30", kind: .dateAndTime, in: tokyo)
                == SpecDates.parse("2025-06-01T12:30:00Z", kind: .dateAndTime))
        #expect(SpecDates.parse("2025-06-01T09:00:00+25:00", kind: .dateAndTime) == nil)
        let day = try #require(answers[date: "day"])
        #expect(SpecDates.format(day, kind: .dateAndTime, in: tokyo) == "2025-06-01T00:00:00+09:00")
    }

    @Test func shellNamesAreCheckedAsTheyWillBeWritten() {
        #expect(ShellNames.reason("my_name") == nil)
        #expect(ShellNames.reason("my-name") == "is not a shell variable name")
        #expect(ShellNames.reason("1st") == "is not a shell variable name")
        #expect(ShellNames.reason("né") == "is not a shell variable name")
        for name in ["PATH", "IFS", "HOME", "PS1", "path", "status", "LC_ALL", "BASH_ENV", "_"] {
            #expect(ShellNames.reason(name) != nil, "\(name)")
        }
        #expect(ShellNames.reason("home") == nil)
    }
}
