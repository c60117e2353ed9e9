/// The run's context on the wire.
public struct EncodedContext: Codable, Hashable, Sendable {
    /// `run` or `preflight`.
    public var kind: String
    /// The spec's id.
    public var specID: String
    /// The spec's version.
    public var specVersion: String
    /// The spec's title.
    public var specTitle: String
    /// SHA-256 of the spec file, lowercase hex.
    public var specSHA256: String
    /// The harness's version.
    public var harnessVersion: String
    /// The machine's host name.
    public var hostname: String
    /// When the run started.
    public var startDate: String
    /// `mustAndShould` or `mustOnly`: which failures fail the run (absent in streams written before it existed).
    public var gate: String?
    /// `embedded` or the path of the spec file (absent when not known).
    public var specOrigin: String?
    /// `true` when the run tested the bundled reference app, not the user's app (absent otherwise).
    public var referenceApp: Bool?
    /// The shard of a split run, `{"index": 2, "count": 3}` (absent when the run is whole).
    public var shard: EncodedShard?
    /// How many shards' streams `merge` joined into this one (absent when the stream is one run's).
    public var mergedShards: Int?
    /// Of an exploration that found a violation: the number of the history it violated in.
    public var violatingHistory: Int?
    /// Of an exploration: `{"seed": "1", "histories": 500}` (absent for other runs).
    public var exploration: EncodedExploration?
}

/// An exploration's seed and the histories it played, on the wire.
public struct EncodedExploration: Codable, Hashable, Sendable {
    /// The seed, as given.
    public var seed: String
    /// The histories played.
    public var histories: Int
}

/// A shard on the wire: which part of a split run a stream covers.
public struct EncodedShard: Codable, Hashable, Sendable {
    /// This shard, from 1.
    public var index: Int
    /// How many shards the run is split into.
    public var count: Int
}
