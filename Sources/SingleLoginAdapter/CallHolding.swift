/// A broker whose answers a scenario can hold: the harness's side of protocol 1.6's
/// ``WireProtocol/Capability/concurrentCalls``. The simulated broker answers a held call at once,
/// as it stood when the app asked, and delivers the answer only when a later step releases it.
package protocol CallHolding: Sendable {
    /// Whether this call of `method`, made for `accountIdentifier` (a silent token call's account;
    /// nil for other calls), is to be held, and if so the ticket to ask about its release with; the
    /// hold is taken, so the call itself is then answered without holding it again.
    func claimHold(_ method: BrokerMethod, accountIdentifier: String?) async -> Int?
    /// Whether the held call with `ticket` has been released.
    func isReleased(_ ticket: Int) async -> Bool
}

/// Whether the call the current task makes is one whose answer is held: set by whoever claimed
/// the hold (``CallHolding/claimHold(_:accountIdentifier:)``) around the call, so that the broker's record of it says so.
package enum AnswerHold {
    @TaskLocal package static var isHeld = false
}
