import FormDocument
import FormSchema
import FormSpec
import FormTestSupport
import Testing

@testable import FormEdit

/// Keys that change plain values are set into the last value in place and validated along
/// their paths alone: after any sequence of them the value and its errors are those of the
/// answers read back whole and validated from scratch.
@Suite struct ConfigInPlaceUpdateTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "title": ["type": "string", "maxLength": 5],
            "servers": [
                "type": "object", "required": ["s0"],
                "additionalProperties": [
                    "type": "object", "required": ["host"],
                    "properties": [
                        "host": ["type": "string", "maxLength": 6],
                        "port": ["type": "integer", "maximum": 65535],
                        "secure": ["type": "boolean"],
                    ],
                    "if": ["properties": ["secure": ["const": true]]],
                    "then": ["properties": ["port": ["minimum": 1024]]],
                ],
            ],
        ],
    ]

    static func builder() throws -> ConfigFormBuilder {
        var text = "{\"title\": \"t\", \"servers\": {\n"
        for index in 0..<40 {
            let port = index % 2 == 0 ? ", \"port\": \(index * 100)" : ""
            text += "  \"s\(index)\": {\"host\": \"h\(index)\"\(port), \"secure\": false},\n"
        }
        text += "  \"last\": {\"host\": \"h\"}\n}}\n"
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "servers.json")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func keysSetInPlaceGiveWhatAWholeReadingGives(seed: UInt64) throws {
        let builder = try Self.builder()
        let check = builder.check
        let first = builder.initialAnswers()
        var answers = first
        let schema = try JSONSchema(Self.schema)
        var random = SeededRandom(seed: seed)
        var steps: [String] = []
        for step in 0..<120 {
            let server = "/servers/s\(Int.random(in: 0..<40, using: &random))"
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                let host = String(repeating: "h", count: Int.random(in: 0..<9, using: &random))
                answers[text: server + "/host"] = host
                steps.append("\(server)/host = \(host)")
            case 2, 3, 4:
                let port = [80, 443, 2000, 70000, nil].randomElement(using: &random)!
                answers[integer: server + "/port"] = port
                steps.append("\(server)/port = \(port.map(String.init) ?? "empty")")
            case 5:
                let secure = Bool.random(using: &random)
                answers[flag: server + "/secure"] = secure
                steps.append("\(server)/secure = \(secure)")
            default:
                let title = String(repeating: "t", count: Int.random(in: 1..<8, using: &random))
                answers[text: "/title"] = title
                steps.append("/title = \(title)")
            }
            let value = check.value(for: answers)
            // Read back whole: a form of its own, given the same answers at once.
            let whole = try Self.builder()
            var again = whole.initialAnswers()
            for id in answers.changedIDs(since: first) ?? [] {
                again[answer: id] = answers[answer: id]
            }
            let wholeValue = whole.check.value(for: again)
            guard case .success(let found) = value, case .success(let expected) = wholeValue else {
                Issue.record("seed \(seed), step \(step): \(value) against \(wholeValue)")
                return
            }
            let same = found == expected && check.lastErrors == whole.check.lastErrors
            #expect(same, "seed \(seed), step \(step), after \(steps.suffix(3))")
            #expect(whole.check.lastErrors == schema.validate(expected))
            if !same { return }
        }
        // The keys were set in place, not read back whole each time.
        #expect(check.wholeReadings < 60, "seed \(seed): \(check.wholeReadings) whole readings in 120 keys")
    }
}
