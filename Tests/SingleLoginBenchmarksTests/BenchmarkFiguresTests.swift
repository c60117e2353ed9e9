import Foundation
import Testing
@testable import SingleLoginBenchmarks
import SingleLoginSpec
import SingleLoginEvents
import SingleLoginTestSupport

@Suite("Benchmark figures: statistics, targets and verdicts")
struct BenchmarkFiguresTests {
    @Test("The median of an odd count is the middle sample, of an even count the mean of the two middle ones")
    func median() {
        #expect(LatencySummary(samples: [5, 1, 3]).median == 3)
        #expect(LatencySummary(samples: [4, 1, 3, 2]).median == 2.5)
        #expect(LatencySummary(samples: [7]).median == 7)
    }

    static let percentileCases: [(count: Int, p95: Double)] = [(20, 19), (100, 95), (10, 10), (1, 1)]

    @Test("p95 is the nearest-rank percentile of 1...n", arguments: percentileCases)
    func p95(count: Int, expected: Double) {
        let samples: [Double] = (1...count).reversed().map { Double($0) }
        #expect(LatencySummary(samples: samples).p95 == expected)
    }

    @Test("A summary of no samples is all zeros, and the mean, minimum and maximum are exact")
    func extremes() {
        #expect(LatencySummary(samples: []) == LatencySummary(samples: []))
        #expect(LatencySummary(samples: []).count == 0 && LatencySummary(samples: []).p95 == 0)
        let summary = LatencySummary(samples: [2, 4, 9])
        #expect(summary.mean == 5 && summary.minimum == 2 && summary.maximum == 9 && summary.count == 3)
    }

    @Test("Durations convert to seconds with their fraction")
    func durationSeconds() {
        #expect(Duration.milliseconds(1500).inSeconds == 1.5)
        #expect(Duration.microseconds(84).inSeconds == 84e-6)
    }

    @Test(
        "An at-most target passes on the limit, a below target misses on it",
        arguments: [
            (BenchmarkTarget(.atMost, 2), 2.0, BenchmarkTarget.Verdict.pass),
            (BenchmarkTarget(.atMost, 2), 2.5, .miss(over: 0.5, factor: 1.25)),
            (BenchmarkTarget(.below, 0.5), 0.5, .miss(over: 0, factor: 1)),
            (BenchmarkTarget(.below, 0.5), 0.25, .pass),
        ])
    func verdicts(target: BenchmarkTarget, value: Double, expected: BenchmarkTarget.Verdict) {
        #expect(target.verdict(for: value) == expected)
    }

    @Test(
        "Values print in the unit people read",
        arguments: [
            (0.0000842, BenchmarkFigure.Unit.seconds, "84.2 µs"),
            (0.5, .seconds, "500.0 ms"),
            (2.0, .seconds, "2.00 s"),
            (1.8449, .ratio, "1.84x"),
            (312.4, .perSecond, "312/s"),
            (153_200_000, .bytes, "153.2 MB"),
            (0.125, .fraction, "12.5 %"),
            (4674, .count, "4674"),
        ])
    func formats(value: Double, unit: BenchmarkFigure.Unit, expected: String) {
        #expect(BenchmarkFigure.format(value, unit) == expected)
    }

    @Test("A missed target says by how much and by what factor")
    func missText() {
        let figure = BenchmarkFigure(key: "spec.stdio.wall", title: "wall", value: 0.62, unit: .seconds, target: BenchmarkTarget(.below, 0.5))
        #expect(figure.formattedTarget == "< 500.0 ms")
        #expect(figure.formattedVerdict == "MISS by 120.0 ms (1.24x the target)")
        #expect(BenchmarkFigure(key: "x", title: "x", value: 1, unit: .ratio).formattedVerdict == "")
    }

