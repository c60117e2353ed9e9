/// An error as MSAL reports it: a domain, a code and, for `MSALErrorInternal`, an internal code.
///
/// The codes are MSAL's own (`MSALErrorDomain`), so an app's error handling can be exercised
/// exactly as it will meet them on a device. Network failures keep their system domain.
public struct MSALError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The error domain, `MSALErrorDomain` or a system domain such as `NSURLErrorDomain`.
    public var domain: String
    /// The top-level code, e.g. `-50002` for InteractionRequired.
    public var code: Int
    /// `MSALInternalErrorCodeKey` from userInfo, present when `code` is `-50000`.
    public var internalCode: Int?
    /// A human-readable description, as `NSLocalizedDescriptionKey` would carry it.
    public var message: String

    /// Creates an error from its parts.
    public init(domain: String = MSALError.msalDomain, code: Int, internalCode: Int? = nil, message: String) {
        self.domain = domain
        self.code = code
        self.internalCode = internalCode
        self.message = message
    }

    /// MSAL's error domain.
    public static let msalDomain = "MSALErrorDomain"
    /// The system domain network failures pass through with.
    public static let urlDomain = "NSURLErrorDomain"

    /// A textual form: `MSALErrorDomain -50002 (InteractionRequired)`.
    public var description: String {
        var text = "\(domain) \(code)"
        if let name = Code(rawValue: code), domain == Self.msalDomain { text += " (\(name))" }
        if let internalCode {
            text += " internal \(internalCode)"
            if let name = InternalCode(rawValue: internalCode) { text += " (\(name))" }
        }
        return text + ": " + message
    }

    /// MSAL's top-level error codes (`MSALError` in MSALError.h).
    public enum Code: Int, Sendable, CaseIterable {
        case internalError = -50000
        case workplaceJoinRequired = -50001
        case interactionRequired = -50002
        case serverDeclinedScopes = -50003
        case serverProtectionPoliciesRequired = -50004
        case userCanceled = -50005
        case serverError = -50006
        case insufficientDeviceStrength = -50007
        case mdmEnrollmentCompletedNeedsRetry = -50008
    }

    /// MSAL's internal codes that matter to shared-device apps (`MSALInternalError`).
    public enum InternalCode: Int, Sendable, CaseIterable {
        case redirectSchemeNotRegistered = -42001
        case ambiguousAccount = -42102
        case sessionCanceled = -42401
        case interactiveSessionAlreadyRunning = -42402
        case brokerNotAvailable = -42714
    }

    /// Whether this is MSAL's InteractionRequired, the only error that justifies the sheet.
    public var isInteractionRequired: Bool { domain == Self.msalDomain && code == Code.interactionRequired.rawValue }
    /// Whether the user dismissed the sheet: a normal outcome, never an error to show.
    public var isUserCanceled: Bool { domain == Self.msalDomain && code == Code.userCanceled.rawValue }

    /// InteractionRequired (-50002): the token cannot be had without the user.
    public static let interactionRequired = MSALError(code: Code.interactionRequired.rawValue, message: "User interaction is required.")
    /// UserCanceled (-50005): the user dismissed Microsoft's sign-in sheet.
    public static let userCanceled = MSALError(code: Code.userCanceled.rawValue, message: "User cancelled the authorization session.")
    /// The device is offline (NSURLErrorNotConnectedToInternet, -1009).
    public static let offline = MSALError(domain: urlDomain, code: -1009, message: "The Internet connection appears to be offline.")
    /// More than one account on a shared device (-50000 / -42102).
    public static let ambiguousAccount = MSALError(code: Code.internalError.rawValue, internalCode: InternalCode.ambiguousAccount.rawValue, message: "More than one account found.")
    /// The broker cannot be reached (-50000 / -42714).
    public static let brokerNotAvailable = MSALError(code: Code.internalError.rawValue, internalCode: InternalCode.brokerNotAvailable.rawValue, message: "Broker is not available.")
    /// An interactive session is already running (-50000 / -42402).
    public static let interactiveSessionAlreadyRunning = MSALError(code: Code.internalError.rawValue, internalCode: InternalCode.interactiveSessionAlreadyRunning.rawValue, message: "An interactive session is already running.")
}
