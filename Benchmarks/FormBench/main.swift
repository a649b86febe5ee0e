// formtui benchmarks: prints figures, asserts nothing. Run with `make bench` (release build).
import FormCore
import FormDemos
import FormSpec
import FormUI
import Foundation

struct Flags: Equatable {
    var flags: [Bool]
}

/// Only the figures whose name contains this run (`FORMBENCH_FILTER="large 1000000"`): for
/// comparing one figure before and after a change, under `perf stat` say.
let onlyMatching = ProcessInfo.processInfo.environment["FORMBENCH_FILTER"]

/// Runs `body` `repeats` times and reports the median and best time per operation.
func measure(_ name: String, operations: Int = 1, repeats: Int = 5, _ body: () -> Void) {
    if let onlyMatching, !name.contains(onlyMatching) { return }
    let clock = ContinuousClock()
    var samples: [Duration] = []
    for _ in 0..<repeats {
        samples.append(clock.measure(body))
    }
    samples.sort()
    func perOperation(_ duration: Duration) -> String {
        let nanoseconds =
            Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        let each = nanoseconds / Double(operations)
        if each >= 1e6 { return String(format: "%9.2f ms", each / 1e6) }
        return String(format: "%9.2f µs", each / 1e3)
    }
    let median = samples[samples.count / 2]
    let label = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    print("\(label) median \(perOperation(median))   best \(perOperation(samples[0]))")
}

struct Counts: Equatable {
    var counts: [Int]
}

func bigStepperForm(rows: Int) -> (Form<Counts>, StateStore<Counts>) {
    let form = Form<Counts>(title: "Big") {
        Section("Items", footer: { "\($0.counts.count) items" }) {
            ForEach(\Counts.counts) { index, _ in StepperRow("Item \(index)", \.counts[index], in: 0...99) }
        }
    }
    return (form, StateStore(Counts(counts: Array(repeating: 5, count: rows))))
}

func bigForm(rows: Int) -> (Form<Flags>, StateStore<Flags>) {
    let form = Form<Flags>(title: "Big") {
        Section("Items", footer: { "\($0.flags.count) items" }) {
            ForEach(\Flags.flags) { index, _ in Toggle("Item \(index)", \.flags[index]) }
        }
    }
    return (form, StateStore(Flags(flags: Array(repeating: false, count: rows))))
}

print("formtui benchmarks (times per operation)")
print(String(repeating: "-", count: 90))

let size = Size(width: 80, height: 24)

measure("first frame: preferences app built and drawn", operations: 100) {
    for _ in 0..<100 {
        let app = App(root: PreferencesDemo.summaryScreen(store: StateStore(Preferences())))
        _ = app.render(size: size)
    }
}

do {
    let app = App(root: PreferencesDemo.summaryScreen(store: StateStore(Preferences())))
    app.handle(.enter)
    measure("preferences form: key + frame (space)", operations: 10_000) {
        for _ in 0..<10_000 {
            app.handle(.space)
            _ = app.render(size: size)
        }
    }
}

for rows in [10_000, 1_000_000] {
    let (form, store) = bigForm(rows: rows)
    let screen = FormScreen(form: form, store: store, mode: .browse)
    let app = App(root: screen)
    let keys = 2_000
    measure("\(rows) rows: down + frame", operations: keys, repeats: 3) {
        for _ in 0..<keys {
            app.handle(.down)
            _ = app.render(size: size)
        }
    }
    measure("\(rows) rows: pgdn + frame", operations: 200, repeats: 3) {
        for _ in 0..<200 {
            app.handle(.pageDown)
            _ = app.render(size: size)
        }
    }
    measure("\(rows) rows: layout only", operations: 1_000) {
        for _ in 0..<1_000 { _ = form.layout(for: store.value).count }
    }
    let created = screen.tableView.cellsCreated.map { "\($0.key)=\($0.value)" }.sorted().joined(
        separator: " ")
    let reused = screen.tableView.cellsReused.values.reduce(0, +)
    print("  cells created after scrolling: \(created); dequeues served from the pool: \(reused)")
}

// The same list of steppers, and a key that changes a value: the row's own work is O(1), but
// the change itself copies the state's array once (a value type shared with the store).
for rows in [10_000, 1_000_000] {
    let (form, store) = bigStepperForm(rows: rows)
    let screen = FormScreen(form: form, store: store, mode: .browse)
    let app = App(root: screen)
    measure("\(rows) steppers: down + frame", operations: 2_000, repeats: 3) {
        for _ in 0..<2_000 {
            app.handle(.down)
            _ = app.render(size: size)
        }
    }
    measure("\(rows) steppers: pgdn + frame", operations: 200, repeats: 3) {
        for _ in 0..<200 {
            app.handle(.pageDown)
            _ = app.render(size: size)
        }
    }
    measure("\(rows) steppers: right + frame (browse, commits)", operations: 200, repeats: 3) {
        for step in 0..<200 {
            app.handle(step % 2 == 0 ? .right : .left)
            _ = app.render(size: size)
        }
    }
    let created = screen.tableView.cellsCreated.map { "\($0.key)=\($0.value)" }.sorted().joined(
        separator: " ")
    print("  cells created after scrolling: \(created)")
}

