/// Runs a stack of screens: events in, one frame out per event, until a screen quits.
///
/// The app draws a title bar with the path of screens (`Preferences › Edit Preferences`), the top
/// screen's body, and a help line built from the keys that work on that screen. It never talks to
/// a terminal directly: frames go to a `TerminalDisplay`, events come from an `InputSource`.
///
/// ```swift
/// let app = App(root: summaryScreen)
/// let status = app.run(display: terminal, input: terminal)
/// ```
public final class App: Navigator {
    /// The smallest screen that shows a usable form.
    public static let minimumSize = Size(width: 20, height: 6)

    public private(set) var stack: [Screen] {
        didSet {
            stackChanges &+= 1
            atRoot = stack.count == 1
        }
    }
    /// Counts the pushes and pops, so that whoever looks for a screen on the stack (an idle
    /// task, after every frame) looks again only when it changed.
    public private(set) var stackChanges = 0
    /// Set once a screen quits; the run loop then ends with it.
    public private(set) var exitStatus: Int32?
    var message: (text: String, isError: Bool)?

    public init(root: Screen) {
        self.stack = [root]
    }

    /// The screen on top.
    public var top: Screen { stack[stack.count - 1] }

    // MARK: Navigator

    public func push(_ screen: Screen) {
        stack.append(screen)
        screen.willAppear()
    }

    public func pop() {
        guard stack.count > 1 else {
            quit(status: 0)
            return
        }
        stack.removeLast()
        top.willAppear()
    }

    public func quit(status: Int32) {
        if exitStatus == nil { exitStatus = status }
    }

    public func show(message: String, isError: Bool) {
        self.message = (message, isError)
        messagesShown &+= 1
    }

    /// Whether a message is on the help line now (until the next key).
    public var isShowingMessage: Bool { message != nil }
    /// Counts `show(message:)`: a message an idle task shows is drawn at once, not at the next key.
    private var messagesShown = 0

    public var isAtRoot: Bool { atRoot }
    /// Kept apart from `stack`, and private: asked on every key, and reading a stored property
    /// that other modules can reach is checked for exclusive access at run time.
    private var atRoot = true

    // MARK: Events

    /// The size the app is drawn at: set by each frame and by each resize.
    public private(set) var size: Size?

