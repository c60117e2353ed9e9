import Foundation
import SingleLoginEvents
import SingleLoginReports

/// Measures a report writer's time and peak memory in a separate process, so the peak belongs to the writer alone.
///
/// The parent starts its own executable with ``environmentKey`` set to an encoded
/// ``Request``; that child builds the synthetic events, optionally feeds them to a recorder
/// (timing only the feeding, which ends with the file written), prints an ``Answer`` as one
/// JSON line and exits. The child's peak resident set size is its own: on Linux it reads it
/// itself (``ResourceUsage/peakSinceExec()``), because the `ru_maxrss` that `wait4` returns starts
/// from the parent's high-water mark there; elsewhere the parent reads it from `wait4`. Running
/// the child once with no rendering separates the input's share of the peak from the writer's.
package enum ReportWriterBenchmark {
    /// The environment variable that turns an executable into the report-writing child.
    package static let environmentKey = "SL_CONFORMANCE_BENCH_PROBE"

    /// What the child does.
    package struct Request: Codable, Sendable, Hashable {
        /// How many synthetic test cases.
        package var count: Int
        /// Whether to feed them to the recorder (false measures the input alone).
        package var render: Bool
        /// Where the recorder writes its report.
        package var output: String
        /// Which report the child writes.
        package var format: Format = .junit
    }

    /// The report a child writes.
    package enum Format: String, Codable, Sendable, Hashable {
        /// JUnit XML (``JUnitXMLRecorder``).
        case junit
        /// The HTML report (``HTMLReportRecorder``).
        case html
    }

    /// What the child reports back.
    package struct Answer: Codable, Sendable, Hashable {
        /// Seconds from the first event fed to the recorder until the report was written.
        package var seconds: Double
        /// The size of the written report in bytes.
        package var bytes: Int
        /// The child's own peak resident set size in bytes, where it can read it (Linux).
        package var peakBytes: Int?
    }

    /// A child's answer with its peak memory.
    package struct Measurement: Sendable, Hashable {
        /// What the child reported.
        package var answer: Answer
        /// The child's peak resident set size, in bytes.
        package var peakBytes: Int
    }

    /// The request in this process's environment, if it was started as the report-writing child.
    package static func requestFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Request? {
        guard let text = environment[environmentKey] else { return nil }
        return try? JSONDecoder().decode(Request.self, from: Data(text.utf8))
    }

    /// The child's work: builds the events, feeds them to the request's recorder when asked, and returns the answer.
    ///
    /// The events are made one at a time as the recorder takes them, as in a run; with `render`
    /// false they are made and dropped, which measures the input's share of the peak.
    package static func serve(_ request: Request) -> Answer {
        guard request.render else {
            let started = ContinuousClock.now
            SyntheticResults.forEachEvent(count: request.count) { _ in }
            return Answer(seconds: (ContinuousClock.now - started).inSeconds, bytes: 0, peakBytes: ResourceUsage.peakSinceExec())
        }
        let url = URL(fileURLWithPath: request.output)
        let recorder: any EventRecorder =
            switch request.format {
            case .junit: JUnitXMLRecorder(url: url)
            case .html: HTMLReportRecorder(url: url)
            }
        let started = ContinuousClock.now
        SyntheticResults.forEachEvent(count: request.count) { recorder.record($0) }
        let seconds = (ContinuousClock.now - started).inSeconds
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        return Answer(seconds: seconds, bytes: bytes, peakBytes: ResourceUsage.peakSinceExec())
    }

    /// The child's answer as the one JSON line it prints.
    package static func encode(_ answer: Answer) -> String {
        String(decoding: (try? JSONEncoder().encode(answer)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Runs `executable` as the report-writing child with `request` and measures it.
    package static func measure(executable: String, arguments: [String], request: Request) throws -> Measurement {
        let encoded = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
        let child = try BenchmarkProcess(command: command, environment: [environmentKey: encoded])
        child.closeInput()
        let output = child.readToEnd()
        let (status, usage) = child.wait()
        guard status == 0, let line = String(decoding: output, as: UTF8.self).split(separator: "\n").last,
            let answer = try? JSONDecoder().decode(Answer.self, from: Data(line.utf8))
        else {
            throw BenchmarkProcess.Failure("the report-writing child failed (wait status \(status)): \(String(decoding: output.prefix(500), as: UTF8.self))")
        }
        return Measurement(answer: answer, peakBytes: answer.peakBytes ?? usage.maxResidentBytes)
    }

    /// `text` in single quotes for `/bin/sh`, with embedded quotes escaped.
    package static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension ReportWriterBenchmark.Measurement {
    /// `FORMAT.seconds`: the whole write, from the first event to the file on disk.
    func secondsFigure(_ format: ReportWriterBenchmark.Format, target: BenchmarkTarget, note: String) -> BenchmarkFigure {
        BenchmarkFigure(
            key: "\(format.rawValue).seconds", title: "make events + record + render + atomic write", value: answer.seconds, unit: .seconds,
            target: target, note: note)
    }

    /// `FORMAT.peak`: the writing process's peak memory.
    func peakFigure(_ format: ReportWriterBenchmark.Format, target: BenchmarkTarget) -> BenchmarkFigure {
        BenchmarkFigure(
            key: "\(format.rawValue).peak", title: "peak RSS of the writing process", value: Double(peakBytes), unit: .bytes, target: target,
            note: answer.peakBytes == nil ? "ru_maxrss from wait4" : "VmHWM of the child")
    }

    /// `FORMAT.peak.input`: the peak of a child that made the events and dropped them (measured without rendering).
    func inputPeakFigure(_ format: ReportWriterBenchmark.Format) -> BenchmarkFigure {
        BenchmarkFigure(key: "\(format.rawValue).peak.input", title: "peak RSS, events made and dropped", value: Double(peakBytes), unit: .bytes)
    }

    /// `FORMAT.bytes`: the report's size.
    func sizeFigure(_ format: ReportWriterBenchmark.Format) -> BenchmarkFigure {
        BenchmarkFigure(key: "\(format.rawValue).bytes", title: "report size", value: Double(answer.bytes), unit: .bytes)
    }
}
