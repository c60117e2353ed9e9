import Foundation
import SingleLoginAdapter

/// What the run is about, for report headers and properties.
public struct RunContext: Sendable {
    /// What kind of run: `run` for behaviour, `preflight` for static configuration, `explore` for
    /// explored histories, `backend` for the backend profile.
    public var kind: Kind
    /// What the run tests, as reports name it (by default, what runs of ``kind`` test).
    public var subject: RunSubject
    /// The spec's id.
    public var specID: String
    /// The spec's version.
    public var specVersion: String
    /// The spec's title.
    public var specTitle: String
    /// SHA-256 of the spec file's bytes, lowercase hex.
    public var specSHA256: String
    /// The harness's version.
    public var harnessVersion: String
    /// The adapter, once known (nil until the handshake, or when it never succeeded).
    public var adapter: AdapterIdentity?
    /// The machine's host name.
    public var hostname: String
    /// When the run started.
    public var startDate: Date
    /// Which failures fail the run; every verdict and the exit status apply it.
    public var gate: Gate
    /// Where the spec came from: `embedded` (the copy inside the binary) or the path of the file
    /// named with `--spec`; nil when not known.
    public var specOrigin: String?
    /// Whether the run tests the bundled reference app (`run` or `explore` without `--adapter` or `--listen`): a demonstration
    /// of the harness, not a test of the user's app. Every report says so.
    public var referenceApp: Bool
    /// The shard of a split run (`run --shard i/n`), or nil when the run is whole.
    public var shard: Shard?
    /// How many shards' reports `merge` joined into this run's, when it is such a merge (nil otherwise).
    public var mergedShards: Int?
    /// Of an exploration that found a violation: the number (from 1) of the seed's history it
    /// violated in, by which `merge` picks the first among shards (nil otherwise).
    public var violatingHistory: Int?
    /// Of an exploration: its seed and the histories it played (nil for other runs).
    public var exploration: Exploration?

    /// Creates a context.
    public init(
        kind: Kind = .run, specID: String, specVersion: String, specTitle: String, specSHA256: String, harnessVersion: String, adapter: AdapterIdentity?,
        hostname: String, startDate: Date, gate: Gate = .mustAndShould, specOrigin: String? = nil, referenceApp: Bool = false, subject: RunSubject? = nil,
        shard: Shard? = nil
    ) {
        self.kind = kind
        self.subject = subject ?? .of(kind: kind)
        self.specID = specID
        self.specVersion = specVersion
        self.specTitle = specTitle
        self.specSHA256 = specSHA256
        self.harnessVersion = harnessVersion
        self.adapter = adapter
        self.hostname = hostname
        self.startDate = startDate
        self.gate = gate
        self.specOrigin = specOrigin
        self.referenceApp = referenceApp
        self.shard = shard
    }

    /// What reports say instead of an app when ``referenceApp`` is set, for `run` and `explore`.
    public static let referenceAppNotice = "the bundled reference app, not your app (neither --adapter nor --listen was given)"

    /// What reports say instead of an app when ``referenceApp`` is set: of a device pass, that it
    /// ran on the stand-in (`--stand-in`); of any other run, ``referenceAppNotice``.
    public var referenceAppText: String {
        kind == .devicePass
            ? "the bundled reference app on the stand-in, not your app on a device (the stand-in's pass: --stand-in, or its trace)" : Self.referenceAppNotice
    }

    /// How to test the user's own app instead, after ``referenceAppText``: `pass --adapter '<command>'`,
    /// or for a device pass `run it with --listen, on a device`.
    public var testYoursHint: String {
        kind == .devicePass ? "run the pass with --listen and the app's debug build on a device to test yours" : "pass --adapter '<command>' to test yours"
    }
}