    /// Whether the screen is too small to show a form: keys are ignored then, since the user
    /// cannot see what they would do.
    public var isTooSmall: Bool {
        guard let size else { return false }
        return size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// Handles a key: the top screen acts on it; a shown message goes away. A paste that was cut
    /// at the decoder's limit reaches the screen as a `.paste`, and the help line says it was cut.
    public func handle(_ key: Key) {
        guard !isTooSmall else { return }
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        message = nil
        guard case .truncatedPaste(let text) = key else {
            top.handle(key, navigator: self)
            return
        }
        top.handle(.paste(text), navigator: self)
        // A message the screen showed about the paste itself matters more than the cut.
        if message == nil {
            show(message: "Pasted text cut to \(Self.grouped(text.count)) characters.", isError: true)
        }
    }

    /// `65536` as `65,536`, for messages.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Runs until a screen quits, input ends, or a signal asks to stop. Returns the exit status:
    /// the one a screen quit with, 0 at the end of input, 128 + the signal number on a signal.
    ///
    /// Events already waiting are handled together and followed by one frame, so a burst of keys
    /// costs one frame, not one per key; a `snapshot` shows the state at its place in the burst.
    ///
    /// Between a frame and the next event, the `idleTasks` that are due run; all of them finish
    /// before `run` returns.
    public func run(display: TerminalDisplay, input: InputSource) -> Int32 {
        if display.showsASCIIOnly { namesKeysInASCII = true }
        defer {
            for task in idleTasks { task.finish() }
        }
        display.present(render(size: display.size))
        var event = nextEvent(from: input, display: display)
        var handledSinceFrame = 0
        while true {
            switch event {
            case .key(let key):
                handle(key)
            case .resize(let size):
                display.resize(to: size)
                self.size = display.size
            case .snapshot:
                display.snapshot(render(size: display.size))
            case .end:
                return exitStatus ?? 0
            case .interrupt(let signal):
                return 128 + signal
            }
            if let exitStatus { return exitStatus }
            handledSinceFrame += 1
            if input.settlesBetweenEvents { settle() }
            // A long burst still shows progress now and then.
            if handledSinceFrame < Self.maximumBurst, let next = input.pendingEvent() {
                event = next
                continue
            }
            display.present(render(size: display.size))
            handledSinceFrame = 0
            event = nextEvent(from: input, display: display)
        }
    }

    /// Work done while the app waits for input; see `IdleTask`.
    public var idleTasks: [any IdleTask] = []

    /// Waits for the next event, running the idle tasks as their deadlines come; a message one of
    /// them shows (a draft that cannot be written) is drawn at once.
    private func nextEvent(from input: InputSource, display: TerminalDisplay) -> TerminalEvent {
        // The top screen's work left for later goes on a slice at a time, each followed by a
        // frame, until an event comes (a key stays as quick at any list size).
        while top.workWhileIdle() {
            display.present(render(size: display.size))
            if !input.settlesBetweenEvents, let event = input.pendingEvent() { return event }
        }
        while true {
            let now = ContinuousClock.now
            let shown = messagesShown
            // Every task runs: a task that is due must not wait for one that is not.
            // A loop, not a map and a filter: no array made while the app waits for each key.
            var wake: ContinuousClock.Instant?
            for task in idleTasks {
                if let due = task.idle(at: now), wake.map({ due < $0 }) ?? true { wake = due }
            }
            // A task may end the app (an async run whose task was cancelled).
            if exitStatus != nil { return .end }
            if messagesShown != shown { display.present(render(size: display.size)) }
            guard let wake else { return input.nextEvent() }
            if let event = input.nextEvent(until: max(wake, now)) { return event }
        }
    }

    /// Finishes the work the top screen leaves for idle moments (the rest of a long list's
    /// matches), as a script's keys wait for it: `FormTester` presses keys so.
    package func settle() {
        while top.workWhileIdle() {}
    }

    /// The most events handled between two frames.
    static let maximumBurst = 4096

    // MARK: Drawing

    /// Draws the whole screen at `size`.
    public func render(size: Size) -> Canvas {
        self.size = size
        guard !isTooSmall else {
            var canvas = Canvas(size: size)
            drawTooSmall(into: &canvas)
            lastFrame = nil
            return canvas
        }
        let messageLines = message.map { Self.messageLines($0.text, in: size) } ?? []
        let bottom = max(1, messageLines.count)
        let body = Rect(x: 0, y: 1, width: size.width, height: size.height - 1 - bottom)
        let base = stack.lastIndex(where: { !$0.isModal }) ?? 0
        // A lone screen that sets all its cells draws over its last frame (every cell again:
        // the terminal's comparison finds what changed); anything else starts from blank. Drawn
        // over, a widget that forgot a cell would show an earlier frame's: tests compare each
        // frame with one drawn from blank (`retainsFrames` false).
        let shown = FrameLayout(stackChanges: stackChanges, body: body, size: size)
        var canvas: Canvas
        if retainsFrames, base == stack.count - 1, top.drawsWholeArea, let lastFrame,
            lastFrame.layout == shown
        {
            canvas = lastFrame.canvas
            canvas.cursor = nil
        } else {
            canvas = Canvas(size: size)
        }
        // Dropped while drawing, so that the canvas is not shared and is changed in place.
        lastFrame = nil
        drawTitleBar(into: &canvas)
        for screen in stack[base...] {
            canvas.cursor = nil
            screen.render(into: &canvas, area: body)
        }
        drawHelpLine(into: &canvas, row: size.height - 1, message: messageLines)
        lastFrame = (shown, canvas)
        return canvas
    }

    /// Whether a frame may start from the last one (see `Screen.drawsWholeArea`); false draws
    /// every frame from blank, which tests compare against.
    public var retainsFrames = true

    /// What decides whether the last frame's canvas can be drawn over.
    private struct FrameLayout: Equatable {
        var stackChanges: Int
        var body: Rect
        var size: Size
    }

    private var lastFrame: (layout: FrameLayout, canvas: Canvas)?

    private func drawTitleBar(into canvas: inout Canvas) {
        var titles: [String] = []
        var current: (any Screen)?
        for screen in stack where !screen.isModal {
            titles.append(screen.title)
            current = screen
        }
        drawTitleBar(into: &canvas, titles: titles, status: current?.status ?? "")
    }

    /// The title bar: the screens above the current one and their `›` in the theme's quieter
    /// title color, the current screen's title in bold, the status (`● modified`) at the right.
    private func drawTitleBar(into canvas: inout Canvas, titles: [String], status: String) {
        let style = Style(.titleBar)
        canvas.fill(row: 0, style: style)
        let statusWidth = TextWidth.of(status)
        let room = canvas.size.width - 2 - (statusWidth > 0 ? statusWidth + 2 : 0)
        let path = Self.titlePath(titles, fitting: room)
        let current = titles.last ?? ""
        if titles.count > 1, path.hasSuffix(current), path != current {
            let parents = String(path.dropLast(current.count))
            let x = canvas.write(parents, at: Point(x: 1, y: 0), style: Style(.titlePath))
            canvas.write(current, at: Point(x: x, y: 0), style: style)
        } else {
            canvas.write(path, at: Point(x: 1, y: 0), style: style)
        }
        if statusWidth > 0 {
            canvas.writeRightAligned(status, endingAt: canvas.size.width - 1, row: 0, style: Style(.status))
        }
    }

    /// The most lines a message takes at the bottom, the help line's included: enough for a
    /// failed save's path, while the screen above stays usable.
    static let maximumMessageLines = 3

    /// A message wrapped to the width of the help line, in as many lines as it needs up to
    /// `maximumMessageLines` (fewer on a short screen, so that its body keeps three lines).
    static func messageLines(_ text: String, in size: Size) -> [String] {
        let most = max(1, min(maximumMessageLines, size.height - 4))
        return TextWidth.wrap(text, to: size.width - 2, maxLines: most)
    }

    private func drawHelpLine(into canvas: inout Canvas, row: Int, message lines: [String]) {
        // Asked even while a message hides them: a screen learns from this whether it is the
        // first one, which decides what its keys do (q quits the first screen).
        let items = top.helpItems(isRoot: stack.count == 1)
        if let message {
            // A long message grows the bottom upwards rather than losing its end.
            for (offset, line) in lines.enumerated() {
                let y = row - (lines.count - 1) + offset
                canvas.fill(row: y, style: Style(.help))
                canvas.write(line, at: Point(x: 1, y: y), style: Style(message.isError ? .error : .help))
            }
            return
        }
        canvas.fill(row: row, style: Style(.help))
        var x = 1
        let shown = namesKeysInASCII ? items.map(Self.inWords) : items
        for item in Self.helpItems(shown, fitting: canvas.size.width - 2) {
            x = canvas.write(item.key, at: Point(x: x, y: row), style: Style(.helpKey))
            x = canvas.write(" " + item.action, at: Point(x: x, y: row), style: Style(.help))
            x += 2
        }
    }

    /// Whether the help line names arrow keys in words (`Up/Dn Move`): set by `run` when the
    /// display shows only ASCII, where `↑↓` would come out as `^v`, which reads as Ctrl-V.
    public var namesKeysInASCII = false

    /// `item` with its arrows in words: `↑↓` as `Up/Dn`, `Alt-↑` as `Alt-Up`, all four as `Arrows`.
    public static func inWords(_ item: HelpItem) -> HelpItem {
        let words: [Character: String] = ["↑": "Up", "↓": "Dn", "←": "Lt", "→": "Rt"]
        guard item.key.contains(where: { words[$0] != nil }) else { return item }
        var key = ""
        var run: [String] = []
        func flush() {
            guard !run.isEmpty else { return }
            key += run.count == 4 ? "Arrows" : run.joined(separator: "/")
            run = []
        }
        for character in item.key {
            if let word = words[character] {
                run.append(word)
            } else {
                flush()
                key.append(character)
            }
        }
        flush()
        var changed = item
        changed.key = key
        return changed
    }

    /// The items that fit in `columns`, dropping the least important first (the later of equals;
    /// `HelpItem.keepingRank`: the focused row's keys outlast generic ones), in their original
    /// order. Whole items or nothing: half a hint is worse than none.
    static func helpItems(_ items: [HelpItem], fitting columns: Int) -> [HelpItem] {
        var kept = items
        func width(_ items: [HelpItem]) -> Int {
            items.reduce(0) { $0 + $1.width } + max(0, items.count - 1) * 2
        }
        while !kept.isEmpty, width(kept) > columns {
            let lowest = kept.map(\.keepingRank).min()!
            kept.remove(at: kept.lastIndex { $0.keepingRank == lowest }!)
        }
        return kept
    }

    /// The path of screen titles, elided from the left so the current screen's title stays.
    static func titlePath(_ titles: [String], fitting columns: Int) -> String {
        for dropped in 0..<titles.count {
            // Joined by hand: the library's `joined(separator:)` is not specialised, and asks the
            // runtime for its associated types (a search of every conformance, at start).
            var text = dropped > 0 ? "…" : ""
            for index in dropped..<titles.count {
                if !text.isEmpty || index > dropped { text += " › " }
                text += titles[index]
            }
            if TextWidth.of(text) <= columns { return text }
        }
        return TextWidth.truncate(titles.last ?? "", to: columns)
    }

    private func drawTooSmall(into canvas: inout Canvas) {
        let size = canvas.size
        let minimum = Self.minimumSize
        var lines = ["Terminal too small"]
        // Name the dimension that is short: "40x5 < 20x6" leaves the user to work it out.
        if size.height < minimum.height { lines.append("Needs \(minimum.height) rows, has \(size.height).") }
        if size.width < minimum.width { lines.append("Needs \(minimum.width) columns, has \(size.width).") }
        lines += ["Enlarge it to go on;", "Ctrl-C quits."]
        var wrapped = lines.flatMap { TextWidth.wrap($0, to: size.width) }
        if wrapped.count > size.height {
            // Too few lines for all of it: the size needed in short, and the way out kept.
            let short = ["Terminal too small", "Needs \(minimum.width)x\(minimum.height).", "Ctrl-C quits."]
            wrapped = short.flatMap { TextWidth.wrap($0, to: size.width) }
            let quit = TextWidth.wrap("Ctrl-C quits.", to: size.width)
            if wrapped.count > size.height, size.height > quit.count {
                wrapped = Array(wrapped.prefix(size.height - quit.count)) + quit
            }
        }
        for (offset, text) in wrapped.enumerated() where offset < size.height {
            canvas.write(text, at: Point(x: 0, y: offset), style: Style(.error))
        }
    }
}
