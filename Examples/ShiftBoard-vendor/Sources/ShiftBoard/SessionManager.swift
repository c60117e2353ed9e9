import SingleLoginSeam

/// Who is signed in, by MSAL's word, on a shared device: written against the MSAL seam, so it runs
/// on real MSAL in the app and on the harness's broker in tests.
///
/// It follows Microsoft's shared-device guidance: ask for device information at launch; ask MSAL
/// for the current account at every launch, resume and account-change broadcast, and compare
/// identifiers; sign in silently, and interactively only when there is no account or MSAL says
/// interaction is required; treat a dismissed sheet as a normal outcome.
public actor SessionManager {
    /// A signed-in worker.
    public struct Session: Hashable, Sendable {
        /// Their account, as MSAL returned it.
        public var account: MSALAccount
        /// The name the app shows.
        public var displayName: String
        /// The access token for ShiftBoard's backend.
        public var accessToken: String
    }

    /// What the check of the current account found.
    public enum Change: Sendable {
        /// The same worker as before (or still nobody).
        case unchanged
        /// Nobody is signed in any more: the worker signed out on this device.
        case signedOut
        /// Another worker (or, after nobody, the first) is signed in now.
        case signedIn(MSALAccount)
    }

    /// Why signing in did not end with a session.
    public enum Failure: Error, Sendable {
        /// The worker dismissed Microsoft's sheet: normal, nothing to show.
        case cancelled
        /// The device is offline or the broker cannot be reached: try again later, silently.
        case unreachable
        /// Anything else, with MSAL's error.
        case failed(MSALError)
    }

    /// The scopes of the sign-in.
    public static let signInScopes = ["User.Read"]
    /// The scopes of ShiftBoard's backend, consented at sign-in so that a session costs one prompt.
    public static let shiftScopes = ["api://shiftboard/Shifts.Read"]

    private let msal: any MSALPublicClientApplicationProtocol
    private let webview: @Sendable () -> MSALWebviewParameters
    /// The signed-in worker, if any.
    public private(set) var session: Session?
    /// Whether MSAL says the device is in Shared Device Mode (nil until asked).
    public private(set) var isSharedDevice: Bool?

    /// A manager for `msal`; `webview` gives the presentation context of Microsoft's sheet.
    public init(msal: any MSALPublicClientApplicationProtocol, webview: @escaping @Sendable () -> MSALWebviewParameters) {
        self.msal = msal
        self.webview = webview
    }

    /// Asks MSAL whether the device is shared. An error never switches to personal-device UI.
    public func detectDeviceMode() async {
        if let information = try? await msal.getDeviceInformation(with: nil) {
            isSharedDevice = information.deviceMode == .shared
        }
    }

    /// Asks MSAL who is signed in on the device now and compares with `knownIdentifier`
    /// (the session's, or the one remembered from an earlier launch). It forgets nothing: an answer
    /// can arrive after a newer check began, and only the caller knows whether it still decides.
    public func checkCurrentAccount(knownIdentifier: String?) async throws -> Change {
        let (account, _) = try await msal.getCurrentAccount(with: nil)
        guard let account else { return knownIdentifier == nil ? .unchanged : .signedOut }
        // previousAccount is non-nil even when nothing changed: compare identifiers instead.
        if account.identifier == knownIdentifier, session != nil { return .unchanged }
        return .signedIn(account)
    }

    /// Signs `account` in without UI; interactively only when MSAL says interaction is required.
    public func signInSilently(_ account: MSALAccount) async throws(Failure) -> Session {
        do {
            return try adopt(try await msal.acquireTokenSilent(with: MSALSilentTokenParameters(scopes: Self.signInScopes + Self.shiftScopes, account: account)))
        } catch let error as MSALError where error.isInteractionRequired {
            return try await signInInteractively(loginHint: account.username)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Presents Microsoft's sheet once.
    public func signInInteractively(loginHint: String?) async throws(Failure) -> Session {
        let parameters = MSALInteractiveTokenParameters(scopes: Self.signInScopes, webviewParameters: webview())
        parameters.extraScopesToConsent = Self.shiftScopes
        parameters.loginHint = loginHint
        do { return try adopt(try await msal.acquireToken(with: parameters)) } catch { throw Self.failure(error) }
    }

    /// Signs in: silently when the device has an account, else with one prompt.
    public func signIn() async throws(Failure) -> Session {
        let account: MSALAccount?
        do { account = try await msal.getCurrentAccount(with: nil).0 } catch { throw Self.failure(error) }
        if let account { return try await signInSilently(account) }
        return try await signInInteractively(loginHint: nil)
    }

    /// A fresh access token for the session's worker.
    public func refreshToken() async throws(Failure) -> Session {
        guard let account = session?.account else { return try await signIn() }
        return try await signInSilently(account)
    }

    /// Signs the worker out of the device (in Shared Device Mode, of every app) and forgets the session.
    public func signOut() async {
        guard let account = session?.account else { return }
        session = nil
        _ = try? await msal.signout(with: account, signoutParameters: MSALSignoutParameters())
    }

    /// Forgets the session without asking MSAL (the device already signed the worker out).
    public func forget() {
        session = nil
    }

    private func adopt(_ result: MSALResult) throws(Failure) -> Session {
        // MSAL declares idToken nullable: a result without one is a failed sign-in, never a crash.
        guard result.idToken != nil else {
            throw .failed(MSALError(code: MSALError.Code.internalError.rawValue, internalCode: -42600, message: "The sign-in returned no id token."))
        }
        let name = result.account.accountClaims?["name"] ?? result.account.username ?? "Signed-in worker"
        // The caller accepts it once it knows the answer is not a late one (``accept(_:)``).
        return Session(account: result.account, displayName: name, accessToken: result.accessToken)
    }

    /// The session a sign-in returned is the worker's from now on.
    public func accept(_ session: Session) {
        self.session = session
    }

    private static func failure(_ error: any Error) -> Failure {
        if let failure = error as? Failure { return failure }
        guard let error = error as? MSALError else { return .failed(MSALError(code: MSALError.Code.internalError.rawValue, message: "\(error)")) }
        if error.isUserCanceled { return .cancelled }
        if error.domain == MSALError.urlDomain || error.internalCode == MSALError.InternalCode.brokerNotAvailable.rawValue { return .unreachable }
        return .failed(error)
    }
}
