import Foundation
import SingleLoginEvents
import SingleLoginExplore
import SingleLoginReports
import Testing
@testable import SingleLoginCommands

@Suite("explore --shard i/n: disjoint parts of one seed's histories, merged into the first violation")
struct ExploreShardTests {
    @Test("n shards of --runs R play exactly the histories of --runs n*R, each once")
    func partition() {
        var played: [Int] = []
        for index in 1...3 {
            var options = ExploreOptions(seed: 7, runs: 4)
            options.shard = RunContext.Shard(index: index, count: 3)
            played += (0..<options.runs).map(options.history)
        }
        #expect(played.sorted() == Array(0..<12))
        #expect(ExploreOptions(seed: 7, runs: 4).history(3) == 3)
    }

    @Test("two shards merged give the unsharded exploration's report and counterexample, whatever the order of the shards")
    func mergedEqualsWhole() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        func explore(_ name: String, _ extra: [String]) async -> Int32 {
            await Tool.run(
                [
                    "explore", "--reference-flaw", "ignoresBroadcast", "--seed", "7", "--quiet", "--reports", runs.path(name), "--counterexample",
                    runs.path("\(name).json"),
                ] + extra
            ).status
        }
        #expect(await explore("whole", ["--runs", "30"]) == 1)
        #expect(await explore("shard-1", ["--runs", "15", "--shard", "1/2"]) == 1)
        #expect(await explore("shard-2", ["--runs", "15", "--shard", "2/2"]) == 1)
        func report(_ name: String) throws -> JUnitReport {
            try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("\(name)/explore-junit.xml"))))
        }
        let histories = try ["whole", "shard-1", "shard-2"].map {
            try #require(report($0).suites.first?.property(JUnitReport.violatingHistoryProperty).flatMap(Int.init))
        }
        // Shard 2 of 2 plays the even-numbered histories; the whole run's first violation is the lower of the two shards'.
        #expect(histories[2] % 2 == 0 && histories[1] % 2 == 1)
        #expect(histories[0] == min(histories[1], histories[2]))
        let winner = histories[1] < histories[2] ? "shard-1" : "shard-2"
        #expect(try Data(contentsOf: URL(fileURLWithPath: runs.path("\(winner).json"))) == Data(contentsOf: URL(fileURLWithPath: runs.path("whole.json"))))

        let merged = await Tool.run(["merge", runs.path("merged.xml"), runs.path("shard-2/explore-junit.xml"), runs.path("shard-1/explore-junit.xml")])
        #expect(merged.status == 0, "\(merged.err)")
        var mergedReport = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("merged.xml"))))
        var whole = try report("whole")
        // The merged report says how many histories the parts played in all, in its property and its title.
        let played = try ["shard-1", "shard-2"].map { try #require(report($0).suites.first?.property(JUnitReport.exploreHistoriesProperty).flatMap(Int.init)) }
        // The run's properties stand on the first suite.
        let first = try #require(mergedReport.suites.first)
        #expect(first.property(JUnitReport.exploreHistoriesProperty) == String(played.reduce(0, +)))
        #expect(first.property(JUnitReport.exploreSeedProperty) == "7")
        #expect(first.property("spec.title") == "Explored histories (seed 7, \(played.reduce(0, +)) runs)")
        // Times and the title's count of histories played differ; every case, verdict and property else is the whole run's.
        for index in mergedReport.suites.indices {
            mergedReport.suites[index].time = 0; mergedReport.suites[index].timestamp = "";
            mergedReport.suites[index].properties.removeAll { $0.name == "spec.title" || $0.name == JUnitReport.exploreHistoriesProperty };
            for c in mergedReport.suites[index].cases.indices { mergedReport.suites[index].cases[c].time = 0 }
        }
        for index in whole.suites.indices {
            whole.suites[index].time = 0; whole.suites[index].timestamp = "";
            whole.suites[index].properties.removeAll { $0.name == "spec.title" || $0.name == JUnitReport.exploreHistoriesProperty };
            for c in whole.suites[index].cases.indices { whole.suites[index].cases[c].time = 0 }
        }
        #expect(mergedReport.suites.map(\.cases) == whole.suites.map(\.cases))
        #expect(mergedReport.suites.map(\.properties) == whole.suites.map(\.properties))
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: runs.path("merged.xml"))), as: UTF8.self).contains("run.shard"))

        // The event streams merge as the reports do: the rules once each, as the winning part judged them.
        let streams = await Tool.run([
            "merge", runs.path("merged.jsonl"), runs.path("shard-1/explore-events.jsonl"), runs.path("shard-2/explore-events.jsonl"),
        ])
        #expect(streams.status == 0, "\(streams.err)")
        func outcomes(_ path: String) throws -> [(TestCaseID, TestCaseResult.Outcome)] {
            try EventStreamReader.events(at: URL(fileURLWithPath: path)).compactMap { event in
                if case let .testCaseEnded(result) = event.kind { (result.id, result.outcome) } else { nil }
            }
        }
        let mergedOutcomes = try outcomes(runs.path("merged.jsonl")), wholeOutcomes = try outcomes(runs.path("whole/explore-events.jsonl"))
        let mergedContext = try EventStreamReader.events(at: URL(fileURLWithPath: runs.path("merged.jsonl"))).lazy.compactMap { event -> RunContext? in
            if case let .runStarted(context, _) = event.kind { context } else { nil }
        }.first
        #expect(mergedContext?.exploration == RunContext.Exploration(seed: "7", histories: played.reduce(0, +)))
        #expect(mergedContext?.specTitle == "Explored histories (seed 7, \(played.reduce(0, +)) runs)")
        #expect(
            mergedOutcomes.map(\.0) == wholeOutcomes.map(\.0) && mergedOutcomes.map(\.1) == wholeOutcomes.map(\.1),
            "\(mergedOutcomes.count) against \(wholeOutcomes.count)")
    }
}
