/// A provider's failed starts in a row and, once there are enough, its giving up: the one rule
/// behind ``AdapterUnavailable`` for every provider that starts or accepts adapters.
struct StartFailures: Sendable {
    /// How many failed starts in a row make the provider give up; nil never.
    let giveUpAfter: Int?
    private var inARow = 0
    /// Set once the provider has given up: every later start throws it.
    private(set) var gaveUp: AdapterUnavailable?

    /// The timeouts the fix names.
    let timeouts: AdapterTimeouts

    init(giveUpAfter: Int?, timeouts: AdapterTimeouts) {
        self.giveUpAfter = giveUpAfter
        self.timeouts = timeouts
    }

    /// A start succeeded: the count begins again.
    mutating func started() { inARow = 0 }

    /// A start failed with `failure`.
    mutating func failed(_ failure: AdapterFailure) {
        inARow += 1
        if let giveUpAfter, inARow >= giveUpAfter { gaveUp = AdapterUnavailable(failure: failure, attempts: inARow, fix: failure.fix(timeouts: timeouts)) }
    }
}
