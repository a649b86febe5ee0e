/// A compiled pattern: instructions for both matchers (the automaton and the backtracker).
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(UInt32)
        case set(Int)
        case any
        /// Try the first target, then the second.
        case split(Int, Int)
        case jump(Int)
        case save(Int)
        case assert(PatternAssertion)
        case backreference(Int)
        case look(Int, ahead: Bool, negated: Bool)
        /// A loop's body starts: remember the position in a register.
        case progressMark(Int)
        /// A loop's body ends: an iteration that matched nothing fails (ECMA's empty check).
        case progressCheck(Int)
        case match
    }

    var instructions: [Instruction] = []
    /// The pattern's classes, shared by the program and its lookaround bodies.
    var sets: [PatternCharSet] = []
    /// Lookaround bodies, each a program of its own ending in `match`.
    var subprograms: [PatternProgram] = []
    var registers = 0
    var captureSlots = 0
}

/// Turns a ``PatternNode`` into a ``PatternProgram``, refusing programs past a size that no
/// person's pattern reaches (`(a{1000}){1000}` would be a million instructions).
struct PatternCompiler {
    static let instructionLimit = 100_000

    private var program = PatternProgram()
    private var total = 0

    static func compile(_ parsed: PatternParser.Parsed) throws(PatternError) -> PatternProgram {
        var compiler = PatternCompiler()
        compiler.program.captureSlots = (parsed.groups + 1) * 2
        compiler.program.sets = parsed.sets
        try compiler.emit(parsed.node)
        compiler.program.instructions.append(.match)
        return compiler.program
    }

    private mutating func append(_ instruction: PatternProgram.Instruction) throws(PatternError) -> Int {
        total += 1
        if total > PatternCompiler.instructionLimit {
            throw PatternError(
                "the pattern is too large to check (over \(PatternCompiler.instructionLimit) steps of program)"
            )
        }
        program.instructions.append(instruction)
        return program.instructions.count - 1
    }

    private mutating func patch(_ index: Int, _ instruction: PatternProgram.Instruction) {
        program.instructions[index] = instruction
    }

    private var next: Int { program.instructions.count }

    private mutating func emit(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty: break
        case .scalar(let value): _ = try append(.scalar(value))
        case .set(let index): _ = try append(.set(index))
        case .any: _ = try append(.any)
        case .sequence(let nodes):
            for node in nodes { try emit(node) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = try append(.split(0, 0))
                    try emit(branch)
                    jumps.append(try append(.jump(0)))
                    patch(split, .split(split + 1, next))
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { patch(jump, .jump(next)) }
        case .group(let inner, let capture):
            if let capture { _ = try append(.save(capture * 2)) }
            try emit(inner)
            if let capture { _ = try append(.save(capture * 2 + 1)) }
        case .assertion(let assertion): _ = try append(.assert(assertion))
        case .backreference(let number): _ = try append(.backreference(number))
        case .look(let inner, let ahead, let negated):
            var sub = PatternCompiler()
            sub.total = total
            sub.program.captureSlots = program.captureSlots
            sub.program.sets = program.sets
            try sub.emit(inner)
            sub.program.instructions.append(.match)
            total = sub.total
            program.subprograms.append(sub.program)
            _ = try append(.look(program.subprograms.count - 1, ahead: ahead, negated: negated))
        case .repetition(let inner, let min, let max, let greedy):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy skips to the end when it does not match.
                var exits: [Int] = []
                for _ in min..<max {
                    let split = try append(.split(0, 0))
                    exits.append(split)
                    try emit(inner)
                }
                for split in exits {
                    patch(split, greedy ? .split(split + 1, next) : .split(next, split + 1))
                }
            } else {
                let register = program.registers
                program.registers += 1
                let loop = try append(.split(0, 0))
                _ = try append(.progressMark(register))
                try emit(inner)
                _ = try append(.progressCheck(register))
                _ = try append(.jump(loop))
                patch(loop, greedy ? .split(loop + 1, next) : .split(next, loop + 1))
            }
        }
    }
}
