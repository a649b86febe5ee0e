import Testing

@testable import FormUI

/// A cell's bytes, as `Canvas.rowEquals` compares them.
private func bytes(of cell: CanvasCell) -> [UInt8] {
    withUnsafeBytes(of: cell) { Array($0) }
}

/// Clusters longer than a cell's four inline bytes: they go through `ClusterTable`.
private let longClusters: [Character] = [
    "👨‍👩‍👧‍👦",  // a ZWJ family, 25 bytes
    "🇫🇷",  // a flag, 8 bytes
    "1️⃣",  // a keycap, 7 bytes
    "❤️",  // with variation selector 16, 6 bytes
    "e\u{301}\u{302}",  // a letter with two combining accents, 5 bytes
    "👍🏽",  // with a skin tone, 8 bytes
    "\u{1100}\u{1161}\u{11A8}",  // a Hangul syllable as three jamo, 9 bytes
]

@Suite("CanvasCell: plain data, long clusters kept in a process-wide table")
struct CanvasCellTests {
    @Test("A cell is plain data without padding, and no bigger than a Character alone was")
    func plainData() {
        #expect(_isPOD(CanvasCell.self))
        #expect(_isPOD(Canvas.self) == false)  // it holds an array: the check can tell
        // No padding anywhere: the fields' sizes (bytes or number, width, style, length) add up
        // to the cell's, so equal cells are equal bytes.
        #expect(MemoryLayout<CanvasCell>.size == 4 + 1 + MemoryLayout<Style>.size + 1)
        #expect(MemoryLayout<CanvasCell>.size == MemoryLayout<CanvasCell>.stride)
        #expect(MemoryLayout<CanvasCell>.stride < MemoryLayout<Character>.stride)
    }

    @Test("Short clusters round-trip inline, at every length from one to four bytes")
    func shortClustersRoundTrip() {
        let table = ClusterTable.shared
        let before = table.count
        for character: Character in [" ", "a", "~", "é", "日", "€", "😀", "e\u{301}", "\r\n", "\u{7F}"] {
            let cell = CanvasCell(character, width: 2, style: Style(.header, highlighted: true))
            #expect(cell.character == character)
            #expect(Array(String(cell.character).utf8) == Array(String(character).utf8))
            #expect(cell.width == 2)
            #expect(cell.style == Style(.header, highlighted: true))
        }
        // Other tests may intern at the same time, but none of these clusters is long.
        #expect(table.count >= before)
        #expect(CanvasCell("a").asciiValue == 97)
        #expect(CanvasCell("é").asciiValue == nil)
        #expect(CanvasCell("\r\n").asciiValue == nil)
    }

    @Test("Long clusters round-trip through the table, byte for byte")
    func longClustersRoundTrip() {
        for character in longClusters {
            #expect(character.utf8.count > 4)
            let cell = CanvasCell(character, width: 2, style: Style(.value))
            #expect(cell.character == character)
            #expect(Array(String(cell.character).utf8) == Array(String(character).utf8))
            #expect(cell.asciiValue == nil)
            #expect(cell.width == 2 && cell.style == Style(.value))
        }
    }

    @Test("Equal clusters make cells with equal bytes; different ones, different bytes")
    func equalClustersEqualBytes() {
        for character in longClusters + ["a", "日", "😀"] {
            // Built apart, from strings made at run time, not from one shared literal.
            let again = Character(String(decoding: Array(String(character).utf8), as: UTF8.self))
            let first = CanvasCell(character, style: Style(.status))
            let second = CanvasCell(again, style: Style(.status))
            #expect(first == second)
            #expect(bytes(of: first) == bytes(of: second))
            #expect(first.hashValue == second.hashValue)
        }
        let all = longClusters.map { CanvasCell($0) }
        for (i, a) in all.enumerated() {
            for b in all[(i + 1)...] {
                #expect(a != b)
                #expect(bytes(of: a) != bytes(of: b))
            }
        }
        // Canonically equivalent spellings stay apart: they are sent to the terminal as they are.
        #expect(CanvasCell("é") != CanvasCell("e\u{301}"))
        #expect(CanvasCell("\u{1100}\u{1161}\u{11A8}") != CanvasCell("각"))
    }

    @Test("A cell's character can be set, and the cell then reads as one built with it")
    func settingCharacter() {
        var cell = CanvasCell("a", width: 1, style: Style(.help))
        cell.character = "🇫🇷"
        #expect(cell == CanvasCell("🇫🇷", width: 1, style: Style(.help)))
        cell.character = "b"
        #expect(cell == CanvasCell("b", width: 1, style: Style(.help)))
    }

