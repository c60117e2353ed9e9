import Foundation
import SingleLoginReports
import SingleLoginTestSupport
import Testing

@Suite("A shard's reports say they cover one shard; merge makes them whole again")
struct ShardReportsTests {
    @Test("every report of run --shard 1/3 names the shard; the merged JUnit of three shards holds every case and no shard")
    func shardsSayWhichShard() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var casesPerShard: [Int] = []
        for index in 1...3 {
            let reports = directory.appendingPathComponent("\(index)")
            let run = await Tool.run([
                "run", "--shard", "\(index)/3", "--reports", reports.path, "--events", reports.appendingPathComponent("events.jsonl").path,
            ])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("This is shard \(index) of 3 of a split run: its reports cover this shard's "), "\(run.out)")
            #expect(run.out.split(separator: "\n").last?.hasSuffix("(shard \(index) of 3 only)") == true, "\(run.out)")
            let summary = try String(contentsOf: reports.appendingPathComponent("summary.md"), encoding: .utf8)
            #expect(summary.hasPrefix("# Single Login") && summary.split(separator: "\n")[0].contains("(shard \(index) of 3 only)"), "\(summary)")
            #expect(summary.contains("| Shard | ⚠️ shard \(index) of 3 of a split run: this report covers this shard's "))
            let html = try String(contentsOf: reports.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(
                html.contains("<strong>One shard:</strong> shard \(index) of 3 of a split run: this report covers this shard&#39;s "), "\(html.prefix(4000))")
            #expect(
                html.contains(
                    "<title>Single Login: Microsoft Shared Device Mode requirements for iOS apps: PASSED (shard \(index) of 3 only) – bundled reference app</title>"
                ))
            let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains(#"<property name="run.shard" value="\#(index)/3"/>"#))
            casesPerShard.append(junit.components(separatedBy: "<testcase ").count - 1)
            let events = try String(contentsOf: reports.appendingPathComponent("events.jsonl"), encoding: .utf8)
            let first = try JSONDecoder().decode(EncodedEvent.self, from: Data(try #require(events.split(separator: "\n").first).utf8))
            #expect(first.context?.shard?.index == index && first.context?.shard?.count == 3)
        }
        let merged = directory.appendingPathComponent("merged.xml")
        let merge = await Tool.run(["merge", merged.path] + (1...3).map { directory.appendingPathComponent("\($0)/junit.xml").path })
        #expect(merge.status == 0, "\(merge.err)")
        let xml = try String(contentsOf: merged, encoding: .utf8)
        #expect(!xml.contains("run.shard"))
        let whole = await Tool.run(["run", "--list"])
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == casesPerShard.reduce(0, +))
        #expect(casesPerShard.reduce(0, +) == whole.out.split(separator: "\n").count)
    }

    @Test("a shard that holds no test case (more shards than test cases) passes and says it checked nothing")
    func emptyShard() async throws {
        let directory = try TemporaryDirectory()
        let run = await Tool.run(["run", "--shard", "150/200", "--reports", directory.url.path])
        #expect(run.status == 0, "\(run.err)")
        let nothing = "no test case (a split into more shards than there are test cases leaves some empty), so it passes with nothing checked"
        #expect(run.out.contains("This is shard 150 of 200 of a split run: its reports cover \(nothing);"), "\(run.out)")
        let summary = try String(contentsOf: directory.url.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("| Shard | ⚠️ shard 150 of 200 of a split run: this report covers \(nothing);"), "\(summary)")
        let html = try String(contentsOf: directory.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<strong>One shard:</strong> shard 150 of 200 of a split run: this report covers \(nothing); <code>sl-conformance merge</code>"))
    }

    @Test("a whole run's reports say nothing of shards")
    func wholeRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-whole-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", directory.path])
        #expect(run.status == 0)
        #expect(!run.out.contains("shard"))
        #expect(!(try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)).contains("Shard"))
        #expect(!(try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)).contains("run.shard"))
    }
}
