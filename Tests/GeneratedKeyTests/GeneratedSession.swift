import FormCore
import FormPersistence
import FormUI
// Tests may use all of Foundation: JSONSerialization checks the state file independently.
import Foundation

/// A broken invariant: at which step, after which key, and what was wrong.
struct Finding: CustomStringConvertible, Sendable {
    var step: Int
    var after: String
    var problem: String

    var description: String { "step \(step) (after \(after)): \(problem)" }
}

/// Plays a generated script against a demo headless, as a user at a terminal would, and checks
/// after every step what must always hold:
///
/// - a save hands the store exactly the draft the screen showed when the key was pressed;
/// - with a real state file, each save leaves valid JSON, mode 0600, that loads back as what was
///   saved, and no other file beside it;
/// - focus is on a row that can take it (focusable, not disabled), drawn with the `>` marker in
///   the window whenever the window is large enough to show a form;
/// - at the end, leaving with Esc (and `y` to discard) until the app quits changes nothing: the
///   store holds the last save, or the starting state when nothing was saved.
///
/// A trap anywhere (drawing at 1x1 included) ends the test process; `TrapReport` names the seed.
/// When the app quits mid-script (a root form saved or left), it starts again on the same store,
/// as the user would run the command again.
final class GeneratedSession<State: Codable & Equatable & Sendable> {
    let demo: DemoUnderTest<State>
    let script: GeneratedScript
    private let store: StateStore<State>
    private let initial: State
    private var app: App
    private var size: Size
    private let directory: String?
    private let file: JSONStateFile<State>?
    /// The draft on the edit screen over the store when the current key was pressed.
    private var shownDraft: State?
    private var lastSaved: State?
    private var saveProblem: String?
    private(set) var saves = 0
    private(set) var relaunches = 0
    /// How many keys found each kind of screen on top (a form by its title): how deep keys reach.
    private(set) var screensReached: [String: Int] = [:]
    private var step = 0

