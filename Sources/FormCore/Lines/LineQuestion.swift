/// A row asked as plain lines of text, one question at a time: the accessible line mode (for a
/// screen reader, `TERM=dumb`, a pipe) has no cursor and no redraw, only a question and a typed
/// answer.
///
/// Every built-in kind with a value conforms. A row that does not is asked from what it shows
/// (`LineAsking`): text typed in place (`textInput`), a switch's y or n, `+` and `-` for a kind
/// that steps; labels, buttons and rows that open a form are the session's own. Enter (keep the
/// value) and a lone `-` (clear it, where `LineQuestion.clears` says so) are handled by the
/// session, never passed here.
///
/// ```swift
/// extension RatingRow: LineQuestioning {
///     func lineQuestions(in state: State) -> [LineQuestion] {
///         [LineQuestion(value: "\(state[keyPath: stars]) of 5", expects: "a number from 0 to 5")]
///     }
///     func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
///         guard case .text(let text) = answer, let stars = Int(text), (0...5).contains(stars) else {
///             return .refused("Type a number from 0 to 5.")
///         }
///         state[keyPath: self.stars] = stars
///         return .taken
///     }
/// }
/// ```
public protocol LineQuestioning<State> {
    associatedtype State
    /// The questions the row asks for `state`: one for most kinds, one per wheel of a picker
    /// with several.
    func lineQuestions(in state: State) -> [LineQuestion]
    /// Takes the answer to question `question` (an index into `lineQuestions(in:)`).
    func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer
}

/// One question of a row in the line mode.
///
/// ```swift
/// LineQuestion(value: "Sweden", expects: "a number from 1 to 3", options: ["Sweden", "France", "Japan"])
/// ```
public struct LineQuestion: Hashable, Sendable {
    /// How the answer is typed.
    public enum Input: Hashable, Sendable {
        /// One line.
        case line
        /// One line, not echoed (a password).
        case secret
        /// Several lines, ended by a line holding a single `.`.
        case lines
    }

    /// Names the part of the row asked, for a row of several questions ("Hours"); empty for one.
    public var label: String
    /// The value now, in words ("On", "Ada", "not set").
    public var value: String
    /// What to type ("y or n", "a date as YYYY-MM-DD").
    public var expects: String
    /// The options, listed with their numbers before the prompt; empty when there is no list.
    public var options: [String]
    /// How the answer is typed: one line, a secret line, or several lines.
    public var input: Input
    /// Whether a lone `-` clears the value (an optional number, a text that holds something).
    public var clears: Bool

    public init(
        label: String = "", value: String, expects: String, options: [String] = [], input: Input = .line,
        clears: Bool = false
    ) {
        self.label = label
        self.value = value
        self.expects = expects
        self.options = options
        self.input = input
        self.clears = clears
    }
}

/// What was typed in answer to a `LineQuestion`.
public enum LineInput: Hashable, Sendable {
    /// The text typed (for `.lines`, the lines joined by line feeds).
    case text(String)
    /// A lone `-`, for a question that `clears`.
    case clear
}

/// What a row made of an answer.
public enum LineAnswer: Hashable, Sendable {
    /// The answer is in the state (changed, or the same as before).
    case taken
    /// The answer cannot be taken; the message says why, and the question is asked again.
    case refused(String)
}

extension ValidatedRow: LineQuestioning where Base: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] { base.lineQuestions(in: state) }
    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        base.answer(answer, to: question, on: &state)
    }
}

/// Reading answers in words: yes and no, numbers in a list, options by name.
public enum LineWords {
    /// `true` for y, yes, on, true, 1; `false` for n, no, off, false, 0 (any case); nil otherwise.
    ///
    /// ```swift
    /// LineWords.yesNo("Yes") // true
    /// ```
    public static func yesNo(_ text: String) -> Bool? {
        switch text.trimmed.lowercased() {
        case "y", "yes", "on", "true", "1": true
        case "n", "no", "off", "false", "0": false
        default: nil
        }
    }

    /// The position (from 0) of the option `text` names: its label (any case), its number (from
    /// 1), or the start of exactly one label. nil when it names none, or several.
    ///
    /// ```swift
    /// LineWords.option("2", in: ["S", "M"]) // 1
    /// LineWords.option("swe", in: ["Sweden", "Switzerland"]) // 0
    /// ```
    public static func option(_ text: String, in options: [String]) -> Int? {
        let text = text.trimmed
        let needle = text.lowercased()
        guard !needle.isEmpty else { return nil }
        // A label as typed first: in a list of numbers ("0" to "23"), 5 is the label 5.
        if let exact = options.firstIndex(where: { $0.lowercased() == needle }) { return exact }
        if let number = Int(text) { return (1...max(1, options.count)).contains(number) ? number - 1 : nil }
        var found: Int?
        for (index, option) in options.enumerated() where option.lowercased().hasPrefix(needle) {
            guard found == nil else { return nil }
            found = index
        }
        return found
    }

    /// What a refused option answer says: the range of numbers, or the labels that start alike.
    static func optionProblem(_ text: String, in options: [String]) -> String {
        let needle = text.trimmed.lowercased()
        let alike = options.filter { !needle.isEmpty && $0.lowercased().hasPrefix(needle) }
        if alike.count > 1 {
            let shown = alike.prefix(5).joined(separator: ", ")
            return
                "\(alike.count) options start so (\(shown)\(alike.count > 5 ? ", …" : "")): type more of one."
        }
        return "Type a number from 1 to \(options.count), or an option's name."
    }

    /// What a numbered question expects.
    static func numbered(_ options: [String]) -> String {
        options.count == 1 ? "1 to choose it" : "a number from 1 to \(options.count), or a name"
    }
}

extension String {
    /// The text without blanks at either end (shared with the line mode in FormUI).
    package var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
