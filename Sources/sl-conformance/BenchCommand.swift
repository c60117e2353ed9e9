import Foundation
import SingleLoginBenchmarks
import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance bench`: measures the harness on this machine against its targets and the pipe floor.
struct BenchCommand: Command {
    let name = "bench"
    let abstract = "Measure round trips, throughput, report writing and spec loading against the targets."
    let discussion = """
        Prints, for this machine: the stdio adapter round trip against a raw pipe echo; the shipped
        spec's requirements per second in process and over stdio with the harness's share of CPU;
        --jobs 1, 2 and 4 with a check that their reports are identical; 100,000 JUnit testcases
        (time and peak memory, in a child process); and loading a generated 10 MB spec.
        Build in release mode for meaningful figures (see docs/performance.md):
          swift build -c release && .build/release/sl-conformance bench
        Exit status: 0 when it ran (missed targets are printed, not failed); 2 when a part broke.
        """
    let signature = CommandSignature(options: [
        .option("--iterations", value: "n", default: "2000", help: "Round trips measured per method."),
        .option("--repetitions", value: "n", default: "5", help: "Whole-spec runs per configuration (the median is reported)."),
        .option("--adapter", value: "command", help: "The stdio adapter; default: sl-reference-adapter next to this executable."),
        .option("--echo", value: "command", default: "cat", help: "The echo child for the pipe floor: writes back every line at once."),
        .option("--spec", value: "file", default: ListCommand.defaultSpec, help: "The spec run whole."),
        .option("--format", value: "format", allowed: ["text", "json"], default: "text", help: "Print a table or JSON."),
    ])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        if let request = ReportWriterBenchmark.requestFromEnvironment() {
            StandardStreams.out(ReportWriterBenchmark.encode(ReportWriterBenchmark.serve(request)))
            return ExitStatus.passed.rawValue
        }
        let iterations = try Self.count(arguments, "--iterations")
        let repetitions = try Self.count(arguments, "--repetitions")
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let adapter = arguments.value("--adapter") ?? ReportWriterBenchmark.shellQuoted(directory.appendingPathComponent("sl-reference-adapter").path)
        let specPath = arguments.value("--spec") ?? ListCommand.defaultSpec
        let loaded: LoadedSpec
        do { loaded = try SpecLoader.load(path: specPath) } catch {
            StandardStreams.err(error.description)
            return ExitStatus.invalidSpec.rawValue
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("sl-bench-\(ProcessInfo.processInfo.processIdentifier)")
        do { try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true) } catch {
            StandardStreams.err("error: cannot create \(temporary.path): \(error.localizedDescription)")
            return ExitStatus.adapterOrHarnessError.rawValue
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let configuration = BenchmarkSuite.Configuration(
            iterations: iterations, adapterCommand: adapter, echoCommand: arguments.value("--echo") ?? "cat", spec: loaded,
            repetitions: repetitions, temporaryDirectory: temporary, reportWriterCommand: (executable, [name]))
        let suite = BenchmarkSuite(configuration: configuration) { part in StandardStreams.err("bench: \(part)...") }
        do {
            var report = try await suite.run()
            report.machine["build"] = Self.buildConfiguration
            if arguments.value("--format") == "json" {
                StandardStreams.out(String(decoding: report.renderJSON(), as: UTF8.self))
            } else {
                StandardStreams.out(report.renderText())
            }
            return ExitStatus.passed.rawValue
        } catch {
            StandardStreams.err("error: the benchmark broke: \(error)")
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

    static func count(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> Int {
        let text = arguments.value(option) ?? ""
        guard let value = Int(text), value >= 1 else {
            throw UsageError("The value '\(text)' is invalid for '\(option) <n>'", suggestion: "Please give a whole number of at least 1.")
        }
        return value
    }
}
