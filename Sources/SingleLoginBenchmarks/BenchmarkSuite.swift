import Foundation
import ReferenceApp
import SingleLoginConformance
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTransport

/// Every measurement of `sl-conformance bench`, run in one go and gathered into a ``BenchmarkReport``.
///
/// The suite runs the bundled reference app in process, renders the reports it compares with
/// the report recorders themselves, and measures JUnit writing in a child: the executable named
/// by ``Configuration/reportWriterCommand``, which must answer ``ReportWriterBenchmark`` requests.
package struct BenchmarkSuite: Sendable {
    /// What to run and how often.
    package struct Configuration: Sendable {
        /// Round trips measured per method.
        package var iterations: Int
        /// The Swift adapter host's command line (the reference adapter over stdio).
        package var adapterCommand: String
        /// The minimal adapter's command line (`sl-canned-adapter`).
        package var cannedCommand: String
        /// The echo child for the pipe floor (`sl-canned-adapter --echo`).
        package var echoCommand: String
        /// The spec run whole (the shipped one).
        package var spec: LoadedSpec
        /// Whole-spec runs per configuration; the median is reported.
        package var repetitions: Int
        /// The job counts compared; the first is the reference.
        package var jobCounts: [Int]
        /// Synthetic test cases written as JUnit.
        package var junitCases: Int
        /// Size of the generated spec, in bytes.
        package var generatedSpecBytes: Int
        /// Where temporary files go (a directory that exists).
        package var temporaryDirectory: URL
        /// The shipped spec's bytes, bundled by the evidence bundle figure.
        package var specBytes: [UInt8] = []
        /// The file the spec was read from, as `--spec` named it (nil: the embedded catalogue): the
        /// evidence bundle's command line and spec origin say so, as a run's would.
        package var specFile: String?
        /// The key that signs the evidence bundle, which `verify --trusted-key` then checks (nil: unsigned).
        package var signingKey: RSAPrivateKey?
        /// The executable and arguments that serve a ``ReportWriterBenchmark`` request in a child process.
        package var reportWriterCommand: (executable: String, arguments: [String])

        /// Creates a configuration with the sizes: 100,000 JUnit cases, a 10 MB spec, jobs 1, 2 and 4.
        package init(
            iterations: Int = 2000, adapterCommand: String, cannedCommand: String, echoCommand: String? = nil, spec: LoadedSpec, repetitions: Int = 5,
            jobCounts: [Int] = [1, 2, 4], junitCases: Int = 100_000, generatedSpecBytes: Int = 10_000_000, temporaryDirectory: URL,
            reportWriterCommand: (executable: String, arguments: [String])
        ) {
            self.iterations = iterations
            self.adapterCommand = adapterCommand
            self.cannedCommand = cannedCommand
            self.echoCommand = echoCommand ?? cannedCommand + " --echo"
            self.spec = spec
            self.repetitions = repetitions
            self.jobCounts = jobCounts
            self.junitCases = junitCases
            self.generatedSpecBytes = generatedSpecBytes
            self.temporaryDirectory = temporaryDirectory
            self.reportWriterCommand = reportWriterCommand
        }
    }

    /// What to run.
    package var configuration: Configuration
    /// Hears the title of each part as it starts (progress on stderr).
    package var progress: @Sendable (String) -> Void

    /// Creates a suite.
    package init(configuration: Configuration, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.progress = progress
    }

    /// The targets: the harness within 2x the pipe floor, the Swift adapter host within 2x the
    /// minimal adapter, the whole spec over stdio under 0.5 s, 100,000 JUnit test cases under
    /// 1 s and 100 MB.
    package enum Targets {
        /// Harness to the minimal adapter, over the pipe floor.
        package static let harnessRatio = BenchmarkTarget(.atMost, 2)
        /// Harness to the Swift adapter host, over harness to the minimal adapter.
        package static let hostRatio = BenchmarkTarget(.atMost, 2)
        /// The shipped spec over stdio, adapter start included, in seconds.
        package static let stdioSpecWall = BenchmarkTarget(.below, 0.5)
        /// 100,000 JUnit testcases, in seconds.
        package static let junitSeconds = BenchmarkTarget(.below, 1)
        /// 100,000 JUnit testcases, peak bytes of the writing process.
        package static let junitPeakBytes = BenchmarkTarget(.below, 100_000_000)
        /// 100,000 test cases in the HTML report, in seconds.
        package static let htmlSeconds = BenchmarkTarget(.below, 2)
        /// 100,000 test cases in the HTML report, peak bytes of the writing process.
        package static let htmlPeakBytes = BenchmarkTarget(.below, 150_000_000)
        /// The evidence bundle of the shipped spec, in bytes.
        package static let bundleBytes = BenchmarkTarget(.below, 5_000_000)
        /// `sl-conformance verify` of that bundle, in seconds.
        package static let verifySeconds = BenchmarkTarget(.below, 1)
        /// `diff` and `--baseline` on two reports of 100,000 test cases, in seconds.
        package static let baselineSeconds = BenchmarkTarget(.below, 1)
        /// Reports that differ from the --jobs 1 report.
        package static let differingReports = BenchmarkTarget(.atMost, 0)
    }

    /// Runs every part and returns the report.
    package func run() async throws -> BenchmarkReport {
        var report = BenchmarkReport(machine: [
            "cores": String(ProcessInfo.processInfo.activeProcessorCount),
            "os": ProcessInfo.processInfo.operatingSystemVersionString,
            "iterations": String(configuration.iterations),
            "repetitions": String(configuration.repetitions),
        ])
        // Each part, named as the progress line names it, in the order the report lists them.
        let parts: [(String, () async throws -> [BenchmarkReport.Section])] = [
            ("stdio round trip", { [try await roundTripSection()] }),
            ("whole spec, in process and over stdio", { await specSections() }),
            ("--jobs", { [await jobsSection()] }),
            ("JUnit writing", { [try junitSection()] }),
            ("HTML report writing", { [try htmlSection()] }),
            ("evidence bundle", { [try await bundleSection()] }),
            ("baseline comparison", { [try baselineSection()] }),
            ("explore merge", { [try exploreMergeSection()] }),
            ("spec loading", { [try specLoadingSection()] }),
        ]
        for (name, part) in parts {
            progress(name)
            report.sections += try await part()
        }
        return report
    }

    func roundTripSection() async throws -> BenchmarkReport.Section {
        let benchmark = RoundTripBenchmark(
            cannedCommand: configuration.cannedCommand, echoCommand: configuration.echoCommand, hostCommand: configuration.adapterCommand,
            iterations: configuration.iterations, warmUp: min(200, configuration.iterations), spec: configuration.spec.spec)
        let result = try await benchmark.run()
        func ratio(_ over: Double, _ under: Double) -> Double { under > 0 ? over / under : .infinity }
        var starts: [Double] = []
        for _ in 0..<5 {
            let started = ContinuousClock.now
            let adapter = try await WireAdapter.start(command: configuration.adapterCommand)
            starts.append((ContinuousClock.now - started).inSeconds)
            await adapter.close()
        }
        return BenchmarkReport.Section(
            title: "observe round trip (\(result.floor.count) each, \(result.lineBytes)-byte answers)",
            figures: [
                BenchmarkFigure(
                    key: "roundTrip.floor.median", title: "pipe ping-pong floor, median", value: result.floor.median, unit: .seconds,
                    note: "write + blocking read to '\(configuration.echoCommand)'"),
                BenchmarkFigure(key: "roundTrip.floor.p95", title: "pipe ping-pong floor, p95", value: result.floor.p95, unit: .seconds),
                BenchmarkFigure(
                    key: "roundTrip.cannedRaw.median", title: "minimal adapter, blocking client, median", value: result.cannedRaw.median, unit: .seconds,
                    note: "the harness's request bytes, no JSON on this side"),
                BenchmarkFigure(
                    key: "roundTrip.harnessToCanned.median", title: "harness to minimal adapter, median", value: result.harnessToCanned.median, unit: .seconds,
                    note: configuration.cannedCommand),
                BenchmarkFigure(
                    key: "roundTrip.harnessToCanned.p95", title: "harness to minimal adapter, p95", value: result.harnessToCanned.p95, unit: .seconds),
                BenchmarkFigure(
                    key: "roundTrip.harnessToHost.median", title: "harness to Swift adapter host, median", value: result.harnessToHost.median, unit: .seconds,
                    note: configuration.adapterCommand),
                BenchmarkFigure(
                    key: "roundTrip.harnessToHost.p95", title: "harness to Swift adapter host, p95", value: result.harnessToHost.p95, unit: .seconds),
                BenchmarkFigure(
                    key: "roundTrip.harnessRatio.median", title: "harness / floor, median", value: ratio(result.harnessToCanned.median, result.floor.median),
                    unit: .ratio, target: Targets.harnessRatio),
                BenchmarkFigure(
                    key: "roundTrip.hostRatio.median", title: "Swift host / minimal adapter, median",
                    value: ratio(result.harnessToHost.median, result.harnessToCanned.median), unit: .ratio, target: Targets.hostRatio),
                BenchmarkFigure(
                    key: "roundTrip.cannedRatio.median", title: "minimal adapter / floor, median (no target)",
                    value: ratio(result.cannedRaw.median, result.floor.median), unit: .ratio),
                BenchmarkFigure(
                    key: "adapter.start.median", title: "adapter start + handshake, median of 5", value: LatencySummary(samples: starts).median, unit: .seconds),
            ])
    }

    func specSections() async -> [BenchmarkReport.Section] {
        let spec = configuration.spec
        let inProcess = SpecRunBenchmark(spec: spec.spec, specSHA256: spec.sha256Hex) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let command = configuration.adapterCommand
        let stdio = SpecRunBenchmark(spec: spec.spec, specSHA256: spec.sha256Hex) { StdioAdapterProvider(command: command) }
        _ = await inProcess.run()  // warm caches once; not reported
        let local = SpecRunBenchmark.median(await inProcess.run(repetitions: configuration.repetitions))!
        let remote = SpecRunBenchmark.median(await stdio.run(repetitions: configuration.repetitions))!
        let outcome = { (m: SpecRunBenchmark.Measurement) in
            "\(m.summary.passed) passed, \(m.summary.failedMust + m.summary.failedShould) failed, \(m.summary.errored) errored"
        }
        return [
            BenchmarkReport.Section(
                title:
                    "whole shipped spec in process (\(local.requirements) requirements, \(local.testCases) test cases; median of \(configuration.repetitions))",
                figures: [
                    BenchmarkFigure(key: "spec.inProcess.wall", title: "wall time", value: local.wallSeconds, unit: .seconds),
                    BenchmarkFigure(
                        key: "spec.inProcess.requirementsPerSecond", title: "requirements per second", value: local.requirementsPerSecond, unit: .perSecond),
                    BenchmarkFigure(
                        key: "spec.inProcess.testCasesPerSecond", title: "test cases per second", value: local.testCasesPerSecond, unit: .perSecond),
                ], notes: [outcome(local)]),
            BenchmarkReport.Section(
                title: "whole shipped spec over stdio, adapter start included (median of \(configuration.repetitions))",
                figures: [
                    BenchmarkFigure(key: "spec.stdio.wall", title: "wall time", value: remote.wallSeconds, unit: .seconds, target: Targets.stdioSpecWall),
                    BenchmarkFigure(
                        key: "spec.stdio.requirementsPerSecond", title: "requirements per second", value: remote.requirementsPerSecond, unit: .perSecond),
                    BenchmarkFigure(key: "spec.stdio.testCasesPerSecond", title: "test cases per second", value: remote.testCasesPerSecond, unit: .perSecond),
                    BenchmarkFigure(key: "spec.stdio.harnessCPU", title: "harness CPU (RUSAGE_SELF)", value: remote.harness.cpuSeconds, unit: .seconds),
                    BenchmarkFigure(key: "spec.stdio.adapterCPU", title: "adapter CPU (RUSAGE_CHILDREN)", value: remote.adapters.cpuSeconds, unit: .seconds),
                    BenchmarkFigure(key: "spec.stdio.harnessShare", title: "harness share of CPU", value: remote.harnessCPUShare, unit: .fraction),
                    BenchmarkFigure(
                        key: "spec.stdio.cpuPerWall", title: "CPU used / wall time (2 cores = 2.00x)",
                        value: remote.wallSeconds > 0 ? (remote.harness.cpuSeconds + remote.adapters.cpuSeconds) / remote.wallSeconds : 0, unit: .ratio),
                ], notes: [outcome(remote)]),
        ]
    }

    func jobsSection() async -> BenchmarkReport.Section {
        let spec = configuration.spec
        let command = configuration.adapterCommand
        let stdio = SpecRunBenchmark(spec: spec.spec, specSHA256: spec.sha256Hex) { StdioAdapterProvider(command: command) }
        var figures: [BenchmarkFigure] = []
        var notes: [String] = []
        var reference: (wall: Double, reports: Data)?
        var differing = 0
        for jobs in configuration.jobCounts {
            let runs = await stdio.run(jobs: jobs, repetitions: configuration.repetitions)
            let median = SpecRunBenchmark.median(runs)!
            figures.append(BenchmarkFigure(key: "jobs.\(jobs).wall", title: "--jobs \(jobs): wall time", value: median.wallSeconds, unit: .seconds))
            for run in runs {
                let reports = Self.renderReports(run.events.map { $0.normalisedForComparison() })
                guard let reference else { reference = (median.wallSeconds, reports); continue }
                if let difference = ReportComparison.firstDifference(reference.reports, reports) {
                    differing += 1
                    if notes.count < 3 { notes.append("--jobs \(jobs) report differs from --jobs \(configuration.jobCounts[0]): \(difference)") }
                }
            }
            if let reference, jobs != configuration.jobCounts[0] {
                figures.append(
                    BenchmarkFigure(
                        key: "jobs.\(jobs).speedUp", title: "--jobs \(jobs): speed-up over --jobs \(configuration.jobCounts[0])",
                        value: median.wallSeconds > 0 ? reference.wall / median.wallSeconds : 0, unit: .ratio))
            }
        }
        let compared = configuration.jobCounts.count * configuration.repetitions - 1
        figures.append(
            BenchmarkFigure(
                key: "jobs.differingReports", title: "reports differing from the first (of \(compared))", value: Double(differing), unit: .count,
                target: Targets.differingReports, note: "JUnit XML + JSON Lines, dates and durations normalised"))
        return BenchmarkReport.Section(
            title: "--jobs over stdio (median of \(configuration.repetitions) each; \(ProcessInfo.processInfo.activeProcessorCount) cores)", figures: figures,
            notes: notes)
    }

    /// `request` answered by the report writer ``Configuration/reportWriterCommand`` starts.
    func measureReportWriter(_ request: ReportWriterBenchmark.Request) throws -> ReportWriterBenchmark.Measurement {
        let (executable, arguments) = configuration.reportWriterCommand
        return try ReportWriterBenchmark.measure(executable: executable, arguments: arguments, request: request)
    }

    func junitSection() throws -> BenchmarkReport.Section {
        let count = configuration.junitCases
        let output = configuration.temporaryDirectory.appendingPathComponent("junit-probe.xml").path
        let idle = try measureReportWriter(.init(count: 0, render: false, output: output))
        let input = try measureReportWriter(.init(count: count, render: false, output: output))
        let full = try measureReportWriter(.init(count: count, render: true, output: output))
        try? FileManager.default.removeItem(atPath: output)
        return BenchmarkReport.Section(
            title: "JUnit writing: \(count) synthetic testcases (2 % failing), in a child process",
            figures: [
                full.secondsFigure(.junit, target: Targets.junitSeconds, note: "each test case rendered as it ends"),
                BenchmarkFigure(key: "junit.seconds.input", title: "making the events alone", value: input.answer.seconds, unit: .seconds),
                full.peakFigure(.junit, target: Targets.junitPeakBytes),
                input.inputPeakFigure(.junit),
                BenchmarkFigure(key: "junit.peak.idle", title: "peak RSS, idle process", value: Double(idle.peakBytes), unit: .bytes),
                full.sizeFigure(.junit),
            ], notes: ["the writer's own peak is about \(BenchmarkFigure.format(Double(full.peakBytes - input.peakBytes), .bytes)) over the input's"])
    }

    func specLoadingSection() throws -> BenchmarkReport.Section {
        let data = SpecGenerator.generate(minimumBytes: configuration.generatedSpecBytes)
        let url = configuration.temporaryDirectory.appendingPathComponent("generated-spec.json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var samples: [Double] = []
        var loaded: LoadedSpec?
        for _ in 0..<3 {
            let started = ContinuousClock.now
            loaded = try? SpecLoader.load(path: url.path)
            samples.append((ContinuousClock.now - started).inSeconds)
        }
        guard let loaded else { throw BenchmarkProcess.Failure("the generated spec did not load") }
        let scenarios = loaded.spec.requirements.reduce(0) { $0 + $1.scenarios.count }
        let median = LatencySummary(samples: samples).median
        return BenchmarkReport.Section(
            title: "spec loading: generated spec, \(loaded.spec.requirements.count) requirements, \(scenarios) scenarios (median of 3)",
            figures: [
                BenchmarkFigure(key: "specLoad.bytes", title: "spec size", value: Double(data.count), unit: .bytes),
                BenchmarkFigure(key: "specLoad.seconds", title: "load (read, parse, check, SHA-256)", value: median, unit: .seconds),
                BenchmarkFigure(
                    key: "specLoad.bytesPerSecond", title: "throughput, MB/s", value: median > 0 ? Double(data.count) / median / 1e6 : 0, unit: .count),
            ])
    }

    /// The JUnit XML and JSON Lines reports of a run, one after the other: what `--jobs` runs must agree on.
    static func renderReports(_ events: [Event]) -> Data {
        var record = RunRecord()
        var lines = Data()
        for event in events {
            record.take(event)
            lines.append(JSONLinesRecorder.line(for: event))
        }
        return JUnitXMLRecorder.render(
            results: record.orderedResults, context: record.effectiveContext, duration: record.summary?.duration, steps: record.steps) + lines
    }
}
