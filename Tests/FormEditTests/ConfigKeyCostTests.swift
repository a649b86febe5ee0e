import FormDocument
import FormSchema
import FormSpec
import Foundation
import Testing

@testable import FormEdit

/// A key should cost what it changed, not the file: one value changed in a map ten or a
/// hundred times larger is set in place and validated again along its path alone, the same
/// work whatever the map's size (counted, not timed: a loaded machine moves times, not counts).
@Suite struct ConfigKeyCostTests {
    /// What the keys after the first two cost on a map of `count` objects (the first reads the
    /// answers back whole and the second finds the value shared with the validator's results):
    /// members checked by the validator and members copied to set the value, for all keys.
    struct Cost: Equatable {
        var membersChecked = 0
        var membersCopied = 0
        var wholeReadings = 0
    }

    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "servers": [
                "type": "object",
                "additionalProperties": [
                    "type": "object", "required": ["host"],
                    "properties": [
                        "host": ["type": "string"], "port": ["type": "integer", "maximum": 65535],
                    ],
                ],
            ]
        ],
    ]

    func keyCost(objects count: Int) throws -> Cost {
        var text = "{\"servers\": {\n"
        for index in 0..<count {
            text += "  \"server-\(index)\": {\"host\": \"h\(index)\", \"port\": \(index % 1000 + 1)},\n"
        }
        text += "  \"last\": {\"host\": \"h\", \"port\": 1}\n}}\n"
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        let schema = try JSONSchema(Self.schema)
        let builder = ConfigFormBuilder(document: document, schema: schema, title: "big.json")
        let check = builder.check
        var answers = builder.initialAnswers()
        #expect(check.errorsAtTop(in: answers).isEmpty)
        var cost = Cost()
        var least = Double.infinity
        // A host typed, then a port out of range and back: the row's message comes and goes.
        for round in 0..<8 {
            let before = Cost(
                membersChecked: check.membersChecked, membersCopied: check.membersCopied,
                wholeReadings: check.wholeReadings)
            let started = Date()
            let tooLarge = round % 4 == 3
            answers[text: "/servers/server-7/host"] = "changed-\(round)"
            answers[integer: "/servers/server-7/port"] = tooLarge ? 70000 : 80 + round
            let message = check.message(for: "/servers/server-7/port", in: answers)
            if round >= 2 { least = min(least, Date().timeIntervalSince(started)) }
            #expect((message != nil) == tooLarge, "round \(round): \(message ?? "no message")")
            if round >= 2 {
                cost.membersChecked += check.membersChecked - before.membersChecked
                cost.membersCopied += check.membersCopied - before.membersCopied
                cost.wholeReadings += check.wholeReadings - before.wholeReadings
            }
        }
        print("a key (two answers) on \(count) objects: \(least * 1000) ms at least")
        // What the form says is what a whole validation of its value says.
        guard case .success(let value) = check.value(for: answers) else {
            Issue.record("the answers do not read back")
            return cost
        }
        #expect(value.value(at: DocumentPath(pointer: "/servers/server-7/host")!) == "changed-7")
        #expect(check.errors(in: answers) == schema.validate(value))
        return cost
    }

    @Test func aKeyInAMapOfManyObjectsCostsWhatItChanged() throws {
        let small = try keyCost(objects: 400)
        let large = try keyCost(objects: 4_000)
        let larger = try keyCost(objects: 40_000)
        print("a key's cost with 400, 4,000 and 40,000 objects: \(small), \(large), \(larger)")
        #expect(small.wholeReadings == 0, "keys after the first read the answers back whole")
        #expect(small.membersCopied == 0, "keys after the second copied \(small.membersCopied) members")
        // Six keys, each: the root's one member (walked and looked up), the map's changed member
        // (picked out, looked up) and that object's two members.
        #expect(small.membersChecked <= 6 * 6, "\(small.membersChecked) members checked in six keys")
        #expect(large == small)
        #expect(larger == small)
    }
}
