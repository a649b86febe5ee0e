import FormCore
import FormUI
import Testing

/// What a form did to the elements of its list: reads and writes of single elements, and
/// elements copied because a change found the storage shared.
private final class Touches {
    var reads = 0
    var writes = 0
    var copied = 0
    var total: Int { reads + writes + copied }
    func reset() { (reads, writes, copied) = (0, 0, 0) }
}

/// A list of flags that counts every element a form touches, including the elements a copy on
/// write duplicates and those an equality test compares.
private struct CountedFlags: RandomAccessCollection, MutableCollection, Equatable {
    final class Storage {
        var flags: [Bool]
        init(_ flags: [Bool]) { self.flags = flags }
    }

    private var storage: Storage
    let touches: Touches

    init(count: Int, touches: Touches) {
        storage = Storage(Array(repeating: false, count: count))
        self.touches = touches
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.flags.count }

    subscript(index: Int) -> Bool {
        get {
            touches.reads += 1
            return storage.flags[index]
        }
        set {
            if !isKnownUniquelyReferenced(&storage) {
                touches.copied += storage.flags.count
                storage = Storage(storage.flags)
            }
            touches.writes += 1
            storage.flags[index] = newValue
        }
    }

    static func == (lhs: CountedFlags, rhs: CountedFlags) -> Bool {
        // The same storage is equal at no cost, as with Array; otherwise every element counts.
        if lhs.storage === rhs.storage { return true }
        lhs.touches.reads += lhs.storage.flags.count
        return lhs.storage.flags == rhs.storage.flags
    }
}

private struct CountedState: Equatable {
    var flags: CountedFlags
}

@Suite("The cost of a change at a million rows")
struct ChangeCostTests {
    private let count = 1_000_000
    private let size = Size(width: 80, height: 24)

    private func makeApp(touches: Touches) -> (App, FormScreen<CountedState>) {
        let form = Form<CountedState>(title: "Flags") {
            Section("Items") {
                ForEach(\.flags) { index, _ in Toggle("Item \(index + 1)", \.flags[index]) }
            }
        }
        let store = StateStore(CountedState(flags: CountedFlags(count: count, touches: touches)))
        let screen = FormScreen(form: form, store: store, mode: .edit)
        return (App(root: screen), screen)
    }

    @Test("a toggle touches the element it flips and the rows drawn, not the million")
    func toggleIsBounded() {
        let touches = Touches()
        let (app, screen) = makeApp(touches: touches)
        _ = app.render(size: size)
        // The first change copies the list once: the saved state and the store still hold it.
        touches.reset()
        app.handle(.space)
        _ = app.render(size: size)
        #expect(touches.copied <= count)
        #expect(screen.status != nil)

        // From then on a change, its frame and the modified mark cost a bounded number.
        let bound = 200
        for key in [Key.space, .down, .space, .up, .space] {
            touches.reset()
            app.handle(key)
            _ = app.render(size: size)
            #expect(touches.copied == 0, "no copy after \(key)")
            #expect(touches.total <= bound, "\(touches.total) elements touched by \(key)")
        }
    }

    @Test("flipping a switch back leaves the form unmodified, comparing only that switch")
    func undoIsClean() {
        let touches = Touches()
        let (app, screen) = makeApp(touches: touches)
        _ = app.render(size: size)
        app.handle(.space)
        _ = app.render(size: size)
        #expect(screen.status == "● modified")
        touches.reset()
        app.handle(.space)
        _ = app.render(size: size)
        #expect(screen.status == nil)
        #expect(!screen.draft.isDirty)
        #expect(touches.total <= 200)
    }
}
