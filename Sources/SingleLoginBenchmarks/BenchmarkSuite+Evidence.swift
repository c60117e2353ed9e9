import Foundation
import SingleLoginTransport
import Synchronization
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

extension BenchmarkSuite {
    /// The HTML report of 100,000 synthetic test cases, written in a child process (time and peak memory).
    func htmlSection() throws -> BenchmarkReport.Section {
        let count = configuration.junitCases
        let output = configuration.temporaryDirectory.appendingPathComponent("report-probe.html").path
        let input = try measureReportWriter(.init(count: count, render: false, output: output, format: .html))
        let full = try measureReportWriter(.init(count: count, render: true, output: output, format: .html))
        try? FileManager.default.removeItem(atPath: output)
        return BenchmarkReport.Section(
            title: "HTML report: \(count) synthetic test cases (2 % failing), in a child process",
            figures: [
                full.secondsFigure(.html, target: Targets.htmlSeconds, note: "the page is rendered once the run ends"),
                full.peakFigure(.html, target: Targets.htmlPeakBytes),
                input.inputPeakFigure(.html),
                full.sizeFigure(.html),
            ])
    }

    /// The evidence bundle of the shipped spec run against the reference app in process: its size,
    /// the time to write it, and the time `sl-conformance verify` takes to check it in a child
    /// process (as a user runs it: process start, reading, every digest, re-judging, re-rendering,
    /// the signature), several times.
    func bundleSection() async throws -> BenchmarkReport.Section {
        let spec = configuration.spec
        let url = configuration.temporaryDirectory.appendingPathComponent("bundle-probe.tar")
        // The command line of the run this stands for, which verify holds the manifest to: the
        // spec, the reference app, one job, signed when a key is given.
        let commandLine =
            ["sl-conformance", "run", "--bundle", url.path] + (configuration.specFile.map { ["--spec", $0] } ?? [])
            + (configuration.signingKey == nil ? [] : ["--sign", "bench-signing-key.pem"])
        var options = EvidenceBundleRecorder.Options(url: url, specBytes: configuration.specBytes, commandLine: commandLine, jobs: 1)
        options.signingKey = configuration.signingKey
        let recorder = EvidenceBundleRecorder(options: options)
        let events = Mutex<[Event]>([])
        let runner = Runner(
            spec: spec.spec, specSHA256: spec.sha256Hex,
            options: Runner.Options(specOrigin: configuration.specFile ?? SpecSource.embeddedOrigin, referenceApp: true),
            makeProvider: { InProcessAdapterProvider { ReferenceAppAdapter() } })
        _ = await runner.run { event in events.withLock { $0.append(event) } }
        let recorded = events.withLock { $0 }
        let started = ContinuousClock.now
        for event in recorded { recorder.record(event) }
        let seconds = (ContinuousClock.now - started).inSeconds
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        defer { try? FileManager.default.removeItem(at: url) }
        guard bytes > 0 else { throw BenchmarkProcess.Failure("the evidence bundle was not written") }
        var words = ["verify", url.path]
        if let key = configuration.signingKey {
            let pem = configuration.temporaryDirectory.appendingPathComponent("bundle-probe.pub.pem")
            try Data(key.publicKey.pem.utf8).write(to: pem)
            words += ["--trusted-key", pem.path]
        }
        let verify = LatencySummary(
            samples: try (0..<max(3, configuration.repetitions)).map { _ in try Self.timeVerify(executable: configuration.reportWriterCommand.executable, words)
            })
        let signed = configuration.signingKey.map { "signed RS256 with an RSA-\($0.publicKey.n.bitWidth) key" } ?? "unsigned"
        return BenchmarkReport.Section(
            title: "evidence bundle: the shipped spec against the reference app (\(recorded.count) events, \(signed))",
            figures: [
                BenchmarkFigure(
                    key: "bundle.bytes", title: "bundle size (ustar, uncompressed)", value: Double(bytes), unit: .bytes, target: Targets.bundleBytes),
                BenchmarkFigure(key: "bundle.seconds", title: "record + render every report + SHA-256 + sign + atomic write", value: seconds, unit: .seconds),
                BenchmarkFigure(
                    key: "verify.seconds.median", title: "sl-conformance \(words.count > 2 ? "verify --trusted-key" : "verify"), median of \(verify.count)",
                    value: verify.median, unit: .seconds, target: Targets.verifySeconds,
                    note:
                        "a child process: start, digests, re-judging, re-rendering, signature; range \(BenchmarkFigure.format(verify.minimum, .seconds))–\(BenchmarkFigure.format(verify.maximum, .seconds))"
                ),
                BenchmarkFigure(key: "verify.seconds.min", title: "the same, fastest of \(verify.count)", value: verify.minimum, unit: .seconds),
                BenchmarkFigure(
                    key: "verify.seconds.max", title: "the same, slowest of \(verify.count)", value: verify.maximum, unit: .seconds,
                    target: Targets.verifySeconds),
            ])
    }

    /// Runs `executable words` once and returns its wall time; throws unless it says the bundle is intact (exit 0).
    static func timeVerify(executable: String, _ words: [String]) throws -> Double {
        let started = ContinuousClock.now
        let child = try BenchmarkProcess(command: ([executable] + words).map(ReportWriterBenchmark.shellQuoted).joined(separator: " "))
        let output = child.readToEnd()
        let (status, _) = child.wait()
        let seconds = (ContinuousClock.now - started).inSeconds
        guard status == 0 else {
            throw BenchmarkProcess.Failure("verify of the bench bundle did not pass (wait status \(status)): \(String(decoding: output, as: UTF8.self))")
        }
        return seconds
    }
}
