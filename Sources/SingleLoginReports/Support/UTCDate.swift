import Foundation

/// Formats dates in UTC without a calendar or formatter, so output is fast and deterministic.
public enum UTCDate {
    /// `2025-03-01T09:30:00`: seconds precision, UTC, no zone suffix (the JUnit `timestamp` form).
    public static func junitTimestamp(_ date: Date) -> String {
        let parts = components(date)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
    }

    /// `2025-03-01 09:30:00 UTC`, for people.
    public static func readable(_ date: Date) -> String {
        junitTimestamp(date).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    /// `2025-03-01T09:30:00.125Z`: RFC 3339 with milliseconds, for machines.
    public static func rfc3339(_ date: Date) -> String {
        let millis = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) - Int((date.timeIntervalSince1970).rounded(.down)) * 1000
        return junitTimestamp(date) + "." + pad(max(0, millis), 3) + "Z"
    }

    /// The date `rfc3339(_:)` wrote (`2025-03-01T09:30:00.125Z`), or nil for any other text.
    public static func parseRFC3339(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 46, bytes[23] == 90 else {
            return nil
        }
        func number(_ start: Int, _ width: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + width] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2),
            let second = number(17, 2), let millis = number(20, 3),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        // Days since 1970-01-01 from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        // A quarter of a millisecond in, so that `rfc3339(_:)`, which rounds down, writes this text again.
        return Date(timeIntervalSince1970: Double(seconds) + (Double(millis) + 0.25) / 1000)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    private static func components(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, seconds / 3600, seconds % 3600 / 60, seconds % 60)
    }
}
