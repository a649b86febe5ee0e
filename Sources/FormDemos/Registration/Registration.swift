#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sign-up, as in the protocol-oriented form fields article: who you are, a password, a
/// birthday, two-factor sign-in and a country, saved by its name.
///
/// A key missing from a stored file takes its default, so older files keep loading.
public struct Registration: Codable, Equatable, Sendable {
    public var fullName = ""
    public var email = ""
    public var password = ""
    public var birthday: Date?
    public var twoFactor = false
    /// The country's name, as listed in `Countries.names`; empty until one is chosen.
    public var country = ""

    public init(
        fullName: String = "", email: String = "", password: String = "", birthday: Date? = nil,
        twoFactor: Bool = false, country: String = ""
    ) {
        self.fullName = fullName
        self.email = email
        self.password = password
        self.birthday = birthday
        self.twoFactor = twoFactor
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case fullName, email, password, birthday, twoFactor, country
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fullName = try container.decodeIfPresent(String.self, forKey: .fullName) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        password = try container.decodeIfPresent(String.self, forKey: .password) ?? ""
        birthday = try container.decodeIfPresent(Date.self, forKey: .birthday)
        twoFactor = try container.decodeIfPresent(Bool.self, forKey: .twoFactor) ?? false
        country = try container.decodeIfPresent(String.self, forKey: .country) ?? ""
    }
}
