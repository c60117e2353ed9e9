import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance verify FILE`: checks an evidence bundle's digests, re-judges every test case
/// from its transcript, and confirms every verdict the reports and the manifest state.
public struct VerifyCommand: Command {
    /// `verify`'s options.
    public struct Options: OptionGroup {
        /// The bundle.
        public static let bundle = Argument("bundle", arity: .one, help: "An evidence bundle that 'run --bundle' wrote.")
        public static var signature: CommandSignature { CommandSignature([], arguments: [bundle]) }

        /// The bundle's path, as given.
        public var path: String

        public init(parsing arguments: ParsedArguments) throws(UsageError) {
            path = try arguments.value(Self.bundle) ?? ""
        }
    }

    public let name = "verify"
    public let abstract = "Check an evidence bundle: its digests, every verdict re-judged from its transcript."
    public let discussion = """
        Checks every digest in SHA256SUMS, re-judges every test case from its transcript with the
        bundled spec and this harness's evaluator (no app runs), and confirms that every verdict in
        junit.xml, events.jsonl, summary.md, report.html and manifest.json, and the run's counts,
        equal the re-judged ones. It proves that the files agree and that the verdicts follow from
        the transcripts; not who produced the transcripts. Exit status: 0 intact; 1 tampered,
        inconsistent, or an incomplete run; 2 unreadable or of an unknown format version.
        """

    /// Creates the command.
    public init() {}

    public func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: options.path)) } catch {
            output.err("error: cannot read \(options.path): \(error.localizedDescription)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        let report: BundleVerifier.Report
        do { report = try BundleVerifier().verify(data) } catch {
            output.err("error: \(options.path): \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        for line in Self.describe(report) { output.out(line) }
        for finding in report.findings { output.err("error: \(finding)") }
        if !report.findings.isEmpty {
            output.out("Result: TAMPERED OR INCONSISTENT (\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s"))")
            return ExitStatus.requirementFailures.rawValue
        }
        if report.incomplete {
            output.out("Result: incomplete (\(report.manifest.incompleteReasons.joined(separator: "; "))): intact, but no certificate")
            return ExitStatus.requirementFailures.rawValue
        }
        output.out("Result: intact, unsigned")
        return ExitStatus.passed.rawValue
    }

    /// What the bundle says it is: the app, the spec and whether this binary carries it, the verdict.
    static func describe(_ report: BundleVerifier.Report) -> [String] {
        let manifest = report.manifest
        let app = manifest.app.map { "\($0.name) \($0.version) (\($0.bundleId)), MSAL \($0.msalVersion), adapter \($0.adapterName) \($0.adapterVersion)" } ?? "(no adapter identified itself)"
        let spec = "\(manifest.spec.id) \(manifest.spec.version), SHA-256 \(manifest.spec.sha256.prefix(12))…, "
            + (report.catalogue.map { "the catalogue this binary carries (\($0.displayPath))" } ?? "a custom spec (no catalogue this binary carries has these bytes)")
        let counts = manifest.counts
        return [
            "app: " + app + (manifest.referenceApp ? " (the bundled reference app)" : ""),
            "spec: " + spec,
            "verdict: \(manifest.verdict) (\(counts.planned) planned: \(counts.passed) passed, \(counts.failed) failed, \(counts.warned) warned, \(counts.errored) errored, \(counts.skipped) skipped, \(counts.notRun) not run; \(report.rejudged) re-judged from their transcripts)",
        ]
    }
}
