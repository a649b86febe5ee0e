/// Why a pattern could not be compiled or checked, with the scalar offset it stopped at.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// The offset (in Unicode scalars) in the pattern, or nil when the error is not a place in it.
    public var offset: Int?

    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(message) (at character \($0 + 1))" } ?? message
    }
}

/// Reads an ECMA-262 pattern as JSON Schema specifies it: Unicode mode (`u`), no flags. Annex B's
/// leniencies that people's schemas rely on are kept (a `{` or `}` that starts no quantifier is
/// itself, `]` alone is itself), since SchemaStore's patterns are written for browsers.
struct PatternParser {
    private let scalars: [UInt32]
    private var position = 0
    private var groupCount = 0
    private var groupNames: [String: Int] = [:]
    private var namedReferences: [(name: String, offset: Int)] = []
    private let totalGroups: Int
    /// The pattern's classes, which ``PatternNode/set(_:)`` numbers.
    private var sets: [PatternCharSet] = []
    /// Whether a backreference or a lookaround was read: those need the backtracking matcher.
    private var backtracks = false

    init(_ pattern: String) {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(pattern.utf8.count)
        for scalar in pattern.unicodeScalars { scalars.append(scalar.value) }
        self.scalars = scalars
        totalGroups = PatternParser.countGroups(scalars)
    }

    /// What ``PatternParser/parse(_:)`` reads from a pattern.
    struct Parsed {
        var node: PatternNode
        /// The number of capturing groups.
        var groups: Int
        /// The classes the node numbers.
        var sets: [PatternCharSet]
        /// Whether the pattern has backreferences or lookaround (no automaton runs them).
        var backtracks: Bool
    }

    /// The tree of the pattern, its number of capturing groups and its classes.
    static func parse(_ pattern: String) throws(PatternError) -> Parsed {
        var parser = PatternParser(pattern)
        let node = try parser.parseAlternation()
        if parser.position < parser.scalars.count {
            throw PatternError("`)` has no `(` to close", offset: parser.position)
        }
        for reference in parser.namedReferences where parser.groupNames[reference.name] == nil {
            throw PatternError("no group is named `\(reference.name)`", offset: reference.offset)
        }
        return Parsed(
            node: try parser.resolveNames(node), groups: parser.groupCount, sets: parser.sets,
            backtracks: parser.backtracks)
    }

