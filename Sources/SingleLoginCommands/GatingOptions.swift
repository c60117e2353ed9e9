import CommandLineKit
import DidYouMean
import Foundation
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// How a run is gated beyond its own results, defined once for the commands that gate a run:
/// `--baseline FILE`, `--fail-on failures|regressions`, `--waivers FILE` and `--strict-waivers`.
package struct GatingOptions: OptionGroup {
    /// `--baseline <file>`: an earlier run's `junit.xml`.
    package static let baseline = Option(
        "--baseline", value: "file",
        help: "Compare with an earlier run's junit.xml or evidence bundle (--bundle): list newly failing, newly passing, added and removed test cases.")
    /// `--fail-on failures|regressions`.
    package static let failOn = Option(
        "--fail-on", value: "what", default: "failures", help: "What sets the exit status: every gating failure, or only regressions against --baseline.",
        parser: .choice(["failures": FailOn.failures, "regressions": FailOn.regressions]))

    /// `--waivers <file>`.
    package static let waivers = Option(
        "--waivers", value: "file",
        help: "Known failures on record (a waiver file, specs/waivers-v1.schema.json): a waived failure is skipped until its waiver expires.")
    /// `--strict-waivers`.
    package static let strictWaivers = Flag(
        "--strict-waivers", help: "Fail a test case that a waiver covers but that passes (unexpected pass: remove the waiver).")

    package static var signature: CommandSignature { CommandSignature([baseline, failOn, waivers, strictWaivers]) }

    /// What sets the exit status.
    package enum FailOn: Hashable, Sendable {
        /// Every failure that gates (the default).
        case failures
        /// Only regressions against the baseline: newly failing, removed, and added cases that fail.
        case regressions
    }

    /// The earlier run's report, as given.
    package var baseline: String?
    /// What sets the exit status.
    package var failOn: FailOn
    /// The waiver file, as given.
    package var waivers: String?
    /// Whether an unexpected pass fails.
    package var strictWaivers: Bool

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
        baseline = try arguments.value(Self.baseline)
        waivers = try arguments.value(Self.waivers)
        strictWaivers = arguments.flag(Self.strictWaivers)
        failOn = try arguments.value(Self.failOn) ?? .failures
        if failOn == .regressions, baseline == nil {
            throw UsageError(
                "'--fail-on regressions' needs '--baseline <file>'",
                suggestion: "Name the junit.xml of the run to compare with, e.g. --baseline main/junit.xml.")
        }
        if strictWaivers, waivers == nil {
            throw UsageError("'--strict-waivers' applies to '--waivers <file>'", suggestion: "Name the waiver file whose unexpected passes should fail.")
        }
    }

    /// The files these options name, read and checked: exit 66 when the baseline or the waiver
    /// file is missing (or the baseline is not a JUnit report), 65 when the waiver file is invalid.
    /// Waivers are judged on `today`.
    func load(today: Date) throws(CommandFailure) -> GatingInputs {
        var inputs = GatingInputs(failOn: failOn)
        if let path = baseline {
            inputs.baseline = try Self.readReport(path, option: "--baseline")
        }
        if let path = waivers {
            let bytes = try SpecInput.bytes(
                SpecSource(path: path, default: DefaultSpecs.catalogue), option: "--waivers", wanted: "a waiver file", example: "waivers.json",
                embeddedFallback: false)
            let stage = WaiverStage(file: try Self.readWaivers(path, bytes: bytes), today: WaiverStage.day(of: today), strict: strictWaivers)
            inputs.waivers = stage
            inputs.waiversOnRecord = BundleManifest.Waivers(file: path, sha256: SHA256.hexDigest(bytes), stage: stage)
            inputs.waiverBytes = Data(bytes)
        }
        return inputs
    }

    /// The waiver file `bytes` holds, read from `path`, validated like a spec.
    static func readWaivers(_ path: String, bytes: [UInt8]) throws(CommandFailure) -> WaiverFile {
        do { return try WaiverFile.load(bytes: bytes, file: path) } catch {
            throw CommandFailure(status: .invalidSpec, message: error.description, problems: error.diagnostics.count)
        }
    }

    /// The test cases and verdicts of the JUnit report at `path`.
    static func readReport(_ path: String, option: String) throws(CommandFailure) -> GatingInputs.Baseline {
        let (report, data) = try readJUnitWithBytes(path, option: option)
        return GatingInputs.Baseline(
            name: path, verdicts: CaseVerdicts(junit: report), bytes: data,
            spec: report.runProperty("spec.id").map { ($0, report.runProperty("spec.version") ?? "") })
    }

    /// The JUnit report at `path`, a `junit.xml` or an evidence bundle's: exit 66, naming `option`,
    /// when it cannot be read or is neither, 64 when it is a directory or no regular file.
    static func readJUnit(_ path: String, option: String) throws(CommandFailure) -> JUnitReport {
        try readJUnitWithBytes(path, option: option).report
    }

    private static func readJUnitWithBytes(_ path: String, option: String) throws(CommandFailure) -> (report: JUnitReport, data: Data) {
        let data = try SpecInput.file(path, option: option, wanted: "the junit.xml (or the --bundle) an earlier run wrote")
        var junit = data
        // An evidence bundle (`run --bundle`) holds the run's junit.xml: a ustar archive says so at byte 257.
        if data.count >= 512, data[data.startIndex + 257..<data.startIndex + 262].elementsEqual("ustar".utf8) {
            guard let entry = TarArchive.entries(of: data)?.first(where: { $0.name == "junit.xml" }) else {
                throw CommandFailure(
                    status: .noInput,
                    message:
                        "error: \(path): a tar archive without junit.xml, so no evidence bundle\n  fix: give '\(option)' a junit.xml or a bundle that 'sl-conformance run --bundle' wrote"
                )
            }
            junit = entry.data
        }
        do {
            // A bundle's own baseline.xml is then the baseline's junit.xml, which verify reads as one.
            return (try JUnitMerger.parse(junit, path: junit == data ? path : "\(path) (its junit.xml)"), junit)
        } catch {
            throw CommandFailure(status: .noInput, message: "error: \(error)\n  fix: give '\(option)' the junit.xml (or the --bundle) an earlier run wrote")
        }
    }
}

