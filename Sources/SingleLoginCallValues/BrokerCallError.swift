import SingleLoginSeam

/// The error a failed call raised, as MSAL hands it to the app: its codes, which a judge that asks
/// "did this call fail with -50002?" reads, and its message and declined scopes, which only its
/// text for people shows. No judge reads the message. The event stream (`error` of a call's answer)
/// and the device trace (`error` of a recorded call) both write it with these keys.
public struct BrokerCallError: Codable, Sendable, Hashable {
    /// `MSALErrorDomain`, or `BackendErrorDomain` for the backend's refusals.
    public var domain: String
    /// MSAL's top-level code (e.g. -50002, interaction required).
    public var code: Int
    /// MSAL's internal code, when the error has one (e.g. -42102, ambiguous account).
    public var internalCode: Int?
    /// The error's message, for people.
    public var message: String
    /// The scopes the server declined (-50003), when it declined some.
    public var declinedScopes: [String]?

    /// Creates an error from its parts.
    public init(domain: String, code: Int, internalCode: Int? = nil, message: String, declinedScopes: [String]? = nil) {
        self.domain = domain
        self.code = code
        self.internalCode = internalCode
        self.message = message
        self.declinedScopes = declinedScopes
    }

    /// What the transcript keeps of `error`.
    public init(_ error: MSALError) {
        self.init(domain: error.domain, code: error.code, internalCode: error.internalCode, message: error.message, declinedScopes: error.declinedScopes)
    }
}
