import FormCore
import FormSpec
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The form a spec builds: its rules, its `when`, and its answers as JSON, shell lines and state.
struct SpecAnswersTests {
    static func spec(_ text: String) throws -> FormSpec {
        try SpecReader.read(text: text, format: .yaml, file: "t.yaml")
    }

    @Test func anEmptyFormIsRefusedOnEveryRequiredRow() throws {
        let spec = try Self.spec(SpecReaderTests.issueSpec)
        let form = SpecFormBuilder(spec: spec).form()
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        let messages = form.validationMessages(for: answers)
        #expect(Set(messages.values) == ["Full name is needed.", "Email is needed."])
        answers[text: "name"] = "Ada"
        answers[text: "email"] = "ada@example"
        answers[text: "code"] = "123"
        #expect(
            Set(form.validationMessages(for: answers).values) == [
                "Not an email address (name@example.com).", "At least 6 characters.",
            ])
        answers[flag: "news"] = false
        answers[text: "email"] = "ada@example.org"
        #expect(form.validationMessages(for: answers).isEmpty)
    }

    @Test func everyRequiredRowIsMarkedWhateverItsKind() throws {
        let spec = try Self.spec(
            """
            sections:
              - rows:
                  - {id: t, type: text, title: T, required: true}
                  - {id: m, type: multiline, title: M, required: true}
                  - {id: s, type: switch, title: S, required: true}
                  - {id: d, type: date, title: D, required: true}
                  - {id: c, type: select, title: C, required: true, options: [a, b]}
                  - {id: x, type: multiselect, title: X, required: true, options: [a, b]}
                  - {id: n, type: number, title: N, required: true}
                  - {id: o, type: select, title: O, options: [a, b]}
            """)
        let answers = SpecFormBuilder.initialAnswers(of: spec)
        let rows = SpecFormBuilder(spec: spec).form().sections[0].groups.map { $0.row(answers, 0) }
        #expect(rows.filter(\.isRequired).map(\.title) == ["T", "M", "S", "D", "C", "X", "N"])
    }

    @Test func aHiddenSectionAnswersNull() throws {
        let spec = try Self.spec(SpecReaderTests.issueSpec)
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        answers[text: "name"] = "Ada"
        answers[integer: "age"] = 36
        answers[text: "code"] = "123456"
        let shown = SpecAnswersOutput(spec: spec, answers: answers).json()
        #expect(
            shown
                == #"{"name": "Ada", "email": "", "age": 36, "news": true, "country": null, "code": "123456"}"#
        )
        answers[flag: "news"] = false
        #expect(SpecAnswersOutput(spec: spec, answers: answers).json().hasSuffix(#""code": null}"#))
        #expect(SpecAnswersOutput(spec: spec, answers: answers).shellAssignments().hasSuffix("\ncode=''\n"))
        #expect(!SpecFormBuilder(spec: spec).form().sections[1].isVisible(answers))
    }

    @Test func answersAreTyped() throws {
        let spec = try Self.spec(
            """
            sections:
              - rows:
                  - {id: d, type: decimal, default: 2.5}
                  - {id: n, type: number}
                  - {id: day, type: date, default: 2024-02-29}
                  - {id: at, type: datetime, default: '2024-05-01T09:30:00Z'}
                  - {id: t, type: time, default: '23:05'}
                  - {id: m, type: multiselect, options: [x, y, z], default: [z, x]}
                  - {id: s, type: slider, min: 0, max: 10, default: 7}
            """)
        let json = SpecAnswersOutput(spec: spec, answers: SpecFormBuilder.initialAnswers(of: spec)).json()
        #expect(
            json
                == #"{"d": 2.5, "n": null, "day": "2024-02-29", "at": "2024-05-01T09:30:00Z", "t": "23:05", "m": ["x", "z"], "s": 7}"#
        )
    }

    @Test func shellLinesQuoteEverything() throws {
        let spec = try Self.spec(
            "sections:\n  - rows:\n      - {id: note, type: text}\n      - {id: my_id, type: switch}")
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        answers[text: "note"] = "it's $(id)\n`x`\\"
        let lines = SpecAnswersOutput(spec: spec, answers: answers).shellAssignments()
        #expect(lines == "note='it'\\''s $(id)\n`x`\\'\nmy_id=false\n")
    }

    @Test func secureAnswersStayOutOfTheStateUnlessKept() throws {
        let spec = try Self.spec(
            """
            sections:
              - rows:
                  - {id: user, type: text, default: ada}
                  - {id: pass, type: secure, default: hunter22}
                  - {id: token, type: secure, default: t0k, keepInState: true}
            """)
        let stored = SpecAnswersOutput(spec: spec, answers: SpecFormBuilder.initialAnswers(of: spec)).stored()
        #expect(stored.members == ["user": .string("ada"), "token": .string("t0k")])
    }

    @Test func aValuesFileFillsTheFormAndIsChecked() throws {
        let spec = try Self.spec(SpecReaderTests.issueSpec)
        let answers = try SpecValuesFile.read(
            text: #"{"name": "Ada", "age": 36, "country": "Japan"}"#, file: "v.json", spec: spec)
        #expect(answers == ["name": .text("Ada"), "age": .integer(36), "country": .text("Japan")])
        // An id the spec no longer has is left out, with a word.
        var ignored: [SpecError] = []
        let older = try SpecValuesFile.read(
            text: "{\n  \"nmae\": \"Ada\", \"age\": 3}", file: "v.json", spec: spec
        ) {
            ignored.append($0)
        }
        #expect(older == ["age": .integer(3)])
        #expect(ignored.map(\.position) == [SpecPosition(line: 2, column: 3)])
        #expect(ignored.first?.description.contains("did you mean 'name'?") == true)
        for (text, at, words) in [
            ("{\"age\": \"old\"}", SpecPosition(line: 1, column: 9), "'age' must be a whole number"),
            ("{\"country\": \"Mars\"}", SpecPosition(line: 1, column: 13), "Sweden, France, Japan"),
            ("[1]", SpecPosition(line: 1, column: 1), "expected a JSON object"),
            // Where the object that is never closed opens.
            ("{\"age\": 1\n", SpecPosition(line: 1, column: 1), "a } is missing"),
        ] {
            do {
                _ = try SpecValuesFile.read(text: text, file: "v.json", spec: spec)
                Issue.record("\(text) was taken")
            } catch {
                #expect(error.description.contains(words), "\(error)")
                #expect(error.position?.line == at.line, "\(text): \(error)")
            }
        }
    }

    @Test func datesRoundTrip() {
        for (text, kind) in [
            ("1815-12-10", SpecDates.Kind.date), ("2000-02-29", .date), ("00:00", .time),
            ("1969-07-20T20:17:40Z", .dateAndTime),
        ] {
            let date = SpecDates.parse(text, kind: kind)
            #expect(date.map { SpecDates.format($0, kind: kind) } == text)
        }
        #expect(SpecDates.parse("2023-02-29", kind: .date) == nil)
        #expect(SpecDates.parse("24:00", kind: .time) == nil)
    }

    @Test func nearestSuggestsOnlyCloseWords() {
        #expect(Nearest.match("multiselct", in: RowKind.allCases.map(\.rawValue)) == "multiselect")
        #expect(Nearest.match("banana", in: RowKind.allCases.map(\.rawValue)) == nil)
    }
}
