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
package struct SpecRunBenchmark: Sendable {
    /// The spec to run.
    package var spec: Spec
    /// Its fingerprint, as the runner reports it.
    package var specSHA256: String
    /// Makes one adapter provider per job.
    package var makeProvider: @Sendable () -> any AdapterProvider

    /// One run of the whole spec.
    package struct Measurement: Sendable {
        /// Wall time in seconds, adapter start to adapter end.
        package var wallSeconds: Double
        /// Test cases run (one per scenario).
        package var testCases: Int
        /// Distinct requirements run.
        package var requirements: Int
        /// CPU the harness process used during the run.
        package var harness: ResourceUsage
        /// CPU the adapters used (counted once they were reaped).
        package var adapters: ResourceUsage
        /// The totals the runner reported.
        package var summary: RunSummary
        /// Every event, in the order recorders saw it.
        package var events: [Event]

        /// Requirements per second of wall time.
        package var requirementsPerSecond: Double { wallSeconds > 0 ? Double(requirements) / wallSeconds : 0 }
        /// Test cases per second of wall time.
        package var testCasesPerSecond: Double { wallSeconds > 0 ? Double(testCases) / wallSeconds : 0 }
        /// The harness's share of all CPU time spent in the run, 0...1.
        package var harnessCPUShare: Double {
            let total = harness.cpuSeconds + adapters.cpuSeconds
            return total > 0 ? harness.cpuSeconds / total : 0
        }
    }

    /// Runs the whole spec once with `jobs` adapter instances.
    package func run(jobs: Int = 1) async -> Measurement {
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
    package func run(jobs: Int = 1, repetitions: Int) async -> [Measurement] {
        var measurements: [Measurement] = []
        for _ in 0..<max(1, repetitions) { measurements.append(await run(jobs: jobs)) }
        return measurements
    }

    /// The measurement with the median wall time (the lower middle one for an even count).
    package static func median(_ measurements: [Measurement]) -> Measurement? {
        let sorted = measurements.sorted { $0.wallSeconds < $1.wallSeconds }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }
}
