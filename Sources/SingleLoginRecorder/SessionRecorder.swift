import Foundation
import SingleLoginObservation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Records a device pass inside the app's debug build: every MSAL call (through
/// ``RecordingMSALApplication``), the account-change notification, the app's lifecycle and, at each
/// checkpoint, an observation, as lines of a trace file in the app's container (JSON Lines,
/// `specs/device-trace-v1.schema.json`) and, when a ``TraceStream`` is attached, over TCP to the harness.
///
/// Compile it only into debug builds (`#if DEBUG` where the app creates it): it exists to produce
/// evidence for `sl-conformance device-pass`, never to ship.
public final class SessionRecorder: @unchecked Sendable {  // every mutable member is guarded by `lock`
    /// What the recorder needs to know of the pass and the app.
    public struct Configuration: Sendable {
        /// The pass's identifier, which names its trace file: the same in every launch of one pass.
        public var passID: String
        /// The pass's key for token digests (the harness's, or a fresh random one).
        public var key: [UInt8]
        /// The app's bundle identifier.
        public var bundleID: String
        /// The app's version.
        public var appVersion: String
        /// The MSAL version the app links (MSAL has no runtime query for it: pass the package's version).
        public var msalVersion: String
        /// Where the trace is written; nil: `Library/Application Support/SingleLoginRecorder/<passID>.jsonl` in the app's container.
        public var traceURL: URL?
        /// Whether a trace already at ``traceURL`` is continued (the default location always is): a
        /// pass spans the app's launches. False starts it afresh.
        public var continues: Bool

        /// Creates a configuration.
        public init(
            passID: String = "device-pass", key: [UInt8] = TokenDigest.randomKey(), bundleID: String = Bundle.main.bundleIdentifier ?? "unknown",
            appVersion: String = SessionRecorder.mainBundleVersion, msalVersion: String, traceURL: URL? = nil, continues: Bool = false
        ) {
            self.continues = continues
            self.passID = passID
            self.key = key
            self.bundleID = bundleID
            self.appVersion = appVersion
            self.msalVersion = msalVersion
            self.traceURL = traceURL
        }
    }

    /// What the app shows and stores now, as the app reports it (its screen elements, its storage
    /// and surfaces, for example from `SandboxObserver`); the recorder adds the key window's
    /// accessibility elements where UIKit is present, and replaces tokens by their digests.
    public typealias Observe = @Sendable () async -> Observation

    /// The keyed digest every token is written as.
    public let digest: TokenDigest
    /// The trace file (its key beside it, `.key`).
    public let traceURL: URL
    /// The header the trace starts with.
    public let header: TraceHeader
    private let observe: Observe
    private let lock = NSLock()
    private var sequence = 0
    private var launchCheckDue = false
    private var file: FileHandle?
    private var sinks: [@Sendable (String) -> Void] = []
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// Starts a trace, or continues the pass's trace from an earlier launch of the app: a pass spans
    /// launches (the tester quits and relaunches the app), so the trace file, the sequence and the
    /// digest key of a pass outlive the process. The key is kept beside the trace, readable by the
    /// app only, and the recorder's own files never appear in an observation.
    public init(configuration: Configuration, observe: @escaping Observe) throws {
        self.observe = observe
        traceURL = try configuration.traceURL ?? Self.defaultTraceURL(passID: configuration.passID)
        let directory = traceURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyURL = traceURL.deletingPathExtension().appendingPathExtension("key")
        let existing = (try? String(contentsOf: traceURL, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        if let first = existing.first, let earlier = try? JSONDecoder().decode(TraceLine.self, from: Data(first.utf8)).header,
            let key = try? Data(contentsOf: keyURL), configuration.traceURL == nil || configuration.continues
        {
            digest = TokenDigest(key: Array(key))
            header = earlier
            sequence = existing.count
            file = try FileHandle(forWritingTo: traceURL)
            file?.seekToEndOfFile()
            return
        }
        digest = TokenDigest(key: configuration.key)
        header = TraceHeader(
            passID: configuration.passID, keyCheck: digest.keyCheck, deviceModel: Self.deviceModel, operatingSystem: Self.operatingSystem,
            bundleID: configuration.bundleID, appVersion: configuration.appVersion, msalVersion: configuration.msalVersion)
        guard FileManager.default.createFile(atPath: traceURL.path, contents: nil),
            FileManager.default.createFile(atPath: keyURL.path, contents: Data(configuration.key), attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: traceURL.path])
        }
        file = try FileHandle(forWritingTo: traceURL)
        write(kind: .header) { $0.header = header }
    }

    deinit { try? file?.close() }

