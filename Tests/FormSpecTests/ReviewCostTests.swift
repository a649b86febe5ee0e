import FormCore
import FormSpec
import FormTestSupport
import FormUI
import Testing

/// Ctrl-S on a large spec asks the rules and compares the rows that changed since the save, not
/// every row (issue 34, point 6): the rules of the saved state are asked while the person reads
/// the form. What it finds is what asking every row finds.
@Suite struct ReviewCostTests {
    /// A spec of `rows` rows in sections of ten: texts, switches, a text that must equal the
    /// one before it, a required text in a section shown while its first switch is on.
    static func spec(rows: Int) -> String {
        var text = "title: T\nsections:\n"
        for start in stride(from: 0, to: rows, by: 10) {
            text += "  - header: Part \(start / 10)\n"
            if start % 30 == 20 { text += "    when: {s\(start - 20): true}\n" }
            text += "    rows:\n"
            for index in start..<min(rows, start + 10) {
                switch index % 5 {
                case 0: text += "      - {id: s\(index), type: switch, title: S\(index)}\n"
                case 2:
                    text += "      - {id: t\(index), type: text, title: T\(index), equals: t\(index - 1)}\n"
                case 4 where start % 30 == 20:
                    text += "      - {id: t\(index), type: text, title: T\(index), required: true}\n"
                default: text += "      - {id: t\(index), type: text, title: T\(index)}\n"
                }
            }
        }
        return text
    }

    static func editor(rows: Int) throws -> FormEditor<SpecAnswers> {
        let spec = try SpecReader.read(text: spec(rows: rows), format: .yaml, file: "s.yaml")
        var form = SpecFormBuilder(spec: spec).form()
        form.reviewsChanges = true
        return FormEditor(
            form: form, store: StateStore(SpecFormBuilder.initialAnswers(of: spec)), mode: .edit)
    }

    /// What Ctrl-S asks and compares on a form of `rows` rows after a key in its fourth row (T3,
    /// which no rule of another row reads),
    /// once the rules of the saved state were asked while idle.
    private func work(rows: Int) throws -> (asked: Int, compared: Int, effect: FormEffect?) {
        let editor = try Self.editor(rows: rows)
        for _ in 0..<3 { _ = editor.handle(.down, isRoot: true) }
        _ = editor.handle(.character("x"), isRoot: true)
        while editor.askRulesWhileIdle() {}
        let effect = editor.handle(.control("s"), isRoot: true)
        return (editor.rowsAskedAtSave, editor.rowsComparedForReview, effect)
    }

    @Test("Ctrl-S on 10,000 rows asks and compares no more rows than on 100")
    func proportionalToTheChange() throws {
        let small = try work(rows: 100)
        let large = try work(rows: 10_000)
        #expect(
            large.asked <= max(1, small.asked) * 2, "rules asked \(large.asked) rows, \(small.asked) on 100")
        #expect(
            large.compared <= max(1, small.compared) * 2,
            "compared \(large.compared), \(small.compared) on 100")
        guard case .review(let changes) = large.effect else {
            Issue.record("not a review: \(String(describing: large.effect))")
            return
        }
        #expect(changes.map(\.title) == ["T3"])
    }

    @Test("required rows never touched still stop a save, found while idle")
    func untouchedProblemsStay() throws {
        let editor = try Self.editor(rows: 1_000)
        // Switch s960 on: the section of rows 980-989 shows its required texts t984 and t989.
        let spec = try SpecReader.read(text: Self.spec(rows: 1_000), format: .yaml, file: "s.yaml")
        var answers = SpecFormBuilder.initialAnswers(of: spec)
        answers[flag: "s960"] = true
        let shown = FormEditor(
            form: editor.form, store: StateStore(answers), mode: .edit)
        for _ in 0..<3 { _ = shown.handle(.down, isRoot: true) }
        _ = shown.handle(.character("x"), isRoot: true)
        while shown.askRulesWhileIdle() {}
        let asked = shown.rowsAskedAtSave
        _ = shown.handle(.control("s"), isRoot: true)
        #expect(
            Set(shown.messages.keys) == [
                RowPath(section: 98, group: 4, index: 0), RowPath(section: 98, group: 9, index: 0),
            ])
        #expect(shown.rowsAskedAtSave - asked == 1)
    }

    @Test("what Ctrl-S finds after random keys is what asking every row finds (seeded)")
    func sameAsTheWholeWalk() throws {
        for seed in UInt64(1)...12 {
            var random = SeededRandom(seed: seed)
            let editor = try Self.editor(rows: 120)
            for step in 0..<60 {
                switch random.next() % 8 {
                case 0, 1: _ = editor.handle(.down, isRoot: true)
                case 2: _ = editor.handle(.up, isRoot: true)
                case 3: _ = editor.handle(.character(" "), isRoot: true)
                case 4: _ = editor.handle(.character("a"), isRoot: true)
                case 5: _ = editor.handle(.backspace, isRoot: true)
                case 6: for _ in 0..<Int(random.next() % 3) { _ = editor.askRulesWhileIdle() }
                default: for _ in 0..<Int(random.next() % 12) { _ = editor.handle(.down, isRoot: true) }
                }
                guard step % 6 == 5 else { continue }
                // The same draft in an editor that changed it without bindings: every row asked.
                let whole = FormEditor(form: editor.form, store: StateStore(editor.draft.saved), mode: .edit)
                whole.restore(draft: editor.draft.value, focus: nil)
                let found = editor.handle(.control("s"), isRoot: true)
                let expected = whole.handle(.control("s"), isRoot: true)
                #expect(found == expected, "seed \(seed), step \(step)")
                #expect(editor.messages == whole.messages, "seed \(seed), step \(step)")
                if case .review = found, random.next() % 2 == 0 { _ = editor.save() }
            }
        }
    }
}