    /// Capturing groups counted before parsing, so that `\2` before group 2 is a reference.
    private static func countGroups(_ scalars: [UInt32]) -> Int {
        var count = 0
        var index = 0
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == 0x5C {
                index += 2
                continue
            }
            if inClass {
                if scalar == 0x5D { inClass = false }
            } else if scalar == 0x5B {
                inClass = true
            } else if scalar == 0x28 {
                let next = index + 1 < scalars.count ? scalars[index + 1] : 0
                if next != 0x3F {
                    count += 1
                } else if index + 2 < scalars.count, scalars[index + 2] == 0x3C,
                    index + 3 < scalars.count, scalars[index + 3] != 0x3D, scalars[index + 3] != 0x21
                {
                    count += 1
                }
            }
            index += 1
        }
        return count
    }

    private var peek: UInt32? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ ahead: Int) -> UInt32? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private mutating func eat(_ scalar: Unicode.Scalar) -> Bool {
        if peek == scalar.value {
            position += 1
            return true
        }
        return false
    }

    private mutating func parseAlternation() throws(PatternError) -> PatternNode {
        var branches = [try parseSequence()]
        while eat("|") { branches.append(try parseSequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = peek, scalar != 0x7C, scalar != 0x29 {
            let start = position
            let atom = try parseAtom()
            if let quantified = try parseQuantifier(on: atom, at: start) {
                items.append(quantified)
            } else {
                items.append(atom)
            }
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parseQuantifier(on atom: PatternNode, at start: Int) throws(PatternError)
        -> PatternNode?
    {
        guard let scalar = peek else { return nil }
        var bounds: (Int, Int?)
        switch scalar {
        case 0x2A:
            bounds = (0, nil)
            position += 1
        case 0x2B:
            bounds = (1, nil)
            position += 1
        case 0x3F:
            bounds = (0, 1)
            position += 1
        case 0x7B:
            guard let braces = PatternParser.braces(scalars, at: position) else { return nil }
            bounds = braces.bounds
            position = braces.end
        default: return nil
        }
        if case .assertion = atom {
            throw PatternError("an anchor cannot be repeated", offset: start)
        }
        if case .look(_, let ahead, _) = atom, !ahead {
            throw PatternError("a lookbehind cannot be repeated", offset: start)
        }
        if let max = bounds.1, max < bounds.0 {
            throw PatternError("the repetition's bounds are out of order", offset: start)
        }
        let greedy = !eat("?")
        if let next = peek,
            next == 0x2A || next == 0x2B || next == 0x3F
                || (next == 0x7B && PatternParser.braces(scalars, at: position) != nil)
        {
            throw PatternError("nothing to repeat", offset: position)
        }
        return .repetition(atom, min: bounds.0, max: bounds.1, greedy: greedy)
    }

    /// `{n}`, `{n,}`, `{n,m}` at `start`: the bounds and the offset after the `}`, or nil when
    /// the brace starts no quantifier (Annex B: it is then itself).
    private static func braces(_ scalars: [UInt32], at start: Int) -> (bounds: (Int, Int?), end: Int)? {
        var index = start + 1
        func number() -> Int? {
            var value: Int?
            while index < scalars.count, (0x30...0x39).contains(scalars[index]) {
                // Counts past a million are taken as a million: no input is that long.
                value = min((value ?? 0) * 10 + Int(scalars[index] - 0x30), 1_000_000)
                index += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count, scalars[index] == 0x2C {
            index += 1
            high = number()
        }
        guard index < scalars.count, scalars[index] == 0x7D else { return nil }
        return ((low, high), index + 1)
    }

    private mutating func parseAtom() throws(PatternError) -> PatternNode {
        let start = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case 0x5E: return .assertion(.start)
        case 0x24: return .assertion(.end)
        case 0x2E: return .any
        case 0x2A, 0x2B, 0x3F:
            throw PatternError("nothing to repeat", offset: start)
        case 0x7B:
            if PatternParser.braces(scalars, at: start) != nil {
                throw PatternError("nothing to repeat", offset: start)
            }
            return .scalar(scalar)
        case 0x28: return try parseGroup(start: start)
        case 0x5B:
            sets.append(try parseClass(start: start))
            return .set(sets.count - 1)
        case 0x5C: return try parseEscape(start: start)
        default: return .scalar(scalar)
        }
    }

    private mutating func parseGroup(start: Int) throws(PatternError) -> PatternNode {
        var capture: Int?
        var look: (ahead: Bool, negated: Bool)?
        if eat("?") {
            if eat(":") {
            } else if eat("=") {
                look = (true, false)
            } else if eat("!") {
                look = (true, true)
            } else if eat("<") {
                if eat("=") {
                    look = (false, false)
                } else if eat("!") {
                    look = (false, true)
                } else {
                    let name = try readGroupName(start: start)
                    groupCount += 1
                    if groupNames[name] != nil {
                        throw PatternError("two groups are named `\(name)`", offset: start)
                    }
                    groupNames[name] = groupCount
                    capture = groupCount
                }
            } else {
                throw PatternError(
                    "`(?` must be followed by `:`, `=`, `!`, `<=`, `<!` or `<name>`", offset: start)
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        let inner = try parseAlternation()
        guard eat(")") else { throw PatternError("`(` is not closed", offset: start) }
        if let look {
            backtracks = true
            return .look(inner, ahead: look.ahead, negated: look.negated)
        }
        return .group(inner, capture: capture)
    }

    private mutating func readGroupName(start: Int) throws(PatternError) -> String {
        var name = ""
        while let scalar = peek, scalar != 0x3E {
            guard let unicode = Unicode.Scalar(scalar),
                unicode.properties.isIDContinue || scalar == 0x24 || scalar == 0x5F
            else { throw PatternError("a group name holds letters, digits, `_` and `$`", offset: position) }
            if name.isEmpty, !(unicode.properties.isIDStart || scalar == 0x24 || scalar == 0x5F) {
                throw PatternError("a group name cannot start with a digit", offset: position)
            }
            name.unicodeScalars.append(unicode)
            position += 1
        }
        guard eat(">"), !name.isEmpty else {
            throw PatternError("the group name is not closed by `>`", offset: start)
        }
        return name
    }

    private mutating func parseEscape(start: Int) throws(PatternError) -> PatternNode {
        guard let scalar = peek else { throw PatternError("`\\` at the end of the pattern", offset: start) }
        switch scalar {
        case 0x62:
            position += 1
            return .assertion(.wordBoundary)
        case 0x42:
            position += 1
            return .assertion(.notWordBoundary)
        case 0x31...0x39:
            var number = 0
            while let digit = peek, (0x30...0x39).contains(digit) {
                number = min(number * 10 + Int(digit - 0x30), 1_000_000)
                position += 1
            }
            guard number <= totalGroups else {
                throw PatternError("there is no group \(number) to refer to", offset: start)
            }
            backtracks = true
            return .backreference(number)
        case 0x6B:
            position += 1
            guard eat("<") else { throw PatternError("`\\k` must be followed by `<name>`", offset: start) }
            let name = try readGroupName(start: start)
            namedReferences.append((name, start))
            backtracks = true
            // Named references are numbered once every group's name is known.
            return .backreference(-1 - (namedReferences.count - 1))
        default:
            let item = try parseClassEscape(start: start, inClass: false)
            switch item {
            case .scalar(let value): return .scalar(value)
            case .set(let set):
                sets.append(set)
                return .set(sets.count - 1)
            }
        }
    }

    private enum ClassItem {
        case scalar(UInt32)
        case set(PatternCharSet)
    }

    /// An escape after `\` that stands for a character or a class (the same inside and outside
    /// brackets, but `\b` is a backspace inside and `\-` is allowed only inside).
    private mutating func parseClassEscape(start: Int, inClass: Bool) throws(PatternError) -> ClassItem {
        guard let scalar = peek else { throw PatternError("`\\` at the end of the pattern", offset: start) }
        position += 1
        func set(_ escape: PatternCharSet.Escape, _ negated: Bool) -> ClassItem {
            .set(PatternCharSet(escape, negated: negated))
        }
        switch scalar {
        case 0x64: return set(.digit, false)
        case 0x44: return set(.digit, true)
        case 0x77: return set(.word, false)
        case 0x57: return set(.word, true)
        case 0x73: return set(.space, false)
        case 0x53: return set(.space, true)
        case 0x70, 0x50:
            guard eat("{") else {
                throw PatternError("`\\p` must be followed by `{property}`", offset: start)
            }
            var name = ""
            while let next = peek, next != 0x7D {
                name.unicodeScalars.append(Unicode.Scalar(next) ?? " ")
                position += 1
            }
            guard eat("}") else { throw PatternError("`\\p{` is not closed", offset: start) }
            guard let property = UnicodeProperty(name: name) else {
                throw PatternError("the Unicode property `\(name)` is not known here", offset: start)
            }
            return set(.property(property), scalar == 0x50)
        case 0x74: return .scalar(0x09)
        case 0x6E: return .scalar(0x0A)
        case 0x76: return .scalar(0x0B)
        case 0x66: return .scalar(0x0C)
        case 0x72: return .scalar(0x0D)
        case 0x62 where inClass: return .scalar(0x08)
        case 0x2D where inClass: return .scalar(0x2D)
        case 0x30:
            if let next = peek, (0x30...0x39).contains(next) {
                throw PatternError("octal escapes are not allowed", offset: start)
            }
            return .scalar(0)
        case 0x63:
            guard let letter = peek, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter)
            else { throw PatternError("`\\c` must be followed by a letter", offset: start) }
            position += 1
            return .scalar(letter % 32)
        case 0x78:
            guard let value = readHex(count: 2) else {
                throw PatternError("`\\x` must be followed by two hex digits", offset: start)
            }
            return .scalar(value)
        case 0x75:
            if eat("{") {
                var value: UInt32 = 0
                var digits = 0
                while let next = peek, let digit = PatternParser.hexValue(next) {
                    value = value &* 16 &+ digit
                    digits += 1
                    position += 1
                    if value > 0x10FFFF { break }
                }
                guard digits > 0, value <= 0x10FFFF, eat("}") else {
                    throw PatternError("`\\u{…}` must hold a code point in hex", offset: start)
                }
                return .scalar(value)
            }
            guard let value = readHex(count: 4) else {
                throw PatternError("`\\u` must be followed by four hex digits", offset: start)
            }
            // A surrogate pair written as two escapes is one code point.
            if (0xD800...0xDBFF).contains(value), peek == 0x5C, peek(1) == 0x75 {
                let save = position
                position += 2
                if let low = readHex(count: 4), (0xDC00...0xDFFF).contains(low) {
                    return .scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                }
                position = save
            }
            return .scalar(value)
        default:
            // Unicode mode allows only syntax characters and `/` as identity escapes.
            switch scalar {
            case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F:
                return .scalar(scalar)
            default:
                throw PatternError(
                    "`\\\(Unicode.Scalar(scalar).map(String.init) ?? "?")` is not an escape ECMA-262 knows",
                    offset: start)
            }
        }
    }

    private static func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }

    private mutating func readHex(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let scalar = peek(offset), let digit = PatternParser.hexValue(scalar) else { return nil }
            value = value * 16 + digit
        }
        position += count
        return value
    }

    private mutating func parseClass(start: Int) throws(PatternError) -> PatternCharSet {
        var set = PatternCharSet()
        set.negated = eat("^")
        while true {
            guard let scalar = peek else { throw PatternError("`[` is not closed", offset: start) }
            if scalar == 0x5D {
                position += 1
                set.finish()
                return set
            }
            let itemStart = position
            let first = try readClassAtom()
            if peek == 0x2D, let after = peek(1), after != 0x5D {
                position += 1
                let second = try readClassAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = second else {
                    throw PatternError("a class escape cannot bound a range", offset: itemStart)
                }
                guard low <= high else {
                    throw PatternError("the range is out of order", offset: itemStart)
                }
                set.insert(low...high)
                continue
            }
            switch first {
            case .scalar(let value): set.insert(value...value)
            case .set(let inner): set.insert(escapesOf: inner)
            }
        }
    }

    private mutating func readClassAtom() throws(PatternError) -> ClassItem {
        let start = position
        let scalar = scalars[position]
        position += 1
        if scalar == 0x5C { return try parseClassEscape(start: start, inClass: true) }
        return .scalar(scalar)
    }

    private func resolveNames(_ node: PatternNode) throws(PatternError) -> PatternNode {
        guard !namedReferences.isEmpty else { return node }
        func resolve(_ node: PatternNode) -> PatternNode {
            switch node {
            case .backreference(let number) where number < 0:
                return .backreference(groupNames[namedReferences[-1 - number].name] ?? 0)
            case .sequence(let nodes): return .sequence(nodes.map(resolve))
            case .alternation(let nodes): return .alternation(nodes.map(resolve))
            case .group(let inner, let capture): return .group(resolve(inner), capture: capture)
            case .repetition(let inner, let min, let max, let greedy):
                return .repetition(resolve(inner), min: min, max: max, greedy: greedy)
            case .look(let inner, let ahead, let negated):
                return .look(resolve(inner), ahead: ahead, negated: negated)
            default: return node
            }
        }
        return resolve(node)
    }
}
