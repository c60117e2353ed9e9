import Foundation
import SingleLoginConformance
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginReports
import SingleLoginSpec

/// A device pass's evidence bundle (`device-pass --bundle`): the raw trace and the tester's
/// confirmations sealed with the spec and the reports, and `SHA256SUMS` over all of them.
/// `verify` re-judges it from the trace; it replays no broker, for the broker was real, and its
/// manifest says so.
package enum DevicePassBundle {
    /// The manifest's file name: its presence tells `verify` a device-pass bundle from a run's.
    static let manifestFile = "device-pass.json"

    /// What the bundle says it is.
    struct Manifest: Codable {
        /// The format's version.
        var format = 1
        /// `devicePass`.
        var kind = "devicePass"
        /// Whether the pass ran on the stand-in (the reference app over the simulated broker), not a device.
        var standIn: Bool
        /// The device row of every report.
        var device: String
        /// Which broker answered, and what `verify` does and does not do with it.
        var broker: String
        /// The gate the verdicts were judged under.
        var mustOnly: Bool
        /// The test users, standing for the catalogue's alice and bob.
        var users: [String: [String]]
        /// The spec's SHA-256.
        var specSHA256: String
        /// When the pass's reports were judged (seconds since 1970) and on which host: what the
        /// reports say besides the verdicts, so that `verify` renders them again. Absent from a
        /// bundle of an earlier version, whose reports `verify` holds by `SHA256SUMS` only.
        var judgedAt: Double?
        /// The host the reports name.
        var hostname: String?
        /// The name the pass gave the spec (`embedded:single-login.json`, or the `--spec` path): the
        /// reports' locations name it, so `verify` loads the bundle's `spec.json` under it.
        var specName: String?

        /// Creates the manifest of a pass on a device, or on the stand-in when `standIn` is set.
        init(
            standIn: Bool, device: String, mustOnly: Bool, users: [String: [String]], specSHA256: String, judgedAt: Date? = nil, hostname: String? = nil,
            specName: String? = nil
        ) {
            self.specName = specName
            self.judgedAt = judgedAt?.timeIntervalSince1970
            self.hostname = hostname
            self.standIn = standIn
            self.device = device
            self.broker = Self.broker(standIn: standIn)
            self.mustOnly = mustOnly
            self.users = users
            self.specSHA256 = specSHA256
        }

        /// ``broker``'s words: `verify` says them from ``standIn``, so that a bundle written before
        /// a stand-in's manifest said "simulated" reads right too.
        static func broker(standIn: Bool) -> String {
            standIn
                ? "simulated: the stand-in's broker, not a device's; verify re-judges the trace and replays no broker"
                : "real: the Enterprise SSO plug-in, Jamf Setup and Jamf Reset and MSAL on the device; verify re-judges the trace and replays no broker"
        }
    }

    /// The bundle's bytes: the manifest, spec, trace, state and reports, and their sums.
    static func make(manifest: Manifest, files: [(String, Data)]) throws -> Data {
        var archive = TarArchive(modified: Date())
        var all = [(manifestFile, try JSONEncoder.sorted.encode(manifest))] + files
        all.append(("SHA256SUMS", Data(all.map { "\(SHA256.hexDigest($0.1))  \($0.0)\n" }.joined().utf8)))
        for (name, data) in all { try archive.add(name, data) }
        return archive.data
    }

    /// What verifying found.
    package struct Verification {
        /// The lines that describe the bundle.
        package var lines: [String]
        /// Every disagreement.
        package var findings: [String]
        /// The trace's header: the device, its system, the app and MSAL (nil when the trace was not read).
        package var header: TraceHeader? = nil
        /// Every test case's result re-judged from the trace and the confirmations, in catalogue order.
        package var results: [TestCaseResult] = []
        /// The testers who confirmed steps, and the first and last confirmation's time.
        package var testers: [String] = []
        /// The first and last confirmation's time, if any.
        package var span: (first: String, last: String)? = nil
        /// Whether the pass ran on the stand-in, not a device.
        package var standIn = false
        /// The gate the verdicts were judged under.
        package var gate: Gate = .mustAndShould
        /// The pass's exit status as `device-pass` gives it, from the re-judged verdicts: passed
        /// when every gating test case the pass covers passed.
        package var status: ExitStatus { ExitStatus(judged: results, gate: gate) }
    }

    /// Verifies a device-pass bundle's `files`: every digest, then every verdict of its JUnit report
    /// against the verdicts re-judged from its trace and state.
    static func verify(_ files: [String: Data], order: [String]) -> Verification {
        var findings: [String] = []
        var lines: [String] = []
        if let sums = files["SHA256SUMS"].map({ String(decoding: $0, as: UTF8.self) }) {
            var listed: Set<String> = []
            for line in sums.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[1].hasPrefix(" ") else {
                    findings.append("SHA256SUMS: line '\(line)' is not `DIGEST  NAME`")
                    continue
                }
                let name = String(parts[1].dropFirst())
                listed.insert(name)
                guard let data = files[name] else {
                    findings.append("\(name): listed in SHA256SUMS but not in the bundle")
                    continue
                }
                if SHA256.hexDigest(data) != parts[0] { findings.append("\(name): does not match its SHA-256 in SHA256SUMS") }
            }
            for name in order where name != "SHA256SUMS" && !listed.contains(name) { findings.append("\(name): in the bundle but not listed in SHA256SUMS") }
        } else {
            findings.append("SHA256SUMS: missing")
        }
        guard let manifestData = files[manifestFile], let manifest = try? JSONDecoder().decode(Manifest.self, from: manifestData) else {
            return Verification(lines: lines, findings: findings + ["\(manifestFile): not a device-pass manifest"])
        }
        lines.append("device pass: \(manifest.device)")
        lines.append("broker: \(Manifest.broker(standIn: manifest.standIn))")
        guard let specData = files["spec.json"], let trace = files["trace.jsonl"], let state = files["state.json"], let junit = files["device-junit.xml"] else {
            return Verification(lines: lines, findings: findings + ["the bundle lacks spec.json, trace.jsonl, state.json or device-junit.xml"])
        }
        let loaded: LoadedSpec
        do { loaded = try SpecLoader.load(data: specData, file: manifest.specName ?? "spec.json") } catch {
            return Verification(lines: lines, findings: findings + ["spec.json: not a valid spec (\(error))"])
        }
        let deviceTrace: DeviceTrace
        let confirmations: [DeviceConfirmation]
        do {
            deviceTrace = try DeviceTrace(text: String(decoding: trace, as: UTF8.self), file: "trace.jsonl")
            confirmations = try DevicePassState.read(bytes: [UInt8](state), file: "state.json").confirmations
            try deviceTrace.checkHolds(confirmations, file: "trace.jsonl", stateFile: "state.json")
        } catch {
            return Verification(lines: lines, findings: findings + ["\(error)"])
        }
        guard let first = manifest.users["first"], let second = manifest.users["second"], first.count == 2, second.count == 2 else {
            return Verification(lines: lines, findings: findings + ["\(manifestFile): names no first and second test user"])
        }
        let users = DeviceUsers(first: (first[0], first[1]), second: (second[0], second[1]))
        let gate: Gate = manifest.mustOnly ? .mustOnly : .mustAndShould
        let plan = DevicePlan(spec: loaded.spec)
        let judgement = DeviceJudge(spec: loaded.spec, users: users).judge(plan: plan, trace: deviceTrace, confirmations: confirmations)
        let rejudged = CaseVerdicts(results: judgement.results, gate: gate)
        let reported: CaseVerdicts
        do { reported = CaseVerdicts(junit: try JUnitMerger.parse(junit, path: "device-junit.xml")) } catch {
            return Verification(lines: lines, findings: findings + ["device-junit.xml: not a JUnit report (\(error))"])
        }
        for entry in rejudged.entries {
            guard let shown = reported[entry.id] else {
                findings.append("device-junit.xml: no test case '\(entry.id)', which the trace judges \(entry.verdict.name)")
                continue
            }
            if shown.verdict.name != entry.verdict.name {
                findings.append("device-junit.xml: '\(entry.id)' is \(shown.verdict.name), but its trace and confirmations re-judge as \(entry.verdict.name)")
            }
        }
        // Each verdict there is, the worst first, in words as the reports write them ("not judged").
        let tally = Dictionary(grouping: rejudged.entries.map(\.verdict), by: \.name)
            .sorted { ($0.value[0].severity, $1.key) > ($1.value[0].severity, $0.key) }
            .map { "\($0.value.count) \(Self.words($0.key))" }
        lines.append(
            "verdicts: \(rejudged.entries.count) test cases re-judged from trace.jsonl (\(deviceTrace.lines.count) lines) and \(confirmations.count) confirmations: \(tally.joined(separator: ", "))"
        )
        if let judgedAt = manifest.judgedAt, let hostname = manifest.hostname, manifest.specName != nil {
            findings += reportFindings(
                files, judgement: judgement, spec: loaded, device: manifest.device, gate: gate, standIn: manifest.standIn,
                startDate: Date(timeIntervalSince1970: judgedAt), hostname: hostname)
            lines.append("reports: device-junit.xml, device-pass.md and device-pass.html rendered again from the re-judged pass, and equal")
        } else {
            lines.append("device-pass.md and device-pass.html: held by SHA256SUMS (their verdicts are device-junit.xml's)")
        }
        var verification = Verification(lines: lines, findings: findings, header: deviceTrace.header, results: judgement.results)
        verification.testers = Array(Set(confirmations.map(\.tester))).sorted()
        verification.span = confirmations.first.flatMap { first in confirmations.last.map { (first.time, $0.time) } }
        verification.standIn = manifest.standIn
        verification.gate = gate
        return verification
    }

    /// Each report against the one the re-judged pass renders, as `device-pass` rendered it: a
    /// forged line in any of them is a finding that names the file and the line, never what the
    /// line should say.
    static func reportFindings(
        _ files: [String: Data], judgement: DeviceJudge.Judgement, spec: LoadedSpec, device: String, gate: Gate, standIn: Bool, startDate: Date,
        hostname: String
    ) -> [String] {
        var record = RunRecord()
        DevicePassEvents.emit(
            judgement, spec: spec, description: device, gate: gate, standIn: standIn, startDate: startDate, hostname: hostname
        ) { record.take($0) }
        let forms = [JUnitReport.Options(), JUnitReport.Options(strict: true)].map { EvidenceBundleRecorder.reports(of: record, junit: $0) }
        var findings: [String] = []
        for (index, name) in [DevicePassReportFiles.junit, DevicePassReportFiles.markdown, DevicePassReportFiles.html].enumerated() {
            guard let bundled = files[name] else {
                findings.append("\(name): missing")
                continue
            }
            if forms.contains(where: { $0[index].data == bundled }) { continue }
            findings.append("\(name): " + ReportDifference(expected: forms[0][index].data, found: bundled).place(gives: "the re-judged pass gives"))
        }
        return findings
    }

    /// A verdict's event-stream name in words: `notJudged` is "not judged".
    static func words(_ name: String) -> String {
        name.reduce(into: "") { text, character in text += character.isUppercase ? " " + character.lowercased() : String(character) }
    }
}

extension JSONEncoder {
    /// Sorted keys, pretty, slashes as they are.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
