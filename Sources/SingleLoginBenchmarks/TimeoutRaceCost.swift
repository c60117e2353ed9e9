import SingleLoginEvents

/// Times the pattern the transport uses to wait for a line with a timeout, with no I/O at all.
///
/// `LineMailbox.next(timeout:)` races the wait against a sleeping task in a throwing task
/// group and cancels the loser. This measures that race alone, with the value already there,
/// so the cost of the pattern can be told apart from the cost of the pipe and the threads.
public enum TimeoutRaceCost {
    /// The median and p95 of `iterations` races of an immediate value against a 10 s sleep.
    public static func measure(iterations: Int) async -> LatencySummary {
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for index in 0..<max(1, iterations) {
            let start = ContinuousClock.now
            let value = try? await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask { index }
                group.addTask {
                    try await Task.sleep(for: .seconds(10))
                    throw CancellationError()
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            samples.append((ContinuousClock.now - start).inSeconds)
            precondition(value == index)
        }
        return LatencySummary(samples: samples)
    }
}
