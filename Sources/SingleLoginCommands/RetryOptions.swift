import CommandLineKit

/// How `run` runs a failing test case again: `--retry N` and `--accept-flaky`.
public struct RetryOptions: OptionGroup {
    /// `--retry <n>`.
    public static let retry = Option("--retry", value: "n", help: "Run a failed or errored test case again, up to n more times; one that passes on a retry is flaky, and fails the run unless --accept-flaky.", parser: .positiveInteger)
    /// `--accept-flaky`.
    public static let acceptFlaky = Flag("--accept-flaky", help: "Count a flaky test case (failed, then passed on a retry) as passed; it is still reported as flaky with its attempts.")

    public static var signature: CommandSignature { CommandSignature([retry, acceptFlaky]) }

    /// How many more times a failing case runs.
    public var retries: Int
    /// Whether a flaky case passes.
    public var acceptFlaky: Bool

    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        retries = try arguments.value(Self.retry) ?? 0
        acceptFlaky = arguments.flag(Self.acceptFlaky)
        if acceptFlaky, retries == 0 {
            throw UsageError("'--accept-flaky' applies to '--retry <n>'", suggestion: "Add --retry 2: a test case is flaky only when it passes on a retry.")
        }
    }
}
