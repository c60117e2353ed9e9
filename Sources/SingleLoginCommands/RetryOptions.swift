import CommandLineKit

/// How `run` runs a failing test case again: `--retry N`, `--rerun FILE` and `--accept-flaky`.
package struct RetryOptions: OptionGroup {
    /// `--retry <n>`.
    package static let retry = Option(
        "--retry", value: "n",
        help: "Run a failed or errored test case again, up to n more times; one that passes on a retry is flaky, and fails the run unless --accept-flaky.",
        parser: .positiveInteger)
    /// `--accept-flaky`.
    package static let acceptFlaky = Flag(
        "--accept-flaky", help: "Count a flaky test case (failed, then passed on a retry) as passed; it is still reported as flaky with its attempts.")

    /// `--rerun <file>`.
    package static let rerun = Option(
        "--rerun", value: "file",
        help:
            "Run only the test cases that did not pass in this earlier junit.xml (or bundle) of the same spec; keep its passes, and report each case with its history."
    )

    package static var signature: CommandSignature { CommandSignature([retry, rerun, acceptFlaky]) }

    /// How many more times a failing case runs.
    package var retries: Int
    /// Whether a flaky case passes.
    package var acceptFlaky: Bool
    /// The earlier run's report whose failures run again, as given.
    package var rerun: String?

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
        retries = try arguments.value(Self.retry) ?? 0
        acceptFlaky = arguments.flag(Self.acceptFlaky)
        rerun = try arguments.value(Self.rerun)
        if acceptFlaky, retries == 0, rerun == nil {
            throw UsageError(
                "'--accept-flaky' applies to '--retry <n>' and '--rerun <file>'",
                suggestion: "Add --retry 2: a test case is flaky only when it passes on a retry.")
        }
    }
}
