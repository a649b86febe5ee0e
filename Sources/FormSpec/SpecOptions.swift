/// The options of a `picker`, `select` or `multiselect` row, in order: UTF-8 bytes and where in
/// them each option starts and ends, not a string apiece. An `optionsFile` is kept as the bytes
/// read from it, its options as offsets into them: a million lines (17 MB) are the file's bytes,
/// 8 MB of offsets and an 8 MB table. A `select` of them opens in 0.8 s and 63 MB (release
/// build), where a million strings and the set that found the ones listed twice took 20 s and
/// 187 MB. An option is made a `String` only when it is shown or answered.
///
/// ```swift
/// let options: SpecOptions = ["Small", "Large"]
/// options[1]                 // "Large"
/// options.firstIndex(of: "Large")  // 1, by a hash of its bytes, not a search
/// ```
public struct SpecOptions: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Shared by copies: options are made once, when the spec is read.
    private final class Storage: Sendable {
        let bytes: [UInt8]
        /// Where option `i` starts and ends in `bytes`.
        let starts: [Int32]
        let ends: [Int32]
        /// An open-addressing table of option positions plus one (0 is a free slot), by the hash
        /// of their bytes; its size is a power of two, at least twice the count.
        let table: [Int32]

        init(bytes: [UInt8], starts: [Int32], ends: [Int32], table: [Int32]) {
            self.bytes = bytes
            self.starts = starts
            self.ends = ends
            self.table = table
        }

        func range(_ index: Int) -> Range<Int> { Int(starts[index])..<Int(ends[index]) }
    }

    private let storage: Storage

    /// Options as given; the first of two equal ones is found by `firstIndex(of:)`.
    public init(_ options: some Sequence<String>) {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        var ends: [Int32] = []
        for option in options {
            starts.append(Int32(bytes.count))
            bytes.append(contentsOf: option.utf8)
            ends.append(Int32(bytes.count))
        }
        self.init(bytes: bytes, starts: starts, ends: ends)
    }

    public init(arrayLiteral options: String...) { self.init(options) }

    /// Options that are the ranges `starts[i]..<ends[i]` of `bytes` (at most `Int32.max` bytes,
    /// which `SpecLimits.specBytes` keeps far below).
    init(bytes: [UInt8], starts: [Int32], ends: [Int32]) {
        let count = starts.count
        var size = 1
        while size < count * 2 { size <<= 1 }
        var table = [Int32](repeating: 0, count: count == 0 ? 0 : size)
        bytes.withUnsafeBufferPointer { all in
            for index in 0..<count {
                let range = Int(starts[index])..<Int(ends[index])
                var slot = Self.hash(UnsafeBufferPointer(rebasing: all[range])) & (size - 1)
                while table[slot] != 0 {
                    let other = Int(starts[Int(table[slot]) - 1])..<Int(ends[Int(table[slot]) - 1])
                    if all[other].elementsEqual(all[range]) { break }
                    slot = (slot + 1) & (size - 1)
                }
                if table[slot] == 0 { table[slot] = Int32(index + 1) }
            }
        }
        storage = Storage(bytes: bytes, starts: starts, ends: ends, table: table)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.starts.count }

    public subscript(position: Int) -> String {
        let range = storage.range(position)
        return storage.bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// The first position of `option`, by a hash of its bytes: no option is made a string.
    public func firstIndex(of option: String) -> Int? {
        let table = storage.table
        guard !table.isEmpty else { return nil }
        var option = option
        return option.withUTF8 { wanted in
            storage.bytes.withUnsafeBufferPointer { all in
                var slot = Self.hash(wanted) & (table.count - 1)
                while table[slot] != 0 {
                    let index = Int(table[slot]) - 1
                    let range = storage.range(index)
                    if all[range].elementsEqual(wanted) { return index }
                    slot = (slot + 1) & (table.count - 1)
                }
                return nil
            }
        }
    }

    public func contains(_ option: String) -> Bool { firstIndex(of: option) != nil }

    /// The position of the first option that repeats an earlier one, if any (found by the table,
    /// which keeps only the first of equal options, being smaller than the count).
    public var firstRepeated: Int? {
        let table = storage.table
        var found = 0
        for entry in table where entry != 0 { found += 1 }
        guard found < count else { return nil }
        return indices.first { firstIndex(of: self[$0]) != $0 }
    }

    public static func == (left: SpecOptions, right: SpecOptions) -> Bool {
        left.storage === right.storage || left.elementsEqual(right)
    }

    /// By the count and the first option: equal options hash alike whatever bytes hold them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if let first { hasher.combine(first) }
    }

    /// The options of a file of `bytes`, one a line: each line's text without the tabs and
    /// spaces around it, empty lines left out; lines end as `Character.isNewline` says (LF, CR,
    /// CR LF, VT, FF, NEL, LS, PS). nil when the bytes are not UTF-8. The options are offsets
    /// into `bytes`, which are kept as they are.
    static func lines(of bytes: [UInt8]) -> SpecOptions? {
        guard isUTF8(bytes) else { return nil }
        var starts: [Int32] = []
        var ends: [Int32] = []
        bytes.withUnsafeBufferPointer { all in
            let count = all.count
            func add(_ start: Int, _ end: Int) {
                var start = start
                var end = end
                while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
                while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 { end -= 1 }
                // Other spaces (U+00A0, U+3000 …) are not ASCII: only then are scalars read.
                if start < end, all[start] >= 0x80 || all[end - 1] >= 0x80 {
                    let text = String(
                        decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
                    let scalars = text.unicodeScalars
                    for scalar in scalars {
                        guard isSpace(scalar) else { break }
                        start += UTF8.width(scalar)
                    }
                    for scalar in scalars.reversed() where start < end {
                        guard isSpace(scalar) else { break }
                        end -= UTF8.width(scalar)
                    }
                }
                guard start < end else { return }
                starts.append(Int32(start))
                ends.append(Int32(end))
            }
            var lineStart = 0
            var index = 0
            while index < count {
                let byte = all[index]
                var breakWidth = 0
                if byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                    breakWidth = 1
                } else if byte == 0xC2, index + 1 < count, all[index + 1] == 0x85 {
                    breakWidth = 2
                } else if byte == 0xE2, index + 2 < count, all[index + 1] == 0x80,
                    all[index + 2] == 0xA8 || all[index + 2] == 0xA9
                {
                    breakWidth = 3
                }
                if breakWidth > 0 {
                    add(lineStart, index)
                    index += breakWidth
                    lineStart = index
                } else {
                    index += 1
                }
            }
            add(lineStart, count)
        }
        return SpecOptions(bytes: bytes, starts: starts, ends: ends)
    }

    /// A tab or a space separator: what an option is trimmed of (as `String.trimmingSpaces`).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// FNV-1a over the bytes: the same in every run, so a table is made the same way each time.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