/// What ``GatingOptions`` name, loaded: what a ``ReportSession`` compares and gates with.
struct GatingInputs: Sendable {
    /// An earlier run's report.
    struct Baseline: Sendable {
        /// How messages name it (its path).
        var name: String
        /// Its test cases.
        var verdicts: CaseVerdicts
        /// Its bytes (an evidence bundle holds them).
        var bytes = Data()
        /// The spec it reports on, when it says.
        var spec: (id: String, version: String)?

        /// What the console says before the run when the baseline reports on another spec or
        /// version than `spec`: it is compared all the same, case by case; nil when it is the same.
        func specNote(against spec: Spec) -> String? {
            guard let reported = self.spec, (reported.id, reported.version) != (spec.id, spec.version) else { return nil }
            let what = "\(reported.id) \(reported.version)".trimmingCharacters(in: .whitespaces)
            return reported.id == spec.id
                ? "Comparing with a baseline of \(what) (this run: \(spec.version)): it is compared case by case, and the cases only \(spec.version) has are added."
                : "Comparing with a baseline of another spec, \(what) (this run: \(spec.id) \(spec.version)): only the test cases both name are compared."
        }
    }

    /// What sets the exit status.
    var failOn: GatingOptions.FailOn = .failures
    /// The report to compare with, if any.
    var baseline: Baseline?
    /// The waivers to apply, if any.
    var waivers: WaiverStage?
    /// The waiver file as an evidence bundle's manifest lists it, when there are waivers.
    var waiversOnRecord: BundleManifest.Waivers?
    /// The spec's test cases that other shards run (`run --shard`), named as the JUnit report names
    /// them: a shard's comparison with a whole run's baseline leaves them out.
    var otherShards: Set<TestCaseID> = []
    /// The waiver file's bytes, which a bundle holds beside the manifest's copy of its entries.
    var waiverBytes: Data?

    /// Refuses (exit 65) waivers that name a requirement or test case `spec` does not have, every
    /// one of them at once: such a waiver could never apply, and a typo in it would leave the failure
    /// it meant unwaived without a word.
    func checkWaivers(against spec: Spec) throws(CommandFailure) {
        guard let file = waivers?.file else { return }
        let unknown = file.unknownSubjects(in: spec)
        guard !unknown.isEmpty else { return }
        let messages = unknown.map { waiver in
            let index = file.waivers.firstIndex(of: waiver) ?? 0
            let what: String
            let known: [String]
            let key: String
            switch waiver.subject {
            case .requirement:
                what = "requirement"
                key = "requirement"
                known = spec.requirements.map(\.id)
            case let .testCase(id):
                what = "test case"
                key = "testCase"
                let requirement = spec.requirements.first { $0.id == id.requirementID }
                known = (requirement.map { [$0] } ?? spec.requirements).flatMap { requirement in
                    requirement.scenarios.map { TestCaseID(requirementID: requirement.id, scenarioName: $0.name).description }
                }
            }
            var closest = Suggestion.closest(to: waiver.subject.description, among: known).map { "did you mean '\($0)'? " } ?? ""
            if closest.isEmpty, case let .testCase(id) = waiver.subject, let requirement = spec.requirements.first(where: { $0.id == id.requirementID }) {
                // Nothing near enough: a requirement has few test cases, and they are the choice.
                closest = "\(requirement.id)'s test cases are " + requirement.scenarios.map { "'\($0.name)'" }.joined(separator: ", ") + "; "
            }
            return "\(waiver.location.map { "\($0): " } ?? "")error: the waiver for '\(waiver.subject)' names no \(what) of \(spec.id) \(spec.version)"
                + " (at $.waivers[\(index)].\(key))\n"
                + "  fix: \(closest)name a \(what) that 'sl-conformance \(what == "requirement" ? "list" : "run --list")' shows, or remove the waiver"
        }
        throw CommandFailure(status: .invalidSpec, message: messages.joined(separator: "\n"), problems: unknown.count)
    }
}
