/// RFC 3339's `full-date`, `full-time`, `date-time` and appendix A's `duration`, on ASCII bytes.
enum DateTimeFormats {
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy(SchemaFormats.isDigit) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    static func isDate(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
            let day = number(bytes[8..<10]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    static func isTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            let hour = number(bytes[0..<2]), let minute = number(bytes[3..<5]),
            let second = number(bytes[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, SchemaFormats.isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = bytes[(index + 1)...]
            guard offset.count == 5, offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                let offsetHour = number(offset.prefix(2)), let offsetMinute = number(offset.suffix(2)),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            // A leap second is 23:59:60 in UTC only.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
            return false
        }
        return isDate(Array(bytes[0..<10])) && isTime(Array(bytes[11...]))
    }

    static func isDuration(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var index = 1
        var dateUnits: [UInt8] = []
        var timeUnits: [UInt8] = []
        var inTime = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { return false }
                inTime = true
                index += 1
                guard index < bytes.count else { return false }
                continue
            }
            let start = index
            while index < bytes.count, SchemaFormats.isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else { return false }
            if inTime { timeUnits.append(bytes[index]) } else { dateUnits.append(bytes[index]) }
            index += 1
        }
        if dateUnits == [UInt8(ascii: "W")] { return timeUnits.isEmpty }
        func inOrder(_ units: [UInt8], _ order: String) -> Bool {
            let order = Array(order.utf8)
            guard let first = units.first, let start = order.firstIndex(of: first) else {
                return units.isEmpty
            }
            return start + units.count <= order.count && Array(order[start..<(start + units.count)]) == units
        }
        guard inOrder(dateUnits, "YMD"), inOrder(timeUnits, "HMS") else { return false }
        return !(dateUnits.isEmpty && timeUnits.isEmpty) && !(inTime && timeUnits.isEmpty)
    }
}
