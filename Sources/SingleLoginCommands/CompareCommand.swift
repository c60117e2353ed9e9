import CommandLineKit
import Foundation
import SingleLoginConformance
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports

/// `sl-conformance compare SIMULATED DEVICE --html FILE`: verifies a simulated run's bundle and a
/// device pass's bundle of one app, then writes one page with both verdicts per requirement.
package struct CompareCommand: Command {
    /// `compare`'s options.
    package struct Options: OptionGroup {
        /// The simulated run's bundle.
        package static let simulated = Argument("simulated", arity: .one, help: "The simulated run's evidence bundle ('run --bundle').")
        /// The device pass's bundle.
        package static let device = Argument("device", arity: .one, help: "The device pass's evidence bundle ('device-pass --bundle').")
        /// `--html <file>`: where the page goes.
        package static let html = Option("--html", value: "file", help: "Where to write the side-by-side page (required).")
        package static var signature: CommandSignature { CommandSignature([html], arguments: [simulated, device]) }

        /// The simulated run's bundle, as given.
        package var simulated: String
        /// The device pass's bundle, as given.
        package var device: String
        /// Where the page goes.
        package var html: String

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            simulated = try arguments.value(Self.simulated) ?? ""
            device = try arguments.value(Self.device) ?? ""
            guard let html = try arguments.value(Self.html) else {
                throw UsageError("compare needs --html FILE: where to write the side-by-side page")
            }
            self.html = html
        }
    }

    package let name = "compare"
    package let abstract = "Show a simulated run's bundle and a device pass's bundle of one app side by side, per requirement, on one HTML page."
    package let discussion = """
        Verifies both bundles as 'verify' does (every digest, every verdict re-judged), refuses to
        write the page if either is not intact, then writes one self-contained page: per requirement
        its ID, level and title, the simulated verdict, the device pass's verdict ("not judged on a
        device: REASON" where a person cannot produce it) and whether they agree. The header names
        the app, both bundles' SHA-256 and times, the device (model, system, MSAL), the tester, and
        that the device pass's broker was real.
          sl-conformance run --bundle sim.tar
          sl-conformance device-pass --stand-in --bundle device.tar
          sl-conformance compare sim.tar device.tar --html side-by-side.html
        The bundles must be of one app (bundle id and version from the run's handshake and the
        pass's trace): if they are not, it says so on standard error and on the page.
        Exit status: 0 the page is written, one app, no requirement disagrees; 1 a bundle is not
        intact (no page), or the page is written but the apps differ or a requirement disagrees;
        2 a bundle is missing, unreadable or of the wrong kind, or the page cannot be written; 64 usage
        error (or a directory, a socket given as a bundle).
        """

    /// Creates the command.
    package init() {}

    /// A verified simulated run: the page's view of it.
    struct Simulated {
        var bundle: SideBySidePage.Bundle
        var results: [TestCaseResult]
        var gate: Gate
    }

    /// A verified device pass: the page's view of it.
    struct Device {
        var bundle: SideBySidePage.Bundle
        var verification: DevicePassBundle.Verification
    }

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let simulated: Simulated
        let device: Device
        do {
            simulated = try await Self.simulated(options.simulated, output: output)
            device = try Self.device(options.device, output: output)
        } catch { return error.report(to: output) }
        let page = SideBySidePage(
            simulated: simulated.bundle, device: device.bundle, deviceDescription: Self.describe(device.verification), testers: device.verification.testers,
            standIn: device.verification.standIn, rows: Self.rows(simulated: simulated.results, device: device.verification.results, gate: simulated.gate))
        do { try AtomicFileWriter.write(Data(page.render().utf8), to: URL(fileURLWithPath: options.html)) } catch {
            output.err("error: \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        let disagreeing = page.rows.filter { $0.comparison == .disagree }
        if !page.sameApp {
            output.err(
                "warning: TWO DIFFERENT APPS: \(options.simulated) tested \(simulated.bundle.bundleID) \(simulated.bundle.appVersion), \(options.device) \(device.bundle.bundleID) \(device.bundle.appVersion); the page says so"
            )
        }
        for row in disagreeing {
            output.err("warning: \(row.requirement.id): simulated \(row.simulated.name), device pass \(row.device.name)")
        }
        let agreeing = page.rows.filter { $0.comparison == .agree }.count
        output.out(
            "Side by side: \(options.html) (\(page.rows.count) requirements: \(agreeing) agree, \(disagreeing.count) disagree, \(page.rows.count - agreeing - disagreeing.count) not judged on a device)"
        )
        return (page.sameApp && disagreeing.isEmpty ? ExitStatus.passed : .requirementFailures).rawValue
    }

    /// The bundle's bytes, or why not.
    static func read(_ path: String, role: String) throws(CommandFailure) -> Data {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber, size.int64Value > BundleVerifier.largestBundle {
            throw CommandFailure(
                status: .adapterOrHarnessError, message: "error: \(path) (\(role)) is over \(BundleVerifier.largestBundle >> 20) MiB: no bundle")
        }
        return try SpecInput.file(path, option: role, wanted: "an evidence bundle", unreadable: .adapterOrHarnessError)
    }

    /// The refusal when a bundle is not intact: every finding, and what to do.
    static func refusal(_ path: String, role: String, findings: [String]) -> CommandFailure {
        CommandFailure(
            status: .requirementFailures,
            message: findings.map { "error: \(path): \($0)" }.joined(separator: "\n")
                + "\nerror: \(path) (\(role)) is not intact (\(findings.count) finding\(findings.count == 1 ? "" : "s")): no page written. Run 'sl-conformance verify \(path)' for the details, and compare bundles as they were written."
        )
    }

    /// Verifies the simulated run's bundle.
    static func simulated(_ path: String, output: TextOutput) async throws(CommandFailure) -> Simulated {
        let data = try read(path, role: "the simulated run")
        if let listing = TarArchive.read(data), listing.entries.contains(where: { $0.name == DevicePassBundle.manifestFile }) {
            throw CommandFailure(
                status: .adapterOrHarnessError,
                message: "error: \(path) is a device pass's bundle; give the simulated run's bundle ('run --bundle') first, the device pass's second")
        }
        let report: BundleVerifier.Report
        do { report = try await BundleVerifier().verify(data) } catch {
            throw CommandFailure(status: .adapterOrHarnessError, message: "error: \(path): \(error)")
        }
        guard report.findings.isEmpty else { throw refusal(path, role: "the simulated run", findings: report.findings.map(\.description)) }
        if case .rejected(let why) = report.seal { throw refusal(path, role: "the simulated run", findings: [why]) }
        let manifest = report.manifest
        let bundle = SideBySidePage.Bundle(
            path: path, sha256: SHA256.hexDigest(data), time: "\(manifest.started) to \(manifest.ended)", bundleID: manifest.app?.bundleId ?? "(no app named)",
            appVersion: manifest.app?.version ?? "?")
        return Simulated(bundle: bundle, results: report.results, gate: Gate(rawValue: manifest.gate) ?? .mustAndShould)
    }

    /// Verifies the device pass's bundle.
    static func device(_ path: String, output: TextOutput) throws(CommandFailure) -> Device {
        let data = try read(path, role: "the device pass")
        guard let listing = TarArchive.read(data), listing.entries.contains(where: { $0.name == DevicePassBundle.manifestFile }) else {
            throw CommandFailure(
                status: .adapterOrHarnessError,
                message: "error: \(path) is no device pass's bundle (no \(DevicePassBundle.manifestFile)); give the one 'device-pass --bundle' wrote second")
        }
        let entries = listing.entries.filter { $0.kind == .file }
        var files: [String: Data] = [:]
        for entry in entries { files[entry.name] = entry.data }
        let verification = DevicePassBundle.verify(files, order: entries.map(\.name))
        guard verification.findings.isEmpty else { throw refusal(path, role: "the device pass", findings: verification.findings) }
        let span = verification.span.map { "\($0.first) to \($0.last)" } ?? "(no confirmations)"
        let bundle = SideBySidePage.Bundle(
            path: path, sha256: SHA256.hexDigest(data), time: span, bundleID: verification.header?.bundleID ?? "(no header)",
            appVersion: verification.header?.appVersion ?? "?")
        return Device(bundle: bundle, verification: verification)
    }

    /// The device as the trace's header names it.
    static func describe(_ verification: DevicePassBundle.Verification) -> String {
        guard let header = verification.header else { return "(the trace has no header)" }
        return "\(header.deviceModel), \(header.operatingSystem), MSAL \(header.msalVersion)"
    }

    /// One row per requirement, in the simulated run's order (then any only the device pass has):
    /// each side's verdict over all its test cases, compared as `device-pass --agreement` does.
    static func rows(simulated: [TestCaseResult], device: [TestCaseResult], gate: Gate) -> [SideBySidePage.Row] {
        var order: [String] = []
        var summaries: [String: RequirementSummary] = [:]
        var byRequirement: [String: (simulated: [TestCaseResult], device: [TestCaseResult])] = [:]
        for result in simulated {
            if summaries[result.requirement.id] == nil { order.append(result.requirement.id) }
            summaries[result.requirement.id] = summaries[result.requirement.id] ?? result.requirement
            byRequirement[result.requirement.id, default: ([], [])].simulated.append(result)
        }
        for result in device {
            if summaries[result.requirement.id] == nil { order.append(result.requirement.id) }
            summaries[result.requirement.id] = summaries[result.requirement.id] ?? result.requirement
            byRequirement[result.requirement.id, default: ([], [])].device.append(result)
        }
        return order.compactMap { id in
            guard let summary = summaries[id], let cases = byRequirement[id] else { return nil }
            return SideBySidePage.Row(
                requirement: summary, simulated: Verdict(aggregating: cases.simulated, gate: gate), device: Verdict(aggregating: cases.device, gate: gate),
                comparison: DevicePassComparison(simulated: cases.simulated, device: cases.device, gate: gate))
        }
    }
}
