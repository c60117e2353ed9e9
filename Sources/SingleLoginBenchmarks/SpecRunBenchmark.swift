import Foundation
import SingleLoginTransport
import Synchronization
import SingleLoginSpec
import SingleLoginConformance
import SingleLoginEvents

/// Runs a whole spec through the real ``Runner`` and measures wall time, throughput and where the CPU went.
///
/// The clock starts before the runner makes its adapter providers, so a stdio adapter's start
/// and handshake are included, and stops after the runner has closed (and reaped) every
/// adapter. CPU comes from two `getrusage` snapshots around the run: `RUSAGE_SELF` is the
/// harness, `RUSAGE_CHILDREN` the adapters it started and reaped during the run.
public struct SpecRunBenchmark: Sendable {
    /// The spec to run.
    public var spec: Spec
    /// Its fingerprint, as the runner reports it.
    public var specSHA256: String
    /// Makes one adapter provider per job.
    public var makeProvider: @Sendable () -> any AdapterProvider

    /// Creates the benchmark.
    public init(spec: Spec, specSHA256: String, makeProvider: @escaping @Sendable () -> any AdapterProvider) {
        self.spec = spec
        self.specSHA256 = specSHA256
        self.makeProvider = makeProvider
    }

    /// One run of the whole spec.
    public struct Measurement: Sendable {
        /// Wall time in seconds, adapter start to adapter end.
        public var wallSeconds: Double
        /// Test cases run (one per scenario).
        public var testCases: Int
        /// Distinct requirements run.
        public var requirements: Int
        /// CPU the harness process used during the run.
        public var harness: ResourceUsage
        /// CPU the adapters used (counted once they were reaped).
        public var adapters: ResourceUsage
        /// The totals the runner reported.
        public var summary: RunSummary
        /// Every event, in the order recorders saw it.
        public var events: [Event]

        /// Requirements per second of wall time.
        public var requirementsPerSecond: Double { wallSeconds > 0 ? Double(requirements) / wallSeconds : 0 }
        /// Test cases per second of wall time.
        public var testCasesPerSecond: Double { wallSeconds > 0 ? Double(testCases) / wallSeconds : 0 }
        /// The harness's share of all CPU time spent in the run, 0...1.
        public var harnessCPUShare: Double {
            let total = harness.cpuSeconds + adapters.cpuSeconds
            return total > 0 ? harness.cpuSeconds / total : 0
        }
    }

    /// Runs the whole spec once with `jobs` adapter instances.
    public func run(jobs: Int = 1) async -> Measurement {
        let events = Mutex<[Event]>([])
        let selfBefore = ResourceUsage.current()
        let childrenBefore = ResourceUsage.children()
        let started = ContinuousClock.now
        let runner = Runner(spec: spec, specSHA256: specSHA256, options: Runner.Options(jobs: jobs), makeProvider: makeProvider)
        let summary = await runner.run { event in events.withLock { $0.append(event) } }
        let wall = (ContinuousClock.now - started).inSeconds
        let harness = ResourceUsage.current().since(selfBefore)
        let adapters = ResourceUsage.children().since(childrenBefore)
        let recorded = events.withLock { $0 }
        var requirementIDs = Set<String>()
        var testCases = 0
        for event in recorded {
            if case .testCaseEnded(let result) = event.kind {
                testCases += 1
                requirementIDs.insert(result.id.requirementID)
            }
        }
        return Measurement(
            wallSeconds: wall, testCases: testCases, requirements: requirementIDs.count, harness: harness, adapters: adapters, summary: summary,
            events: recorded)
    }

    /// Runs the whole spec `repetitions` times and returns every measurement, in order.
    public func run(jobs: Int = 1, repetitions: Int) async -> [Measurement] {
        var measurements: [Measurement] = []
        for _ in 0..<max(1, repetitions) { measurements.append(await run(jobs: jobs)) }
        return measurements
    }

    /// The measurement with the median wall time (the lower middle one for an even count).
    public static func median(_ measurements: [Measurement]) -> Measurement? {
        let sorted = measurements.sorted { $0.wallSeconds < $1.wallSeconds }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }
}
