import FormDocument
import Testing

@Suite struct DocumentNumberTests {
    @Test func spellingsOfOneValueAreEqual() {
        #expect(DocumentNumber(literal: "1.50") == DocumentNumber(literal: "15e-1"))
        #expect(DocumentNumber(literal: "100") == DocumentNumber(1e2 == 100 ? 100 : 0))
        #expect(DocumentNumber(literal: "1.0") != DocumentNumber(literal: "1"))  // float vs integer
        #expect(DocumentNumber(literal: "-0") == DocumentNumber(literal: "0"))
    }

    @Test func literalsThatAreNotNumbersAreRefused() {
        for text in ["", "-", "1.", ".5", "1e", "1e+", "0x10", "1 ", "abc"] {
            #expect(DocumentNumber(literal: text) == nil, "\(text)")
        }
    }

    @Test func exactValuesAndTheirDoubles() {
        let big = DocumentNumber(literal: "12345678910111213141516171819")!
        #expect(big.isWhole)
        #expect(big.int == nil)
        #expect(DocumentNumber(literal: "2.0")!.int == 2)
        #expect(DocumentNumber(literal: "-9223372036854775808")!.int == Int.min)
        #expect(DocumentNumber(literal: "0.25")!.double == 0.25)
        #expect(DocumentNumber(literal: "0.25")!.description == "0.25")
        #expect(DocumentNumber(literal: "1e400")!.double == .infinity)
        #expect(DocumentNumber(literal: "-12")!.description == "-12")
        #expect(DocumentNumber(literal: "1.5e3")!.description == "1500.0")
    }
}

@Suite struct DocumentPathTests {
    @Test func pointersReadAndWriteBack() {
        let path = DocumentPath(pointer: "/a~1b/c~0d/0/x")!
        #expect(path.components == [.key("a/b"), .key("c~d"), .index(0), .key("x")])
        #expect(path.pointer == "/a~1b/c~0d/0/x")
        #expect(DocumentPath(pointer: "")! == .root)
        #expect(DocumentPath(pointer: "a") == nil)
    }
}

@Suite struct DocumentChangeTests {
    let value: DocumentValue = ["name": "x", "list": [1, 2, 3], "nested": ["a": true]]

    @Test func setInsertDeleteAppendAndMoveMakeTheExpectedValue() {
        #expect(
            DocumentChange.set(DocumentPath(pointer: "/nested/a")!, false).applied(to: value)
                == ["name": "x", "list": [1, 2, 3], "nested": ["a": false]])
        #expect(
            DocumentChange.insert(parent: .root, key: "port", value: 80, before: "list").applied(
                to: value) == ["name": "x", "port": 80, "list": [1, 2, 3], "nested": ["a": true]])
        #expect(
            DocumentChange.delete(DocumentPath(pointer: "/list/1")!).applied(to: value)
                == ["name": "x", "list": [1, 3], "nested": ["a": true]])
        #expect(
            DocumentChange.append(array: DocumentPath(pointer: "/list")!, value: 4).applied(to: value)
                == ["name": "x", "list": [1, 2, 3, 4], "nested": ["a": true]])
        #expect(
            DocumentChange.move(array: DocumentPath(pointer: "/list")!, from: 0, to: 2).applied(
                to: value) == ["name": "x", "list": [2, 3, 1], "nested": ["a": true]])
    }

    @Test func changesOutsideTheTreeMakeNoValue() {
        #expect(DocumentChange.set(DocumentPath(pointer: "/missing/a")!, 1).applied(to: value) == nil)
        #expect(
            DocumentChange.insert(parent: .root, key: "name", value: 1, before: nil).applied(to: value)
                == nil)
        #expect(DocumentChange.delete(DocumentPath(pointer: "/list/9")!).applied(to: value) == nil)
    }

    @Test func textEditsSpliceFromTheLast() {
        var bytes = Array("{\"port\": 8080}".utf8)
        TextEdit.apply(
            [TextEdit(range: 1..<7, text: "\"p\""), TextEdit(range: 9..<13, text: "9")], to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"p\": 9}")
    }

    @Test func linesAndColumnsCountCRLFAndCharacters() {
        let table = LineTable(Array("ab\r\né: 1\nx".utf8))
        #expect(table.position(of: 0) == (1, 1))
        #expect(table.position(of: 4) == (2, 1))
        #expect(table.position(of: 6) == (2, 2))  // after the two bytes of é
        #expect(table.position(of: 10) == (3, 1))
        #expect(table.position(of: 11) == (3, 2))
    }
}
