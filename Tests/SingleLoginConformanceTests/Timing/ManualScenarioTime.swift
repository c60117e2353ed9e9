import Synchronization
@testable import SingleLoginConformance

/// A scenario clock that moves only when a test moves it: what the scenario timeout counts is
/// shown without waiting for it, and without depending on how fast the machine is.
final class ManualScenarioTime: Sendable {
    private let elapsed = Mutex(Duration.zero)

    /// Moves the clock forward.
    func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }

    /// The clock a runner measures scenario timeouts on.
    var clock: ScenarioClock { ScenarioClock { [self] in elapsed.withLock { $0 } } }
}
