/// A row's `pattern`, checked with a linear-time engine (a Pike VM over the pattern's compiled
/// steps): a check costs at most the text's length times the program's size, whatever the
/// pattern, so no text can freeze the form the way backtracking does on `(a+)+$`.
///
/// The syntax is the common one: literals, `.`, classes (`[a-z0-9-]`, `[^…]`, `\d \w \s` and
/// their capitals), groups (`( )`, `(?: )`, `(?<name> )`), `|`, `* + ? {n} {n,} {n,m}` (lazy
/// forms accepted, as for a whole match they mean the same), `^ $ \A \z`. What needs backtracking
/// (back-references, look-around) or is rarely meant in a form (word boundaries, flags, Unicode
/// properties) is refused at load, as is a pattern longer than `SpecLimits.patternLength` or
/// whose program passes `SpecPattern.maximumSize` steps (`(a{1000}){1000}`).
///
/// ```swift
/// let pattern = try SpecPattern("[a-z0-9][a-z0-9-]{0,62}").get()
/// pattern.matches("web-01") // true: the whole text must match
/// ```
public struct SpecPattern: Sendable {
    /// The most steps a compiled pattern may have: a check costs at most this per character.
    public static let maximumSize = 5_000

    enum Step: Sendable {
        case character(Character)
        case any
        case set(CharacterSet, negated: Bool)
        case split(Int, Int)
        case jump(Int)
        case start
        case end
        case match
    }

    struct CharacterSet: Sendable {
        var characters: Set<Character> = []
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [Class] = []

