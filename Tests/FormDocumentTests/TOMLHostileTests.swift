import FormDocument
import Foundation
import Testing

/// Texts an attacker or a broken tool writes. Each must end in a value or a clear error; the time
/// bounds are far above what a linear reader needs, so they catch hangs and quadratic time only.
@Suite struct TOMLHostileTests {
    func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func manyInlineTablesOnOneLineReadInLinearTime() throws {
        let rows = (0..<20_000).map { "{id = \($0), name = \"row \($0)\"}" }
        let oneLine = "rows = [" + rows.joined(separator: ", ") + "]\n"
        let linePerRow = "rows = [\n" + rows.map { "  " + $0 + ",\n" }.joined() + "]\n"
        var read: DocumentNode?
        let time = try seconds { read = try TOMLFormat().read(Array(oneLine.utf8)) }
        let perLine = try seconds { _ = try TOMLFormat().read(Array(linePerRow.utf8)) }
        #expect(read?.value["rows"]?[19_999]?["id"] == 19_999)
        #expect(time < 10, "20,000 inline tables on one line took \(time) s (one a line: \(perLine) s)")
    }

    @Test(arguments: [
        "a = " + String(repeating: "[", count: 100_000),
        "a = " + String(repeating: "{b = ", count: 100_000),
        String(repeating: "a.", count: 100_000) + "a = 1",
        "[" + String(repeating: "a.", count: 100_000) + "a]",
        "a = " + String(repeating: "[{b = ", count: 50_000),
    ])
    func nestingPastTheLimitIsAStatedError(text: String) throws {
        var message = ""
        let time = seconds {
            do {
                _ = try TOMLFormat().read(Array(text.utf8))
            } catch {
                message = (error as? DocumentError)?.message ?? "\(error)"
            }
        }
        #expect(message.contains("nested more than 256 deep"), "\(message)")
        #expect(time < 1, "took \(time) s")
    }

    @Test func nestingAtTheLimitReads() throws {
        let text = "a = " + String(repeating: "[", count: 255) + String(repeating: "]", count: 255)
        _ = try TOMLFormat().read(Array(text.utf8))
    }

    @Test(
        arguments: [
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], "UTF-8"),  // a byte no UTF-8 has
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xED, 0xA0, 0x80, 0x22], "UTF-8"),  // a surrogate
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xC0, 0xAF, 0x22], "UTF-8"),  // an overlong slash
            ([0x61, 0x20, 0x3D, 0x20, 0x31, 0x00], "line must end"),  // NUL after a value
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0x00, 0x22], "control character"),  // NUL in a string
            ([0x23, 0x00], "control character"),  // NUL in a comment
            ([0x00], "key was expected"),
        ] as [([UInt8], String)])
    func brokenBytesAreRefusedWithTheirPlace(bytes: [UInt8], words: String) {
        do {
            _ = try TOMLFormat().read(bytes)
            Issue.record("\(bytes) was read")
        } catch {
            #expect(error.message.contains(words), "\(error)")
            #expect(error.line == 1 && error.column > 0, "\(error)")
        }
    }

    @Test(arguments: [
        "a = \"abc", "a = '''abc", "a = \"\"\"abc\"\"", "a = [1, 2", "a = {b = 1", "[a", "[[a]",
    ])
    func anUnterminatedValueAtTheVeryEndIsRefused(text: String) {
        #expect(throws: DocumentError.self) { _ = try TOMLFormat().read(Array(text.utf8)) }
    }

    @Test func mixedLineEndingsRead() throws {
        let root = try TOMLFormat().read(Array("a = 1\r\nb = \"\"\"x\r\ny\ny\"\"\"\n[t]\r\nc = 2\n".utf8))
        #expect(root.value == ["a": 1, "b": "x\r\ny\ny", "t": ["c": 2]])
    }

    @Test func aLargeDocumentReadsInLinearTime() throws {
        var text = ""
        for row in 0..<50_000 { text += "[[sections.rows]]\nid = \"row\(row)\"\ntitle = 'Row \(row)'\n" }
        let bytes = Array(text.utf8)
        var root: DocumentNode?
        let time = try seconds { root = try TOMLFormat().read(bytes) }
        #expect(root?.value["sections"]?["rows"]?[49_999]?["id"] == "row49999")
        #expect(time < 20, "50,000 [[sections.rows]] took \(time) s")
    }
}
