public import FormDocument

/// JSON Schema's equality of values (`const`, `enum`, `uniqueItems`): numbers by value (`1` equals
/// `1.0`), objects by their members whatever the order, arrays element by element.
extension DocumentValue {
    public func jsonEquals(_ other: DocumentValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        // Swift compares strings by canonical equivalence; JSON compares code points.
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.number(let a), .number(let b)): return a.sameValue(as: b)
        case (.dateTime(let a), .dateTime(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.jsonEquals($1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let otherValue = b[key], value.jsonEquals(otherValue) else { return false }
            }
            return true
        default: return false
        }
    }
}

/// A value hashed and compared by JSON equality, so that an `enum` of 100,000 values is one
/// lookup and `uniqueItems` is linear.
struct JSONKey: Hashable {
    let value: DocumentValue

    static func == (left: JSONKey, right: JSONKey) -> Bool { left.value.jsonEquals(right.value) }

    func hash(into hasher: inout Hasher) { JSONKey.hash(value, into: &hasher) }

    private static func hash(_ value: DocumentValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .string(let text):
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        case .number(let number):
            hasher.combine(number.negative)
            hasher.combine(number.digits)
            hasher.combine(number.exponent)
            hasher.combine(number.special)
        case .dateTime(let dateTime): hasher.combine(dateTime)
        case .array(let elements):
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .object(let members):
            // Order-free: the members' hashes are summed.
            var sum = 0
            for (key, member) in members {
                var inner = Hasher()
                inner.combine(key)
                hash(member, into: &inner)
                sum = sum &+ inner.finalize()
            }
            hasher.combine(members.count)
            hasher.combine(sum)
        }
    }
}

extension DocumentNumber {
    /// Equal as numbers, whatever the spelling or whether it was written as an integer.
    func sameValue(as other: DocumentNumber) -> Bool {
        if special != nil || other.special != nil { return special == other.special && special != .nan }
        return negative == other.negative && digits == other.digits && exponent == other.exponent
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`, exactly (big numbers included).
    func compare(to other: DocumentNumber) -> Int {
        func rank(_ number: DocumentNumber) -> Int? {
            switch number.special {
            case .infinity: 1
            case .negativeInfinity: -1
            case .nan: nil
            case nil: 0
            }
        }
        if let left = rank(self), let right = rank(other), left != 0 || right != 0 {
            return left == right ? 0 : (left < right ? -1 : 1)
        }
        let leftSign = digits.isEmpty ? 0 : (negative ? -1 : 1)
        let rightSign = other.digits.isEmpty ? 0 : (other.negative ? -1 : 1)
        if leftSign != rightSign { return leftSign < rightSign ? -1 : 1 }
        if leftSign == 0 { return 0 }
        let magnitude = compareMagnitude(to: other)
        return leftSign > 0 ? magnitude : -magnitude
    }

    private func compareMagnitude(to other: DocumentNumber) -> Int {
        let leftOrder = digits.count + exponent
        let rightOrder = other.digits.count + other.exponent
        if leftOrder != rightOrder { return leftOrder < rightOrder ? -1 : 1 }
        let left = Array(digits.utf8)
        let right = Array(other.digits.utf8)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0x30
            let b = index < right.count ? right[index] : 0x30
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// Whether `self` is an integer multiple of `divisor`, exactly on the decimal digits
    /// (`0.0075` is a multiple of `0.0001`, which Doubles get wrong).
    func isMultiple(of divisor: DocumentNumber) -> Bool {
        guard special == nil, divisor.special == nil, !divisor.digits.isEmpty else { return false }
        if digits.isEmpty { return true }
        // self = X·10^a, divisor = M·10^b. With e = min(a, b): X·10^(a-e) mod M·10^(b-e) == 0.
        let common = min(exponent, divisor.exponent)
        let shift = exponent - common
        let divisorShift = divisor.exponent - common
        // A divisor larger than the value divides it only if it is the value.
        if digits.count + shift < divisor.digits.count + divisorShift { return false }
        let dividendDigits = Array(digits.utf8).map { $0 - 0x30 }
        var modulus = Array(divisor.digits.utf8).map { $0 - 0x30 }
        modulus += [UInt8](repeating: 0, count: divisorShift)
        if modulus.count <= 17 {
            var m: UInt64 = 0
            for digit in modulus { m = m * 10 + UInt64(digit) }
            var remainder: UInt64 = 0
            for digit in dividendDigits { remainder = (remainder * 10 + UInt64(digit)) % m }
            // remainder · 10^shift mod m, by squaring: an exponent of a billion is 30 steps.
            var power: UInt64 = 1
            var base: UInt64 = 10 % m
            var count = shift
            while count > 0 {
                if count & 1 == 1 { power = DocumentNumber.mulMod(power, base, m) }
                base = DocumentNumber.mulMod(base, base, m)
                count >>= 1
            }
            return DocumentNumber.mulMod(remainder, power, m) == 0
        }
        // Past 17 digits of divisor: decimal long division, digit by digit. Values with more
        // than 100,000 digits of shift are past what any document states exactly.
        guard shift <= 100_000 else { return false }
        var remainder: [UInt8] = []
        for digit in dividendDigits + [UInt8](repeating: 0, count: shift) {
            remainder.append(digit)
            while let first = remainder.first, first == 0, remainder.count > 1 { remainder.removeFirst() }
            while DocumentNumber.compareDigits(remainder, modulus) >= 0 {
                remainder = DocumentNumber.subtractDigits(remainder, modulus)
            }
        }
        return remainder.allSatisfy { $0 == 0 }
    }

    private static func mulMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func compareDigits(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let a = a.drop { $0 == 0 }
        let b = b.drop { $0 == 0 }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    private static func subtractDigits(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a
        var borrow = 0
        var j = b.count - 1
        for i in stride(from: result.count - 1, through: 0, by: -1) {
            var digit = Int(result[i]) - borrow - (j >= 0 ? Int(b[j]) : 0)
            borrow = 0
            if digit < 0 {
                digit += 10
                borrow = 1
            }
            result[i] = UInt8(digit)
            j -= 1
        }
        return Array(result.drop { $0 == 0 })
    }
}
