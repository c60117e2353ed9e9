import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports

/// `sl-conformance merge OUT IN...`: joins shard JUnit reports into one valid report.
public struct MergeCommand: Command {
    /// `merge`'s options.
    public struct Options: OptionGroup {
        /// Where the merged report goes.
        public static let out = Argument("out", arity: .one, help: "Where to write the merged report.")
        /// The shard reports.
        public static let inputs = Argument("in", arity: .oneOrMore, help: "A shard's JUnit report.")
        public static var signature: CommandSignature { CommandSignature([JUnitOptions.strict], arguments: [out, inputs]) }

        /// Write the strict form.
        public var junitStrict: Bool
        /// Where the merged report goes, as given.
        public var outputPath: String
        /// The shard reports, in order.
        public var inputs: [URL]

        public init(parsing arguments: ParsedArguments) throws(UsageError) {
            junitStrict = arguments.flag(JUnitOptions.strict)
            outputPath = try arguments.value(Self.out) ?? ""
            inputs = try arguments.values(Self.inputs).map { URL(fileURLWithPath: $0) }
        }
    }

    public let name = "merge"
    public let abstract = "Join JUnit reports of shards (--shard i/n) into one report."
    public let discussion = """
        A shard's report holds its own test cases only. Each requirement's suite comes where it
        first appears, in the order the reports are given (shard 1's first when given in order);
        within a suite, cases are sorted by name and counts are recomputed. A test case in several
        reports (a shard run twice) keeps its most informative result: a failure or error over a
        pass, a pass over a skip. The merged report drops the shard property, as it is whole.
        merge joins JUnit XML; each shard's summary.md and event stream say which shard they
        cover and stay per shard. Reports of different specs (id, version or SHA-256) are refused. The output is
        written atomically. Exit status: 0 when the merged report was written, 64 when an
        input is unreadable or from another spec. Gating is the shard jobs' business: each
        shard's own exit status says whether it passed.
        """

    /// Creates the command.
    public init() {}

    public func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        do {
            let merged = try JUnitMerger.merge(files: options.inputs)
            try AtomicFileWriter.write(merged.render(strict: options.junitStrict), to: URL(fileURLWithPath: options.outputPath))
            let cases = merged.suites.reduce(0) { $0 + $1.cases.count }
            let count = options.inputs.count
            output.err("merged \(count) report\(count == 1 ? "" : "s") (\(cases) test case\(cases == 1 ? "" : "s")) into \(options.outputPath)")
            return ExitStatus.passed.rawValue
        } catch let error as JUnitMerger.MergeError {
            output.err("error: \(error)")
            return ExitStatus.usage.rawValue
        } catch {
            output.err("error: \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
    }
}