    /// Sends every line written so far to `sink`, then every later one, in order, none twice (a ``TraceStream``'s send).
    public func attach(_ sink: @escaping @Sendable (String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        for line in linesWritten() { sink(line) }
        sinks.append(sink)
    }

    /// Calls `resend` with every line written so far while no line can be written, so that every
    /// later line reaches the sinks after them: a ``TraceStream`` that connected again sends the
    /// trace from its start, and loses nothing written meanwhile.
    package func withLinesSoFar(_ resend: ([String]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        resend(linesWritten())
    }

    /// The sequence of the last line written (the header is 1).
    public var lastSequence: Int {
        lock.lock()
        defer { lock.unlock() }
        return sequence
    }

    /// Every line written so far, read back from the trace file.
    public func lines() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return linesWritten()
    }

    /// The trace file's lines; the caller holds `lock`, so that no line is written meanwhile.
    private func linesWritten() -> [String] {
        let text = (try? String(contentsOf: traceURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Records one MSAL call (``RecordingMSALApplication`` calls it when the call ends).
    public func record(_ call: RecordedCall) {
        write(kind: .call) { $0.call = call }
    }

    /// Records a call of the app's own backend with a token MSAL issued (`fetchRecords` in the
    /// catalogue: "the app loads the user's data"): call it where the app's network layer gets the
    /// answer, with the number of records on success or the error. The token is kept as its digest.
    public func backendCall(accessToken: String, records: Int?, error: (any Error)?) {
        var parameters = RecordedCall.Parameters()
        parameters.accessToken = digest.digest(accessToken)
        var result: RecordedCall.Result?
        if error == nil {
            result = RecordedCall.Result()
            result?.records = records
        }
        record(
            RecordedCall(
                method: RecordedMethod.fetchRecords.rawValue, parameters: parameters, result: result, error: RecordingMSALApplication.error(error, digest)))
    }

    /// Records that the app received `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`: call it first thing in the app's Darwin observer.
    public func accountChanged() {
        write(kind: .accountChanged) { _ in }
    }

    /// Records a lifecycle event: call it from the app's delegate (launch first thing in
    /// `application(_:didFinishLaunchingWithOptions:)`, the others from the scene's callbacks).
    public func lifecycle(_ event: LifecycleEvent) {
        if event == .launch {
            lock.lock()
            launchCheckDue = true
            lock.unlock()
        }
        write(kind: .lifecycle) { $0.lifecycle = event }
    }

    /// The label of the checkpoint ``RecordingMSALApplication`` takes as the launch's first
    /// `getCurrentAccount` answers, before the app has the answer: the screen the app showed while
    /// the real broker took its time, which SL-LOGOUT-2 and SL-SWITCH-3 judge.
    public static let launchAccountCheckLabel = "launch account check answering"

    /// Whether a `getCurrentAccount` starting now is the launch's first (and no longer due after it).
    package func startsLaunchAccountCheck() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let due = launchCheckDue
        launchCheckDue = false
        return due
    }

    /// Takes an observation now and records it under `label`: the harness asks for one after each
    /// step the tester confirms; the app may take its own (after a sign-out finished, say).
    public func checkpoint(label: String) async {
        var observation = await observe()
        #if canImport(UIKit)
        observation.screen = Self.screen(observation.screen, walked: await AccessibilityWalk.keyWindowElements())
        #endif
        // A trace (version 1) holds each element's kind, text and record mark, and each item's area,
        // key and value: not who found an item, which the harness adds when it reads.
        observation.screen = observation.screen.map { ScreenElement($0.kind, digest.redact($0.text), isRecord: $0.isRecord) }
        // The recorder's own files (the trace, the key) are the pass's, not the app's.
        observation.storage = observation.storage.filter { !$0.key.contains(Self.directoryName + "/") }
            .map { StoredItem($0.area, digest.redact($0.key), digest.redact($0.value)) }
        let taken = observation
        write(kind: .checkpoint) { $0.checkpoint = Checkpoint(label: label, observation: taken) }
    }

    /// The app's own elements, then the walked ones whose text none of them holds: the walk adds
    /// what the app's screen closure forgot, and cannot take the record mark (protocol 1.6) off a
    /// row the app marked by reading the same row again unmarked.
    package static func screen(_ own: [ScreenElement], walked: [ScreenElement]) -> [ScreenElement] {
        let texts = Set(own.map(\.text))
        return own + walked.filter { !texts.contains($0.text) }
    }

    private func write(kind: TraceLine.Kind, _ fill: (inout TraceLine) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        sequence += 1
        var line = TraceLine(sequence: sequence, time: formatter.string(from: Date()), kind: kind)
        fill(&line)
        guard let data = try? encoder.encode(line) else { return }
        let text = String(decoding: data, as: UTF8.self)
        file?.write(Data((text + "\n").utf8))
        for sink in sinks { sink(text) }
    }

    /// `Library/Application Support/SingleLoginRecorder/<passID>.jsonl` in the app's container.
    static func defaultTraceURL(passID: String) throws -> URL {
        let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        return support.appendingPathComponent(directoryName, isDirectory: true).appendingPathComponent("\(passID).jsonl")
    }

    /// The directory of the recorder's files in the app's container.
    static let directoryName = "SingleLoginRecorder"

    /// The main bundle's `CFBundleShortVersionString (CFBundleVersion)`.
    public static var mainBundleVersion: String {
        let info = Bundle.main.infoDictionary ?? [:]
        let short = info["CFBundleShortVersionString"] as? String ?? "unknown"
        return info["CFBundleVersion"].map { "\(short) (\($0))" } ?? short
    }

    /// The hardware model (`iPad13,18`; on the Simulator and elsewhere, the machine's architecture).
    static var deviceModel: String {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated + " (Simulator)" }
        #if canImport(Darwin) || canImport(Glibc)
        var system = utsname()
        uname(&system)
        return withUnsafeBytes(of: &system.machine) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        #else
        return "unknown"
        #endif
    }

    /// The operating system and its version (`iOS 17.5.1`).
    static var operatingSystem: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if os(iOS)
        let name = "iOS"
        #elseif os(macOS)
        let name = "macOS"
        #elseif os(Linux)
        let name = "Linux"
        #else
        let name = "unknown"
        #endif
        return "\(name) \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }
}
