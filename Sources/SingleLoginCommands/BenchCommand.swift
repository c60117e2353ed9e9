import CommandLineKit
import Foundation
import SingleLoginBackend
import SingleLoginBenchmarks
import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance bench`: measures the harness on this machine against its targets and the pipe floor.
package struct BenchCommand: Command {
    /// `bench`'s options.
    package struct Options: OptionGroup {
        /// `--iterations <n>`.
        package static let iterations = Option("--iterations", value: "n", default: "2000", help: "Round trips measured per method.", parser: .positiveInteger)
        /// `--repetitions <n>`.
        package static let repetitions = Option(
            "--repetitions", value: "n", default: "5", help: "Whole-spec runs per configuration (the median is reported).", parser: .positiveInteger)
        /// `--adapter <command>`.
        package static let adapter = Option(
            "--adapter", value: "command", help: "The Swift adapter host; default: sl-reference-adapter next to this executable.")
        /// `--canned <command>`.
        package static let canned = Option("--canned", value: "command", help: "The minimal adapter; default: sl-canned-adapter next to this executable.")
        /// `--echo <command>`.
        package static let echo = Option(
            "--echo", value: "command",
            help: "The echo child for the pipe floor, which writes back every line at once; default: the minimal adapter with --echo.")
        /// `--spec <file>`.
        package static let spec = Option("--spec", value: "file", help: "The spec run whole (default: the embedded \(DefaultSpecs.catalogue.name) spec).")
        /// `--format text|json`.
        package static let format = OutputFormat.option(help: "Print a table or JSON.")

        package static var signature: CommandSignature { CommandSignature([iterations, repetitions, adapter, canned, echo, spec, format]) }

        /// Round trips per method.
        package var iterations: Int
        /// Whole-spec runs per configuration.
        package var repetitions: Int
        /// The Swift adapter host, or nil for the reference adapter next to this executable.
        package var adapter: String?
        /// The minimal adapter, or nil for sl-canned-adapter next to this executable.
        package var canned: String?
        /// The echo child, or nil for the minimal adapter with `--echo`.
        package var echo: String?
        /// The spec run whole.
        package var spec: SpecSource
        /// Table or JSON.
        package var format: OutputFormat

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            iterations = try arguments.value(Self.iterations) ?? 2000
            repetitions = try arguments.value(Self.repetitions) ?? 5
            adapter = try arguments.value(Self.adapter)
            canned = try arguments.value(Self.canned)
            echo = try arguments.value(Self.echo)
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.catalogue)
            format = try arguments.value(Self.format) ?? .text
        }
    }

    package let name = "bench"
    package let abstract = "Measure round trips, throughput, report writing and spec loading against the targets."
    package let discussion = """
        Prints, for this machine: one observe round trip from the floor up (a pipe ping-pong, the
        minimal C adapter sl-canned-adapter, the harness to it, the harness to the Swift adapter host),
        with the targets harness <= 2x the floor and Swift host <= 2x the minimal adapter; the shipped
        spec's requirements per second in process and over stdio with the harness's share of CPU;
        --jobs 1, 2 and 4 with a check that their reports are identical; 100,000 JUnit testcases and
        an HTML report of 100,000 test cases (time and peak memory, in a child process); the size of
        the shipped spec's evidence bundle, signed, and the time 'verify --trusted-key' takes to check
        it (in a child process, at least 3 times); diff and --baseline on two reports of 100,000 test cases, and the merge of 10 explore shards; and loading a generated 10 MB spec.
        Build in release mode for meaningful figures (see docs/performance.md):
          swift build -c release && .build/release/sl-conformance bench
        Exit status: 0 when it ran (missed targets are printed, not failed); 2 when a part broke.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        if let request = ReportWriterBenchmark.requestFromEnvironment() {
            output.out(ReportWriterBenchmark.encode(ReportWriterBenchmark.serve(request)))
            return ExitStatus.passed.rawValue
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let adapter = options.adapter ?? ReportWriterBenchmark.shellQuoted(directory.appendingPathComponent("sl-reference-adapter").path)
        let canned = options.canned ?? ReportWriterBenchmark.shellQuoted(directory.appendingPathComponent("sl-canned-adapter").path)
        let loaded: LoadedSpec
        do { loaded = try SpecInput.catalogue(options.spec) } catch { return error.report(to: output) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("sl-bench-\(ProcessInfo.processInfo.processIdentifier)")
        do { try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true) } catch {
            output.err("error: cannot create \(temporary.path): \(error.localizedDescription)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let specBytes: [UInt8]
        do { specBytes = try SpecInput.bytes(options.spec) } catch { return error.report(to: output) }
        var configuration = BenchmarkSuite.Configuration(
            iterations: options.iterations, adapterCommand: adapter, cannedCommand: canned, echoCommand: options.echo, spec: loaded,
            repetitions: options.repetitions, temporaryDirectory: temporary, reportWriterCommand: (executable, [name]))
        configuration.specBytes = specBytes
        if case let .file(path) = options.spec { configuration.specFile = path }
        // The bundle is signed as a certifier would check it; any RSA-2048 key costs the same, and the
        // backend's test tenant key is one this binary already carries.
        configuration.signingKey = TestKeys.tenant.key
        let suite = BenchmarkSuite(configuration: configuration) { part in output.err("bench: \(part)...") }
        do {
            var report = try await suite.run()
            report.machine["build"] = Self.buildConfiguration
            switch options.format {
            case .json: output.out(String(decoding: report.renderJSON(), as: UTF8.self))
            case .text: output.out(report.renderText())
            }
            return ExitStatus.passed.rawValue
        } catch {
            output.err("error: the benchmark broke: \(error)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
    }

    /// `release` or `debug`, so a debug figure is never mistaken for a release one.
    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
