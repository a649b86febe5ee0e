import Foundation

/// Runs a command in a detached tmux session on a private server, to drive a full-screen program
/// as a person would: type keys, read the screen, resize the window, see how it ended.
///
/// Every tmux call and every wait has a timeout, and the server (with whatever still runs in it)
/// is killed by `close()` or when the harness goes away, so a test can neither hang nor leave
/// processes behind.
///
/// ```swift
/// let tmux = try TmuxHarness(command: "\(binary) preferences --state /tmp/p.json")
/// try tmux.waitFor(text: "Edit Preferences")
/// try tmux.sendKeys("Down", "Enter")
/// try tmux.sendText("héllo")
/// let screen = try tmux.capture()
/// ```
final class TmuxHarness {
    /// A harness problem, described with what the test needs to see (e.g. the last screen).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the pane's command ended.
    struct Exit: Equatable, CustomStringConvertible {
        /// The exit status, when the command exited.
        var status: Int32?
        /// The signal number, when a signal ended it.
        var signal: Int32?

        var description: String {
            if let signal { return "killed by signal \(signal)" }
            return "exited with status \(status.map(String.init) ?? "?")"
        }
    }

    /// The private server's socket name (`tmux -L`).
    let socket: String
    let width: Int
    let height: Int
    private let tmux: String
    private var socketPath: String?
    private var closed = false
    /// Kept until the harness closes: a scratch folder the pane's program writes into. Held here,
    /// it is removed only after that program ended, so that a draft the program writes as it is
    /// hung up cannot recreate the folder after the test.
    var keptAlive: AnyObject?
    private static let target = "main"
    private static let commandTimeout: Duration = .seconds(5)

    /// Starts `command` (a shell command line) in a new detached session of `width` × `height`.
    ///
    /// The pane stays after the command ends (`remain-on-exit`), so that its screen and exit can
    /// still be read. `TERM` inside is `term`; `environment` is added to the pane's environment.
    init(
        command: String, width: Int = 80, height: Int = 24, term: String = "tmux-256color",
        environment: [String: String] = [:]
    ) throws {
        tmux = try Self.tmuxPath()
        socket = "formtui-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        var arguments = [
            "start-server", ";",
            "set-option", "-g", "remain-on-exit", "on", ";",
            "set-option", "-g", "default-terminal", term, ";",
            "new-session", "-d", "-s", Self.target, "-x", "\(width)", "-y", "\(height)",
        ]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        arguments.append(command)
        do {
            try run(arguments)
            socketPath = try run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(
                in: .newlines)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Kills the server and everything running in it, and waits (for a while) until the pane's
    /// programs have ended: hung up, formtui still writes its draft. Safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        let pane =
            (try? run(["display-message", "-p", "-t", Self.target, "#{pane_pid}"], allowFailure: true))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? run(["kill-server"], allowFailure: true)
        // The server leaves its socket file behind.
        if let socketPath { unlink(socketPath) }
        if let pane { Self.waitForSessionToEnd(pane, timeout: .seconds(10)) }
        keptAlive = nil
    }

    /// Waits until no live process is left in the session `leader` led (a pane's shell leads
    /// its session; what it started is in it), or until `timeout`.
    private static func waitForSessionToEnd(_ leader: Int32, timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, hasLiveProcess(inSession: leader) {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private static func hasLiveProcess(inSession session: Int32) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in names where Int32(name) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { continue }
            // After the command's name: state, parent, group, session…
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 3, fields[0] != "Z", Int32(fields[3]) == session { return true }
        }
        return false
    }

    // MARK: Keys and screen

    /// Sends keys by tmux name: `Down`, `Enter`, `Escape`, `C-s`, `BSpace`, `F5`, `Space`…
    func sendKeys(_ keys: String...) throws {
        try run(["send-keys", "-t", Self.target] + keys)
    }

    /// Types `text` literally (UTF-8 included).
    func sendText(_ text: String) throws {
        try run(["send-keys", "-t", Self.target, "-l", text])
    }

    /// Pastes `text` as a terminal does: through a tmux buffer, wrapped in the bracketed-paste
    /// markers when the program turned bracketed paste on (otherwise it arrives as if typed).
    func pasteBracketed(_ text: String) throws {
        try run(["set-buffer", "-b", "formtui-paste", "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", "formtui-paste", "-t", Self.target])
    }

