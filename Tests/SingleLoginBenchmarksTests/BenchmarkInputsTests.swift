import Foundation
import SingleLoginTransport
import Testing
import ReferenceApp
@testable import SingleLoginBenchmarks
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

@Suite("Benchmark inputs and measurements compute what they claim on small inputs")
struct BenchmarkInputsTests {
    static let shippedSpecPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/single-login.json").path

    @Test("A generated spec reaches the size asked for and loads with every requirement and scenario", arguments: [1, 20_000, 100_000])
    func generatedSpec(minimumBytes: Int) throws {
        let data = SpecGenerator.generate(minimumBytes: minimumBytes)
        #expect(data.count >= minimumBytes)
        let loaded = try SpecLoader.load(data: data, file: "generated.json")
        #expect(loaded.spec.requirements.count == SpecGenerator.requirementCount(in: data))
        #expect(loaded.spec.requirements.allSatisfy { $0.scenarios.count == SpecGenerator.scenariosPerRequirement })
        #expect(loaded.byteCount == data.count)
    }

    @Test("Synthetic results hold one ended test case per count, ten per requirement, every 50th failing")
    func syntheticResults() {
        let events = SyntheticResults.events(count: 120)
        #expect(events.count == 122)
        let results = events.compactMap { if case .testCaseEnded(let result) = $0.kind { result } else { nil } }
        #expect(results.count == 120)
        #expect(Set(results.map(\.id.requirementID)).count == 12)
        #expect(results.filter { $0.outcome == .failed }.map(\.id.description) == ["SL-GEN-0 / scenario 0", "SL-GEN-5 / scenario 0", "SL-GEN-10 / scenario 0"])
        guard case .runStarted(_, let plan) = events.first?.kind, case .runEnded(let summary) = events.last?.kind else {
            Issue.record("the events do not start with runStarted and end with runEnded")
            return
        }
        #expect(plan.map(\.id) == results.map(\.id))
        #expect(summary.passed == 117 && summary.failedMust == 3)
    }

    @Test("Normalising fixes dates, durations and the host name, and keeps everything else")
    func normalised() {
        let id = TestCaseID(requirementID: "SL-A-1", scenarioName: "s")
        let requirement = RequirementSummary(id: "SL-A-1", level: .must, title: "t", tags: [], references: [])
        let early = Event(
            .testCaseEnded(TestCaseResult(id: id, requirement: requirement, outcome: .passed, duration: 0.5)), date: Date(timeIntervalSince1970: 5))
        let late = Event(
            .testCaseEnded(TestCaseResult(id: id, requirement: requirement, outcome: .passed, duration: 1.5)), date: Date(timeIntervalSince1970: 99))
        for event in [early, late].map({ $0.normalisedForComparison() }) {
            #expect(event.date == Event.normalisedDate)
            guard case .testCaseEnded(let result) = event.kind else { Issue.record("kind changed"); continue }
            #expect(result.duration == 0 && result.id == id && result.outcome == .passed)
        }
        let context = RunContext(
            specID: "x", specVersion: "1.0.0", specTitle: "X", specSHA256: "", harnessVersion: "0", adapter: nil, hostname: "ci-7", startDate: Date())
        guard case .runStarted(let fixed, _) = Event(.runStarted(context, plan: [])).normalisedForComparison().kind else {
            Issue.record("kind changed"); return
        }
        #expect(fixed.hostname == "localhost" && fixed.startDate == Event.normalisedDate && fixed.specID == "x")
    }

    @Test("The raw pipe child echoes lines through cat and is reaped with its exit status")
    func rawEcho() throws {
        let child = try BenchmarkProcess(command: "cat")
        let line = Array("hello\nworld!\n".utf8)
        #expect(line.withUnsafeBytes { child.write($0) })
        #expect(child.readLine() == 5)
        #expect(child.readLine() == 6)
        let (status, _) = child.wait()
        #expect(status == 0)
    }

    @Test("A whole-spec measurement counts the shipped spec's requirements and test cases")
    func specRun() async throws {
        let loaded = try SpecLoader.load(path: Self.shippedSpecPath)
        let benchmark = SpecRunBenchmark(spec: loaded.spec, specSHA256: loaded.sha256Hex) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let measurement = await benchmark.run(jobs: 2)
        let scenarios = loaded.spec.requirements.reduce(0) { $0 + $1.scenarios.count }
        #expect(measurement.testCases == scenarios)
        #expect(measurement.requirements == loaded.spec.requirements.count)
        #expect(measurement.summary.passed == scenarios)
        #expect(measurement.requirementsPerSecond == Double(measurement.requirements) / measurement.wallSeconds)
        #expect((0.0...1.0).contains(measurement.harnessCPUShare))
    }

    @Test("The median measurement is the middle one by wall time")
    func medianMeasurement() async throws {
        let loaded = try SpecLoader.load(path: Self.shippedSpecPath)
        let benchmark = SpecRunBenchmark(spec: loaded.spec, specSHA256: loaded.sha256Hex) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let runs = await benchmark.run(repetitions: 3)
        let median = try #require(SpecRunBenchmark.median(runs))
        #expect(runs.filter { $0.wallSeconds <= median.wallSeconds }.count >= 2)
        #expect(runs.filter { $0.wallSeconds >= median.wallSeconds }.count >= 2)
    }

    @Test("A probe request survives the environment and shell quoting keeps spaces and quotes")
    func probeRequest() throws {
        let request = ReportWriterBenchmark.Request(count: 7, render: true, output: "/tmp/a b/j.xml")
        let encoded = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(ReportWriterBenchmark.requestFromEnvironment([ReportWriterBenchmark.environmentKey: encoded]) == request)
        #expect(ReportWriterBenchmark.requestFromEnvironment([:]) == nil)
        #expect(ReportWriterBenchmark.shellQuoted("it's here") == "'it'\\''s here'")
    }
}
