import Foundation
import SingleLoginAdapter
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginSpec

/// Writes an evidence bundle (`run --bundle FILE`): one ustar archive holding `manifest.json`, the
/// spec, the JUnit, Markdown and HTML reports, the event stream (every test case's transcript is
/// its lines there), the baseline compared with and `SHA256SUMS` over all of them, atomically when
/// the run ends. With a signing key (`--sign KEY`) it adds `SHA256SUMS.sig`, the RS256 signature of
/// `SHA256SUMS`, which seals every file listed there (the manifest, which names the key, among them).
///
/// Everything comes from the run's events, as in every recorder; the command adds only what no
/// event carries (the spec's bytes, the command line, the executable). An incomplete run (errored
/// test cases, or test cases an interruption left unrun) is written only when ``Options/allowIncomplete``
/// is set, and its manifest says so; otherwise `onError` hears why no bundle was written.
public final class EvidenceBundleRecorder: EventRecorder {
    /// What the bundle holds beside the events.
    public struct Options: Sendable {
        /// Where the bundle goes.
        public var url: URL
        /// The spec file's bytes, exactly as the run read them.
        public var specBytes: [UInt8]
        /// The command line, word by word.
        public var commandLine: [String]
        /// Adapter instances at once.
        public var jobs: Int
        /// How the JUnit report is rendered (the same as the `--junit` file).
        public var junit: JUnitReport.Options
        /// Write the bundle of an incomplete run too.
        public var allowIncomplete: Bool
        /// The executable to fingerprint (nil: not recorded).
        public var executable: URL?
        /// A wire log the run wrote, added as `wire.log` (`--wire-log`).
        public var wireLog: URL?
        /// What the run's `summary.md` ends with (its waivers, a baseline's comparison), as that recorder gets it.
        public var markdownAppendix: @Sendable () -> String = { "" }
        /// What the run's waivers did, as `report.html` lists them (``HTMLReport/waiverLines``).
        public var waiverLines: @Sendable () -> [String] = { [] }
        /// The key that signs `SHA256SUMS` (`--sign KEY`); nil writes an unsigned bundle.
        public var signingKey: RSAPrivateKey?
        /// The waivers the run applied (`--waivers`), as the manifest lists them.
        public var waivers: BundleManifest.Waivers?
        /// The waiver file's bytes, held in the bundle as ``BundleManifest/Waivers/bundledFile``.
        public var waiverBytes: Data?
        /// The baseline the run compared with (`--baseline`), as the manifest names it.
        public var baseline: BundleManifest.Baseline?
        /// The baseline's bytes, held in the bundle as ``BundleManifest/Baseline/bundledFile``.
        public var baselineBytes: Data?

        /// Creates options.
        public init(
            url: URL, specBytes: [UInt8], commandLine: [String], jobs: Int, junit: JUnitReport.Options = .init(), allowIncomplete: Bool = false,
            executable: URL? = nil, wireLog: URL? = nil
        ) {
            self.url = url
            self.specBytes = specBytes
            self.commandLine = commandLine
            self.jobs = jobs
            self.junit = junit
            self.allowIncomplete = allowIncomplete
            self.executable = executable
            self.wireLog = wireLog
        }
    }

    /// Why no bundle was written.
    public struct IncompleteRun: Error, CustomStringConvertible {
        /// The bundle's path.
        public var path: String
        /// What made the run incomplete.
        public var reasons: [String]
        public var description: String {
            "not written: the run is incomplete (\(reasons.joined(separator: "; "))); an incomplete run is no certificate (pass --allow-incomplete to write it anyway, marked incomplete)"
        }
    }

    private struct State {
        var record = RunRecord()
        var events = Data()
        var eventsByCase: [TestCaseID: Int] = [:]
    }

    private let options: Options
    private let onError: @Sendable (any Error) -> Void
    private let state = Locked(State())
    private let written = Locked(false)

    /// Whether this recorder wrote its bundle (the run ended, complete or allowed incomplete, and
    /// the file was written).
    public var isWritten: Bool { written.withLock { $0 } }

    /// Creates a recorder; `onError` hears about a bundle that was not written and why.
    public init(options: Options, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.options = options
        self.onError = onError
    }

    /// Takes one event; on `runEnded` writes the bundle.
    public func record(_ event: Event) {
        let finished: State? = state.withLock { state in
            let line = JSONLinesRecorder.line(for: event)
            state.events.append(line)
            if let id = event.testCaseID { state.eventsByCase[id, default: 0] += 1 }
            guard state.record.take(event) else { return nil }
            let taken = state
            state = State()
            return taken
        }
        guard let finished else { return }
        do {
            let bundle = try Self.archive(finished.record, events: finished.events, eventsByCase: finished.eventsByCase, options: options)
            guard bundle.manifest.complete || options.allowIncomplete else {
                throw IncompleteRun(path: options.url.path, reasons: bundle.manifest.incompleteReasons)
            }
            try AtomicFileWriter.write(bundle.data, to: options.url)
            written.withLock { $0 = true }
        } catch {
            onError(error)
        }
    }