    init(demo: DemoUnderTest<State>, script: GeneratedScript) {
        self.demo = demo
        self.script = script
        initial = demo.starts[min(script.start, demo.starts.count - 1)]
        size = script.size
        if script.usesStateFile {
            let folder =
                FileManager.default.temporaryDirectory.path + "/formtui-generated-\(UUID().uuidString)"
            directory = folder
            file = JSONStateFile<State>(path: folder + "/\(demo.name).json")
        } else {
            directory = nil
            file = nil
        }
        let box = SaveBox<State>()
        store = StateStore(initial) { state in try box.persist?(state) }
        app = App(root: demo.makeRoot(store))
        box.persist = { [unowned self] state in try self.persist(state) }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Plays the whole script and the leaving at its end; the first broken invariant, if any.
    func run() -> Finding? {
        if let problem = render() { return finding(problem, after: "the first frame") }
        for (index, scripted) in script.steps.enumerated() {
            step = index + 1
            let name = GeneratedScript.name(of: scripted)
            if let problem = play(scripted) { return finding(problem, after: name) }
        }
        step = script.steps.count + 1
        if let problem = leave() { return finding(problem, after: "leaving with Esc and y") }
        return nil
    }

    private func finding(_ problem: String, after: String) -> Finding {
        Finding(step: step, after: after, problem: problem)
    }

    private func play(_ scripted: ScriptStep) -> String? {
        switch scripted {
        case .key(let key):
            shownDraft = editedDraft()
            saveProblem = nil
            app.handle(key)
            if let saveProblem { return saveProblem }
            screensReached[Self.kind(of: app.top), default: 0] += 1
            if app.exitStatus != nil, let problem = relaunch() { return problem }
        case .resize(let newSize):
            size = newSize
        case .snapshot, .wait:
            break
        }
        return render()
    }

    private static func kind(of screen: Screen) -> String {
        switch screen {
        case is ConfirmScreen: return "dialog"
        case is TextEditorScreen: return "text editor"
        default:
            return screen.title.split(separator: "/").first.map { $0.trimmingCharacters(in: .whitespaces) }
                ?? ""
        }
    }

    /// The draft of the screen on top when it edits the store itself (not a nested form's copy).
    private func editedDraft() -> State? {
        // "Review changes" shows the draft of the form under it, and saves it.
        let edited = app.top is ReviewScreen && app.stack.count > 1 ? app.stack[app.stack.count - 2] : app.top
        guard let screen = edited as? FormScreen<State>, screen.store === store, screen.mode == .edit else {
            return nil
        }
        return screen.draft.value
    }

    /// The store's persist hook: checks what reaches it, then writes it to the state file.
    private func persist(_ state: State) throws {
        saves += 1
        guard let shown = shownDraft else {
            saveProblem = "a save reached the store while no edit screen over it was on top"
            return
        }
        if state != shown {
            saveProblem = "a save stored \(state), but the screen showed the draft \(shown)"
        }
        lastSaved = state
        guard let file, let directory else { return }
        do {
            try file.save(state)
        } catch {
            saveProblem = "saving to \(file.path) failed: \(error)"
            throw error
        }
        if let problem = checkStateFile(file, directory: directory, holds: state) { saveProblem = problem }
    }

    private func checkStateFile(_ file: JSONStateFile<State>, directory: String, holds state: State)
        -> String?
    {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "the state file \(file.path) is missing after a save"
        }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            return "the state file is not valid JSON after a save:\n\(String(decoding: data, as: UTF8.self))"
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
        guard mode == 0o600 else { return "the state file has mode \(String(mode, radix: 8)), not 600" }
        do {
            let loaded = try file.load()
            guard loaded == state else {
                return "the state file loads back as \(String(describing: loaded)), not the saved \(state)"
            }
        } catch {
            return "the state file does not load back after a save: \(error)"
        }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0 != (file.path as NSString).lastPathComponent }
        guard others.isEmpty else { return "files left beside the state file: \(others)" }
        return nil
    }

    /// The app quit (the root form saved or was left): start it again on what was saved, as the
    /// next run of the command would.
    private func relaunch() -> String? {
        relaunches += 1
        if let file {
            do {
                let loaded = try file.load() ?? initial
                guard loaded == store.value else {
                    return "the state file holds \(loaded) after quitting, the store \(store.value)"
                }
            } catch {
                return "the state file does not load after quitting: \(error)"
            }
        }
        app = App(root: demo.makeRoot(store))
        return nil
    }

    /// Draws a frame at the current size and checks where focus is.
    private func render() -> String? {
        let canvas = app.render(size: size)
        guard !app.isTooSmall else { return nil }
        // A frame drawn over the last one (lines that did not change are left) must be the frame
        // drawn from blank.
        app.retainsFrames = false
        let fresh = app.render(size: size)
        app.retainsFrames = true
        guard canvas == fresh else {
            let rows = (0..<canvas.size.height).filter { !canvas.rowEquals(fresh, row: $0) }
            return "the frame drawn over the last one differs from one drawn from blank in rows \(rows):\n"
                + "\(canvas.text)\n-- from blank --\n\(fresh.text)\n-- styles differ: "
                + "\(canvas.text == fresh.text)"
        }
        return checkFocus(on: canvas)
    }

    private func checkFocus(on canvas: Canvas) -> String? {
        guard let screen = app.top as? FormScreen<State> else { return nil }
        // An open picker belongs to the focused row and lies below it, so the row's line is the
        // same without it.
        let layout = screen.form.layout(
            for: screen.draft.value, messages: screen.messages, filter: screen.filter,
            // The height the list was drawn in: a message of two lines at the bottom takes one
            // more line than the help line, which can make the list compact.
            spacious: FormScreen<State>.isSpacious(height: screen.lastArea?.height ?? canvas.size.height - 2),
            wrapping: NoteCell.wrapping(width: canvas.size.width))
        guard let path = screen.focusedRow else {
            if let line = layout.focusableLine(from: 0, direction: 1) {
                return "nothing has focus, though line \(line) (\(layout.line(line))) can take it"
            }
            return nil
        }
        guard let line = layout.index(of: path), let row = layout.line(line).row else {
            return "focus is on \(path), which is not in the layout"
        }
        guard row.row.isFocusable else {
            return "focus is on \(path) (\(row.row.title)), which cannot take it"
        }
        guard !layout.isDisabled(path) else {
            return "focus is on \(path) (\(row.row.title)), which is disabled"
        }
        let y = 1 + line - screen.tableView.scrollOffset
        guard y >= 1, y < canvas.size.height - 1, canvas[0, y].character == ">" else {
            return "focus is on \(path) (\(row.row.title)) at line \(line), but row \(y) of the window "
                + "does not show it with >:\n\(canvas.text)"
        }
        return nil
    }

    /// Leaves as a user who wants none of it: Esc, and `y` whenever a dialog asks to discard,
    /// until the app quits. Nothing may be saved on the way, and the store must hold the last
    /// save, or the starting state if there was none.
    private func leave() -> String? {
        // Keys do nothing in a window too small to show a form: the user enlarges it first.
        size = Size(width: 80, height: 24)
        if let problem = render() { return problem }
        let savesBefore = saves
        var presses = 0
        var previous: Key?
        while app.exitStatus == nil {
            presses += 1
            guard presses <= 50 else { return "Esc and y did not leave the app after 50 presses" }
            // Esc closes any dialog, so one on top right after an Esc is the one it opened to ask
            // about discarding; a dialog left open by the script (delete a tag?) is refused.
            let key: Key = previous == .escape && app.top is ConfirmScreen ? .character("y") : .escape
            previous = key
            shownDraft = editedDraft()
            app.handle(key)
            if let saveProblem { return saveProblem }
            if app.exitStatus == nil, let problem = render() { return problem }
        }
        guard saves == savesBefore else { return "leaving with Esc saved" }
        let expected = lastSaved ?? initial
        guard store.value == expected else {
            return "after leaving, the store holds \(store.value), not \(expected)"
        }
        return nil
    }
}

/// The persist hook is made before the session that answers it exists.
private final class SaveBox<State> {
    var persist: ((State) throws -> Void)?
}
