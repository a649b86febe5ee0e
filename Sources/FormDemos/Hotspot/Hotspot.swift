/// The personal hotspot of Swift Talk's form library episodes: a switch, a password changed in an
/// editor of its own, a network name.
///
/// A key missing from a stored file takes its default, so older files keep loading.
public struct Hotspot: Codable, Equatable, Sendable {
    public var enabled = false
    /// None at first: the hotspot cannot be saved on until one of 8 characters or more is set.
    public var password = ""
    public var networkName = "My Phone"

    public init(enabled: Bool = false, password: String = "", networkName: String = "My Phone") {
        self.enabled = enabled
        self.password = password
        self.networkName = networkName
    }

    enum CodingKeys: String, CodingKey {
        case enabled, password, networkName
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Hotspot()
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? defaults.enabled
        password = try container.decodeIfPresent(String.self, forKey: .password) ?? defaults.password
        networkName = try container.decodeIfPresent(String.self, forKey: .networkName) ?? defaults.networkName
    }
}
