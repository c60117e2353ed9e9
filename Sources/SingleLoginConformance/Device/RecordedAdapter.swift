import SingleLoginAdapter
import SingleLoginRecorder

/// An in-process adapter whose app talks to the broker through the recorder, as a real app's
/// debug build talks to real MSAL: `broker → HarnessMSALApplication → RecordingMSALApplication →
/// SeamBroker → app`. Lifecycle events and the account-change broadcast are recorded as the app's
/// delegate would record them, before the app handles them. The stand-in's device.
public struct RecordedAdapter: ConformanceAdapter {
    /// The adapter of the app, whose app takes its broker from the environment.
    public let base: any ConformanceAdapter
    /// The pass's recorder.
    public let recorder: SessionRecorder

    /// Records `base`'s app into `recorder`.
    public init(base: any ConformanceAdapter, recorder: SessionRecorder) {
        self.base = base
        self.recorder = recorder
    }

    public var identity: AdapterIdentity { base.identity }

    public func reset(environment: AppEnvironment) async throws {
        let recorded = RecordingMSALApplication(base: HarnessMSALApplication(broker: environment.broker), recorder: recorder)
        let backend = RecordedBackend(base: environment.backend, recorder: recorder)
        try await base.reset(environment: AppEnvironment(broker: SeamBroker(msal: recorded), backend: backend, clock: environment.clock))
    }

    public func handle(_ event: AppEvent) async throws -> Observation {
        switch event {
        case .launch: recorder.lifecycle(.launch)
        case .suspend: recorder.lifecycle(.background)
        case .resume: recorder.lifecycle(.foreground)
        case .terminate: recorder.lifecycle(.terminate)
        case .accountChangedBroadcast: recorder.accountChanged()
        case .tapSignIn, .tapSignOut, .refresh: break
        }
        return try await base.handle(event)
    }

    public func observe() async throws -> Observation { try await base.observe() }

}

/// The app's backend with each call reported to the recorder, as a real app's network layer reports it.
struct RecordedBackend: BackendService {
    let base: any BackendService
    let recorder: SessionRecorder

    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        do {
            let records = try await base.fetchRecords(accessToken: accessToken)
            recorder.backendCall(accessToken: accessToken, records: records.count, error: nil)
            return records
        } catch {
            recorder.backendCall(accessToken: accessToken, records: nil, error: error)
            throw error
        }
    }
}
