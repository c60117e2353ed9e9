import Foundation
import SingleLoginConformance
import SingleLoginReports

extension Check {
    // MARK: The command line and the harness

    /// The manifest's `commandLine`, read as `run` reads it, against what the manifest and the
    /// events say the run did: how many adapters ran at once (`jobs`, which nothing else records:
    /// the runner releases each test case's events in plan order whatever the jobs), the shard,
    /// the spec's origin, the app (the reference app or not), the waiver file and its strictness,
    /// the baseline and the signature. None of these changes a verdict that verify re-judges; each
    /// is something the manifest states, and a statement two places make differently is a finding.
    mutating func checkCommandLine(record: RunRecord) {
        let words = manifest.commandLine
        guard words.count >= 2, words[1] == "run" else {
            return note("manifest.json", "commandLine \(Self.json(words)) is not a run of sl-conformance ('EXECUTABLE run ...')")
        }
        let options: RunCommand.Options
        do { options = try RunCommand.Options.parse(Array(words.dropFirst(2))) } catch {
            return note("manifest.json", "commandLine is not one that 'run' accepts: \(error.message)")
        }
        func compare<T: Equatable & Encodable>(_ field: String, _ stated: T, _ given: T, by source: String = "the commandLine gives") {
            if stated != given { note("manifest.json", "\(field) is \(Self.json(stated)), but \(source) \(Self.json(given))") }
        }
        compare("jobs", manifest.jobs, options.jobs, by: "the commandLine gives (--jobs)")
        compare("spec.origin", manifest.spec.origin, options.spec.origin, by: "the commandLine gives (--spec)")
        compare("referenceApp", manifest.referenceApp, options.target.isReferenceApp, by: "the commandLine gives (--adapter, --listen)")
        compare("waivers.file", manifest.waivers?.file, options.gating.waivers, by: "the commandLine gives (--waivers)")
        if let waivers = manifest.waivers {
            compare("waivers.strict", waivers.strict, options.gating.strictWaivers, by: "the commandLine gives (--strict-waivers)")
        }
        compare("baseline.file", manifest.baseline?.file, options.gating.baseline, by: "the commandLine gives (--baseline)")
        if (manifest.signature != nil) != (options.sign != nil) {
            note(
                "manifest.json",
                manifest.signature == nil
                    ? "names no signature, but its commandLine signs (--sign)" : "names a signature, but its commandLine does not sign (--sign)")
        }
        let shard = record.context?.shard
        if options.selection.shard != shard {
            note(
                "events.jsonl",
                "runStarted is \(shard.map(\.description) ?? "a whole run"), but the commandLine in manifest.json runs \(options.selection.shard.map(\.description) ?? "the whole run")"
            )
        }
        // The digest of the executable that ran: only the manifest records it. It is the run's own
        // claim (sealed by a signature, never recomputed: verify does not have that executable).
        if let digest = manifest.harness.binarySHA256, digest.count != 64 || !digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            note("manifest.json", "harness.binarySHA256 \(Self.json(digest)) is not a SHA-256 (64 lowercase hex digits)")
        }
    }
}
