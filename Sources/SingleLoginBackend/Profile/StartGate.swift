/// Opens once the shared process is healthy (nil) or could not start (the failure and its first case).
actor StartGate {
    private var outcome: (StartFailure, String)??
    private var waiters: [CheckedContinuation<(StartFailure, String)?, Never>] = []

    func open(_ failure: (StartFailure, String)?) {
        guard outcome == nil else { return }
        outcome = .some(failure)
        for waiter in waiters { waiter.resume(returning: failure) }
        waiters = []
    }

    func wait() async -> (StartFailure, String)? {
        if let outcome { return outcome }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
