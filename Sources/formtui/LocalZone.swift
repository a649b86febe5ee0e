#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which zone `formtui form` shows local times in, said after the title of its time rows
/// ("Starts (JST)") where the zone is not obvious: where `TZ` names another zone than the
/// machine's, or where the zone is UTC (a server's, seldom the person's own). A desktop in its own
/// zone shows no label. The name is the zone's at `now` (EDT in summer, EST in winter).
///
/// ```swift
/// LocalZone.label(for: .current, environment: ["TZ": "Asia/Tokyo"], machineZone: "Etc/UTC")  // "JST"
/// ```
enum LocalZone {
    static func label(
        for zone: TimeZone, environment: [String: String], machineZone: String?, now: Date = Date()
    ) -> String? {
        var asked = environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
        // A TZ that is a path to a zone file names the zone after its folder.
        if let path = asked, let zone = afterZoneinfo(path) { asked = zone }
        let isMachineZone = asked == nil || asked == machineZone
        guard !isMachineZone || isUTC(machineZone) else { return nil }
        return name(of: zone, at: now)
    }

    /// The zone's short name ("JST", "CET") when it has one of letters, else its offset
    /// ("UTC+05:30").
    static func name(of zone: TimeZone, at date: Date) -> String {
        if isUTC(zone.identifier) { return "UTC" }
        // The C library reads TZ's zone file, which has the short names ("JST") that Foundation
        // without ICU lacks (its local zone is a fixed offset): the local zone is the one whose
        // offset the C library gives at `date`.
        var now = time_t(date.timeIntervalSince1970)
        var parts = tm()
        if localtime_r(&now, &parts) != nil, Int(parts.tm_gmtoff) == zone.secondsFromGMT(for: date),
            let short = parts.tm_zone.map({ String(cString: $0) }), !short.isEmpty,
            short.allSatisfy(\.isLetter)
        {
            return short
        }
        if let short = zone.abbreviation(for: date), !short.isEmpty, short.allSatisfy(\.isLetter) {
            return short
        }
        let seconds = zone.secondsFromGMT(for: date)
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let hours = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        let rest = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        return "UTC\(seconds < 0 ? "-" : "+")\(hours):\(rest)"
    }

    /// The machine's own zone, as `/etc/localtime` names it (nil without one: UTC).
    static var machineZone: String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return afterZoneinfo(target)
    }

    /// What follows the first "zoneinfo/" in a path. By hand: `firstRange(of:)` casts its pattern
    /// at run time, which has the runtime search every conformance of the program (280k
    /// instructions, 4% of a start).
    static func afterZoneinfo(_ path: String) -> String? {
        let marker = Array("zoneinfo/".utf8)
        let bytes = Array(path.utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in 0...(bytes.count - marker.count)
        where bytes[start..<start + marker.count].elementsEqual(marker) {
            return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }

    private static func isUTC(_ zone: String?) -> Bool {
        guard let zone, !zone.isEmpty else { return true }
        let name = zone.hasPrefix("Etc/") ? String(zone.dropFirst(4)) : zone
        return ["UTC", "UCT", "GMT", "GMT0", "Universal", "Zulu", "Greenwich"].contains(name)
    }
}
