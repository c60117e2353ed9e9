import Foundation
import SingleLoginEvents
import SingleLoginReports

/// `sl-conformance merge OUT IN...`: joins shard JUnit reports into one valid report.
struct MergeCommand: Command {
    let name = "merge"
    let abstract = "Join JUnit reports of shards (--shard i/n) into one report."
    let discussion = """
        Counts are recomputed from the cases and cases are sorted by classname and name. A
        test case present in several shards keeps its run result over another shard's skip.
        Reports of different specs (id, version or SHA-256) are refused. The output is
        written atomically. Exit status: 0 when the merged report was written, 64 when an
        input is unreadable or from another spec. Gating is the shard jobs' business: each
        shard's own exit status says whether it passed.
        """
    let signature = CommandSignature(
        options: [.flag("--junit-strict", help: "Write JUnit XML that also passes the strict Ant schema.")],
        arguments: [
            ArgumentDefinition(name: "out", arity: .one, help: "Where to write the merged report."),
            ArgumentDefinition(name: "in", arity: .oneOrMore, help: "A shard's JUnit report."),
        ])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard let out = arguments.argument("out") else { return ExitStatus.usage.rawValue }
        let inputs = arguments.arguments("in").map { URL(fileURLWithPath: $0) }
        do {
            let merged = try JUnitMerger.merge(files: inputs)
            try AtomicFileWriter.write(merged.render(strict: arguments.flag("--junit-strict")), to: URL(fileURLWithPath: out))
            let cases = merged.suites.reduce(0) { $0 + $1.cases.count }
            StandardStreams.err("merged \(inputs.count) report\(inputs.count == 1 ? "" : "s") (\(cases) test case\(cases == 1 ? "" : "s")) into \(out)")
            return ExitStatus.passed.rawValue
        } catch let error as JUnitMerger.MergeError {
            StandardStreams.err("error: \(error)")
            return ExitStatus.usage.rawValue
        } catch {
            StandardStreams.err("error: \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
    }
}
