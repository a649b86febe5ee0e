import FormCore
import FormUI
import Testing

/// Reads of switches, counted apart by how they were reached: through the key path's subscript,
/// or through the closures a row was given for it.
private final class Reads {
    var throughKeyPath = 0
    var throughClosures = 0
}

/// Switches that count their reads: `[index]` is what key paths reach, `peek`/`poke` what the
/// closures call.
private struct Switches: Equatable {
    var on: [Bool]
    let reads: Reads

    subscript(index: Int) -> Bool {
        get {
            reads.throughKeyPath += 1
            return on[index]
        }
        set { on[index] = newValue }
    }

    func peek(_ index: Int) -> Bool {
        reads.throughClosures += 1
        return on[index]
    }

    mutating func poke(_ index: Int, _ value: Bool) { on[index] = value }

    static func == (lhs: Switches, rhs: Switches) -> Bool { lhs.on == rhs.on }
}

private struct Panel: Equatable {
    var switches: Switches
    var names: Names
}

/// Texts by name that count their reads, as `Switches` does.
private struct Names: Equatable {
    var texts: [String: String] = [:]
    let reads: Reads

    subscript(name: String) -> String {
        get {
            reads.throughKeyPath += 1
            return texts[name, default: ""]
        }
        set { texts[name] = newValue }
    }

    func peek(_ name: String) -> String {
        reads.throughClosures += 1
        return texts[name, default: ""]
    }

    static func == (lhs: Names, rhs: Names) -> Bool { lhs.texts == rhs.texts }
}

@Suite("Reads of a bound value per change")
struct BindingReadTests {
    private static func editor(closures: Bool, apart: Bool = true) -> (FormEditor<Panel>, Reads) {
        let reads = Reads()
        var form = Form<Panel>(title: "Panel") {
            Section("Switches") {
                ForEach(0..<20) { index, _ in
                    closures
                        ? Toggle(
                            "Switch \(index)", \.switches[index], get: { $0.switches.peek(index) },
                            set: { $0.switches.poke(index, $1) })
                        : Toggle("Switch \(index)", \.switches[index])
                }
            }
        }
        form.rowsReadApart = apart
        let store = StateStore(
            Panel(
                switches: Switches(on: Array(repeating: false, count: 20), reads: reads),
                names: Names(reads: reads)))
        return (FormEditor(form: form, store: store, mode: .edit), reads)
    }

    @Test("a Space reads its switch three times: the row's read and write, and the draft's read after it")
    func threeReadsPerSpace() {
        for apart in [true, false] {
            let (editor, reads) = Self.editor(closures: false, apart: apart)
            _ = editor.handle(.space, isRoot: true)
            #expect(editor.isModified)
            // Undo's value before, the undo step's comparison and the modified check take what
            // the draft read after the change: no read of their own. A write through the key
            // path reads the subscript first, then sets it.
            for flip in 1...4 {
                reads.throughKeyPath = 0
                _ = editor.handle(.space, isRoot: true)
                #expect(reads.throughKeyPath == 3, "Space \(flip + 1), apart: \(apart)")
                #expect(editor.isModified == (flip % 2 == 0))
            }
            #expect(editor.canUndo)
            _ = editor.handle(.modified(.character("u"), .alt), isRoot: true)
            #expect(!editor.draft.value.switches.on[0])
            #expect(!editor.isModified, "off again, as saved")
        }
    }

    @Test("a switch given closures is never read through its key path, and undoes and saves as one without")
    func closuresReplaceTheKeyPath() {
        let (editor, reads) = Self.editor(closures: true)
        let (plain, _) = Self.editor(closures: false)
        for key: Key in [.space, .down, .down, .space, .up, .space, .space] {
            _ = editor.handle(key, isRoot: true)
            _ = plain.handle(key, isRoot: true)
            _ = editor.layout.line(editor.focusedLine)
            #expect(editor.draft.value == plain.draft.value)
            #expect(editor.isModified == plain.isModified)
        }
        #expect(editor.draft.value.switches.on[0] && editor.draft.value.switches.on[2])
        let undo = Key.modified(.character("u"), .alt)
        for _ in 0..<3 {
            _ = editor.handle(undo, isRoot: true)
            _ = plain.handle(undo, isRoot: true)
            #expect(editor.draft.value == plain.draft.value)
            #expect(editor.isModified == plain.isModified)
        }
        #expect(reads.throughClosures > 0)
        #expect(reads.throughKeyPath == 0)
    }

    @Test("flipped back through a binding, a value counts as unchanged while others stay changed")
    func modifiedFollowsEachValue() {
        let (editor, _) = Self.editor(closures: true)
        _ = editor.handle(.space, isRoot: true)
        _ = editor.handle(.down, isRoot: true)
        _ = editor.handle(.space, isRoot: true)
        _ = editor.handle(.space, isRoot: true)
        #expect(editor.isModified, "the first switch is still on")
        _ = editor.handle(.up, isRoot: true)
        _ = editor.handle(.space, isRoot: true)
        #expect(!editor.isModified)
    }

    @Test("a text row given closures is never read through its key path as it is typed in and undone")
    func textClosuresReplaceTheKeyPath() throws {
        let reads = Reads()
        var form = Form<Panel>(title: "Panel") {
            Section("Names") {
                TextRow(
                    "Name", \.names["name"], get: { $0.names.peek("name") },
                    set: { $0.names.texts["name"] = $1 })
                TextRow("Other", \.names["other"])
            }
        }
        form.rowsReadApart = true
        let editor = FormEditor(
            form: form,
            store: StateStore(Panel(switches: Switches(on: [], reads: reads), names: Names(reads: reads))),
            mode: .edit)
        for key: Key in [.character("a"), .character("b"), .backspace, .backspace] {
            _ = editor.handle(key, isRoot: true)
            _ = editor.layout.line(editor.focusedLine)
            _ = editor.typedText
        }
        #expect(editor.draft.value.names.texts["name"] == "")
        #expect(!editor.isModified)
        #expect(!editor.canUndo, "typed back to where it started: no step")
        _ = editor.handle(.character("c"), isRoot: true)
        #expect(editor.isModified)
        _ = editor.handle(.modified(.character("u"), .alt), isRoot: true)
        #expect(editor.draft.value.names.texts["name"] == "")
        #expect(!editor.isModified)
        #expect(reads.throughClosures > 0)
        #expect(reads.throughKeyPath == 0)
    }
}
