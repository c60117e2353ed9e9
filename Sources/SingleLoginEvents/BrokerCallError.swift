import SingleLoginAdapter

/// The codes of a failed call's error, as MSAL hands them to the app: what a judge that asks
/// "did this call fail with -50002?" reads, instead of the error's text.
public struct BrokerCallError: Sendable, Hashable {
    /// `MSALErrorDomain`, or `BackendErrorDomain` for the backend's refusals.
    public var domain: String
    /// MSAL's top-level code (e.g. -50002, interaction required).
    public var code: Int
    /// MSAL's internal code, when the error has one (e.g. -42102, ambiguous account).
    public var internalCode: Int?

    /// The codes of `error`.
    public init(_ error: MSALError) {
        domain = error.domain
        code = error.code
        internalCode = error.internalCode
    }
}
