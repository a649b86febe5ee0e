import FormSpec
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A spec read in a zone given as an offset reads, shows and answers its dates in that zone as
/// one given as a `TimeZone` does; the zone is made only where a date needs it.
struct SpecZoneTests {
    static let text = """
        sections:
          - rows:
              - {id: at, type: datetime, default: '2024-05-01T09:30'}
              - {id: name, type: text, default: Ann}
        """

    @Test func anOffsetReadsDatesAsTheSameZoneGivenWhole() throws {
        let tokyo = try #require(TimeZone(secondsFromGMT: 9 * 3600))
        let byOffset = try SpecReader.read(
            text: Self.text, format: .yaml, file: "t.yaml", zone: .offset(9 * 3600))
        let whole = try SpecReader.read(text: Self.text, format: .yaml, file: "t.yaml", timeZone: tokyo)
        #expect(byOffset.timeZone.secondsFromGMT() == 9 * 3600)
        let answers = SpecFormBuilder.initialAnswers(of: byOffset)
        #expect(answers.values == SpecFormBuilder.initialAnswers(of: whole).values)
        // 09:30 in Tokyo is 00:30 UTC.
        guard case .date(let date?) = answers.values["at"] else {
            Issue.record("no date: \(String(describing: answers.values["at"]))")
            return
        }
        #expect(SpecDates.format(date, kind: .dateAndTime, in: .gmt).hasPrefix("2024-05-01T00:30"))
    }

    @Test func theDefaultZoneIsUTCAndAGivenZoneIsKeptWhole() throws {
        var spec = try SpecReader.read(text: Self.text, format: .yaml, file: "t.yaml")
        #expect(spec.timeZone == .gmt)
        guard case .offset(0) = spec.zone else {
            Issue.record("made a zone: \(spec.zone)")
            return
        }
        let named = try #require(TimeZone(identifier: "GMT"))
        spec.timeZone = named
        guard case .zone(let kept) = spec.zone, kept == named else {
            Issue.record("not kept whole: \(spec.zone)")
            return
        }
        #expect(SpecZone.utc.timeZone == .gmt)
        #expect(SpecZone.offset(-5 * 3600).timeZone.secondsFromGMT() == -5 * 3600)
    }

    @Test func theLocalZoneIsTheCLibrarysOffset() {
        let now = Date()
        #expect(
            SpecZone.local(at: now).timeZone.secondsFromGMT() == SpecDates.localZone(at: now).secondsFromGMT()
        )
    }
}