// `formtui large`: a key and its frame should cost the same at any N.
for rows in [100, 1_000_000, 10_000_000] {
    let screen = LargeDemo.screen(store: StateStore(Large()), rows: rows)
    let app = App(root: screen)
    _ = app.render(size: size)
    measure("large \(rows): space + frame (edit, in place)", operations: 2_000, repeats: 3) {
        for _ in 0..<2_000 {
            app.handle(.space)
            _ = app.render(size: size)
        }
    }
    // Ten rows down, ten up: focus moves on every key (a Down at the last row would not).
    measure("large \(rows): down/up + frame (focus moves)", operations: 2_000, repeats: 3) {
        for step in 0..<2_000 {
            app.handle(step % 20 < 10 ? .down : .up)
            _ = app.render(size: size)
        }
    }
    // A held Down through the list, as in the pty burst: every key reaches a row not made yet,
    // so it costs the row's making too (its key path is instantiated by the runtime).
    measure("large \(rows): down onto new rows, no frame", operations: 20_000, repeats: 3) {
        let fresh = App(root: LargeDemo.screen(store: StateStore(Large()), rows: rows))
        _ = fresh.render(size: size)
        for _ in 0..<20_000 { fresh.handle(.down) }
        _ = fresh.render(size: size)
    }
    // What a held key costs between two frames.
    measure("large \(rows): down, no frame (a burst)", operations: 20_000, repeats: 3) {
        for step in 0..<20_000 {
            app.handle(step % 2_000 < 1_000 ? .down : .up)
        }
        _ = app.render(size: size)
    }
}

/// This process's resident memory and its peak so far, in KB (Linux: /proc/self/status).
func residentKB() -> (now: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return (0, 0)
    }
    func value(_ name: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (value("VmRSS:"), value("VmHWM:"))
}

// Undo on `formtui large`: 1,000 toggles then 1,000 undos, each with its frame. An undo should
// cost what a toggle does, and the steps a few bytes each (the value and the binding, never
// the state).
if onlyMatching == nil || "large 1000000: undo".contains(onlyMatching!) {
    let app = App(root: LargeDemo.screen(store: StateStore(Large()), rows: 1_000_000))
    _ = app.render(size: size)
    let before = residentKB()
    measure("large 1000000: undo: a toggle (space, down, frame)", operations: 1_000, repeats: 1) {
        for _ in 0..<1_000 {
            app.handle(.space)
            app.handle(.down)
            _ = app.render(size: size)
        }
    }
    measure("large 1000000: undo: an undo (Alt-U, frame)", operations: 1_000, repeats: 1) {
        for _ in 0..<1_000 {
            app.handle(.modified(.character("u"), .alt))
            _ = app.render(size: size)
        }
    }
    let after = residentKB()
    print(
        "  resident after 1,000 toggles and 1,000 undos: +\(after.now - before.now) KB (peak so far \(after.peak / 1024) MB)"
    )
}

measure("canvas: write 24 lines of mixed-width text", operations: 1_000) {
    var canvas = Canvas(size: size)
    for _ in 0..<1_000 {
        for y in 0..<24 {
            canvas.write("Auto Refresh 日本語 😀 café ------------------------------", at: Point(x: 0, y: y))
        }
    }
}

// A spec of 10,000 rows, from its text to the first frame and one key after it: what
// `formtui form big.yaml` costs before the user sees the form.
let bigSpec =
    "title: Big\nsections:\n  - rows:\n"
    + (0..<10_000).map { index -> String in
        switch index % 4 {
        case 0: return "      - {id: t\(index), type: text, title: Text \(index), required: true}\n"
        case 1: return "      - {id: s\(index), type: switch, title: Switch \(index), default: true}\n"
        case 2: return "      - {id: n\(index), type: number, title: Number \(index), min: 0, max: 99}\n"
        default: return "      - {id: p\(index), type: picker, title: Pick \(index), options: [a, b, c]}\n"
        }
    }.joined()