    @Test("Tasks interning the same new clusters at once all get the same numbers")
    func concurrentInterning() async {
        // Clusters no other test uses, so that every task races to add them first.
        let fresh: [Character] = (0..<64).map { index in
            Character(
                "x" + String(repeating: "\u{301}", count: 4) + String(Unicode.Scalar(UInt32(0x300 + index))!))
        }
        let results = await withTaskGroup(of: [UInt32].self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task in its own order, so that they insert in different orders.
                    let order = task.isMultiple(of: 2) ? Array(fresh.indices) : fresh.indices.reversed()
                    var numbers = [UInt32](repeating: 0, count: fresh.count)
                    for index in order { numbers[index] = ClusterTable.shared.number(of: fresh[index]) }
                    return numbers
                }
            }
            var all: [[UInt32]] = []
            for await numbers in group { all.append(numbers) }
            return all
        }
        #expect(results.count == 8)
        #expect(Set(results).count == 1)
        let numbers = results[0]
        #expect(Set(numbers).count == fresh.count)
        for (index, number) in numbers.enumerated() {
            #expect(ClusterTable.shared.character(numbered: number) == fresh[index])
            #expect(CanvasCell(fresh[index]).character == fresh[index])
        }
    }

    @Test("Rows holding long clusters compare equal by memory when they hold the same text")
    func rowsWithLongClusters() {
        var a = Canvas(size: Size(width: 12, height: 1))
        var b = Canvas(size: Size(width: 12, height: 1))
        a.write("🇫🇷 e\u{301}\u{302} 👍🏽", at: Point(x: 0, y: 0))
        b.write(String("🇫🇷 e\u{301}\u{302} 👍🏽".reversed().reversed()), at: Point(x: 0, y: 0))
        #expect(a.rowEquals(b, row: 0))
        #expect(a == b)
        #expect(a.line(0) == "🇫🇷 e\u{301}\u{302} 👍🏽")
        b.write("👍🏿", at: Point(x: 10, y: 0))
        #expect(!a.rowEquals(b, row: 0))
        #expect(a.row(0, from: 0, holds: Array(a.cells(row: 0, from: 0, width: 12))))
        #expect(!b.row(0, from: 0, holds: Array(a.cells(row: 0, from: 0, width: 12))))
    }

    @Test("ASCII among wide characters: one cell a character, clipped at both edges like the rest")
    func asciiInMixedText() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        #expect(canvas.write("ab日c", at: Point(x: -1, y: 0), style: Style(.value)) == 4)
        #expect(canvas.line(0) == "b日c")
        #expect(canvas[0, 0] == CanvasCell("b", style: Style(.value)))
        #expect(canvas[0, 0].asciiValue == 0x62)
        #expect(canvas[3, 0] == CanvasCell("c", style: Style(.value)))
        canvas.write("a日", at: Point(x: -2, y: 1))
        #expect(canvas[0, 1] == CanvasCell(" "))
        #expect(canvas.write("xyz日w", at: Point(x: 2, y: 2), limit: 5) == 5)
        #expect(canvas.line(2) == "  xyz")
        // Control characters are still shown as `?`, CR LF (ASCII to `asciiValue`) among them.
        canvas.write("日\r\n\t", at: Point(x: 0, y: 2))
        #expect(canvas.line(2) == "日??z")
    }

    @Test("replace(row:with:) copies a whole row, also one taken from the same canvas")
    func replaceRow() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.write("日本x", at: Point(x: 0, y: 0), style: Style(.titleBar))
        let kept = canvas.cells(row: 0, from: 0, width: 6)
        canvas.write("other", at: Point(x: 0, y: 0))
        canvas.replace(row: 2, with: kept)
        #expect(canvas.line(2) == "日本x")
        #expect(canvas.line(0) == "other")
        #expect(canvas[0, 2] == CanvasCell("日", width: 2, style: Style(.titleBar)))
        #expect(canvas[1, 2].isContinuation)
        // A row of the wrong width changes nothing.
        canvas.replace(row: 1, with: kept.dropLast())
        #expect(canvas.line(1) == "")
    }

    @Test("A cell made from a lone-column scalar is the cell made from it as a Character")
    func scalarCells() {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x25FC,
        ]
        for range in ranges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let style = Style(.track, highlighted: value % 2 == 0)
                #expect(
                    bytes(of: CanvasCell(scalar: scalar, style: style))
                        == bytes(of: CanvasCell(Character(scalar), style: style)),
                    "U+\(String(value, radix: 16))")
            }
        }
    }
}
