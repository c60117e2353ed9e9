import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import Synchronization

/// `sl-conformance merge OUT IN...`: joins shards' reports into one: JUnit XML into one valid
/// report, or event streams (`.jsonl`) into one run's stream, and from it the merged `summary.md`
/// (`--markdown`) and HTML report (`--html`), rendered by the same recorders as a run's.
package struct MergeCommand: Command {
    /// `merge`'s options.
    package struct Options: OptionGroup {
        /// Where the merged report goes.
        package static let out = Argument("out", arity: .one, help: "Where to write the merged report.")
        /// The shard reports.
        package static let inputs = Argument("in", arity: .oneOrMore, help: "A shard's JUnit report, or a shard's event stream (.jsonl).")
        /// `--markdown <file>`: the merged summary.md, from event streams.
        package static let markdown = Option("--markdown", value: "file", help: "With event streams: also write the merged summary.md here.")
        /// `--html <file>`: the merged report.html, from event streams.
        package static let html = Option("--html", value: "file", help: "With event streams: also write the merged report.html here.")
        package static var signature: CommandSignature {
            CommandSignature([JUnitOptions.strict, markdown, html, BadgeOption.badge], arguments: [out, inputs])
        }

        /// Write the strict form.
        package var junitStrict: Bool
        /// Where the merged report goes, as given.
        package var outputPath: String
        /// The shard reports, in order.
        package var inputs: [URL]
        /// Where the merged summary.md goes, if anywhere.
        package var markdownFile: URL?
        /// Where the merged report.html goes, if anywhere.
        package var htmlFile: URL?
        /// Where the merged run's shields.io badge goes, if anywhere.
        package var badgeFile: URL?

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            junitStrict = arguments.flag(JUnitOptions.strict)
            outputPath = try arguments.value(Self.out) ?? ""
            inputs = try arguments.values(Self.inputs).map { URL(fileURLWithPath: $0) }
            markdownFile = try arguments.value(Self.markdown).map { URL(fileURLWithPath: $0) }
            htmlFile = try arguments.value(Self.html).map { URL(fileURLWithPath: $0) }
            badgeFile = try arguments.value(BadgeOption.badge).map { URL(fileURLWithPath: $0) }
            let streams = inputs.filter { $0.pathExtension == "jsonl" }.count
            guard streams == 0 || streams == inputs.count else {
                throw UsageError(
                    "merge joins reports of one kind, and was given both JUnit reports and event streams (.jsonl)",
                    suggestion: "Give the shards' junit.xml files, or their event streams (.jsonl), not both.")
            }
            let rendered = [
                ("--markdown", markdownFile, "summary.md is rendered"), ("--html", htmlFile, "report.html is rendered"),
                ("--badge", badgeFile, "the badge is computed"),
            ]
            for (option, file, what) in rendered where streams == 0 && file != nil {
                throw UsageError(
                    "\(option) needs the shards' event streams: \(what) from them",
                    suggestion: "Run each shard with '--events FILE' (run --shard i/n --events FILE) and give merge those .jsonl files.")
            }
            try Self.refuseOverlaps(outputs: outputs, inputs: inputs)
        }

        /// Every file merge writes, each with the word that named it (`OUT`, `--markdown`, ...).
        var outputs: [(name: String, url: URL)] {
            [("OUT", URL(fileURLWithPath: outputPath))]
                + [("--markdown", markdownFile), ("--html", htmlFile), ("--badge", badgeFile)].compactMap { name, url in
                    url.map { (name, $0) }
                }
        }

        /// Refuses an input given twice, two outputs that are one file, and an output that is an
        /// input (merge would overwrite the report it reads).
        static func refuseOverlaps(outputs: [(name: String, url: URL)], inputs: [URL]) throws(UsageError) {
            var inputNames: [String: String] = [:]
            for input in inputs {
                let identity = FileIdentity(input)
                if let earlier = inputNames[identity.key] {
                    throw UsageError(
                        earlier == input.path
                            ? "'\(input.path)' is given twice as an input" : "'\(earlier)' and '\(input.path)' are the same file, given twice as inputs",
                        suggestion: "Give each shard's report once.")
                }
                inputNames[identity.key] = input.path
            }
            var outputNames: [String: String] = [:]
            for output in outputs {
                let identity = FileIdentity(output.url)
                if let input = inputNames[identity.key] {
                    let same = input == output.url.path ? "" : " (the same file as the input '\(input)')"
                    throw UsageError(
                        "\(output.name) '\(output.url.path)' is also an input\(same): merge would overwrite a report it reads",
                        suggestion: "Write \(output.name) to a path that is not an input, e.g. in a directory of its own.")
                }
                if let earlier = outputNames[identity.key] {
                    throw UsageError(
                        "\(earlier) and \(output.name) are the same file, '\(output.url.path)': one would overwrite the other",
                        suggestion: "Give each output a path of its own.")
                }
                outputNames[identity.key] = output.name
            }
        }

        /// Whether the inputs are event streams.
        var mergesEvents: Bool { inputs.first?.pathExtension == "jsonl" }
    }

    package let name = "merge"
    package let abstract = "Join the reports of shards (--shard i/n): JUnit, event streams, summary.md, report.html."
    package let discussion = """
        A shard's report holds its own test cases only. Each requirement's suite comes where it
        first appears, in the order the reports are given (shard 1's first when given in order);
        within a suite, cases are sorted by name and counts are recomputed. The merged report drops
        the shard property, as it is whole: so the inputs must be every shard of one run (run.shard
        in JUnit, context.shard in an event stream), each once; merge refuses a missing shard, a
        shard given twice, shards of different splits, and a whole run's report among shards.
        Reports that name no shard (whole runs) are joined as they are: a test case in several of
        them keeps its most informative result, a failure or error over a pass, a pass over a skip.
        Given event streams (.jsonl, from run --shard i/n --events FILE), merge writes one run's
        stream to OUT: one runStarted (no shard; mergedShards N; the shards' plans in the spec's
        order when it is an embedded spec, else in the order given), each requirement's events in
        turn, and one runEnded with totals recomputed from every test case (the wall time is the
        longest shard's). With --markdown FILE it also writes the merged summary.md from that
        stream, saying it merged N shards and covering every case, and with --html FILE the merged
        report.html, and with --badge FILE the merged run's badge (its MUST requirements over every
        shard, coloured by the merged result):
          sl-conformance merge all/events.jsonl shard*/events.jsonl --markdown all/summary.md --html all/report.html --badge all/badge.json
        A shard's own summary.md or report.html cannot be read back: merge its event stream instead.
        Explore reports of 'explore --shard i/n' merge into the report of the shard whose violation
        came in the lowest-numbered history, as one exploration of all their histories reports it,
        with every part's histories added up (explore.histories, and the title):
          sl-conformance merge explore-junit.xml part-*/explore-junit.xml
        Reports of different specs (id, version or SHA-256) are refused, and so is an output that
        is one of the inputs (or an input given twice). The output is written atomically.
        Exit status: 0 the merged reports were written; 2 one could not be written (e.g. its
        directory is not writable); 64 usage error: an input unreadable or of another spec, shards
        missing or given twice, or an output that is an input. Gating is the shard jobs' business:
        each shard's own exit status says whether it passed.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        if options.mergesEvents { return mergeEvents(options, output: output) }
        do {
            let merged = try JUnitMerger.merge(options.inputs.map { (path: $0.path, report: try JUnitMerger.parse(try Self.read($0), path: $0.path)) })
            try AtomicFileWriter.write(merged.render(strict: options.junitStrict), to: URL(fileURLWithPath: options.outputPath))
            let cases = merged.suites.reduce(0) { $0 + $1.cases.count }
            let count = options.inputs.count
            output.err("merged \(count) report\(count == 1 ? "" : "s") (\(cases) test case\(cases == 1 ? "" : "s")) into \(options.outputPath)")
            return ExitStatus.passed.rawValue
        } catch {
            return Self.failed(error, output: output)
        }
    }

    /// The test cases of the catalogue, in its order, when the streams ran the embedded one (its
    /// SHA-256 says so): a custom spec's shards are joined in the order they are given.
    static func specOrder(of streams: [(name: String, events: [Event])]) -> [TestCaseID]? {
        let context = streams.lazy.flatMap(\.events).compactMap { event -> RunContext? in
            if case let .runStarted(context, _) = event.kind { context } else { nil }
        }.first
        let catalogue = DefaultSpecs.catalogue
        guard let context, context.kind == .run,
            let loaded = try? SpecLoader.load(bytes: catalogue.bytes, file: catalogue.displayPath), loaded.sha256Hex == context.specSHA256
        else { return nil }
        return loaded.spec.testCaseIDs()
    }

    /// Joins event streams into one, then renders the merged summary.md from it when asked.
    private func mergeEvents(_ options: Options, output: TextOutput) -> Int32 {
        do {
            let streams = try options.inputs.map { (name: $0.path, events: try EventStreamReader.events(in: try Self.read($0), path: $0.path)) }
            let merged = try EventStreamMerger.merge(streams, specOrder: Self.specOrder(of: streams))
            let out = URL(fileURLWithPath: options.outputPath)
            try AtomicFileWriter.write(merged.reduce(into: Data()) { $0.append(JSONLinesRecorder.line(for: $1)) }, to: out)
            var written = [options.outputPath]
            let failure = Mutex<(any Error)?>(nil)
            let onError: @Sendable (any Error) -> Void = { error in failure.withLock { $0 = error } }
            // The same recorders as a run's, fed the merged stream.
            var recorders: [(url: URL, recorder: any EventRecorder)] = []
            if let markdown = options.markdownFile { recorders.append((markdown, MarkdownChecklistRecorder(url: markdown, onError: onError))) }
            if let html = options.htmlFile { recorders.append((html, HTMLReportRecorder(url: html, onError: onError))) }
            for (url, recorder) in recorders {
                for event in merged { recorder.record(event) }
                if let error = failure.withLock({ $0 }) { throw error }
                written.append(url.relativePath)
            }
            if let badge = options.badgeFile {
                var record = RunRecord()
                for event in merged { record.take(event) }
                try AtomicFileWriter.write(ShieldsBadge(record).json, to: badge)
                written.append(badge.relativePath)
            }
            let cases = merged.reduce(0) { count, event in if case .testCaseEnded = event.kind { count + 1 } else { count } }
            let count = options.inputs.count
            output.err(
                "merged \(count) event stream\(count == 1 ? "" : "s") (\(cases) test case\(cases == 1 ? "" : "s")) into \(written.joined(separator: " and "))")
            return ExitStatus.passed.rawValue
        } catch {
            return Self.failed(error, output: output)
        }
    }

    /// The bytes of one input: exit 64 (merge's status for an input it cannot use) when it is missing, unreadable or no file.
    private static func read(_ input: URL) throws(CommandFailure) -> Data {
        try SpecInput.file(input.path, option: "merge", wanted: "the shards' junit.xml (or events.jsonl) files", unreadable: .usage)
    }

    /// Says why the merge failed: inputs that cannot be read or joined are a usage error, anything else the harness's.
    private static func failed(_ error: any Error, output: TextOutput) -> Int32 {
        if let failure = error as? CommandFailure { return failure.report(to: output) }
        output.err("error: \(error)")
        let usage = error is JUnitMerger.MergeError || error is EventStreamReader.ReadError || error is EventStreamMerger.MergeError
        return (usage ? ExitStatus.usage : ExitStatus.adapterOrHarnessError).rawValue
    }
}