    @Test("The report counts met targets and names the missed ones, in text and JSON")
    func report() throws {
        let report = BenchmarkReport(
            machine: ["cores": "2"],
            sections: [
                BenchmarkReport.Section(
                    title: "part",
                    figures: [
                        BenchmarkFigure(key: "a", title: "fast enough", value: 1, unit: .ratio, target: BenchmarkTarget(.atMost, 2)),
                        BenchmarkFigure(key: "b", title: "too slow", value: 3, unit: .ratio, target: BenchmarkTarget(.atMost, 2)),
                        BenchmarkFigure(key: "c", title: "no goal", value: 9, unit: .count),
                    ], notes: ["a note"])
            ])
        #expect(!report.allTargetsMet)
        #expect(report.figure("c")?.value == 9)
        let text = report.renderText()
        #expect(text.contains("Targets: 1 of 2 met; missed: b."))
        #expect(text.contains("== part"))
        #expect(text.contains("  - a note"))
        #expect(
            text.split(separator: "\n").contains { $0.contains("too slow") && $0.contains("3.00x") && $0.contains("<= 2.00x") && $0.contains("MISS by 1.00x") })
        let json = try #require(try JSONSerialization.jsonObject(with: report.renderJSON()) as? [String: Any])
        #expect(json["allTargetsMet"] as? Bool == false)
        let figures = try #require(((json["sections"] as? [[String: Any]])?.first?["figures"]) as? [[String: Any]])
        #expect(figures.map { $0["verdict"] as? String } == ["PASS", "MISS by 1.00x (1.50x the target)", nil])
    }

    @Test("Reports compare line by line and name the first difference")
    func comparison() {
        let reference = Data("a\nb\nc\n".utf8)
        #expect(ReportComparison.firstDifference(reference, reference) == nil)
        #expect(ReportComparison.firstDifference(reference, Data("a\nB\nc\n".utf8)).map { [$0.line.description, $0.expected, $0.actual] } == ["2", "b", "B"])
        #expect(ReportComparison.firstDifference(reference, Data("a\nb\nc\nd\n".utf8))?.line == 4)
    }

    @Test("Resource usage differences subtract CPU and keep the later peak")
    func usage() {
        let before = ResourceUsage(userSeconds: 1, systemSeconds: 0.5, maxResidentBytes: 10)
        let after = ResourceUsage(userSeconds: 1.75, systemSeconds: 1, maxResidentBytes: 30)
        let spent = after.since(before)
        #expect(spent.cpuSeconds == 1.25 && spent.maxResidentBytes == 30)
        #expect(ResourceUsage.current().cpuSeconds > 0)
    }
}

@Suite("Benchmark round trips")
struct BenchmarkRoundTripTests {
    @Test("the four round-trip loops each take one sample per iteration against the built adapters")
    func roundTrips() async throws {
        let canned = try #require(BuiltProducts.path("sl-canned-adapter"), Comment(rawValue: BuiltProducts.missing("sl-canned-adapter")))
        let host = try #require(BuiltProducts.path("sl-reference-adapter"), Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
        let spec = try SpecLoader.load(path: BenchmarkInputsTests.shippedSpecPath)
        let benchmark = RoundTripBenchmark(
            cannedCommand: "'\(canned)'", echoCommand: "'\(canned)' --echo", hostCommand: "'\(host)'", iterations: 20, warmUp: 2, rounds: 4,
            spec: spec.spec)
        let result = try await benchmark.run()
        for summary in [result.floor, result.cannedRaw, result.harnessToCanned, result.harnessToHost] {
            #expect(summary.count == 20)
            #expect(summary.minimum > 0 && summary.minimum <= summary.median && summary.median <= summary.maximum)
        }
        // The canned answer to observe: {"id":7,"jsonrpc":"2.0","result":{...}} and its newline.
        #expect(result.lineBytes == #"{"id":7,"jsonrpc":"2.0","result":{"crashed":false,"running":false,"screen":[],"storage":[]}}"#.utf8.count + 1)
    }
}
