/// The preferences of the forms guide's example: three switches, all on by default.
///
/// Stored as `{"autoRefresh": true, "playSounds": true, "showPhotos": true}`; a key missing from
/// a stored file takes its default, so older files keep loading.
public struct Preferences: Codable, Equatable, Sendable {
    public var autoRefresh = true
    public var playSounds = true
    public var showPhotos = true

    public init(autoRefresh: Bool = true, playSounds: Bool = true, showPhotos: Bool = true) {
        self.autoRefresh = autoRefresh
        self.playSounds = playSounds
        self.showPhotos = showPhotos
    }

    enum CodingKeys: String, CodingKey {
        case autoRefresh, playSounds, showPhotos
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Preferences()
        autoRefresh = try container.decodeIfPresent(Bool.self, forKey: .autoRefresh) ?? defaults.autoRefresh
        playSounds = try container.decodeIfPresent(Bool.self, forKey: .playSounds) ?? defaults.playSounds
        showPhotos = try container.decodeIfPresent(Bool.self, forKey: .showPhotos) ?? defaults.showPhotos
    }
}
