/// Where the line mode reads its answers: standard input, or a string in a test.
///
/// ```swift
/// let input = TextLineInput("Ada\n\ny\n")
/// input.readLine(secret: false) // "Ada"
/// ```
public protocol LineReading: AnyObject {
    /// The next line without its line break; nil once the input has ended. A `secret` line is
    /// read without showing it, where the input is a terminal.
    func readLine(secret: Bool) -> String?
    /// Reads a line as `readLine(secret:)` does, once `ask` has written its question. A terminal
    /// turns a secret line's echo off before `ask` runs: what is typed as soon as the question
    /// shows is then never echoed. By default: `ask()`, then `readLine(secret:)`.
    ///
    /// ```swift
    /// let password = input.readLine(secret: true) { output.write("Password: ") }
    /// ```
    func readLine(secret: Bool, asking ask: () -> Void) -> String?
    /// Whether a person types the answers (a terminal, which shows what is typed); otherwise the
    /// session ends each prompt's line itself after reading the answer.
    var isInteractive: Bool { get }
    /// Whether an answer is already there to read (piped, or typed ahead), so that reading it
    /// will not wait: the journal of unsaved answers is then written later. False by default.
    var hasAnswerWaiting: Bool { get }
}

extension LineReading {
    public func readLine(secret: Bool, asking ask: () -> Void) -> String? {
        ask()
        return readLine(secret: secret)
    }

    /// False: without a way to tell, every answer counts as one waited for.
    public var hasAnswerWaiting: Bool { false }
}

/// Where the line mode writes its questions: standard error, or a string in a test.
public protocol LineWriting: AnyObject {
    /// Writes `text` as it is (a question ends without a line break, for the answer to follow).
    func write(_ text: String)
}

/// Answers given as one text, a line each: for tests and for programs that know the answers.
public final class TextLineInput: LineReading {
    private var lines: [Substring]
    private var next = 0

    /// `text` split at its line feeds (a CR before one is dropped); a last line without a line
    /// feed counts as a line.
    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    public func readLine(secret: Bool) -> String? {
        guard next < lines.count else { return nil }
        defer { next += 1 }
        return String(lines[next])
    }

    public var isInteractive: Bool { false }

    /// False: a test sees the journal written as if each answer were typed after a wait.
    public var hasAnswerWaiting: Bool { false }

    /// How many lines were read: a test checks that every answer was used.
    public var linesRead: Int { next }
}

/// Keeps what the line mode writes, for a test to read.
public final class TextLineOutput: LineWriting {
    /// Everything written so far.
    public private(set) var text = ""
    /// An output that has kept nothing yet.
    public init() {}
    public func write(_ text: String) { self.text += text }
}
