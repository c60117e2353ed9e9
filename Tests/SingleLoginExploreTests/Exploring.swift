import Foundation
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginExplore
import SingleLoginSpec
import SingleLoginTransport

/// Helpers for exploring the reference app in process.
enum Exploring {
    static func reference(_ flaws: Set<ReferenceAppFlaw> = [], options: Set<ReferenceAppOption> = []) -> @Sendable () -> any AdapterProvider {
        { InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws, options: options) } }
    }

    /// Explores the reference app with `flaws`. The search for a shorter history after delta debugging is
    /// kept small here (the benchmark measures the full one), so the suite stays light beside the others.
    static func explore(_ flaws: Set<ReferenceAppFlaw> = [], seed: UInt64 = 1, runs: Int = 2000, jobs: Int = 1, shorterSearch: Int = 60) async -> ExploreResult
    {
        await Explorer(options: ExploreOptions(seed: seed, runs: runs, jobs: jobs, shorterSearch: shorterSearch), makeProvider: reference(flaws)).explore()
    }

    /// The shipped catalogue, loaded once.
    static let catalogue = Result {
        try SpecLoader.load(path: URL(fileURLWithPath: OtherConformantAppTests.catalogue).path).spec
    }

    /// Runs a spec's every test case on `provider` as `run --spec` does.
    static func run(_ spec: Spec, on provider: @escaping @Sendable () -> any AdapterProvider) async -> [TestCaseResult] {
        let results = ResultBox()
        await Runner(spec: spec, specSHA256: "", options: Runner.Options(), makeProvider: provider).run { event in
            if case .testCaseEnded(let result) = event.kind { results.append(result) }
        }
        return results.values
    }
}
