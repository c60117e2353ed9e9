import Foundation

/// `manifest.json` of an evidence bundle: what was tested, with what, when, and how it ended.
///
/// Versioned like the event stream: a reader refuses a ``format`` it does not know.
public struct BundleManifest: Codable, Hashable, Sendable {
    /// The bundle format this manifest describes: 2, where each test case's events are read from
    /// `events.jsonl`. Format 1 also held each test case's events again, in `transcripts/NNN-ID.jsonl`.
    public static let currentFormat = 2
    /// The formats `verify` reads: this one, and format 1, whose transcripts it checks against the stream.
    public static let readableFormats = [1, 2]

    /// The bundle format: ``currentFormat``.
    public var format: Int
    /// The harness that ran.
    public var harness: Harness
    /// The spec that was run; its bytes are `spec.json` in the bundle.
    public var spec: Spec
    /// The app as its adapter identified itself (absent when the handshake never succeeded).
    public var app: App?
    /// Whether the bundled reference app was tested, not an app of the user's.
    public var referenceApp: Bool
    /// The machine.
    public var host: Host
    /// When the run started and ended, RFC 3339 UTC.
    public var started: String
    /// When the run ended.
    public var ended: String
    /// The command line that ran, word by word.
    public var commandLine: [String]
    /// The gate: `mustAndShould` or `mustOnly`.
    public var gate: String
    /// How many adapter instances ran at once.
    public var jobs: Int
    /// The seed of a randomised run; absent, since `run` plays every scenario as written.
    public var seed: String?
    /// The totals.
    public var counts: Counts
    /// Every test case that did not run, with its reason.
    public var notRun: [NotRunCase]
    /// Whether every planned test case ran to a verdict (none errored, none left unrun by an interruption).
    public var complete: Bool
    /// Why it is not complete (empty when it is).
    public var incompleteReasons: [String]
    /// `passed`, `failed` or `incomplete`.
    public var verdict: String
    /// Every test case in plan order: its verdict and how many of the stream's events are its own.
    public var testCases: [TestCase]
    /// The signature, when `run --sign KEY` sealed the bundle (absent: unsigned).
    public var signature: Signature?
    /// The waiver file the run applied (`--waivers`), every entry of it.
    public var waivers: Waivers?
    /// The earlier run's report the run compared with (`--baseline`).
    public var baseline: Baseline?

    /// How the bundle is signed: RS256 over `SHA256SUMS`, which holds the SHA-256 of every other
    /// file (this manifest's included), so one signature seals them all; the signature is the file
    /// `SHA256SUMS.sig`, outside what it signs.
    public struct Signature: Codable, Hashable, Sendable {
        /// The file signed.
        public static let signedFile = "SHA256SUMS"
        /// The file that holds the signature: its raw bytes, as `openssl dgst -sha256 -sign` writes them.
        public static let signatureFile = "SHA256SUMS.sig"

        /// `RS256`: RSASSA-PKCS1-v1_5 with SHA-256.
        public var algorithm: String
        /// The file signed: ``signedFile``.
        public var signs: String
        /// The file that holds the signature: ``signatureFile``.
        public var file: String
        /// The signing key: the SHA-256 of its public key's SubjectPublicKeyInfo DER, lowercase hex.
        public var publicKeySHA256: String

        /// An RS256 signature over ``signedFile`` by the key with this fingerprint.
        public init(publicKeySHA256: String) {
            algorithm = "RS256"
            signs = Self.signedFile
            file = Self.signatureFile
            self.publicKeySHA256 = publicKeySHA256
        }
    }

    /// The baseline: an earlier run's `junit.xml`, held in the bundle as ``bundledFile``.
    public struct Baseline: Codable, Hashable, Sendable {
        /// Where the bundle holds the baseline's bytes.
        public static let bundledFile = "baseline.xml"

        /// The path given to `--baseline` (how `summary.md` names it).
        public var file: String
        /// The SHA-256 of its bytes.
        public var sha256: String

        /// Creates an entry.
        public init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }
    }

    /// The harness.
    public struct Harness: Codable, Hashable, Sendable {
        /// Its version.
        public var version: String
        /// SHA-256 of the executable that ran (lowercase hex), when it could be read.
        public var binarySHA256: String?
    }

    /// The spec.
    public struct Spec: Codable, Hashable, Sendable {
        /// Its id.
        public var id: String
        /// Its version.
        public var version: String
        /// Its title.
        public var title: String
        /// SHA-256 of `spec.json`.
        public var sha256: String
        /// `embedded` or the path it was read from.
        public var origin: String
    }

    /// The app under test.
    public struct App: Codable, Hashable, Sendable {
        /// The app's name.
        public var name: String
        /// Its version.
        public var version: String
        /// Its bundle id.
        public var bundleId: String
        /// The MSAL version it links.
        public var msalVersion: String
        /// The adapter's name.
        public var adapterName: String
        /// The adapter's version.
        public var adapterVersion: String
    }

    /// The machine.
    public struct Host: Codable, Hashable, Sendable {
        /// The operating system, as Foundation names it.
        public var os: String
        /// The host name.
        public var hostname: String
    }

    /// The totals of test cases.
    public struct Counts: Codable, Hashable, Sendable {
        /// Planned.
        public var planned: Int
        /// Passed.
        public var passed: Int
        /// Failed (gating).
        public var failed: Int
        /// Failed, but warnings under the gate.
        public var warned: Int
        /// Errored.
        public var errored: Int
        /// Skipped: by choice, waived, or untested.
        public var skipped: Int
        /// Not run because the run ended early.
        public var notRun: Int
        /// Not judged because a precondition failed, of either level (absent when none).
        public var notJudged: Int?
        /// Of ``skipped``, the cases the adapter could not play for want of a capability (absent when none).
        public var untested: Int? = nil
        /// Cases that do not apply to the app as configured: neither passed nor skipped (absent when none).
        public var doesNotApply: Int? = nil
    }

    /// A test case that did not run.
    public struct NotRunCase: Codable, Hashable, Sendable {
        /// `REQUIREMENT-ID / scenario`.
        public var testCase: String
        /// `skipped`, `untested`, `notRun`, `doesNotApply` or `notJudged`.
        public var verdict: String
        /// Why.
        public var reason: String
    }

    /// One test case.
    public struct TestCase: Codable, Hashable, Sendable {
        /// The requirement's ID.
        public var requirementID: String
        /// The scenario's name.
        public var scenario: String
        /// Its verdict under the gate.
        public var verdict: String
        /// How many lines of `events.jsonl` are this test case's (format 2): a played case's from its
        /// `testCaseStarted` to its `testCaseEnded`, a skipped one's `testCaseEnded` alone; absent
        /// when the stream holds none (a test case an interruption left unrun).
        public var events: Int?
        /// Its transcript file in a bundle of format 1 (absent for a test case that never started);
        /// format 2 writes none.
        public var transcript: String?

        /// Creates an entry of the current format.
        public init(requirementID: String, scenario: String, verdict: String, events: Int?) {
            self.requirementID = requirementID
            self.scenario = scenario
            self.verdict = verdict
            self.events = events
        }
    }
}
