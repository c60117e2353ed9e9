import SingleLoginEvents
import SingleLoginSpec

/// One entry of a waiver file: a known failure kept on record, with a reason, a link and an
/// expiry date, for a test case or for every test case of a requirement, optionally only for
/// some app versions.
public struct Waiver: Hashable, Sendable {
    /// What a waiver covers.
    public enum Subject: Hashable, Sendable, CustomStringConvertible {
        /// Every test case of the requirement with this ID.
        case requirement(String)
        /// One test case.
        case testCase(TestCaseID)

        /// `SL-LOGOUT-1` or `SL-LOGOUT-1 / signed out while running`.
        public var description: String {
            switch self {
            case let .requirement(id): id
            case let .testCase(id): id.description
            }
        }

        /// The requirement it belongs to.
        public var requirementID: String {
            switch self {
            case let .requirement(id): id
            case let .testCase(id): id.requirementID
            }
        }
    }

    /// What it covers.
    public var subject: Subject
    /// Why the failure is accepted for now.
    public var reason: String
    /// Where the work to fix it is tracked (an `http` or `https` address).
    public var link: String
    /// The last day it holds, `YYYY-MM-DD` (UTC): from the next day the failure fails again.
    public var expires: String
    /// The app versions it covers, when it covers only some.
    public var appVersions: AppVersionRange?
    /// Where the entry is written.
    public var location: SourceLocation?

    /// What a failure it accepts becomes: its reason, link and last day.
    public var failure: WaivedFailure {
        WaivedFailure(reason: reason, link: link, expires: expires)
    }

    /// Whether it covers test case `id`.
    public func covers(_ id: TestCaseID) -> Bool {
        switch subject {
        case let .requirement(requirementID): id.requirementID == requirementID
        case let .testCase(testCase): testCase == id
        }
    }

    /// Why it does not hold on `today` (`YYYY-MM-DD`) for `appVersion`, or nil when it holds.
    public func lapse(today: String, appVersion: String?) -> String? {
        if today > expires { return "the waiver ran out on \(expires)" }
        if let range = appVersions, let appVersion, !range.contains(appVersion) {
            return "the waiver ran out: it covers app versions \(range), not \(appVersion)"
        }
        return nil
    }
}

/// The app versions a waiver covers: from one version through another, either end open.
public struct AppVersionRange: Hashable, Sendable, CustomStringConvertible {
    /// The first version covered, if bounded below.
    public var from: String?
    /// The last version covered, if bounded above.
    public var through: String?

    /// Whether `version` is inside, comparing dot-separated parts as numbers (`4.10` after `4.9`).
    public func contains(_ version: String) -> Bool {
        if let from, Self.compare(version, from) < 0 { return false }
        if let through, Self.compare(version, through) > 0 { return false }
        return true
    }

    /// `4.1.0 through 4.2.9`, `4.1.0 and later`, `up to 4.2.9`.
    public var description: String {
        switch (from, through) {
        case let (from?, through?): "\(from) through \(through)"
        case let (from?, nil): "\(from) and later"
        case let (nil, through?): "up to \(through)"
        case (nil, nil): "any"
        }
    }

    /// -1, 0 or 1: numeric parts compare as numbers, others as text, a missing part as 0.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let left = lhs.split(separator: "."), right = rhs.split(separator: ".")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "0", r = index < right.count ? String(right[index]) : "0"
            if let a = Int(l), let b = Int(r) {
                if a != b { return a < b ? -1 : 1 }
            } else if l != r {
                return l < r ? -1 : 1
            }
        }
        return 0
    }
}
