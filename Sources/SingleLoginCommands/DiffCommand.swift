import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports

/// `sl-conformance diff OLD NEW`: compares two JUnit reports test case by test case.
package struct DiffCommand: Command {
    /// `diff`'s options.
    package struct Options: OptionGroup {
        /// The earlier report.
        package static let old = Argument("old", arity: .one, help: "The earlier run's junit.xml or evidence bundle (the baseline).")
        /// The later report.
        package static let new = Argument("new", arity: .one, help: "The later run's junit.xml or evidence bundle.")
        package static var signature: CommandSignature { CommandSignature([], arguments: [old, new]) }

        /// The earlier report's path.
        package var old: String
        /// The later report's path.
        package var new: String

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            old = try arguments.value(Self.old) ?? ""
            new = try arguments.value(Self.new) ?? ""
        }
    }

    package let name = "diff"
    package let abstract = "Compare two JUnit reports or evidence bundles: newly failing, newly passing, added and removed test cases."
    package let discussion = """
        The comparison `run --baseline` prints, for two reports already written, e.g. main's and a branch's:
          sl-conformance diff main/junit.xml reports/junit.xml
        Either may be an evidence bundle ('run --bundle'); its junit.xml is compared:
          sl-conformance diff main/evidence.tar reports/junit.xml
        A removed test case is a regression, and so is an added one that fails. A case that passed
        in OLD and was not run in NEW (NEW is an interrupted run's report) is newly failing, a
        regression, as is one not judged (a precondition failed): it verified nothing.
        Exit status: 0 no regressions, 1 regressions, 64 usage error (or a directory given as a report),
        66 a report is missing or neither JUnit XML nor a bundle.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        // The two reports are read at once, each on a core of its own: reading is nearly all the
        // time a comparison of two large reports takes.
        async let later = Result { () throws(CommandFailure) in try GatingOptions.readReport(options.new, option: "diff NEW") }
        let earlier = Result { () throws(CommandFailure) in try GatingOptions.readReport(options.old, option: "diff OLD") }
        let old: GatingInputs.Baseline
        let new: GatingInputs.Baseline
        do {
            old = try earlier.get()
            new = try await later.get()
        } catch { return error.report(to: output) }
        let comparison = BaselineComparison(baseline: old.verdicts, current: new.verdicts)
        output.write(comparison.consoleText(baselineName: old.name))
        return (comparison.hasRegressions ? ExitStatus.requirementFailures : .passed).rawValue
    }
}
