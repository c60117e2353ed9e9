/// What a token must get.
public enum BackendExpectation: String, Sendable, Hashable, CaseIterable {
    /// A 2xx.
    case accepted
    /// 400, 401 or 403.
    case rejected
    /// Any 4xx but 404 and 405 (never a 5xx).
    case clientError

    /// Whether `status` meets the expectation.
    public func isMet(by status: Int) -> Bool {
        switch self {
        case .accepted: return (200...299).contains(status)
        case .rejected: return [400, 401, 403].contains(status)
        case .clientError: return (400...499).contains(status) && status != 404 && status != 405
        }
    }

    /// `accepted (a 2xx)`, for reports.
    public var description: String {
        switch self {
        case .accepted: return "accepted (a 2xx)"
        case .rejected: return "rejected (400, 401 or 403)"
        case .clientError: return "a client error (a 4xx other than 404 and 405)"
        }
    }
}
