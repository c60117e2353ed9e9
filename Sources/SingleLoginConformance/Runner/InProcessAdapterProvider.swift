import SingleLoginAdapter

/// An adapter that lives in the harness's own process (Swift, linked in).
public actor InProcessAdapterProvider: AdapterProvider {
    private let make: @Sendable () -> any ConformanceAdapter
    private var current: (any ConformanceAdapter)?

    /// Creates a provider that makes adapters with `make` (again after each discard).
    public init(_ make: @escaping @Sendable () -> any ConformanceAdapter) { self.make = make }

    public func adapter() async throws -> any ConformanceAdapter {
        if let current { return current }
        let made = make()
        current = made
        return made
    }

    public func discard() async { current = nil }
    public func takeLog() async -> String { "" }
    public func close() async { current = nil }
}
