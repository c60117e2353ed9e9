import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginExplore
import SingleLoginSpec
import SingleLoginTransport

/// Measures `explore` on this machine: histories per second in process and over stdio; for each
/// flaw of the reference app (and of the Python example, when given) the runs and seconds until
/// the first violation and the length of the shrunk counterexample against the shortest catalogue
/// scenario that catches the flaw; and the violations in many runs on conformant apps (the target
/// is none). Figures over several seeds are reported as ranges.
package struct ExploreBenchmark: Sendable {
    /// What to measure.
    package struct Configuration: Sendable {
        /// The reference app over stdio (`sl-reference-adapter`).
        package var stdioAdapter: String
        /// The Python example's command line, without `--flaw`; nil to leave it out.
        package var pythonAdapter: String?
        /// The seeds flaws are hunted with.
        package var seeds: [UInt64]
        /// Histories per throughput measurement.
        package var throughputRuns: Int
        /// Histories the false-positive runs play on each conformant app.
        package var falsePositiveRuns: Int
        /// The most histories a flaw may take (the target).
        package var flawRuns: Int
        /// The catalogue, to find the scenario that catches each flaw.
        package var catalogue: LoadedSpec

        /// Creates a configuration.
        package init(
            stdioAdapter: String, pythonAdapter: String?, seeds: [UInt64], throughputRuns: Int, falsePositiveRuns: Int, flawRuns: Int = 2000,
            catalogue: LoadedSpec
        ) {
            self.stdioAdapter = stdioAdapter
            self.pythonAdapter = pythonAdapter
            self.seeds = seeds
            self.throughputRuns = throughputRuns
            self.falsePositiveRuns = falsePositiveRuns
            self.flawRuns = flawRuns
            self.catalogue = catalogue
        }
    }

    /// One app with one mistake.
    package struct Flawed: Sendable {
        /// Its name in the table, e.g. `ignoresBroadcast` or `python: leave-records`.
        package var name: String
        /// Makes its adapter provider.
        package var makeProvider: @Sendable () -> any AdapterProvider
    }

    /// How one flaw fared over the seeds.
    package struct FlawFigures: Sendable, Codable {
        /// The flaw.
        package var name: String
        /// Runs until the first violation, per seed (nil: not found within the runs).
        package var runs: [Int?]
        /// Seconds until the first violation, per seed.
        package var seconds: [Double]
        /// Steps of the shrunk counterexample, per seed.
        package var shrunkSteps: [Int?]
        /// The rule violated, per seed.
        package var rules: [String]
        /// Steps of the shortest catalogue scenario that fails on the flaw (nil: none fails).
        package var catalogueSteps: Int?

        /// Found on every seed within the runs, and shrunk to at most one step more than the catalogue's scenario.
        package var meetsTargets: Bool {
            runs.allSatisfy { $0 != nil } && shrunkSteps.allSatisfy { steps in steps.map { $0 <= (catalogueSteps ?? Int.max - 1) + 1 } ?? false }
        }
    }

    /// A throughput figure.
    package struct Throughput: Sendable, Codable {
        /// What ran, e.g. `in process, 1 job`.
        package var name: String
        /// Histories played.
        package var runs: Int
        /// Histories per second.
        package var perSecond: Double
        /// The target, if any.
        package var target: Double?
    }

    /// Violations on a conformant app.
    package struct FalsePositives: Sendable, Codable {
        /// The app.
        package var name: String
        /// Histories played.
        package var runs: Int
        /// Violations found (the target is 0).
        package var violations: Int
        /// Histories set aside because the reference app fails them too (0 when the oracle is sound there).
        package var setAside: Int
        /// Seconds taken.
        package var seconds: Double
    }

    /// Everything measured.
    package struct Report: Sendable, Codable {
        /// Throughput figures.
        package var throughput: [Throughput] = []
        /// Flaw figures.
        package var flaws: [FlawFigures] = []
        /// False-positive runs.
        package var falsePositives: [FalsePositives] = []
        /// Facts about the machine and the build.
        package var machine: [String: String] = [:]
    }

    /// The configuration.
    package var configuration: Configuration

    /// Creates the benchmark.
    package init(configuration: Configuration) { self.configuration = configuration }

    /// Runs every measurement, telling `progress` what it is doing.
    package func run(progress: @Sendable (String) -> Void = { _ in }) async -> Report {
        var report = Report()
        let configuration = configuration
        let reference: @Sendable () -> any AdapterProvider = { InProcessAdapterProvider { ReferenceAppAdapter() } }
        let stdio: @Sendable () -> any AdapterProvider = { StdioAdapterProvider(command: configuration.stdioAdapter) }
        var throughputs: [(String, @Sendable () -> any AdapterProvider, Int, Double?)] = [
            ("in process, 1 job", reference, 1, 500), ("in process, 2 jobs", reference, 2, nil),
            ("stdio (sl-reference-adapter), 1 job", stdio, 1, 100), ("stdio (sl-reference-adapter), 2 jobs", stdio, 2, nil),
        ]
        if let python = configuration.pythonAdapter {
            throughputs.append(("stdio (Python example), 1 job", { StdioAdapterProvider(command: python) }, 1, nil))
        }
        for (name, make, jobs, target) in throughputs {
            progress("throughput: \(name)")
            let result = await Explorer(options: ExploreOptions(seed: 1, runs: configuration.throughputRuns, jobs: jobs), makeProvider: make).explore()
            report.throughput.append(
                Throughput(
                    name: name, runs: result.runs, perSecond: result.exploreSeconds > 0 ? Double(result.runs) / result.exploreSeconds : 0, target: target))
        }
        var flawed = ReferenceAppFlaw.allCases.map { flaw in Flawed(name: flaw.rawValue) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [flaw]) } } }
        if let python = configuration.pythonAdapter {
            for flaw in Self.pythonFlaws {
                flawed.append(Flawed(name: "python: \(flaw)") { StdioAdapterProvider(command: python + " --flaw " + flaw) })
            }
        }
        for flaw in flawed {
            progress("flaw: \(flaw.name)")
            var figures = FlawFigures(
                name: flaw.name, runs: [], seconds: [], shrunkSteps: [], rules: [], catalogueSteps: await catalogueSteps(flaw.makeProvider))
            for seed in configuration.seeds {
                let result = await Explorer(options: ExploreOptions(seed: seed, runs: configuration.flawRuns), makeProvider: flaw.makeProvider).explore()
                figures.runs.append(result.finding.map { $0.index + 1 })
                figures.seconds.append(result.finding?.seconds ?? result.exploreSeconds)
                figures.shrunkSteps.append(result.counterexample?.history.steps.count)
                figures.rules.append(result.counterexample?.rule.rawValue ?? result.finding?.violation.rule.rawValue ?? "-")
            }
            report.flaws.append(figures)
        }
        var conformant: [(String, @Sendable () -> any AdapterProvider)] = [("reference app, in process", reference)]
        if let python = configuration.pythonAdapter { conformant.append(("Python example, stdio", { StdioAdapterProvider(command: python) })) }
        for (name, make) in conformant {
            progress("false positives: \(name), \(configuration.falsePositiveRuns) runs")
            let result = await Explorer(
                options: ExploreOptions(seed: configuration.seeds.first ?? 1, runs: configuration.falsePositiveRuns, jobs: 2), makeProvider: make
            ).explore()
            report.falsePositives.append(
                FalsePositives(
                    name: name, runs: result.runs, violations: result.finding == nil ? 0 : 1, setAside: result.setAside.count, seconds: result.exploreSeconds))
        }
        return report
    }

    /// The deliberate mistakes of `Examples/python-adapter` (its `--flaw` names).
    package static let pythonFlaws = [
        "leave-records", "cancel-as-error", "force-unwrap-idtoken", "no-resume-check", "interactive-on-any-error", "compare-previous", "show-sign-up",
    ]

    /// The steps of the shortest catalogue scenario that fails on the app, or nil when none does.
    func catalogueSteps(_ makeProvider: @escaping @Sendable () -> any AdapterProvider) async -> Int? {
        let spec = configuration.catalogue.spec
        let failing = FailingCases()
        await Runner(spec: spec, specSHA256: configuration.catalogue.sha256Hex, makeProvider: makeProvider).run { event in
            if case .testCaseEnded(let result) = event.kind, result.outcome == .failed { failing.add(result.id) }
        }
        let lengths = failing.ids.compactMap { id in
            spec.requirements.first { $0.id == id.requirementID }?.scenarios.first { $0.name == id.scenarioName }?.steps.count
        }
        return lengths.min()
    }
}
