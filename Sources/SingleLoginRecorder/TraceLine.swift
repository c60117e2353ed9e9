import Foundation
import SingleLoginObservation

/// One line of a device trace (JSON Lines, `specs/device-trace-v1.schema.json`): what the recorder
/// saw in the app, in the order it saw it. Exactly one of the payloads is present, the one ``kind`` names.
public struct TraceLine: Codable, Sendable, Hashable {
    /// The trace format's version; a reader rejects a newer one by name.
    public static let currentVersion = 1

    /// The format's version (``currentVersion``).
    public var version: Int
    /// The line's position in the trace, from 1.
    public var sequence: Int
    /// When the recorder wrote it (the device's clock, ISO 8601 with milliseconds).
    public var time: String
    /// What the line records.
    public var kind: Kind
    /// ``Kind/header``: the pass, the device and the app.
    public var header: TraceHeader?
    /// ``Kind/call``: one MSAL call and how it ended.
    public var call: RecordedCall?
    /// ``Kind/lifecycle``: what happened to the app's process or scene.
    public var lifecycle: LifecycleEvent?
    /// ``Kind/checkpoint``: what the app showed and stored.
    public var checkpoint: Checkpoint?

    /// What a line records.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// The first line: the pass, the device and the app.
        case header
        /// An MSAL call the app made, with its parameters and its result or error.
        case call
        /// The app received `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`.
        case accountChanged
        /// The app launched, came to the foreground, went to the background or was terminated.
        case lifecycle
        /// An observation, as the adapter contract defines it.
        case checkpoint
    }

    /// Creates a line; the recorder numbers and dates it.
    public init(
        sequence: Int, time: String, kind: Kind, header: TraceHeader? = nil, call: RecordedCall? = nil, lifecycle: LifecycleEvent? = nil,
        checkpoint: Checkpoint? = nil
    ) {
        version = Self.currentVersion
        self.sequence = sequence
        self.time = time
        self.kind = kind
        self.header = header
        self.call = call
        self.lifecycle = lifecycle
        self.checkpoint = checkpoint
    }
}

/// What happened to the app's process or scene, as the app's delegate saw it.
public enum LifecycleEvent: String, Codable, Sendable, Hashable, CaseIterable {
    /// The process started (`application(_:didFinishLaunchingWithOptions:)`).
    case launch
    /// The scene became active (`sceneDidBecomeActive`, `applicationDidBecomeActive`).
    case foreground
    /// The scene moved to the background (`sceneDidEnterBackground`).
    case background
    /// The process is ending (`applicationWillTerminate`; iOS does not always call it for a suspended app).
    case terminate
}

/// The first line of a trace: which pass, device, app and MSAL it records.
public struct TraceHeader: Codable, Sendable, Hashable {
    /// The pass's identifier, which the harness gave (or the recorder made up when recording alone).
    public var passID: String
    /// The HMAC-SHA256 of a fixed text under the pass's key: tells a harness holding the key that the trace's digests are under it, without revealing the key.
    public var keyCheck: String
    /// The device's model identifier (`iPad13,18`), from `uname`.
    public var deviceModel: String
    /// The operating system's name and version (`iPadOS 17.5.1`).
    public var operatingSystem: String
    /// The app's bundle identifier.
    public var bundleID: String
    /// The app's version (`CFBundleShortVersionString` and build).
    public var appVersion: String
    /// The MSAL version the app links, as the app says.
    public var msalVersion: String

    /// Creates a header.
    public init(passID: String, keyCheck: String, deviceModel: String, operatingSystem: String, bundleID: String, appVersion: String, msalVersion: String) {
        self.passID = passID
        self.keyCheck = keyCheck
        self.deviceModel = deviceModel
        self.operatingSystem = operatingSystem
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.msalVersion = msalVersion
    }
}

/// A checkpoint: the label the harness or the app gave it and the observation.
public struct Checkpoint: Codable, Sendable, Hashable {
    /// Why it was taken (a step's label, or the lifecycle event it follows).
    public var label: String
    /// What the app showed and stored: the adapter contract's observation (docs/adapter-contract.md),
    /// tokens replaced by their keyed digests.
    public var observation: Observation

    /// Creates a checkpoint.
    public init(label: String, observation: Observation) {
        self.label = label
        self.observation = observation
    }
}