        func contains(_ character: Character) -> Bool {
            if characters.contains(character) { return true }
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
                if ranges.contains(where: { $0.contains(scalar.value) }) { return true }
            }
            return classes.contains { $0.contains(character) }
        }
    }

    enum Class: Sendable {
        case digit, word, space
        case not(Kind)
        enum Kind: Sendable { case digit, word, space }

        func contains(_ character: Character) -> Bool {
            switch self {
            case .digit: Self.test(.digit, character)
            case .word: Self.test(.word, character)
            case .space: Self.test(.space, character)
            case .not(let kind): !Self.test(kind, character)
            }
        }

        static func test(_ kind: Kind, _ character: Character) -> Bool {
            switch kind {
            case .digit:
                character.unicodeScalars.count == 1
                    && character.unicodeScalars.first!.properties.generalCategory == .decimalNumber
            case .word: character.isLetter || character.isNumber || character == "_"
            case .space: character.isWhitespace
            }
        }
    }

    /// Why a pattern is refused.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
        public var hint: String
    }

    let steps: [Step]

    /// The pattern compiled, or why it cannot be.
    public static func compile(_ pattern: String) -> Result<SpecPattern, Problem> {
        guard pattern.count <= SpecLimits.patternLength else {
            return .failure(
                Problem(
                    message:
                        "'pattern' is \(pattern.count) characters long, over the limit of \(SpecLimits.patternLength)",
                    hint: "a pattern checks one answer; use a shorter one, or options"))
        }
        var parser = Parser(characters: Array(pattern))
        do {
            let tree = try parser.alternation(depth: 0)
            guard parser.index == parser.characters.count else {
                throw Problem(
                    message: "'pattern' has a ')' that closes no group", hint: "remove it, or write \\)")
            }
            var compiler = Compiler()
            try compiler.emit(tree)
            compiler.steps.append(.match)
            return .success(SpecPattern(steps: compiler.steps))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(message: "'pattern' cannot be read", hint: "\(error)"))
        }
    }

    /// Whether all of `text` matches.
    ///
    /// The text is walked once, a character at a time, and the walk stops at the first character
    /// no thread takes: no copy of it is made first, so a long text that goes wrong early (a
    /// refused save's field checked again at each key, issue 39's F4) costs what it reads.
    public func matches(_ text: String) -> Bool {
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: steps.count)
        var generation = 0
        var stack: [Int] = []

        func add(_ start: Int, atStart: Bool, atEnd: Bool, to list: inout [Int]) {
            stack.append(start)
            while let pc = stack.popLast() {
                guard marks[pc] != generation else { continue }
                marks[pc] = generation
                switch steps[pc] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .start: if atStart { stack.append(pc + 1) }
                case .end: if atEnd { stack.append(pc + 1) }
                default: list.append(pc)
                }
            }
        }

        add(0, atStart: true, atEnd: text.isEmpty, to: &current)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            text.formIndex(after: &index)
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                let takes: Bool
                switch steps[pc] {
                case .character(let wanted): takes = wanted == character
                case .any: takes = !character.isNewline
                case .set(let set, let negated): takes = set.contains(character) != negated
                default: takes = false
                }
                if takes { add(pc + 1, atStart: false, atEnd: index == text.endIndex, to: &next) }
            }
            swap(&current, &next)
            if current.isEmpty { return false }
        }
        return current.contains { if case .match = steps[$0] { true } else { false } }
    }

    // MARK: Reading

    indirect enum Node {
        case empty
        case step(Step)
        case sequence([Node])
        case either([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct Parser {
        let characters: [Character]
        var index = 0

        static let maximumNesting = 50
        static let maximumCount = 1_000

        func unsupported(_ what: String) -> Problem {
            Problem(
                message: "'pattern' uses \(what), which formtui's pattern engine does not check",
                hint: "formtui checks patterns in linear time: no back-references, look-around or flags")
        }

        mutating func alternation(depth: Int) throws -> Node {
            guard depth <= Self.maximumNesting else {
                throw Problem(
                    message: "'pattern' nests groups more than \(Self.maximumNesting) deep",
                    hint: "use fewer groups")
            }
            var branches = [try sequence(depth: depth)]
            while index < characters.count, characters[index] == "|" {
                index += 1
                branches.append(try sequence(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .either(branches)
        }

        mutating func sequence(depth: Int) throws -> Node {
            var items: [Node] = []
            while index < characters.count, characters[index] != "|", characters[index] != ")" {
                var atom = try self.atom(depth: depth)
                while let (min, max) = try quantifier() {
                    atom = .repeated(atom, min: min, max: max)
                }
                items.append(atom)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func quantifier() throws -> (Int, Int?)? {
            guard index < characters.count else { return nil }
            let found: (Int, Int?)
            switch characters[index] {
            case "*": found = (0, nil)
            case "+": found = (1, nil)
            case "?": found = (0, 1)
            case "{":
                guard let counted = try counted() else { return nil }
                found = counted
                index -= 1
            default: return nil
            }
            index += 1
            // Lazy and possessive forms: for a whole match, the same texts match.
            if index < characters.count, characters[index] == "?" || characters[index] == "+" { index += 1 }
            return found
        }

        /// `{n}`, `{n,}`, `{n,m}` from `index` (left after the `}`), or nil when the brace is a
        /// literal one.
        mutating func counted() throws -> (Int, Int?)? {
            var cursor = index + 1
            func number() -> Int? {
                let start = cursor
                while cursor < characters.count, characters[cursor].isASCII, characters[cursor].isNumber {
                    cursor += 1
                }
                guard cursor > start, cursor - start <= 6 else { return nil }
                return Int(String(characters[start..<cursor]))
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < characters.count, characters[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < characters.count, characters[cursor] == "}" else { return nil }
            guard low <= Self.maximumCount, (high ?? 0) <= Self.maximumCount else {
                throw Problem(
                    message: "'pattern' repeats something more than \(Self.maximumCount) times",
                    hint: "use a smaller count, or maxLength")
            }
            if let high, high < low {
                throw Problem(
                    message: "'pattern' has {\(low),\(high)}, whose maximum is below its minimum",
                    hint: "swap them")
            }
            index = cursor + 1
            return (low, high)
        }

        mutating func atom(depth: Int) throws -> Node {
            let character = characters[index]
            index += 1
            switch character {
            case ".": return .step(.any)
            case "^": return .step(.start)
            case "$": return .step(.end)
            case "*", "+", "?":
                throw Problem(
                    message: "'pattern' has '\(character)' with nothing before it to repeat",
                    hint: "write \\\(character) for the character itself")
            case "(":
                if index < characters.count, characters[index] == "?" {
                    index += 1
                    if index < characters.count, characters[index] == ":" {
                        index += 1
                    } else if index < characters.count, characters[index] == "<",
                        index + 1 < characters.count, characters[index + 1] != "=",
                        characters[index + 1] != "!"
                    {
                        while index < characters.count, characters[index] != ">" { index += 1 }
                        index += 1
                    } else {
                        throw unsupported("'(?' (look-around, flags or another special group)")
                    }
                }
                let inner = try alternation(depth: depth + 1)
                guard index < characters.count, characters[index] == ")" else {
                    throw Problem(message: "'pattern' has a '(' that is never closed", hint: "add a ')'")
                }
                index += 1
                return inner
            case "[": return .step(try set())
            case "\\": return try escape(inSet: false).node
            default: return .step(.character(character))
            }
        }

        /// An escape after its backslash: a step, or for a class member a character or class.
        mutating func escape(inSet: Bool) throws -> (node: Node, character: Character?, kind: Class?) {
            guard index < characters.count else {
                throw Problem(
                    message: "'pattern' ends with a lone backslash", hint: "write \\\\ for a backslash")
            }
            let character = characters[index]
            index += 1
            let kind: Class? =
                switch character {
                case "d": .digit
                case "w": .word
                case "s": .space
                case "D": .not(.digit)
                case "W": .not(.word)
                case "S": .not(.space)
                default: nil
                }
            if let kind {
                var set = CharacterSet()
                set.classes = [kind]
                return (.step(.set(set, negated: false)), nil, kind)
            }
            switch character {
            case "n": return (.step(.character("\n")), "\n", nil)
            case "t": return (.step(.character("\t")), "\t", nil)
            case "r": return (.step(.character("\r")), "\r", nil)
            case "A" where !inSet: return (.step(.start), nil, nil)
            case "z" where !inSet, "Z" where !inSet: return (.step(.end), nil, nil)
            case "1"..."9", "k", "g": throw unsupported("a back-reference (\\\(character))")
            case "b", "B", "p", "P", "x", "u", "X", "G", "K", "R", "N", "h", "H", "v", "V", "c", "o", "Q",
                "E",
                "0":
                throw unsupported("\\\(character)")
            default:
                guard !character.isLetter, !character.isNumber else { throw unsupported("\\\(character)") }
                return (.step(.character(character)), character, nil)
            }
        }

        /// A class after its `[`.
        mutating func set() throws -> Step {
            var set = CharacterSet()
            var negated = false
            if index < characters.count, characters[index] == "^" {
                negated = true
                index += 1
            }
            var first = true
            while true {
                guard index < characters.count else {
                    throw Problem(message: "'pattern' has a '[' that is never closed", hint: "add a ']'")
                }
                var character = characters[index]
                if character == "]" && !first {
                    index += 1
                    break
                }
                first = false
                index += 1
                if character == "[", index < characters.count, characters[index] == ":" {
                    throw unsupported("a POSIX class ([:name:])")
                }
                if character == "\\" {
                    let escaped = try escape(inSet: true)
                    if let kind = escaped.kind {
                        set.classes.append(kind)
                        continue
                    }
                    character = escaped.character ?? character
                }
                // A range: `a-z`, unless the '-' ends the class.
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
                    index += 1
                    var upper = characters[index]
                    index += 1
                    if upper == "\\" {
                        let escaped = try escape(inSet: true)
                        guard let single = escaped.character else {
                            throw Problem(
                                message: "'pattern' has a range that ends in a class",
                                hint: "write \\- for '-'")
                        }
                        upper = single
                    }
                    guard let low = character.unicodeScalars.first?.value,
                        let high = upper.unicodeScalars.first?.value,
                        low <= high
                    else {
                        throw Problem(
                            message: "'pattern' has the range \(character)-\(upper), out of order",
                            hint: "swap its ends")
                    }
                    set.ranges.append(low...high)
                } else {
                    set.characters.insert(character)
                }
            }
            return .set(set, negated: negated)
        }
    }

    struct Compiler {
        var steps: [Step] = []

        mutating func append(_ step: Step) throws {
            guard steps.count < SpecPattern.maximumSize else {
                throw Problem(
                    message:
                        "'pattern' is too large to check in time (over \(SpecPattern.maximumSize) steps)",
                    hint: "use smaller counts in {n,m}, or maxLength for a length")
            }
            steps.append(step)
        }

        mutating func emit(_ node: Node) throws {
            switch node {
            case .empty: break
            case .step(let step): try append(step)
            case .sequence(let items): for item in items { try emit(item) }
            case .either(let branches):
                // split L1, next; L1: branch; jump end; next: split …
                var jumps: [Int] = []
                for (number, branch) in branches.enumerated() {
                    if number < branches.count - 1 {
                        let split = steps.count
                        try append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(steps.count)
                        try append(.jump(0))
                        steps[split] = .split(split + 1, steps.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { steps[jump] = .jump(steps.count) }
            case .repeated(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy: split into it or past all the rest.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(steps.count)
                        try append(.split(steps.count + 1, 0))
                        try emit(inner)
                    }
                    for split in splits { steps[split] = .split(split + 1, steps.count) }
                } else {
                    // L: split body, end; body; jump L
                    let loop = steps.count
                    try append(.split(loop + 1, 0))
                    try emit(inner)
                    try append(.jump(loop))
                    steps[loop] = .split(loop + 1, steps.count)
                }
            }
        }
    }
}
