import SingleLoginEvents
import SingleLoginSpec

extension BundleManifest {
    /// The waiver file a run applied: where it was, its digest, the day and the strictness it was
    /// judged with, and every entry, so that `verify` applies the same waivers to the re-judged
    /// verdicts and must arrive at the waived verdicts the reports state.
    public struct Waivers: Codable, Hashable, Sendable {
        /// The name the waiver file has in the bundle: its bytes, so that a certifier reads the file
        /// the run read, and `verify` holds the manifest's entries to it.
        public static let bundledFile = "waivers.json"
        /// The path given to `--waivers`.
        public var file: String
        /// The SHA-256 of its bytes.
        public var sha256: String
        /// The day (UTC, `YYYY-MM-DD`) the waivers were judged on: each holds through its `expires` day.
        public var judgedOn: String
        /// Whether `--strict-waivers` made an unexpected pass fail.
        public var strict: Bool
        /// Every entry of the file, in file order, whether it applied or not.
        public var entries: [Entry]

        /// One waiver, as the waiver file writes it.
        public struct Entry: Codable, Hashable, Sendable {
            /// The test case it covers (`REQUIREMENT-ID / scenario`), or nil when it covers a requirement.
            public var testCase: String?
            /// The requirement whose every test case it covers, or nil when it covers one test case.
            public var requirement: String?
            /// Why the failure is accepted for now.
            public var reason: String
            /// Where the work to fix it is tracked.
            public var link: String
            /// The last day it holds.
            public var expires: String
            /// The app versions it covers, when only some.
            public var appVersions: AppVersions?
            /// Where it is written in the waiver file (`file:line:column`), which issues about it cite.
            public var location: String?
        }

        /// The app versions of a waiver.
        public struct AppVersions: Codable, Hashable, Sendable {
            /// The first version covered.
            public var from: String?
            /// The last version covered.
            public var through: String?
        }

        /// What `stage` applies, read from `file` whose bytes have SHA-256 `sha256`.
        public init(file: String, sha256: String, stage: WaiverStage) {
            self.file = file
            self.sha256 = sha256
            judgedOn = stage.today
            strict = stage.strict
            entries = stage.file.waivers.map(Entry.init)
        }

        /// A stage that applies these waivers as the run did, or the first entry that names neither
        /// one test case nor one requirement.
        public func stage() -> Result<WaiverStage, InvalidEntry> {
            var waivers: [Waiver] = []
            for (index, entry) in entries.enumerated() {
                guard let waiver = entry.waiver else { return .failure(InvalidEntry(index: index)) }
                waivers.append(waiver)
            }
            return .success(WaiverStage(file: WaiverFile(waivers: waivers), today: judgedOn, strict: strict))
        }

        /// An entry that names neither one test case nor one requirement.
        public struct InvalidEntry: Error, Hashable {
            /// Its index in ``entries``, from 0.
            public var index: Int
        }
    }
}

extension BundleManifest.Waivers.Entry {
    /// The entry of `waiver`.
    init(_ waiver: Waiver) {
        switch waiver.subject {
        case let .testCase(id): testCase = id.description
        case let .requirement(id): requirement = id
        }
        reason = waiver.reason
        link = waiver.link
        expires = waiver.expires
        appVersions = waiver.appVersions.map { .init(from: $0.from, through: $0.through) }
        location = waiver.location?.description
    }

    /// The waiver this entry writes, as the waiver file's reader would make it.
    var waiver: Waiver? {
        let subject: Waiver.Subject
        switch (testCase, requirement) {
        case let (text?, nil):
            // As the waiver file reads it: the requirement ID, then everything after the first " / ".
            let parts = text.components(separatedBy: " / ")
            guard parts.count >= 2, !parts[0].isEmpty else { return nil }
            subject = .testCase(TestCaseID(requirementID: parts[0], scenarioName: parts.dropFirst().joined(separator: " / ")))
        case let (nil, id?):
            subject = .requirement(id)
        default:
            return nil
        }
        return Waiver(
            subject: subject, reason: reason, link: link, expires: expires,
            appVersions: appVersions.map { AppVersionRange(from: $0.from, through: $0.through) },
            location: location.flatMap(SourceLocation.init(parsing:)))
    }
}
