import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import Testing

/// A surface requirement that passed on nothing observed is named, with advice the run's kind can follow.
@Suite("Surfaces that passed on nothing observed: what each kind of run is told to do")
struct SurfaceCoverageTests {
    /// The findings of a run of `kind` in which SL-SPOTLIGHT-1 passed with nothing of Spotlight
    /// observed: played in this run, or kept from an earlier one (`--rerun`).
    static func findings(kind: RunContext.Kind, played: Bool = true) -> [SurfaceFinding] {
        let context = RunContext(
            kind: kind, specID: "single-login", specVersion: "5.0.0", specTitle: "t", specSHA256: "0", harnessVersion: "0.1.0", adapter: nil, hostname: "h",
            startDate: Date(timeIntervalSince1970: 0))
        let spotlight = RequirementSummary(id: "SL-SPOTLIGHT-1", level: .must, title: "t", tags: [], references: [], surfaces: [.spotlight])
        let passed = RequirementResult(requirement: spotlight, verdict: .passed, duration: 0)
        var coverage = SurfaceCoverage()
        let start = played ? [Event(.testCaseStarted(TestCaseID(requirementID: "SL-SPOTLIGHT-1", scenarioName: "s")))] : []
        for event in [Event(.runStarted(context, plan: []))] + start + [Event(.requirementEnded(passed))] { coverage.take(event) }
        return coverage.findings
    }

    @Test("a result kept from an earlier run (--rerun) passed on what that run observed: no finding")
    func keptResultsAreNoFinding() {
        #expect(Self.findings(kind: .run, played: false).isEmpty)
        #expect(!Self.findings(kind: .run).isEmpty)
    }

    @Test("a run is told to declare the app's surfaces in its handshake; a device pass, which has none, to report them in the recorder's observation")
    func adviceFitsTheRun() {
        let run = Self.findings(kind: .run)
        #expect(run.map(\.kind) == [.undeclaredNeverReported])
        #expect(run.first?.description.hasSuffix("declare the app's surfaces in its handshake)") == true)
        let device = Self.findings(kind: .devicePass)
        #expect(device.map(\.kind) == [.neverRecorded])
        #expect(
            device.first?.description
                == "never recorded in this pass: spotlight (SL-SPOTLIGHT-1 passed on nothing observed; report them in the recorder's observation, as SandboxObserver's storage() does)"
        )
    }
}
