/// The clock a test case's scenario timeout is measured on: the machine's monotonic clock in a
/// run, a hand-moved one in tests that show what the timeout counts without waiting for it.
struct ScenarioClock: Sendable {
    /// Time since an arbitrary fixed origin.
    let now: @Sendable () -> Duration

    /// The monotonic clock (`ContinuousClock`), as every run uses it.
    static let continuous: ScenarioClock = {
        let origin = ContinuousClock.now
        return ScenarioClock { ContinuousClock.now - origin }
    }()
}
