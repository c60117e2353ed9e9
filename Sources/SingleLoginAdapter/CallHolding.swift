/// A broker whose answers a scenario can hold: the harness's side of protocol 1.6's
/// ``WireProtocol/Capability/concurrentCalls``. The simulated broker answers a held call at once,
/// as it stood when the app asked, and delivers the answer only when a later step releases it.
package protocol CallHolding: Sendable {
    /// Whether the next call of `method` is to be held, and if so the ticket to ask about its
    /// release with; the hold is taken, so the call itself is then answered without holding it again.
    func claimHold(_ method: BrokerMethod) async -> Int?
    /// Whether the held call with `ticket` has been released.
    func isReleased(_ ticket: Int) async -> Bool
}

/// Which step, and which part of it, a call of the app belongs to: set by the runner around each
/// event it delivers, and by the harness's session around a call that arrives after its event was
/// answered (named by its `underRequest`). The broker records a call under it.
package struct CallOrigin: Hashable, Sendable {
    /// The step's index (nil: reset).
    package var step: Int?
    /// Whether the call was made while the step's broadcasts were delivered.
    package var duringBroadcast: Bool

    /// The origin of calls made during step `step`'s event, or its broadcasts.
    package init(step: Int?, duringBroadcast: Bool) {
        self.step = step
        self.duringBroadcast = duringBroadcast
    }

    /// The origin of the calls the current task makes; nil: wherever the broker's current step is.
    @TaskLocal package static var current: CallOrigin?
}
