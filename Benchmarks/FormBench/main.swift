// formtui benchmarks: prints figures, asserts nothing. Run with `make bench` (release build).
import FormCore
import FormDemos
import FormUI
import Foundation

struct Flags: Equatable {
    var flags: [Bool]
}

/// Runs `body` `repeats` times and reports the median and best time per operation.
func measure(_ name: String, operations: Int = 1, repeats: Int = 5, _ body: () -> Void) {
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
    measure("large \(rows): down + frame", operations: 2_000, repeats: 3) {
        for _ in 0..<2_000 {
            app.handle(.down)
            _ = app.render(size: size)
        }
    }
}

measure("canvas: write 24 lines of mixed-width text", operations: 1_000) {
    var canvas = Canvas(size: size)
    for _ in 0..<1_000 {
        for y in 0..<24 {
            canvas.write("Auto Refresh 日本語 😀 café ------------------------------", at: Point(x: 0, y: y))
        }
    }
}
