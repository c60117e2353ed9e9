/// An error as MSAL delivers it to the app, after `MSALErrorConverter` (`MSAL/src/MSALErrorConverter.m`).
///
/// In `MSALErrorDomain` only six codes reach apps as they are: -50001 to -50005 and -50142
/// (the "recoverable" set). Every other MSAL error is -50000 (`MSALErrorInternal`) with the
/// specific code in ``internalCode`` (`MSALInternalErrorCodeKey`). Errors of system domains
/// (`NSURLErrorDomain`, `ASAuthorizationErrorDomain`) pass through with their own code and no
/// internal code. The other fields are MSAL's userInfo keys, present where MSAL fills them.
public struct MSALError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The error domain: `MSALErrorDomain`, or a system domain such as `NSURLErrorDomain`.
    public var domain: String
    /// The code, e.g. `-50002` for InteractionRequired, `-1009` in `NSURLErrorDomain`.
    public var code: Int
    /// `MSALInternalErrorCodeKey`: present exactly when `code` is -50000 in `MSALErrorDomain`.
    public var internalCode: Int?
    /// `MSALErrorDescriptionKey`: for logs, not for logic (MSAL may change it; `localizedDescription` is generic).
    public var message: String
    /// `MSALGrantedScopesKey` (-50003): the scopes granted, without `openid profile offline_access`.
    public var grantedScopes: [String]?
    /// `MSALDeclinedScopesKey` (-50003): the scopes asked for and not granted.
    public var declinedScopes: [String]?
    /// `MSALInvalidResultKey` (-50003): the result for the tokens that were issued.
    public var invalidResult: MSALResult?
    /// The device information MSAL returns together with the error when the SSO extension failed
    /// (`getDeviceInformation` only): a default-mode object, not the truth about the device.
    public var deviceInformation: DeviceInformation?
    /// `MSALOAuthErrorKey`: the server's OAuth error, e.g. `invalid_grant`.
    public var oauthError: String?
    /// `MSALCorrelationIDKey`: the request's correlation id.
    public var correlationId: String?

    /// Creates an error from its parts.
    public init(
        domain: String = MSALError.msalDomain, code: Int, internalCode: Int? = nil, message: String,
        grantedScopes: [String]? = nil, declinedScopes: [String]? = nil, invalidResult: MSALResult? = nil,
        deviceInformation: DeviceInformation? = nil, oauthError: String? = nil, correlationId: String? = nil
    ) {
        self.domain = domain
        self.code = code
        self.internalCode = internalCode
        self.message = message
        self.grantedScopes = grantedScopes
        self.declinedScopes = declinedScopes
        self.invalidResult = invalidResult
        self.deviceInformation = deviceInformation
        self.oauthError = oauthError
        self.correlationId = correlationId
    }

    /// Creates an MSAL error as the converter delivers it: a recoverable code stays top-level, any
    /// other MSAL code (top-level or internal) becomes -50000 with that code as the internal code.
    public static func converted(_ code: Int, message: String) -> MSALError {
        if Code.recoverable.contains(code) { return MSALError(code: code, message: message) }
        return MSALError(
            code: Code.internalError.rawValue, internalCode: code == Code.internalError.rawValue ? InternalCode.unexpected.rawValue : code, message: message)
    }

    /// MSAL's error domain.
    public static let msalDomain = "MSALErrorDomain"
    /// The system domain network failures pass through with.
    public static let urlDomain = "NSURLErrorDomain"
    /// `ASAuthorizationErrorDomain`'s value: the domain of Enterprise SSO extension failures MSAL passes through.
    public static let authorizationDomain = "com.apple.AuthenticationServices.AuthorizationError"

    /// A textual form: `MSALErrorDomain -50002 (interactionRequired): ...`.
    public var description: String {
        var text = "\(domain) \(code)"
        if domain == Self.msalDomain, let name = Code(rawValue: code) { text += " (\(name))" }
        if domain == Self.authorizationDomain, let name = AuthorizationCode(rawValue: code) { text += " (ASAuthorizationError.\(name))" }
        if let internalCode {
            text += " internal \(internalCode)"
            if let name = InternalCode(rawValue: internalCode) { text += " (\(name))" }
        }
        if let declinedScopes { text += " declined: \(declinedScopes.joined(separator: " "))" }
        return text + ": " + message
    }

    /// MSAL's top-level error codes (`MSALError` in `MSALError.h`).
    public enum Code: Int, Sendable, CaseIterable {
        /// -50000: everything else; see ``MSALError/internalCode``.
        case internalError = -50000
        /// -50001.
        case workplaceJoinRequired = -50001
        /// -50002: the only error that justifies the interactive sheet.
        case interactionRequired = -50002
        /// -50003: fewer scopes granted than asked for.
        case serverDeclinedScopes = -50003
        /// -50004.
        case serverProtectionPoliciesRequired = -50004
        /// -50005: the user dismissed the sheet (also a server `access_denied`).
        case userCanceled = -50005
        /// -50006: never top-level for apps (arrives as internal code of -50000).
        case serverError = -50006
        /// -50007: never top-level for apps.
        case insufficientDeviceStrength = -50007
        /// -50008: never top-level for apps.
        case mdmEnrollmentCompletedNeedsRetry = -50008
        /// -50142.
        case serverInvalidRequestResetPasswordRequired = -50142

        /// The codes MSAL's converter keeps top-level (`s_recoverableErrorCode`, `MSALErrorConverter.m`).
        public static let recoverable: Set<Int> = [-50001, -50002, -50003, -50004, -50005, -50142]
    }

    /// MSAL's internal codes that matter to shared-device apps (`MSALInternalError` in `MSALError.h`).
    public enum InternalCode: Int, Sendable, CaseIterable {
        /// -42000 `MSALInternalErrorInvalidParameter`: e.g. signout with no account, or signoutFromBrowser without webview parameters.
        case invalidParameter = -42000
        /// -42001: the redirect scheme is not registered (at client creation).
        case redirectSchemeNotRegistered = -42001
        /// -42008 `MSALInternalErrorUnexpected`.
        case unexpected = -42008
        /// -42102: more than one account on the device.
        case ambiguousAccount = -42102
        /// -42401: exists in MSAL's header but MSAL never delivers it (cancellations arrive as -50005).
        case sessionCanceled = -42401
        /// -42402: an interactive web session is already running.
        case interactiveSessionAlreadyRunning = -42402
        /// -42600 `MSALInternalErrorInvalidResponse`: e.g. a nil or blank id_token.
        case invalidResponse = -42600
        /// -42705 `MSALInternalErrorBrokerCorruptedResponse`.
        case brokerCorruptedResponse = -42705
        /// -42714 `MSALInternalBrokerNotAvailable`: only from getDeviceInformation, when MSAL may not use the broker.
        case brokerNotAvailable = -42714
    }

    /// `ASAuthorizationError` codes the Enterprise SSO extension fails with.
    public enum AuthorizationCode: Int, Sendable, CaseIterable {
        /// 1000 `.unknown`.
        case unknown = 1000
        /// 1001 `.canceled` (MSAL turns it into -50005).
        case canceled = 1001
        /// 1003 `.notHandled`.
        case notHandled = 1003
        /// 1004 `.failed`.
        case failed = 1004
    }

    /// Whether this is MSAL's InteractionRequired, the only error that justifies the sheet.
    public var isInteractionRequired: Bool { domain == Self.msalDomain && code == Code.interactionRequired.rawValue }
    /// Whether the user dismissed the sheet: a normal outcome, never an error to show.
    public var isUserCanceled: Bool { domain == Self.msalDomain && code == Code.userCanceled.rawValue }
    /// Whether fewer scopes were granted than asked for (-50003).
    public var isDeclinedScopes: Bool { domain == Self.msalDomain && code == Code.serverDeclinedScopes.rawValue }
    /// Whether this is -50000 with the given internal code.
    public func isInternal(_ expected: InternalCode) -> Bool {
        domain == Self.msalDomain && code == Code.internalError.rawValue && internalCode == expected.rawValue
    }

    /// InteractionRequired (-50002): the token cannot be had without the user.
    public static let interactionRequired = MSALError(code: Code.interactionRequired.rawValue, message: "User interaction is required.")
    /// UserCanceled (-50005): the user dismissed Microsoft's sign-in sheet.
    public static let userCanceled = MSALError(code: Code.userCanceled.rawValue, message: "User cancelled the authorization session.")
    /// The device is offline (NSURLErrorNotConnectedToInternet, -1009).
    public static let offline = MSALError(domain: urlDomain, code: -1009, message: "The Internet connection appears to be offline.")
    /// More than one account on a shared device (-50000 / -42102).
    public static let ambiguousAccount = MSALError(
        code: Code.internalError.rawValue, internalCode: InternalCode.ambiguousAccount.rawValue, message: "Multiple accounts found in cache.")
    /// MSAL may not use the broker (-50000 / -42714), from getDeviceInformation only.
    public static let brokerNotAvailable = MSALError(
        code: Code.internalError.rawValue, internalCode: InternalCode.brokerNotAvailable.rawValue,
        message: "Broker is not enabled for this operation. Please make sure you have enabled broker support for your application")
    /// An interactive session is already running (-50000 / -42402).
    public static let interactiveSessionAlreadyRunning = MSALError(
        code: Code.internalError.rawValue, internalCode: InternalCode.interactiveSessionAlreadyRunning.rawValue,
        message: "Only one interactive session is allowed at a time.")
    /// A blank id_token in the response (-50000 / -42600).
    public static let nilIdToken = MSALError(
        code: Code.internalError.rawValue, internalCode: InternalCode.invalidResponse.rawValue, message: "Nil id_token passed")

    /// An invalid parameter (-50000 / -42000) with MSAL's message.
    public static func invalidParameter(_ message: String) -> MSALError {
        MSALError(code: Code.internalError.rawValue, internalCode: InternalCode.invalidParameter.rawValue, message: message)
    }

    /// The Enterprise SSO extension failed: `ASAuthorizationErrorDomain` with `code` (1000, 1003 or 1004), as MSAL passes it through.
    public static func ssoExtensionFailure(_ code: AuthorizationCode = .failed) -> MSALError {
        MSALError(
            domain: authorizationDomain, code: code.rawValue,
            message: "The operation couldn't be completed. (com.apple.AuthenticationServices.AuthorizationError error \(code.rawValue).)")
    }
}
