/// The contract between the harness and an app under test.
///
/// An adapter owns one instance of the app and drives it as a device would. The harness
/// calls it from one task at a time, and its calls never overlap, but for one case: an adapter
/// that declares ``WireProtocol/Capability/concurrentCalls`` (requirement 6 below).
///
/// ## Implementation requirements
/// 1. ``reset(environment:)`` returns the app to a fresh install: no files, defaults,
///    keychain items, caches or memory left from any earlier scenario, and the app not
///    running. From then on every MSAL call the app makes goes to `environment.broker` and
///    every backend call to `environment.backend`; the app must not keep tokens or data of
///    its own making outside what it reports in `Observation.storage`.
/// 2. ``handle(_:)`` delivers one ``AppEvent`` and returns only when the app has settled:
///    every task the event started has finished, every broker and backend call has been
///    answered, and the screen shows its final state. The returned `Observation` is taken
///    after settling.
/// 3. ``observe()`` reports the app's current state without changing it.
/// 4. An observation is complete: every visible element (text, buttons, alerts, errors, the
///    sign-in sheet) and every stored item (keychain, files, defaults, caches, memory
///    state the app would keep across a sign-out), each with its full text. The harness
///    finds leftover user data by scanning these strings, so what is not reported cannot pass.
/// 5. The app crashing is not an adapter error: report it as `crashed: true` and
///    `running: false` and keep answering. Throw only when the adapter itself is broken.
/// 6. With ``WireProtocol/Capability/concurrentCalls`` declared, ``handle(_:)`` may be called
///    again while an earlier call of it waits for a call the harness holds: an actor's reentrancy
///    gives exactly that. The harness then takes the earlier event's observation with
///    ``observe()`` and, once it has answered the held calls, waits with ``settle()``.
/// 7. Events arrive in any order a device allows; ``AppEvent/accountChangedBroadcast`` arrives
///    only while the app runs, and lifecycle events for a terminated app (other than
///    ``AppEvent/launch``) are never sent.
///
/// `AdapterDoctor` in the conformance library (`sl-conformance doctor`) checks an adapter against these requirements.
public protocol ConformanceAdapter: Sendable {
    /// Who this adapter is and what app it drives.
    var identity: AdapterIdentity { get }
    /// Returns the app to a fresh install that uses `environment` for MSAL and its backend.
    func reset(environment: AppEnvironment) async throws
    /// Delivers one event and returns what the app shows and stores once it has settled.
    func handle(_ event: AppEvent) async throws -> Observation
    /// Reports what the app shows and stores now.
    func observe() async throws -> Observation
    /// Waits until every task the app started has finished (a call whose answer the harness held
    /// included) and reports what it shows and stores then: protocol 1.6's `settle`, which the
    /// harness sends only to an adapter that declared ``WireProtocol/Capability/concurrentCalls``.
    func settle() async throws -> Observation
}

extension ConformanceAdapter {
    /// An adapter whose every event settles before it is answered has nothing left to wait for.
    public func settle() async throws -> Observation { try await observe() }
}
