import Foundation
import ShiftBoard
import SingleLoginAdapter
import SingleLoginObserver

/// Drives ShiftBoard for sl-conformance: MSAL and the backend are the harness's, the container a
/// fresh directory per reset, and every observation reports the screen model and all that is stored.
/// `SHIFTBOARD_FLAW=showsCancelAsError` (or another `ShiftBoardFlaws` name) builds the app with a flaw.
public actor ShiftBoardAdapter: ConformanceAdapter {
    public nonisolated let identity = AdapterIdentity(
        adapterName: "shiftboard-tests", adapterVersion: "1.0.0", appName: "ShiftBoard",
        appVersion: "3.2.0", bundleId: "com.contoso.shiftboard", msalVersion: "2.13.0",
        // The adapter is an actor: an event is handled while an earlier one waits for a late answer.
        capabilities: [WireProtocol.Capability.concurrentCalls.rawValue],
        // ShiftBoard uses every surface of the device (DeviceSurfaces) and this adapter reports each:
        // a surface it did not have would be declared absent, and its requirement would not apply.
        surfaces: .only(Set(StoredItem.Area.deviceSurfaces)))
    private let container = FileManager.default.temporaryDirectory.appendingPathComponent("shiftboard-\(UUID().uuidString)")
    private var app: ShiftBoardApp?
    private var sandbox: Sandbox { Sandbox(root: container) }
    /// Reads the container as the app's files are on the device, decoded; nothing else of the machine
    /// running the tests (its cookies, keychain or notifications) belongs to the app.
    private lazy var observer = SandboxObserver(.init(container: container, cookies: false, keychain: false, notifications: false))

    public init() {}

    public func reset(environment: AppEnvironment) async throws {
        try? FileManager.default.removeItem(at: container)
        let flaws = ShiftBoardFlaws(names: ProcessInfo.processInfo.environment["SHIFTBOARD_FLAW"] ?? "")
        app = ShiftBoardApp(
            msal: HarnessMSALApplication(broker: environment.broker), backend: HarnessShifts(backend: environment.backend),
            sandbox: sandbox, webview: { MSALWebviewParameters() }, flaws: flaws)
    }

    public func handle(_ event: AppEvent) async throws -> Observation {
        guard let app else { throw CocoaError(.featureUnsupported) }
        switch event {
        case .launch: await app.launch()
        case .resume: await app.resume()
        case .suspend: await app.suspend()
        case .terminate: await app.terminate()
        case .tapSignIn: await app.tapSignIn()
        case .tapSignOut: await app.tapSignOut()
        case .refresh: await app.refresh()
        case .accountChangedBroadcast: await app.accountChanged()
        // A newer kit may add events: this keeps compiling, with a warning that names the new case.
        @unknown default: throw UnhandledEvent(event: event)
        }
        return try await observe()
    }

    public func observe() async throws -> Observation {
        guard let app else { throw CocoaError(.featureUnsupported) }
        let running = await app.isRunning
        let screen = await app.screen
        var elements: [ScreenElement] = []
        if running {
            if let name = screen.signedInName {
                elements += [ScreenElement(.text, "Hi, \(name)"), ScreenElement(.text, screen.username ?? ""), ScreenElement(.button, "Sign out")]
                // The shifts are backend records: marked, so that "Hi, Alice" alone shows who is signed in.
                elements += screen.shifts.map { ScreenElement.record("\($0.title) · \($0.detail)") }
            } else {
                elements.append(ScreenElement(.button, "Sign in with Microsoft"))
                if screen.offersSignUp { elements.append(ScreenElement(.button, "Create an account")) }
            }
            if let notice = screen.notice { elements.append(ScreenElement(.text, notice)) }
            if let error = screen.error { elements.append(ScreenElement(.error, error)) }
        }
        var storage = await observer.storage()
        storage += await app.memory.sorted { $0.key < $1.key }.map { StoredItem(.memory, $0.key, $0.value) }
        storage += await app.surfaces.storedItems
        return Observation(running: running, signedInAccount: await app.signedInIdentifier, screen: elements, storage: storage)
    }

    deinit { try? FileManager.default.removeItem(at: container) }
}

/// An event this adapter does not handle yet: the scenario ends as an adapter error that names it.
struct UnhandledEvent: Error {
    let event: AppEvent
}

/// ShiftBoard's backend played by the harness: each of its records is one shift.
struct HarnessShifts: ShiftsService {
    let backend: any BackendService

    func shifts(accessToken: String) async throws -> [Shift] {
        try await backend.fetchRecords(accessToken: accessToken).map { Shift(id: $0.id, title: $0.title, detail: $0.detail) }
    }
}