    /// The visible screen as text; with `escapes`, with its colors and attributes as SGR sequences;
    /// with `history`, preceded by the lines that scrolled off the top.
    func capture(escapes: Bool = false, history: Bool = false) throws -> String {
        try run(
            ["capture-pane", "-p", "-t", Self.target] + (escapes ? ["-e"] : [])
                + (history ? ["-S", "-"] : []))
    }

    /// Waits until the screen shows `text`, and returns that screen. Throws after `timeout` with
    /// the last screen in the message.
    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(5)) throws -> String {
        var screen = ""
        let found = try poll(timeout: timeout) {
            screen = try capture()
            return screen.contains(text)
        }
        guard found else {
            throw Failure(
                description: "\"\(text)\" did not appear within \(timeout); last screen:\n\(screen)")
        }
        return screen
    }

    /// Waits until the screen no longer shows `text` (a question answered, a message gone), and
    /// returns that screen. Throws after `timeout` with the last screen in the message.
    @discardableResult
    func waitUntilGone(text: String, timeout: Duration = .seconds(5)) throws -> String {
        var screen = ""
        let gone = try poll(timeout: timeout) {
            screen = try capture()
            return !screen.contains(text)
        }
        guard gone else {
            throw Failure(
                description: "\"\(text)\" was still shown after \(timeout); last screen:\n\(screen)")
        }
        return screen
    }

    /// Appends everything the pane's program writes from now on to the file at `path`.
    func recordOutput(to path: String) throws {
        try run(["pipe-pane", "-o", "-t", Self.target, "cat >> \(shellQuoted(path))"])
    }

    /// Changes the window's size; the program sees SIGWINCH.
    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", Self.target, "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: The pane's process

    /// How the pane's command ended, or nil while it runs.
    func exit() throws -> Exit? {
        let fields = try format("#{pane_dead} #{pane_dead_status} #{pane_dead_signal}")
            .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.first == "1" else { return nil }
        let ended = Exit(
            status: fields.count > 1 ? Int32(fields[1]) : nil,
            signal: fields.count > 2 ? Int32(fields[2]).flatMap { $0 == 0 ? nil : $0 } : nil)
        // tmux marks a pane dead when its terminal closes, which can be just before it has reaped
        // the process: until then neither a status nor a signal is known.
        return ended.status == nil && ended.signal == nil ? nil : ended
    }

    /// Waits until the pane's command ends. Throws after `timeout` with the last screen.
    ///
    /// Not for a pane's own process (run with `exec`) that a signal ends: tmux sometimes never
    /// reaps one that dies of SIGTERM (a zombie, no status), so this would wait out its timeout.
    /// Run it under a shell that writes its status to a file, or use `killDashNine`.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(5)) throws -> Exit {
        var ended: Exit?
        _ = try poll(timeout: timeout) {
            ended = try exit()
            return ended != nil
        }
        guard let ended else {
            let screen = (try? capture()) ?? ""
            throw Failure(description: "the command still runs after \(timeout); last screen:\n\(screen)")
        }
        return ended
    }

    /// The process id of the pane's command (the shell, for a command line tmux ran with sh).
    func panePID() throws -> Int32 {
        guard let pid = Int32(try format("#{pane_pid}")) else {
            throw Failure(description: "tmux gave no pane pid")
        }
        return pid
    }

    /// A tmux format string expanded for the pane, e.g. `#{cursor_x}` or `#{alternate_on}`.
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", Self.target, format])
            .trimmingCharacters(in: .newlines)
    }

    // MARK: Locating things

    /// The formtui binary: `FORMTUI_BIN`, else the one built next to this test bundle, else
    /// `<package root>/.build/debug/formtui`.
    static func formtuiBinary(filePath: String = #filePath) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["FORMTUI_BIN"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw Failure(description: "FORMTUI_BIN=\(path) is not an executable file")
            }
            return path
        }
        // The test bundle is built into the same folder as the products (any --scratch-path).
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = testBinary.deletingLastPathComponent().appendingPathComponent("formtui").path
        let packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let standard = packageRoot.appendingPathComponent(".build/debug/formtui").path
        for candidate in [sibling, standard] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw Failure(
            description: "formtui is not built (looked at \(sibling) and \(standard)); "
                + "run `swift build` first or set FORMTUI_BIN")
    }

    /// tmux's path; a missing tmux fails the test rather than skipping it.
    static func tmuxPath() throws -> String {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for folder in folders {
            let path = folder + "/tmux"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure(
            description: "tmux is not installed; the end-to-end tests need it (`make deps` installs it, "
                + "or apt-get install tmux)")
    }

    // MARK: Running tmux

    @discardableResult
    private func run(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let result = try Self.runProcess(
            tmux, ["-L", socket, "-f", "/dev/null"] + arguments, timeout: Self.commandTimeout)
        guard result.status == 0 || allowFailure else {
            throw Failure(
                description:
                    "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.error)")
        }
        return result.output
    }

    /// Runs `body` every 50 ms until it returns true or `timeout` passes.
    private func poll(timeout: Duration, _ body: () throws -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try body() { return true }
            if ContinuousClock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    struct ProcessResult {
        /// The exit status, or the signal number when `signaled`.
        var status: Int32
        var signaled: Bool
        var output: String
        var error: String
    }

    /// Runs a program to completion, killing it after `timeout`. Output goes through files, so a
    /// large output cannot block the child on a full pipe.
    ///
    /// posix_spawn rather than Foundation's `Process`, for tmux's sake: the server that a tmux
    /// client forks would inherit the test's blocked signal mask (it then ignores kill-server and
    /// SIGTERM) and Process's watch socket (so the client is never reaped and `isRunning` stays
    /// true). Here the child gets default signals, an empty mask and no descriptors but 0, 1, 2.
    static func runProcess(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardInput: String = "/dev/null", timeout: Duration
    ) throws -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("formtui-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        let deadline = ContinuousClock.now + timeout
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw Failure(
                    description:
                        "\(executable) \(arguments.joined(separator: " ")) timed out after \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let signal = status & 0x7F
        return ProcessResult(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, signaled: signal != 0,
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// This process's open file descriptors.
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}

/// A temporary folder for one test's files, removed when the test is done.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formtui-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    func read(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }

    /// The environment for the program under test: its config goes here, never to the user's.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = url.path
        environment["LANG"] = "C.UTF-8"
        // The default theme, whatever the terminal of whoever runs the tests says.
        environment["FORMTUI_THEME"] = nil
        environment["COLORFGBG"] = nil
        return environment
    }

    /// Runs `script` with sh in this folder, inside tmux; it touches `done` when it is through.
    func runInTmux(_ script: String, width: Int = 80, height: Int = 24) throws -> TmuxHarness {
        let text = "cd \(shellQuoted(url.path))\n\(script)\ntouch done\n"
        try text.write(toFile: path("run.sh"), atomically: true, encoding: .utf8)
        let tmux = try TmuxHarness(
            command: "sh \(shellQuoted(path("run.sh")))", width: width, height: height,
            environment: ["XDG_CONFIG_HOME": url.path, "LANG": "C.UTF-8"])
        tmux.keptAlive = self
        return tmux
    }

    /// `formtui preferences` in tmux, its state in `p.json` and its exit status written to
    /// `status`, once its first screen is up.
    func runPreferences() throws -> TmuxHarness {
        let binary = try TmuxHarness.formtuiBinary()
        let tmux = try runInTmux("\(shellQuoted(binary)) preferences --state p.json\necho $? > status")
        do {
            try tmux.waitFor(text: "Edit Preferences")
        } catch {
            tmux.close()
            throw error
        }
        return tmux
    }

    /// Waits for the file `name` to appear; throws with the last screen after `timeout`. Then
    /// waits for what the shell writes into it: `echo $? > status` creates the file before it
    /// writes, and a read in that instant found it empty (a full run, under load). A file that
    /// stays empty (a `touch`ed mark: `done`, which every script ends with, at once) is taken after
    /// two seconds.
    func waitForFile(_ name: String, timeout: Duration, tmux: TmuxHarness) throws {
        let deadline = ContinuousClock.now + timeout
        while !exists(name) {
            guard ContinuousClock.now < deadline else {
                let screen = (try? tmux.capture()) ?? ""
                throw TmuxHarness.Failure(
                    description: "\(name) did not appear within \(timeout); screen:\n\(screen)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let written = ContinuousClock.now + .seconds(2)
        while name != "done", read(name).isEmpty, ContinuousClock.now < written {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

/// `text` as one word for sh.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension TmuxHarness {
    /// In the preferences demo: opens the editor and flips Auto Refresh and Play Sounds; focus
    /// stays on Play Sounds.
    func flipTwoPreferences() throws {
        try waitFor(text: "Edit Preferences")
        try sendKeys("Enter")
        try waitFor(text: "Space Toggle")
        try sendKeys("Space", "Down", "Space")
        try waitFor(text: "● modified")
    }
}
