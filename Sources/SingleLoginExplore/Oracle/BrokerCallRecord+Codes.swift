import SingleLoginEvents

/// What the transcript says about a failed call's error. The record keeps the error as text only
/// (`MSALErrorDomain -50000 (internal) internal -42102 (ambiguousAccount): ...`).
extension BrokerCallRecord {
    /// Whether the call failed with MSAL's top-level `code` (e.g. -50002).
    func failed(with code: Int) -> Bool {
        failed && answer.contains("MSALErrorDomain \(code)")
    }

    /// Whether the call failed with MSAL's internal error code `code` (e.g. -42102).
    func failed(internal code: Int) -> Bool {
        failed && answer.contains("internal \(code)")
    }
}
