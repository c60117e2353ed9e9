import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec
import SingleLoginTransport

/// The whole device pass with no device: the app (an in-process adapter, the reference app in CI)
/// with the recorder, over the simulated broker, and a scripted tester who does each step and
/// confirms it. Each procedure runs as a test case of its own, without checks; only the trace and
/// the confirmations are then judged, by ``DeviceJudge``, as a real pass is.
public struct StandInPass: Sendable {
    /// The pass ID the stand-in's recorder writes in its trace's header: a trace judged later
    /// with `--trace` is still the stand-in's.
    public static let passID = "stand-in"

    /// What the scripted tester did.
    public struct Record: Sendable {
        /// The recorder, whose trace holds the pass.
        public var recorder: SessionRecorder
        /// Every confirmation, in order.
        public var confirmations: [DeviceConfirmation]
    }

    private let spec: Spec
    private let plan: DevicePlan
    private let tester: String

    /// A stand-in pass of `plan` over `spec`'s accounts, confirmed by `tester`.
    public init(spec: Spec, plan: DevicePlan, tester: String = "scripted tester") {
        self.spec = spec
        self.plan = plan
        self.tester = tester
    }

    /// Runs every procedure on `base` (a fresh install per procedure, as the preparation asks the
    /// tester to quit the app), recording into a trace at `traceURL`; `progress` hears each confirmation.
    public func run(
        base: any ConformanceAdapter, traceURL: URL, msalVersion: String, progress: @escaping @Sendable (DeviceConfirmation) -> Void = { _ in }
    ) async throws -> Record {
        let recorder = try SessionRecorder(
            configuration: SessionRecorder.Configuration(
                passID: Self.passID, key: Array("stand-in pass key: not secret, the tokens are simulated".utf8), bundleID: base.identity.bundleId,
                appVersion: base.identity.appVersion, msalVersion: msalVersion, traceURL: traceURL)
        ) {
            (try? await base.observe()) ?? Observation(running: false, signedInAccount: nil, screen: [], storage: [])
        }
        let adapter = RecordedAdapter(base: base, recorder: recorder)
        let runner = ScenarioRunner(spec: spec, provider: InProcessAdapterProvider { adapter })
        var confirmations: [DeviceConfirmation] = []
        for procedure in plan.procedures {
            let preparation = DeviceConfirmation(
                procedure: procedure.number, step: 0, tester: tester, time: Self.now(), startSequence: recorder.lastSequence, checkpointSequence: nil)
            confirmations.append(preparation)
            progress(preparation)
            let first = procedure.covers[0]
            // The first covered scenario's steps, with its hold of a launch's account check if it has
            // one: the stand-in for the SSO extension's own time to answer, which a device has.
            let played = Scenario(
                name: first.scenario.name, given: first.scenario.given, steps: first.scenario.steps.map { Step($0.action) }, expect: [],
                location: first.scenario.location)
            let scripted = ScriptedTester(
                recorder: recorder, procedure: procedure, moments: first.moments, tester: tester, start: recorder.lastSequence, progress: progress)
            _ = await runner.run(played, id: first.id, requirement: first.requirement, judge: scripted)
            confirmations += await scripted.confirmations
        }
        // The stand-in's key is no secret (the tokens are simulated): it is not kept beside the trace.
        try? FileManager.default.removeItem(at: traceURL.deletingPathExtension().appendingPathExtension("key"))
        return Record(recorder: recorder, confirmations: confirmations)
    }

    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}

/// The stand-in's tester: after each step it does has settled, asks the recorder for a checkpoint
/// and confirms. A hold and its held launch are no steps of the tester's: the step is confirmed
/// once the held answer is released.
private actor ScriptedTester: StepJudge {
    let recorder: SessionRecorder
    let procedure: DevicePlan.Procedure
    let moments: [DevicePlan.Moment]
    let tester: String
    let progress: @Sendable (DeviceConfirmation) -> Void
    var start: Int
    var confirmations: [DeviceConfirmation] = []

    init(
        recorder: SessionRecorder, procedure: DevicePlan.Procedure, moments: [DevicePlan.Moment], tester: String, start: Int,
        progress: @escaping @Sendable (DeviceConfirmation) -> Void
    ) {
        self.recorder = recorder
        self.procedure = procedure
        self.moments = moments
        self.tester = tester
        self.start = start
        self.progress = progress
    }

    func judge(_ step: JudgedStep) async -> [Issue] {
        let index = step.index ?? 0
        guard case .confirmed(let number) = moments[index] else { return [] }
        await recorder.checkpoint(label: DeviceConfirmation.label(procedure: procedure.number, step: number))
        let sequence = recorder.lastSequence
        // The scripted tester's eyes: the app's screen holds the user's current session's records.
        var shown: [String: Bool] = [:]
        for name in procedure.asks(step: number) { shown[name] = await step.evaluate([.hasDataOf(account: name, places: [.screen])]).isEmpty }
        let confirmation = DeviceConfirmation(
            procedure: procedure.number, step: number, tester: tester, time: StandInPass.now(), startSequence: start, checkpointSequence: sequence,
            dataShown: shown.isEmpty ? nil : shown)
        confirmations.append(confirmation)
        progress(confirmation)
        start = sequence
        return []
    }

    func judgeEnd(_ end: JudgedStep) async -> [Issue] { [] }
}
