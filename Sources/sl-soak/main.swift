// The soak: many scenarios against sl-fake-adapter in random-fault mode, to show that the
// harness never crashes, never loses a result and never leaves a process behind.
//   swift run -c release sl-soak --scenarios 1000 --seed 1
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

let usage = """
    USAGE: sl-soak [--scenarios N] [--seed N] [--fault-rate P] [--jobs N] [--adapter PATH]
                   [--step-timeout S] [--handshake-timeout S]

    Runs N scenarios (default 1000) of an in-memory probe spec against sl-fake-adapter with
    --random-faults, writes a JUnit report to a temporary directory, and prints: planned,
    recorded, passed/failed/errored, harness crashes, lost results, leftover processes, wall time.
    Exit status 0 when recorded == planned and the three zeros hold, 1 otherwise.
    """

var scenarios = 1000, seed: UInt64 = 1, rate = 0.1, jobs = 1
var stepTimeout = 0.5, handshakeTimeout = 1.0
var adapterPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sl-fake-adapter").path
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value<T>(_ parse: (String) -> T?) -> T {
    guard let text = arguments.popFirst(), let parsed = parse(text) else { print(usage); exit(64) }
    return parsed
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--scenarios": scenarios = value { Int($0) }
    case "--seed": seed = value { UInt64($0) }
    case "--fault-rate": rate = value { Double($0) }
    case "--jobs": jobs = value { Int($0) }
    case "--adapter": adapterPath = value { $0 }
    case "--step-timeout": stepTimeout = value { Double($0) }
    case "--handshake-timeout": handshakeTimeout = value { Double($0) }
    case "-h", "--help": print(usage); exit(0)
    default: print("Error: Unknown option '\(argument)'\n\(usage)"); exit(64)
    }
}
guard FileManager.default.isExecutableFile(atPath: adapterPath) else {
    print("Error: no sl-fake-adapter at \(adapterPath); build it or pass --adapter PATH")
    exit(64)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-soak-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let pidLog = directory.appendingPathComponent("pids").path
let junit = directory.appendingPathComponent("junit.xml")
let command = "\(adapterPath) --random-faults --seed \(seed) --fault-rate \(rate) --counter \(directory.appendingPathComponent("counter").path) --pid-log \(pidLog)"

let loaded = ProbeSpec.load(scenarios: scenarios)
let timeouts = AdapterTimeouts(handshake: .milliseconds(Int64(handshakeTimeout * 1000)), step: .milliseconds(Int64(stepTimeout * 1000)), scenario: .seconds(30))
let runner = Runner(
    spec: loaded.spec, specSHA256: loaded.sha256Hex,
    options: Runner.Options(scenarioTimeout: timeouts.scenario, jobs: jobs),
    makeProvider: { StdioAdapterProvider(command: command, timeouts: timeouts) })
let tally = SoakTally()
let recorder = JUnitXMLRecorder(url: junit)
print("sl-soak: \(scenarios) scenarios, seed \(seed), fault rate \(rate), jobs \(jobs)")
print("adapter: \(command)")
let started = ContinuousClock.now
let summary = await runner.run { event in
    recorder.record(event)
    tally.record(event)
}
let wall = ContinuousClock.now - started

let counts = tally.counts()
let junitCases = JUnitCaseCount.count(in: junit)
let pids = ((try? String(contentsOfFile: pidLog, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
let leftovers = pids.flatMap { ProcessGroup.livingMembers(of: $0) }
let lost = scenarios - counts.recorded + counts.duplicates
let crashes = counts.runEnded == 1 ? counts.harnessErrors : 1 + counts.harnessErrors

print("""
    scenarios planned:    \(counts.planned)
    results recorded:     \(counts.recorded) (JUnit test cases: \(junitCases.map(String.init) ?? "unreadable report"))
    passed:               \(summary.passed)
    failed:               \(summary.failedMust + summary.failedShould)
    errored:              \(summary.errored)   by kind: \(counts.errorKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    adapter processes:    \(pids.count) started
    harness crashes:      \(crashes)
    lost results:         \(lost)
    leftover processes:   \(leftovers.count)\(leftovers.isEmpty ? "" : " " + leftovers.map(String.init).joined(separator: ","))
    wall time:            \(String(format: "%.1f s", wall.inSeconds))
    """)
let ok = counts.planned == scenarios && counts.recorded == scenarios && junitCases == scenarios && crashes == 0 && lost == 0 && leftovers.isEmpty
print(ok ? "soak: OK" : "soak: FAILED")
exit(ok ? 0 : 1)