measure("  of which the YAML read into a tree", repeats: 3) {
    _ = try! SpecNode.read(text: bigSpec, format: .yaml, file: "big.yaml")
}
let bigParsed = try! SpecReader.read(text: bigSpec, format: .yaml, file: "big.yaml")
measure("  of which the form built (10,000 key paths)", repeats: 3) {
    _ = SpecFormBuilder(spec: bigParsed).form()
}
measure("spec of 10,000 rows: read, built, first frame, a key", repeats: 3) {
    let spec = try! SpecReader.read(text: bigSpec, format: .yaml, file: "big.yaml")
    let store = StateStore(SpecFormBuilder.initialAnswers(of: spec))
    let app = App(root: FormScreen(form: SpecFormBuilder(spec: spec).form(), store: store, mode: .edit))
    _ = app.render(size: size)
    app.handle(.down)
    _ = app.render(size: size)
}

// 10,000-step scripts parsed and played headless, as `--headless --script` does: on the
// preferences editor (switches) and on the showcase (every kind; each key costs a layout of
// the whole form in FormScreen, which is what dominates there), then recorded, a frame a key.
func scriptBenchmarks() {
    func script(_ block: String) -> (text: String, steps: Int) {
        let steps = try! KeyScript.parse(block).count
        let text = String(repeating: block, count: 10_000 / steps + 1)
        return (text, try! KeyScript.parse(text).count)
    }
    func play(_ text: String, root: () -> Screen, recorded: Bool = false) {
        let parsed = try! KeyScript.read(text)
        let app = App(root: root())
        let input = ScriptInput(steps: parsed.steps, pace: recorded ? .milliseconds(80) : nil)
        let headless = HeadlessDisplay(size: size) { _ in }
        var display: TerminalDisplay = headless
        if recorded {
            let cast = Asciicast(size: size, timestamp: 0) { _ in }
            display = RecordingDisplay(wrapping: headless, cast: cast, theme: .standard) { input.elapsed }
        }
        _ = app.run(display: display, input: input)
    }
    let preferences = script("down space up space down down space snapshot up up\n")
    let editor = {
        FormScreen(form: PreferencesDemo.editForm(), store: StateStore(Preferences()), mode: .edit) as Screen
    }
    measure("script: \(preferences.steps) steps on the preferences editor", repeats: 3) {
        play(preferences.text, root: editor)
    }
    let showcase = script("down*3 space up*2 \"ab\" backspace*2 pgdn end home right left snapshot\n")
    let tour = {
        ShowcaseDemo.screen(store: StateStore(Showcase()), now: { Date(timeIntervalSince1970: 0) }) as Screen
    }
    measure("script: \(showcase.steps) steps on the showcase", repeats: 3) {
        play(showcase.text, root: tour)
    }
    measure("script: \(preferences.steps) preferences steps recorded (a frame each)", repeats: 3) {
        play(preferences.text, root: editor, recorded: true)
    }
}
scriptBenchmarks()

// The option filter of `formtui large --rows N` (the same list: N choices labelled "Option i"):
// a key should cost the same at any N. The first key finds the first screenful of matches (the
// rest are found while the app is idle, `FormScreen.workWhileIdle`); the second looks at those
// and the labels not read yet; a Backspace reads no label. Each repeat starts a fresh list.
struct Choice: Equatable { var choice: Int? }

func optionFilterBenchmarks() {
    for rows in [2_000, 200_000, 2_000_000] {
        func fresh() -> App {
            let form = Form<Choice>(title: "Option") {
                Section {
                    ForEach(0..<rows, filterBy: { "Option \($0 + 1)" }) { index, _ in
                        ChoiceRow("Option \(index + 1)", \Choice.choice, value: Optional(index))
                    }
                }
            }
            let app = App(root: FormScreen(form: form, store: StateStore(Choice()), mode: .edit))
            _ = app.render(size: size)
            return app
        }
        var apps = (0..<5).map { _ in fresh() }
        measure("option filter \(rows): first key + frame", repeats: 5) {
            let app = apps.removeLast()
            app.handle(.character("7"))
            _ = app.render(size: size)
        }
        apps = (0..<5).map { _ in
            let app = fresh()
            app.handle(.character("7"))
            _ = app.render(size: size)
            return app
        }
        measure("option filter \(rows): second key + frame", repeats: 5) {
            let app = apps.removeLast()
            app.handle(.character("7"))
            _ = app.render(size: size)
        }
        let app = fresh()
        for character in "Option 7" { app.handle(.character(character)) }
        _ = app.render(size: size)
        measure("option filter \(rows): backspace + key + frame", operations: 2, repeats: 5) {
            app.handle(.backspace)
            _ = app.render(size: size)
            app.handle(.character("7"))
            _ = app.render(size: size)
        }
        // What the idle slices cost in all, until every match is known.
        measure("option filter \(rows): key, then idle until all found", repeats: 3) {
            let app = fresh()
            app.handle(.character("7"))
            while app.top.workWhileIdle() { _ = app.render(size: size) }
        }
    }
}
optionFilterBenchmarks()
documentBenchmarks()
SchemaBench.run()
EditBench.run()
stateFileBenchmarks()
