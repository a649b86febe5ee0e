/// The state of the `large` demo: which of its N switches are on, the option chosen among N,
/// and a note.
///
/// Stored as `{"switchedOn": [3, 41], "choice": 7, "note": "…"}`: the positions of the switches
/// that are on (zero-based), not N booleans, so ten million rows with a few on save a short file.
/// A key missing from a stored file takes its default.
public struct Large: Codable, Equatable, Sendable {
    public var switchedOn = SwitchedOn()
    /// The chosen option (zero-based), or nil before one is chosen.
    public var choice: Int?
    public var note = ""

    public init(switchedOn: SwitchedOn = SwitchedOn(), choice: Int? = nil, note: String = "") {
        self.switchedOn = switchedOn
        self.choice = choice
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case switchedOn, choice, note
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switchedOn = try container.decodeIfPresent(SwitchedOn.self, forKey: .switchedOn) ?? SwitchedOn()
        choice = try container.decodeIfPresent(Int.self, forKey: .choice)
        note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
    }

    /// The state as a form of `rows` rows shows it: switches and a choice past the last row are
    /// dropped (a file saved with more rows still opens).
    public func limited(to rows: Int) -> Large {
        var state = self
        state.switchedOn = switchedOn.limited(to: rows)
        if let choice, choice < 0 || choice >= rows { state.choice = nil }
        return state
    }
}
