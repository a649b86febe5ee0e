#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The zone a spec's dates and times are read, shown and answered in, made into a `TimeZone`
/// only where a date or time needs one: a process's first `TimeZone` costs about 0.3M
/// instructions (Foundation's zone cache looks up its types by name), which a form without dates
/// would pay before its first frame.
///
/// ```swift
/// let zone = SpecZone.local()  // the C library's offset now, no TimeZone made yet
/// zone.timeZone.secondsFromGMT()  // 32400 with TZ=Asia/Tokyo
/// ```
public enum SpecZone: Sendable {
    /// A fixed offset from UTC, in seconds: 0 is UTC (`TimeZone.gmt`).
    case offset(Int)
    /// A zone as given.
    case zone(TimeZone)

    /// UTC.
    public static let utc = SpecZone.offset(0)

    /// The local zone at `date` as a fixed offset, as `SpecDates.localZone(at:)` gives it.
    public static func local(at date: Date = Date()) -> SpecZone {
        tzset()
        var seconds = time_t(date.timeIntervalSince1970)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return .utc }
        return .offset(Int(fields.tm_gmtoff))
    }

    /// The zone itself (made now for an offset).
    public var timeZone: TimeZone {
        switch self {
        case .offset(let seconds): return TimeZone(secondsFromGMT: seconds) ?? .gmt
        case .zone(let zone): return zone
        }
    }
}
