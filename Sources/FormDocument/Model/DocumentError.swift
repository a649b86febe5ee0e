/// Why a document could not be read or an edit could not be made, with where: the byte offset and
/// its line and column (both from 1; the column counts characters, not bytes).
///
/// ```swift
/// do { _ = try Document(reading: Array("{\"a\": }".utf8), format: .json) }
/// catch let error as DocumentError { print(error) }  // 1:7: a value was expected here
/// ```
public struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(_ message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// An error at `offset` of `bytes`, its line and column counted there.
    public init(_ message: String, at offset: Int, in bytes: [UInt8]) {
        let position = LineTable(bytes).position(of: offset)
        self.init(message, offset: offset, line: position.line, column: position.column)
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Line starts of a text, to turn byte offsets into lines and columns (a `\r\n` ends one line;
/// a lone `\r` does too, as YAML and TOML count).
public struct LineTable: Sendable {
    public let bytes: [UInt8]
    public let starts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                starts.append(index + 1)
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    /// Line and column (from 1) of a byte offset; the column counts Unicode scalars.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for byte in bytes[starts[low]..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }
}
