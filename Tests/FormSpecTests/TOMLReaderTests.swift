import Testing

@testable import FormSpec

/// The TOML reader over toml++ (CTOMLReader): the tree it hands over, the limits it keeps, and
/// toml++'s own checks (assertions, compiled in) failing as an error of the spec, never an abort.
struct TOMLReaderTests {
    /// The tree as text, for comparing: tables by key, lists in order.
    static func shape(_ node: SpecNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .decimal(let number): "\(number)"
        case .string(let text, _): "'\(text)'"
        case .list(let items): "[" + items.map(shape).joined(separator: ", ") + "]"
        case .table(let members):
            "{" + members.map { "\($0.key): \(shape($0.node))" }.joined(separator: ", ") + "}"
        }
    }

    @Test func aTreeOfEveryKindIsHandedOverWhole() throws {
        let text = """
            title = "Hi"
            empty = []
            none = {}
            when = 2024-05-01
            at = 07:30:00
            stamp = 2024-05-01T07:30:05Z
            [[sections]]
            rows = [{id = "a", min = -3, step = 0.5, on = true}, {id = "b"}]
            [[sections]]
            header = "Two"
            [sections.more]
            deep = [[1, 2], [], [{x = "y"}]]
            """
        let node = try TOMLReader(file: "t.toml").read(text)
        #expect(
            Self.shape(node)
                == "{at: '07:30', empty: [], none: {}, sections: [{rows: [{id: 'a', min: -3, on: true, step: 0.5}, "
                + "{id: 'b'}]}, {header: 'Two', more: {deep: [[1, 2], [], [{x: 'y'}]]}}], stamp: '2024-05-01T07:30:05Z', "
                + "title: 'Hi', when: '2024-05-01'}")
    }

    /// Before, toml++ aborted the process on these (an assertion); `SpecNode.read` refuses them
    /// before toml++ sees them, so they are given to the reader directly here.
    @Test(arguments: ["title = \"x\"\nx = [}\n", "title = \"x\"\nx = [1, }\n", "[[}x]]\n", "[é]\n"])
    func whatTomlPlusPlusAssertsOnIsASpecError(text: String) {
        #expect {
            _ = try TOMLReader(file: "t.toml").read(text)
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            return error.file == "t.toml" && error.message.hasPrefix("not valid TOML")
        }
    }

    /// toml++ 3.3's Unicode classes reached "unreachable" for characters outside their ranges
    /// (undefined behaviour); the answer there is "not in the class", and the text is refused
    /// with toml++'s own message and place.
    @Test func aCharacterOutsideToml_sClassesIsASyntaxErrorWithItsPlace() throws {
        let error = try #require(
            throws: SpecError.self,
            performing: { try TOMLReader(file: "t.toml").read("title = \"x\"\nx = é\n") })
        #expect(error.position == SpecPosition(line: 2, column: 5), "\(error)")
    }

    @Test func aTextLongerThanTheLimitStopsTheWalk() throws {
        let text = "x = \"" + String(repeating: "a", count: SpecLimits.textBytes + 1) + "\"\n"
        let error = try #require(
            throws: SpecError.self, performing: { try TOMLReader(file: "t.toml").read(text) })
        #expect(error.message.contains("longer than the limit"), "\(error)")
    }
}
