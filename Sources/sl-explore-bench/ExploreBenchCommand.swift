import CommandLineKit
import Foundation
import SingleLoginBenchmarks
import SingleLoginSpec

/// `sl-explore-bench`: explore's figures against its targets (docs/performance.md, "Explore"), on this machine.
struct ExploreBenchCommand: Command {
    struct Options: OptionGroup {
        static let seeds = Option(
            "--seeds", value: "list", default: "1,2,3,4,5", help: "Comma-separated seeds the flaws are hunted with.",
            parser: ValueParser(expectation: "Please give seeds as 1,2,3.") { text in
                let seeds = text.split(separator: ",").map { UInt64($0.trimmingCharacters(in: .whitespaces)) }
                return seeds.isEmpty || seeds.contains(nil) ? nil : seeds.compactMap { $0 }
            })
        static let throughputRuns = Option("--throughput-runs", value: "n", default: "2000", help: "Histories per throughput figure.", parser: .positiveInteger)
        static let falsePositiveRuns = Option(
            "--false-positive-runs", value: "n", default: "10000", help: "Histories played on each conformant app.", parser: .positiveInteger)
        static let python = Option(
            "--python", value: "command", default: "python3 Examples/python-adapter/adapter.py", help: "The Python example's adapter; 'none' leaves it out.")
        static let adapter = Option("--adapter", value: "command", help: "The reference app over stdio; default: sl-reference-adapter next to this executable.")
        static let spec = Option(
            "--spec", value: "file", default: "specs/single-login.json", help: "The catalogue, to find the scenario that catches each flaw.")
        static let format = Option(
            "--format", value: "format", default: "text", help: "Print a table or JSON.", parser: .choice(["text": false, "json": true]))

        static var signature: CommandSignature { CommandSignature([seeds, throughputRuns, falsePositiveRuns, python, adapter, spec, format]) }

        var seeds: [UInt64]
        var throughputRuns: Int
        var falsePositiveRuns: Int
        var python: String?
        var adapter: String?
        var spec: String
        var json: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            seeds = try arguments.value(Self.seeds) ?? [1, 2, 3, 4, 5]
            throughputRuns = try arguments.value(Self.throughputRuns) ?? 2000
            falsePositiveRuns = try arguments.value(Self.falsePositiveRuns) ?? 10_000
            let python = try arguments.value(Self.python) ?? "python3 Examples/python-adapter/adapter.py"
            self.python = python == "none" ? nil : python
            adapter = try arguments.value(Self.adapter)
            spec = try arguments.value(Self.spec) ?? "specs/single-login.json"
            json = try arguments.value(Self.format) ?? false
        }
    }

    let name = "sl-explore-bench"
    let abstract = "Measure explore: histories per second, runs to each flaw, shrunk lengths, false positives."
    let discussion = """
        Prints histories per second in process and over stdio (targets 500/s and 100/s); for every
        reference flaw (and the Python example's flaws) the runs and seconds until the first
        violation over each seed, and the shrunk counterexample's steps against the shortest
        catalogue scenario that catches it (targets: within 2000 runs, at most one step more);
        and violations in --false-positive-runs histories on the reference app and the Python
        example (target: 0). Build in release mode for meaningful figures:
          swift build -c release && .build/release/sl-explore-bench
        Exit status: 0 when it ran (missed targets are printed, not failed); 65 unreadable spec.
        """

    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let loaded: LoadedSpec
        do { loaded = try SpecLoader.load(path: options.spec) } catch {
            output.err(error.description)
            return 65
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let adapter = options.adapter ?? URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("sl-reference-adapter").path
        let benchmark = ExploreBenchmark(
            configuration: .init(
                stdioAdapter: adapter, pythonAdapter: options.python, seeds: options.seeds,
                throughputRuns: options.throughputRuns, falsePositiveRuns: options.falsePositiveRuns, catalogue: loaded))
        var report = await benchmark.run { output.err("explore-bench: \($0)...") }
        report.machine = [
            "cores": String(ProcessInfo.processInfo.activeProcessorCount), "build": Self.build, "seeds": options.seeds.map(String.init).joined(separator: ","),
        ]
        output.out(options.json ? String(decoding: report.renderJSON(), as: UTF8.self) : report.renderText())
        return 0
    }

    static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
