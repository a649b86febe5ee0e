/// The two ways a compiled pattern is run. Patterns without backreferences or lookaround run as an
/// automaton (a Pike VM without captures): every thread advances one scalar at a time, so time is
/// linear in the input whatever the pattern (`^(a+)+$` against 30 a's and a `!` is 31 steps of a
/// few threads). The others backtrack, within a step budget.
enum PatternMatcher {
    /// Steps the backtracker may take for one search, about 10 ms of work: past it the pattern is
    /// said to be too costly, rather than hanging a key press.
    static let stepBudget = 1_000_000

    static func isWordAt(_ input: [UInt32], _ position: Int) -> Bool {
        position >= 0 && position < input.count && PatternCharSet.isWord(input[position])
    }

    static func check(_ assertion: PatternAssertion, _ input: [UInt32], _ position: Int) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == input.count
        case .wordBoundary: return isWordAt(input, position - 1) != isWordAt(input, position)
        case .notWordBoundary: return isWordAt(input, position - 1) == isWordAt(input, position)
        }
    }

    static func consumes(
        _ instruction: PatternProgram.Instruction, _ program: PatternProgram, _ scalar: UInt32
    ) -> Bool {
        switch instruction {
        case .scalar(let value): return value == scalar
        case .set(let index): return program.sets[index].contains(scalar)
        case .any: return !PatternCharSet.isLineTerminator(scalar)
        default: return false
        }
    }

    // MARK: The automaton

    /// Whether the pattern matches somewhere in `input`, in time linear in its length.
    static func automatonSearch(_ program: PatternProgram, _ input: [UInt32]) -> Bool {
        let count = program.instructions.count
        var current: [Int] = []
        var following: [Int] = []
        current.reserveCapacity(count)
        following.reserveCapacity(count)
        var marks = [Int](repeating: -1, count: count)
        var generation = 0
        var stack: [Int] = []
        let anchored: Bool = {
            if case .assert(.start) = program.instructions.first { return true }
            return false
        }()

        // Adds `pc` and everything it reaches without consuming; true when `match` is reached.
        func add(_ pc: Int, at position: Int, to list: inout [Int]) -> Bool {
            stack.append(pc)
            while let pc = stack.popLast() {
                if marks[pc] == generation { continue }
                marks[pc] = generation
                switch program.instructions[pc] {
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .save, .progressMark, .progressCheck: stack.append(pc + 1)
                case .assert(let assertion):
                    if check(assertion, input, position) { stack.append(pc + 1) }
                case .scalar, .set, .any: list.append(pc)
                case .backreference, .look: break  // never compiled into an automaton run
                }
            }
            return false
        }

        generation += 1
        if add(0, at: 0, to: &current) { return true }
        var position = 0
        while position < input.count {
            if current.isEmpty && anchored { return false }
            let scalar = input[position]
            generation += 1
            following.removeAll(keepingCapacity: true)
            for pc in current where consumes(program.instructions[pc], program, scalar) {
                if add(pc + 1, at: position + 1, to: &following) { return true }
            }
            if !anchored, add(0, at: position + 1, to: &following) { return true }
            swap(&current, &following)
            position += 1
        }
        return false
    }

    // MARK: The backtracker

    private enum Choice {
        case branch(pc: Int, position: Int)
        case restoreCapture(slot: Int, value: Int)
        case restoreRegister(register: Int, value: Int)
    }

    /// Runs `program` from `start`; the end of the match, or nil. `requiredEnd` makes a match
    /// count only when it ends there (a lookbehind's body).
    static func backtrack(
        _ program: PatternProgram, _ input: [UInt32], from start: Int, captures: inout [Int],
        requiredEnd: Int?, steps: inout Int
    ) throws(PatternError) -> Int? {
        var stack: [Choice] = [.branch(pc: 0, position: start)]
        var registers = [Int](repeating: -1, count: program.registers)
        while let choice = stack.popLast() {
            var pc: Int
            var position: Int
            switch choice {
            case .restoreCapture(let slot, let value):
                captures[slot] = value
                continue
            case .restoreRegister(let register, let value):
                registers[register] = value
                continue
            case .branch(let branchPC, let branchPosition):
                pc = branchPC
                position = branchPosition
            }
            thread: while true {
                steps += 1
                if steps > stepBudget {
                    throw PatternError("the pattern is too costly to check against this value")
                }
                let instruction = program.instructions[pc]
                switch instruction {
                case .scalar, .set, .any:
                    guard position < input.count, consumes(instruction, program, input[position])
                    else { break thread }
                    position += 1
                    pc += 1
                case .match:
                    if let requiredEnd, position != requiredEnd { break thread }
                    return position
                case .jump(let target): pc = target
                case .split(let first, let second):
                    stack.append(.branch(pc: second, position: position))
                    pc = first
                case .save(let slot):
                    stack.append(.restoreCapture(slot: slot, value: captures[slot]))
                    captures[slot] = position
                    pc += 1
                case .progressMark(let register):
                    stack.append(.restoreRegister(register: register, value: registers[register]))
                    registers[register] = position
                    pc += 1
                case .progressCheck(let register):
                    guard registers[register] != position else { break thread }
                    pc += 1
                case .assert(let assertion):
                    guard check(assertion, input, position) else { break thread }
                    pc += 1
                case .backreference(let number):
                    let begin = captures[number * 2]
                    let end = captures[number * 2 + 1]
                    // A group that has not matched matches the empty string (ECMA).
                    if begin >= 0, end >= begin {
                        let length = end - begin
                        guard position + length <= input.count,
                            input[begin..<end].elementsEqual(input[position..<(position + length)])
                        else { break thread }
                        position += length
                    }
                    pc += 1
                case .look(let index, let ahead, let negated):
                    let sub = program.subprograms[index]
                    var inner = captures
                    var matched = false
                    if ahead {
                        matched =
                            try backtrack(
                                sub, input, from: position, captures: &inner, requiredEnd: nil,
                                steps: &steps) != nil
                    } else {
                        var begin = position
                        while begin >= 0 {
                            inner = captures
                            if try backtrack(
                                sub, input, from: begin, captures: &inner, requiredEnd: position,
                                steps: &steps) != nil
                            {
                                matched = true
                                break
                            }
                            begin -= 1
                        }
                    }
                    guard matched != negated else { break thread }
                    if matched && !negated {
                        for slot in captures.indices where captures[slot] != inner[slot] {
                            stack.append(.restoreCapture(slot: slot, value: captures[slot]))
                            captures[slot] = inner[slot]
                        }
                    }
                    pc += 1
                }
            }
        }
        return nil
    }

    /// Whether the pattern matches somewhere in `input`, backtracking within the step budget.
    static func backtrackSearch(_ program: PatternProgram, _ input: [UInt32]) throws(PatternError) -> Bool {
        var steps = 0
        var captures = [Int](repeating: -1, count: program.captureSlots)
        for start in 0...input.count {
            for slot in captures.indices { captures[slot] = -1 }
            if try backtrack(
                program, input, from: start, captures: &captures, requiredEnd: nil, steps: &steps)
                != nil
            {
                return true
            }
            if case .assert(.start) = program.instructions.first { return false }
        }
        return false
    }
}
