#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One value for every row kind of the showcase. A key missing from a stored file takes its
/// default, so older files keep loading.
public struct Showcase: Codable, Equatable, Sendable {
    public var notifications = true
    public var nickname = "ada"
    public var apiToken = ""
    public var accountPassword = ""
    public var bio = "Mathematician.\nWrote the first published program."
    public var age: Int? = 36
    public var price = 9.5
    public var guests = 2
    public var volume = 70
    public var alarm = Date(timeIntervalSince1970: 7 * 3600)
    public var anniversary: Date?
    public var meeting = Date(timeIntervalSince1970: 1_795_435_200)
    public var size = "M"
    public var hours = 1
    public var minutes = 30
    public var theme = "Auto"
    public var language = "English"
    public var toppings: Set<String> = ["Cheese"]
    public var tags = ["swift", "terminal"]
    public var offline = true
    public var syncEvery = 15
    public var rating = 4

    public init() {}

    enum CodingKeys: String, CodingKey {
        case notifications, nickname, apiToken, accountPassword, bio, age, price, guests, volume, alarm
        case anniversary, meeting, size, hours, minutes, theme, language, toppings, tags, offline
        case syncEvery, rating
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = Showcase()
        s.notifications = try c.decodeIfPresent(Bool.self, forKey: .notifications) ?? s.notifications
        s.nickname = try c.decodeIfPresent(String.self, forKey: .nickname) ?? s.nickname
        s.apiToken = try c.decodeIfPresent(String.self, forKey: .apiToken) ?? s.apiToken
        s.accountPassword = try c.decodeIfPresent(String.self, forKey: .accountPassword) ?? s.accountPassword
        s.bio = try c.decodeIfPresent(String.self, forKey: .bio) ?? s.bio
        // An absent age is no age: the key is written only while there is one.
        s.age = try c.decodeIfPresent(Int.self, forKey: .age)
        s.price = try c.decodeIfPresent(Double.self, forKey: .price) ?? s.price
        s.guests = try c.decodeIfPresent(Int.self, forKey: .guests) ?? s.guests
        s.volume = try c.decodeIfPresent(Int.self, forKey: .volume) ?? s.volume
        s.alarm = try c.decodeIfPresent(Date.self, forKey: .alarm) ?? s.alarm
        s.anniversary = try c.decodeIfPresent(Date.self, forKey: .anniversary)
        s.meeting = try c.decodeIfPresent(Date.self, forKey: .meeting) ?? s.meeting
        s.size = try c.decodeIfPresent(String.self, forKey: .size) ?? s.size
        s.hours = try c.decodeIfPresent(Int.self, forKey: .hours) ?? s.hours
        s.minutes = try c.decodeIfPresent(Int.self, forKey: .minutes) ?? s.minutes
        s.theme = try c.decodeIfPresent(String.self, forKey: .theme) ?? s.theme
        s.language = try c.decodeIfPresent(String.self, forKey: .language) ?? s.language
        s.toppings = try c.decodeIfPresent(Set<String>.self, forKey: .toppings) ?? s.toppings
        s.tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? s.tags
        s.offline = try c.decodeIfPresent(Bool.self, forKey: .offline) ?? s.offline
        s.syncEvery = try c.decodeIfPresent(Int.self, forKey: .syncEvery) ?? s.syncEvery
        s.rating = try c.decodeIfPresent(Int.self, forKey: .rating) ?? s.rating
        self = s
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(notifications, forKey: .notifications)
        try c.encode(nickname, forKey: .nickname)
        try c.encode(apiToken, forKey: .apiToken)
        try c.encode(accountPassword, forKey: .accountPassword)
        try c.encode(bio, forKey: .bio)
        try c.encodeIfPresent(age, forKey: .age)
        try c.encode(price, forKey: .price)
        try c.encode(guests, forKey: .guests)
        try c.encode(volume, forKey: .volume)
        try c.encode(alarm, forKey: .alarm)
        try c.encodeIfPresent(anniversary, forKey: .anniversary)
        try c.encode(meeting, forKey: .meeting)
        try c.encode(size, forKey: .size)
        try c.encode(hours, forKey: .hours)
        try c.encode(minutes, forKey: .minutes)
        try c.encode(theme, forKey: .theme)
        try c.encode(language, forKey: .language)
        // Sorted, so that the file does not change order from one save to the next.
        try c.encode(toppings.sorted(), forKey: .toppings)
        try c.encode(tags, forKey: .tags)
        try c.encode(offline, forKey: .offline)
        try c.encode(syncEvery, forKey: .syncEvery)
        try c.encode(rating, forKey: .rating)
    }
}
