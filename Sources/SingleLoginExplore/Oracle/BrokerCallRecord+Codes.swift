import SingleLoginEvents

/// What the oracle asks of a failed call's error: its codes, never its text.
extension BrokerCallRecord {
    /// Whether the call failed with MSAL's top-level `code` (e.g. -50002).
    func failed(with code: Int) -> Bool {
        error?.code == code
    }

    /// Whether the call failed with MSAL's internal error code `code` (e.g. -42102).
    func failed(internal code: Int) -> Bool {
        error?.internalCode == code
    }
}
