import FormSpec
import Testing

/// Ids a values or state file holds that the spec has not: a few are named one by one, many
/// become one warning with their count and the first few, in time that grows with the file.
struct UnknownIDsTests {
    static let spec = """
        title: T
        sections:
          - rows:
              - {id: name, type: text, title: Name}
        """

    private func warnings(unknown count: Int) throws -> (warnings: [SpecError], answers: [String: Answer]) {
        let form = try SpecReader.read(text: Self.spec, format: .yaml, file: "s.yaml")
        var text = #"{"name": "Ada""#
        for index in 0..<count { text += #", "gone\#(index)": \#(index)"# }
        text += "}"
        var warnings: [SpecError] = []
        let answers = try SpecValuesFile.read(text: text, file: "v.json", spec: form) { warnings.append($0) }
        return (warnings, answers)
    }

    @Test("up to three are each named with their place and a suggestion")
    func few() throws {
        let (found, answers) = try warnings(unknown: 3)
        #expect(found.count == 3)
        #expect(found.map(\.message).first == "'gone0' is no field of the form; it is left out")
        #expect(answers["name"] == .text("Ada"))
    }

    @Test("200,000 of them give one warning with the count and the first three, quickly")
    func many() throws {
        let clock = ContinuousClock()
        var result: (warnings: [SpecError], answers: [String: Answer])?
        let took = try clock.measure { result = try warnings(unknown: 200_000) }
        let found = try #require(result?.warnings)
        #expect(found.count == 1)
        #expect(
            found.first?.message
                == "200000 ids are no field of the form and are left out: 'gone0', 'gone1', 'gone2', …")
        #expect(found.first?.position?.line == 1)
        #expect(result?.answers["name"] == .text("Ada"))
        #expect(took < .seconds(20), "took \(took)")
    }
}