    /// The bundle's bytes and its manifest; `eventsByCase` counts each test case's lines in `events`.
    static func archive(_ record: RunRecord, events: Data, eventsByCase: [TestCaseID: Int], options: Options) throws -> (data: Data, manifest: BundleManifest) {
        let context = record.effectiveContext
        let results = record.orderedResults
        let ended = record.endDate ?? context.startDate
        let cases = results.map { result in
            BundleManifest.TestCase(
                requirementID: result.id.requirementID, scenario: result.id.scenarioName, verdict: Verdict(of: result, gate: context.gate).reportedName,
                events: eventsByCase[result.id])
        }
        let manifest = Self.manifest(record, cases: cases, options: options)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var files: [(String, Data)] = [
            ("manifest.json", try encoder.encode(manifest) + Data("\n".utf8)),
            ("spec.json", Data(options.specBytes)),
        ]
        files += reports(
            of: record, results: results, junit: options.junit, markdownAppendix: options.markdownAppendix(), waiverLines: options.waiverLines())
        files.append(("events.jsonl", events))
        if let wireLog = options.wireLog, let bytes = try? SpecFileError.readFile(wireLog.path) { files.append(("wire.log", Data(bytes))) }
        if let waivers = options.waiverBytes { files.append((BundleManifest.Waivers.bundledFile, waivers)) }
        if let baseline = options.baselineBytes { files.append((BundleManifest.Baseline.bundledFile, baseline)) }
        var sums = ""
        for (name, data) in files { sums += "\(SHA256.hexDigest(data))  \(name)\n" }
        files.append((BundleManifest.Signature.signedFile, Data(sums.utf8)))
        // The signature comes last and is listed nowhere: it cannot be inside what it signs.
        if let key = options.signingKey { files.append((BundleManifest.Signature.signatureFile, Data(key.signRS256(Array(sums.utf8))))) }
        var tar = TarArchive(modified: ended)
        for (name, data) in files { try tar.add(name, data) }
        return (tar.data, manifest)
    }

    /// The JUnit, Markdown and HTML reports a bundle holds for `record`, by file name, in bundle
    /// order; `report.html` lists `waiverLines` (what the run's waivers did).
    public static func reports(of record: RunRecord, junit: JUnitReport.Options, waiverLines: [String] = []) -> [(name: String, data: Data)] {
        reports(of: record, results: record.orderedResults, junit: junit, waiverLines: waiverLines)
    }

    /// `markdownAppendix` is what the run's `summary.md` ends with (waivers, a baseline's comparison): the
    /// bundle holds the file as the run wrote it.
    static func reports(
        of record: RunRecord, results: [TestCaseResult], junit: JUnitReport.Options, markdownAppendix: String = "", waiverLines: [String] = []
    ) -> [(
        name: String, data: Data
    )] {
        let context = record.effectiveContext
        let summary = record.summary ?? record.effectiveSummary
        return [
            ("junit.xml", JUnitXMLRecorder.render(results: results, context: context, duration: record.summary?.duration, steps: record.steps, options: junit)),
            (
                "summary.md",
                Data(
                    (MarkdownChecklistRecorder.render(
                        results: results, requirements: record.orderedRequirementResults(of: results), context: context, summary: summary, steps: record.steps,
                        surfaces: record.surfaces.findings)
                        + markdownAppendix).utf8)
            ),
            ("report.html", Data(HTMLReport(record, waiverLines: waiverLines).render().utf8)),
        ]
    }

    /// The manifest of a finished run: what `archive` writes, and what `verify` expects.
    public static func manifest(_ record: RunRecord, cases: [BundleManifest.TestCase], options: Options) -> BundleManifest {
        let context = record.effectiveContext
        let results = record.orderedResults
        let summary = record.summary ?? record.effectiveSummary
        let gate = context.gate
        var reasons: [String] = []
        if summary.interrupted { reasons.append("the run was interrupted") }
        if summary.errored > 0 { reasons.append("\(summary.errored) test case\(summary.errored == 1 ? "" : "s") errored") }
        if summary.notRun > 0 { reasons.append("\(summary.notRun) test case\(summary.notRun == 1 ? "" : "s") not run") }
        let notRun = results.compactMap { result -> BundleManifest.NotRunCase? in
            let verdict = Verdict(of: result, gate: gate)
            guard let reason = verdict.reason else { return nil }
            return BundleManifest.NotRunCase(testCase: result.id.description, verdict: verdict.reportedName, reason: reason)
        }
        let status = ExitStatus(summary: summary, gate: gate)
        let verdict = !reasons.isEmpty ? "incomplete" : status == .passed ? "passed" : "failed"
        let executable = options.executable.flatMap(ExecutableDigest.of)
        return BundleManifest(
            format: BundleManifest.currentFormat,
            harness: .init(version: context.harnessVersion, binarySHA256: executable),
            spec: .init(
                id: context.specID, version: context.specVersion, title: context.specTitle, sha256: SHA256.hexDigest(options.specBytes),
                origin: context.specOrigin ?? "unknown"),
            app: context.adapter.map {
                .init(
                    name: $0.appName, version: $0.appVersion, bundleId: $0.bundleId, msalVersion: $0.msalVersion, adapterName: $0.adapterName,
                    adapterVersion: $0.adapterVersion)
            },
            referenceApp: context.referenceApp,
            host: .init(os: ProcessInfo.processInfo.operatingSystemVersionString, hostname: context.hostname),
            started: UTCDate.rfc3339(context.startDate), ended: UTCDate.rfc3339(record.endDate ?? context.startDate),
            commandLine: options.commandLine, gate: gate.rawValue, jobs: options.jobs, seed: nil,
            counts: .init(
                planned: results.count, passed: summary.passed, failed: summary.failures(under: gate), warned: summary.warnings(under: gate),
                errored: summary.errored, skipped: summary.skipped, notRun: summary.notRun, notJudged: summary.notJudged > 0 ? summary.notJudged : nil,
                untested: summary.untested > 0 ? summary.untested : nil, doesNotApply: summary.doesNotApply > 0 ? summary.doesNotApply : nil),
            notRun: notRun, complete: reasons.isEmpty, incompleteReasons: reasons, verdict: verdict, testCases: cases,
            signature: options.signingKey.map { BundleManifest.Signature(publicKeySHA256: $0.publicKey.fingerprint) },
            waivers: options.waivers, baseline: options.baseline)
    }
}
