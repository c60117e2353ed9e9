import CommandLineKit
import Foundation
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance verify FILE`: checks an evidence bundle's digests, re-judges every test case
/// from its transcript, and confirms every verdict the reports and the manifest state.
package struct VerifyCommand: Command {
    /// `verify`'s options.
    package struct Options: OptionGroup {
        /// The bundle.
        package static let bundle = Argument("bundle", arity: .one, help: "An evidence bundle that 'run --bundle' wrote.")
        /// `--trusted-key <pub>`.
        package static let trustedKey = Option(
            "--trusted-key", value: "pub",
            help: "The public key (PEM, as 'openssl pkey -pubout' writes it) whose signature the bundle must carry: exit 1 unless that key signed it.")
        package static var signature: CommandSignature { CommandSignature([trustedKey], arguments: [bundle]) }

        /// The bundle's path, as given.
        package var path: String
        /// The trusted public key's path, as given, if any.
        package var trustedKey: String?

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            path = try arguments.value(Self.bundle) ?? ""
            trustedKey = try arguments.value(Self.trustedKey)
        }
    }

    package let name = "verify"
    package let abstract = "Check an evidence bundle: its digests, every verdict re-judged from its transcript."
    package let discussion = """
        Checks every digest in SHA256SUMS, re-judges every test case from its transcript with the
        bundled spec and this harness's evaluator (no app runs), applies the waivers the manifest
        lists as the run did, and confirms that every verdict in junit.xml, events.jsonl, summary.md,
        report.html and manifest.json, and the run's counts, equal the re-judged ones.
        Unsigned, it proves that the files agree and that the verdicts follow from the transcripts.
        With --trusted-key PUB it also checks the bundle's RS256 signature over SHA256SUMS: that the
        holder of the private key sealed every file. Neither proves that the app named produced the
        transcripts.
          sl-conformance verify evidence.tar --trusted-key signing-key.pub.pem
        Exit status: 0 intact ("intact, unsigned", "intact, signed by FINGERPRINT"); 1 tampered,
        inconsistent, an incomplete run, or a signature not by the trusted key (a bad signature,
        another key's, or none); 2 the bundle or the key file is missing or unreadable, of an unknown
        format, or over 1 GiB; 64 a directory (or a socket) given as the bundle or the key.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        var trustedKey: RSAPublicKey?
        if let path = options.trustedKey {
            do { trustedKey = try KeyFile.publicKey(path, option: "--trusted-key", unreadable: .adapterOrHarnessError, invalid: .adapterOrHarnessError) } catch
            { return error.report(to: output) }
        }
        // The whole bundle is read into memory, and each file once more: a file too large for that
        // is refused before it is read, not found out by running out of memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: options.path)[.size]) as? NSNumber, size.int64Value > BundleVerifier.largestBundle {
            output.err(
                "error: \(options.path) is \(size.int64Value / (1 << 20)) MiB; verify reads bundles of up to \(BundleVerifier.largestBundle >> 20) MiB. A run's bundle is far smaller (about 2 MiB for the catalogue): this is no bundle that 'run --bundle' wrote, or split the run with --shard and bundle each shard."
            )
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        let data: Data
        do {
            data = try SpecInput.file(
                options.path, option: "verify", wanted: "the evidence bundle 'run --bundle' or 'device-pass --bundle' wrote", unreadable: .adapterOrHarnessError
            )
        } catch { return error.report(to: output) }
        // A device pass's bundle: re-judged from its trace, no broker replayed (the broker was real).
        if let listing = TarArchive.read(data), listing.entries.contains(where: { $0.name == DevicePassBundle.manifestFile }) {
            let entries = listing.entries.filter { $0.kind == .file }
            var files: [String: Data] = [:]
            for entry in entries { files[entry.name] = entry.data }
            let verification = DevicePassBundle.verify(files, order: entries.map(\.name))
            for line in verification.lines { output.out(line) }
            for finding in verification.findings { output.err("error: \(finding)") }
            if !verification.findings.isEmpty {
                output.out("Result: TAMPERED OR INCONSISTENT (\(verification.findings.count) finding\(verification.findings.count == 1 ? "" : "s"))")
                return ExitStatus.requirementFailures.rawValue
            }
            // `device-pass` signs nothing yet: a gate that asks for a signature takes no device pass.
            if trustedKey != nil {
                output.err(
                    "error: \(options.path): a device-pass bundle is unsigned (device-pass has no --sign); --trusted-key accepts only a bundle its key signed"
                )
                output.out(Self.signatureNotAccepted)
                return ExitStatus.requirementFailures.rawValue
            }
            // The pass's own verdict ends the line as a run's does, so one gate reads both kinds of
            // bundle; a pass that was not finished is incomplete evidence, as a run's is (exit 1).
            guard verification.status != .adapterOrHarnessError else {
                let notRun = verification.results.filter { if case .notRun = $0.outcome { true } else { false } }.count
                output.out(
                    "Result: incomplete (the pass was not finished: \(notRun) test case\(notRun == 1 ? "" : "s") not run): intact, unsigned, but no certificate"
                )
                return ExitStatus.requirementFailures.rawValue
            }
            let verdict = verification.status == .passed ? "passed" : "did not pass: failed"
            // A stand-in's pass is the bundled reference app's: a gate reading `; the run passed$` does not take it.
            let subject = verification.standIn ? ", on the stand-in: the bundled reference app, not your app" : ""
            output.out("Result: intact, unsigned; a device pass, re-judged from its trace; the run \(verdict)\(subject)")
            return ExitStatus.passed.rawValue
        }
        let report: BundleVerifier.Report
        do { report = try await BundleVerifier().verify(data, trustedKey: trustedKey) } catch {
            output.err("error: \(options.path): \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        for line in Self.describe(report) { output.out(line) }
        for finding in report.findings { output.err("error: \(finding)") }
        if !report.findings.isEmpty {
            output.out("Result: TAMPERED OR INCONSISTENT (\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s"))")
            return ExitStatus.requirementFailures.rawValue
        }
        if case let .rejected(why) = report.seal {
            output.err("error: \(options.path): \(why)")
            output.out(Self.signatureNotAccepted)
            return ExitStatus.requirementFailures.rawValue
        }
        let sealed = Self.words(report.seal)
        let judgedBy =
            report.customSpec.map {
                let spec =
                    Self.isOtherBuildsCatalogue(report.manifest)
                    ? "\(report.manifest.spec.id) \(report.manifest.spec.version) of another build" : "a custom spec"
                return ", judged by \(spec) (\(Self.summary($0, manifest: report.manifest)))"
            } ?? ""
        // A bundle of the bundled reference app proves nothing of the user's app: the line says so
        // as `run`'s does, and a gate reading `; the run passed$` does not take it.
        let subject = report.manifest.referenceApp ? ", for the bundled reference app, not your app" : ""
        if report.incomplete {
            output.out(
                "Result: incomplete (\(report.manifest.incompleteReasons.joined(separator: "; "))): intact, \(sealed), but no certificate\(judgedBy)\(subject)")
            return ExitStatus.requirementFailures.rawValue
        }
        // The run's own verdict is on the result line too: exit 0 says the evidence is intact, not
        // that the app passed, and a gate that reads only the last line must see the difference.
        // So is a custom spec, after the verdict: `; the run passed` then no longer ends the line;
        // nor does it for a pass with requirements not fully tested, which is not a full pass.
        let untested = report.results.untestedRequirementIDs
        let untestedPart =
            untested.isEmpty || report.manifest.verdict != "passed" ? "" : " with " + TestCaseResult.notFullyTested(untested.count)
        output.out(
            "Result: intact, \(sealed); the run \(report.manifest.verdict == "passed" ? "passed" : "did not pass: \(report.manifest.verdict)")\(untestedPart)\(judgedBy)\(subject)"
        )
        return ExitStatus.passed.rawValue
    }

    /// The lines under `spec:` for a custom spec: the catalogue of its id and what differs from it.
    static func describe(_ custom: BundleVerifier.CustomSpec, manifest: BundleManifest) -> [String] {
        guard let catalogue = custom.catalogue else {
            return ["  this binary carries no catalogue with the id '\(manifest.spec.id)': read spec.json before trusting a verdict"]
        }
        let name = "the catalogue \(catalogue.identity.map { "\($0.id) \($0.version)" } ?? catalogue.name) this binary carries (\(catalogue.displayPath))"
        guard !custom.differences.isEmpty else { return ["  it holds the requirements and scenarios of \(name), in other bytes"] }
        let shown = 20
        return ["  it differs from \(name):"] + custom.differences.prefix(shown).map { "    \($0)" }
            + (custom.differences.count > shown ? ["    ... and \(custom.differences.count - shown) more"] : [])
    }

    /// The last line when `--trusted-key` was given and that key did not sign the bundle as it is
    /// (another key, a bad signature, or no signature at all).
    static let signatureNotAccepted = "Result: SIGNATURE NOT ACCEPTED: the trusted key did not sign this bundle as it is"

    /// Whether the run used a catalogue embedded in the build that ran it, which this binary does
    /// not carry (another version of it): no custom spec, but its verdicts rest on it all the same.
    static func isOtherBuildsCatalogue(_ manifest: BundleManifest) -> Bool { manifest.spec.origin == SpecSource.embeddedOrigin }

    /// What the result line says of a custom spec, in a few words.
    static func summary(_ custom: BundleVerifier.CustomSpec, manifest: BundleManifest) -> String {
        guard let catalogue = custom.catalogue, let identity = catalogue.identity else {
            return "\(manifest.spec.id) \(manifest.spec.version): no catalogue this binary carries has its id"
        }
        let count = custom.differences.count
        return count == 0
            ? "the requirements of the catalogue \(identity.id) \(identity.version) in other bytes"
            : "\(count) difference\(count == 1 ? "" : "s") from the catalogue \(identity.id) \(identity.version) this binary carries"
    }

    /// How the result line names the seal: `unsigned`, `signed by FINGERPRINT`, with a note when it went unchecked.
    static func words(_ seal: BundleVerifier.Seal) -> String {
        switch seal {
        case .unsigned: "unsigned"
        case let .verified(signer): "signed by \(signer)"
        case let .notChecked(signer): "signed by \(signer) (signature not checked: no --trusted-key)"
        case let .rejected(why): "signature not accepted (\(why))"
        }
    }

    /// What the manifest's counts leave unsaid: how many of the skipped cases were untested, and
    /// how many cases did not apply (` (20 of them untested), 20 do not apply`; empty when none).
    static func partsOfTheCounts(_ results: [TestCaseResult]) -> String {
        let summary = RunSummary(results: results, duration: 0, interrupted: false)
        return summary.untestedOfSkipped + (summary.doesNotApply > 0 ? ", " + RunSummary.doNotApply(summary.doesNotApply) : "")
    }

    /// What the bundle says it is: the app, the spec and whether this binary carries it, the verdict.
    static func describe(_ report: BundleVerifier.Report) -> [String] {
        let manifest = report.manifest
        let app =
            manifest.app.map { "\($0.name) \($0.version) (\($0.bundleId)), MSAL \($0.msalVersion), adapter \($0.adapterName) \($0.adapterVersion)" }
            ?? "(no adapter identified itself)"
        let spec =
            "\(manifest.spec.id) \(manifest.spec.version), SHA-256 \(manifest.spec.sha256.prefix(12))…, "
            + (report.catalogue.map { "the catalogue this binary carries (\($0.displayPath))" }
                ?? (Self.isOtherBuildsCatalogue(manifest)
                    ? "a catalogue another build of sl-conformance carried (embedded there), not one this binary carries: every verdict below rests on it"
                    : "a CUSTOM spec: no catalogue this binary carries has these bytes, and every verdict below rests on it"))
        let counts = manifest.counts
        var lines = [
            "app: " + app + (manifest.referenceApp ? " (the bundled reference app)" : ""),
            "spec: " + spec,
        ]
        if let custom = report.customSpec { lines += Self.describe(custom, manifest: manifest) }
        lines += [
            "verdict: \(manifest.verdict) (\(counts.planned) planned: \(counts.passed) passed, \(counts.failed) failed, \(counts.warned) warned, \(counts.errored) errored, \(counts.skipped) skipped\(Self.partsOfTheCounts(report.results))\(counts.notJudged.map { ", \($0) not judged" } ?? ""), \(counts.notRun) not run; \(report.rejudged) re-judged from their transcripts)"
        ]
        // A pass with test cases the adapter could not play is no full pass: say which, and why.
        let untested = report.results.untestedRequirementIDs
        if let reason = report.results.lazy.compactMap(\.outcome.untestedReason).first {
            lines.append("untested: \(TestCaseResult.notFullyTested(untested.count)) (\(untested.joined(separator: ", "))): \(reason)")
        }
        // What the verdict also rests on: a certifier should see the selection, every waiver and the baseline.
        let selection = Check.selection(manifest.commandLine, shard: nil)
        if !selection.only.isEmpty || !selection.skip.isEmpty {
            let words = selection.only.map { "--only \($0)" } + selection.skip.map { "--skip \($0)" }
            lines.append("selection: \(words.joined(separator: " ")): the requirements it leaves out were skipped, not judged")
        }
        if let waivers = manifest.waivers {
            lines.append(
                "waivers: \(waivers.entries.count) on record in \(waivers.file) (SHA-256 \(waivers.sha256.prefix(12))…), judged on \(waivers.judgedOn)\(waivers.strict ? " with --strict-waivers" : "")"
                    + (report.waiverEffects.isEmpty ? "; none applied" : ":"))
            lines += report.waiverEffects.map { "  " + PlainText.clean($0) }
        }
        if let baseline = manifest.baseline {
            lines.append(
                "baseline: \(baseline.file) (SHA-256 \(baseline.sha256.prefix(12))…, bundled as \(BundleManifest.Baseline.bundledFile)), compared in summary.md"
            )
        }
        lines.append(
            "signature: "
                + {
                    switch report.seal {
                    case .unsigned: "none (the bundle is unsigned)"
                    case let .verified(signer): "RS256 by \(signer), verified with the trusted key"
                    case let .notChecked(signer): "RS256 by \(signer), not checked (give --trusted-key to check it)"
                    case let .rejected(why): "not accepted: \(why)"
                    }
                }())
        return lines
    }
}
