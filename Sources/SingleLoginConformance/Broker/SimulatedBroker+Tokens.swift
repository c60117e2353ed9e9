import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// MSAL's token calls, signout, and the app's backend.
extension SimulatedBroker {
    // MARK: acquireTokenSilent (PCA.m 621-846, MSIDSilentController.m 136-179)

    public func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        return try perform(.acquireTokenSilent(parameters)) {
            guard let identifier = parameters.accountIdentifier else {
                throw MSALError(code: MSALError.Code.interactionRequired.rawValue, message: "No account provided for the silent request.")
            }
            if let record = localCache.record(identifier: identifier), !record.signedIn {
                // The app signed this account out itself: MSAL answers at once, without the broker.
                throw MSALError(code: MSALError.Code.interactionRequired.rawValue, message: "Account is signed out, user interaction is required.")
            }
            guard brokerEnabled else { return try silentWithoutBroker(identifier, parameters) }
            return fromAppCache(identifier, parameters)
        } atBroker: { scripted in
            // Checked before the broker: a call without an account never reaches it.
            guard let identifier = parameters.accountIdentifier else { throw MSALError.interactionRequired }
            switch scripted {
            case .interactionRequired?: throw MSALError.interactionRequired
            case .networkError?: throw MSALError.offline
            case .ssoExtensionFailure(let code)?:
                guard parameters.allowUsingLocalCachedRtWhenSsoExtFailed else { throw MSALError.ssoExtensionFailure(code) }
                // MSAL falls back to the app's own refresh token; in Shared Device Mode there is none.
                notes.append("SSO extension failed (\(code.rawValue)); MSAL's fallback to a local refresh token found none")
                throw Self.noTokenInCache
            default: break
            }
            guard let session = deviceSession(identifier: identifier) else {
                throw MSALError(code: MSALError.Code.interactionRequired.rawValue, message: "No account matching the identifier is signed in on this device.")
            }
            if tokenNeedsInteraction { throw MSALError.interactionRequired }
            return try issue(for: session, scopes: parameters.scopes, answer: scripted, reuse: !parameters.forceRefresh, viaBroker: true)
        }
    }

    /// Without the broker MSAL has the app's own cache only: a refresh token from an earlier sign-in it made itself, or nothing.
    private func silentWithoutBroker(_ identifier: String, _ parameters: SilentTokenParameters) throws -> (MSALResult, BrokerCallResult) {
        guard let record = localCache.record(identifier: identifier), record.signedIn, record.holdsTokens, liveSessions.contains(record.session.marker) else {
            notes.append("MSAL may not use the broker: the app's own cache only")
            throw Self.noTokenInCache
        }
        return try issue(for: record.session, scopes: parameters.scopes, answer: nil, reuse: !parameters.forceRefresh, viaBroker: false)
    }

    /// A web-view sign-in (after the SSO extension failed) left full tokens in the app's own cache
    /// (`MSIDInteractiveTokenRequest.m:130`, `saveSSOStateOnly:NO`), and MSAL answers a silent call
    /// from them before it asks the broker (`MSIDRequestControllerFactory.m:127-146`): a cached
    /// access token that covers the scopes while it has more than 300 s left, else one refreshed with
    /// the app's own refresh token, whatever the device did since (a Jamf Reset signs the broker out,
    /// not the app's refresh token). Nil when the app's cache holds no tokens for the account.
    private func fromAppCache(_ identifier: String, _ parameters: SilentTokenParameters) -> (MSALResult, BrokerCallResult)? {
        guard let record = localCache.record(identifier: identifier), record.signedIn, record.holdsTokens else { return nil }
        let session = record.session
        let token: IssuedToken
        if !parameters.forceRefresh, let cached = cachedAccessToken(for: session, covering: parameters.scopes) {
            token = cached
            notes.append("answered from the app's own cache, which the web-view sign-in filled")
        } else {
            token = accessToken(for: session, scopes: parameters.scopes, reuse: false)
            notes.append("refreshed with the app's own refresh token, which the web-view sign-in saved")
        }
        return (result(token, scopes: parameters.scopes, idToken: true), Self.issued(token, for: session, scopes: parameters.scopes))
    }

    static let noTokenInCache = MSALError(
        code: MSALError.Code.interactionRequired.rawValue, message: "No token matching arguments found in the cache, user interaction is required")

    // MARK: acquireToken (PCA.m 852-1176)

    public func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        return try perform(.acquireToken(parameters)) {
            // MSAL checks the presentation context before anything else (MSIDInteractiveRequestParameters+MSALRequest.m:49-61).
            guard parameters.parentInWindow else { throw Self.parentNotInWindow }
            return nil
        } atBroker: { scripted in
            if let identifier = parameters.accountIdentifier, let record = localCache.record(identifier: identifier), !record.signedIn,
                parameters.promptType != .consent, parameters.promptType != .login
            {
                notes.append("prompt forced to login: the app signed this account out")
            }
            var broadcast = true
            var completing = personAtDevice
            switch scripted {
            case .cancel?: throw MSALError.userCanceled
            case .networkError?: throw MSALError.offline
            case .ssoExtensionFailure(let code)?:
                notes.append("SSO extension failed (\(code.rawValue)); MSAL fell back to the web view, which saves its tokens in the app")
            case .complete(let name, let posts)?:
                if let name { completing = users[name] }
                broadcast = posts
            default: break
            }
            guard let user = completing else {
                notes.append("dismissed: nobody at the device completes the sheet")
                throw MSALError.userCanceled
            }
            personAtDevice = user
            let session = try interactiveSession(for: user, answer: scripted, broadcast: broadcast)
            let inWebView: Bool = if case .ssoExtensionFailure? = scripted { true } else { false }
            return try issue(for: session, scopes: parameters.scopes, answer: scripted, reuse: false, viaBroker: brokerEnabled, savesTokens: inWebView)
        }
    }

    /// The session an interactive sign-in as `user` yields. Through the broker it signs the device in
    /// (adding the user when someone else is signed in: the device is then ambiguous); a malformed
    /// result changes nothing on the device; without the broker MSAL signs in by itself.
    private func interactiveSession(for user: SimulatedUser, answer: BrokerAnswer?, broadcast: Bool) throws -> UserSession {
        let malformed = answer == .noIdToken || answer == .blankIdToken
        if let session = deviceSession(identifier: user.identifier), brokerEnabled {
            if !malformed { tokenNeedsInteraction = false }
            return session
        }
        guard brokerEnabled else {
            notes.append("MSAL may not use the broker: signed in by MSAL alone, the device is unchanged")
            return newSession(of: user, kind: .local)
        }
        if malformed { return newSession(of: user, kind: .resultOnly) }
        if !deviceSessions.isEmpty { notes.append("\(user.name) added beside \(deviceSessions.map(\.user.name).joined(separator: ", ")) on the device") }
        endResultOnlySessions()
        let session = newSession(of: user, kind: .device)
        deviceSessions.append(session)
        tokenNeedsInteraction = false
        if broadcast { pendingBroadcasts += 1 } else { notes.append("no broadcast") }
        return session
    }

    /// A token response for `session`: saved in the app's cache first, then the result or the error
    /// MSAL raises after saving (-42600 for a blank id_token, -50003 for declined scopes). Through
    /// the broker the app's cache keeps SSO state only, unless `savesTokens` (a web-view sign-in).
    private func issue(
        for session: UserSession, scopes: [String], answer: BrokerAnswer?, reuse: Bool, viaBroker: Bool, savesTokens: Bool = false
    ) throws -> (MSALResult, BrokerCallResult) {
        localCache.tokenResponse(session, holdsTokens: !viaBroker || savesTokens)
        let user = session.user
        switch answer {
        case .blankIdToken?:
            throw MSALError.nilIdToken
        case .declinedScopes(let listed)?:
            let declined = Self.declined(listed, from: scopes)
            let granted = scopes.filter { scope in !declined.contains { $0.lowercased() == scope.lowercased() } }
            idTokensHeld.insert(user.name)
            let token = accessToken(for: session, scopes: granted, reuse: reuse)
            var error = MSALError(
                code: MSALError.Code.serverDeclinedScopes.rawValue, message: "Server returned less scopes than requested",
                grantedScopes: granted.filter { !["openid", "profile", "offline_access"].contains($0.lowercased()) }, declinedScopes: declined)
            error.invalidResult = result(token, scopes: granted, idToken: true)
            throw error
        case .noIdToken?:
            let token = accessToken(for: session, scopes: scopes, reuse: reuse)
            let made = result(token, scopes: scopes, idToken: false)
            return (made, .token(.init(user: user.name, session: session.number, issuance: token.issuance, scopes: scopes, idToken: false)))
        default:
            idTokensHeld.insert(user.name)
            let token = accessToken(for: session, scopes: scopes, reuse: reuse)
            let made = result(token, scopes: scopes, idToken: true)
            return (made, Self.issued(token, for: session, scopes: scopes))
        }
    }

    /// The declined scopes: those listed that were asked for; by default (or when none of them was)
    /// every scope asked for but the first, or the only one.
    static func declined(_ listed: [String]?, from requested: [String]) -> [String] {
        if let listed {
            let asked = requested.filter { scope in listed.contains { $0.lowercased() == scope.lowercased() } }
            if !asked.isEmpty { return asked }
        }
        return requested.count > 1 ? Array(requested.dropFirst()) : requested
    }

    /// The transcript's answer to a token call that returned `token` of `session` for `scopes`.
    static func issued(_ token: IssuedToken, for session: UserSession, scopes: [String]) -> BrokerCallResult {
        .token(.init(user: session.user.name, session: session.number, issuance: token.issuance, scopes: scopes))
    }

    /// MSAL's answer on iOS when the webview parameters' parent view controller is nil or not in a
    /// window (`MSIDInteractiveRequestParameters+MSALRequest.m:49-61`).
    static let parentNotInWindow = MSALError.invalidParameter("parentViewController has no window! Provide a valid controller with view and window.")

    // MARK: signout (PCA.m 1247-1442)

    public func signout(_ parameters: SignoutParameters) async throws {
        try perform(.signout(parameters)) {
            guard let identifier = parameters.accountIdentifier else {
                notes.append("nothing removed")
                throw MSALError.invalidParameter("Account is required")
            }
            if parameters.signoutFromBrowser, !parameters.hasWebviewParameters {
                notes.append("nothing removed")
                throw MSALError.invalidParameter(
                    "Valid MSALWebviewParameters are required if signoutFromBrowser is requested. Please provide valid MSALWebviewParameters.")
            }
            if parameters.hasWebviewParameters, !parameters.parentInWindow {
                notes.append("nothing removed")
                throw Self.parentNotInWindow
            }
            // MSAL removes the account from the app's cache before it asks the broker.
            if parameters.wipeCacheForAllAccounts {
                localCache.wipeAll()
                // The wipe deletes the keychain only; MSAL's removal re-saved the account metadata in
                // the instance's memory, which the next lookup reads first (MSIDMetadataCache.m:90-95,
                // MSIDDefaultTokenCacheAccessor.m:831-845, MSIDAccountMetadataCacheAccessor.m:258-266):
                // until the app's process ends, previousAccount is a skeleton of the wiped user.
                principalInMemoryOnly = principal != nil
                idTokensHeld.removeAll()
                notes.append("wipeCacheForAllAccounts: the app's MSAL cache is empty")
            } else {
                removeLocally(identifier: identifier, wipeAccount: parameters.wipeAccount)
                if parameters.wipeAccount { notes.append("wipeAccount: the account's records are gone for every client; it stays SignedOut for this app") }
            }
            guard brokerEnabled else { return ((), .signout(.appCacheOnly)) }
            return nil
        } atBroker: { scripted in
            // Checked before the broker: a call without an account never reaches it.
            guard let identifier = parameters.accountIdentifier else { throw MSALError.invalidParameter("Account is required") }
            // With signoutFromBrowser and webview parameters MSAL signs out of the browser after the
            // SSO extension signed the device out (MSIDSSOExtensionSignoutController.m:84-129): a
            // network failure is that second step's, and the signout fails with the device signed out.
            let browserFails = parameters.signoutFromBrowser && parameters.hasWebviewParameters && scripted == .networkError
            if !browserFails { try throwSystemFailure(scripted) }
            guard let session = deviceSession(identifier: identifier) else {
                if browserFails { throw MSALError.offline }
                return ((), .signout(.notOnDevice))
            }
            var broadcast = true
            if case .complete(_, let posts)? = scripted { broadcast = posts }
            liveSessions.remove(session.marker)
            endResultOnlySessions()
            deviceSessions.removeAll { $0.marker == session.marker }
            if broadcast { pendingBroadcasts += 1 }
            if browserFails {
                notes.append("\(session.user.name) signed out on the device; the browser sign-out after it failed")
                throw MSALError.offline
            }
            return ((), .signout(.signedOutOnDevice(user: session.user.name, broadcast: broadcast)))
        }
    }

    // MARK: Backend

    public func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try perform(.fetchRecords(accessToken: accessToken)) { scripted in
            if scripted == .networkError { throw MSALError.offline }
            guard let token = tokens[accessToken] else {
                throw MSALError(domain: "BackendErrorDomain", code: 401, message: "Unauthorized: unknown access token.")
            }
            guard token.expiresOn > now else {
                throw MSALError(
                    domain: "BackendErrorDomain", code: 401,
                    message: "Unauthorized: the access token expired \(Int(now.timeIntervalSince(token.expiresOn) / 60)) minutes ago.")
            }
            guard liveSessions.contains(token.session.marker) else {
                throw MSALError(
                    domain: "BackendErrorDomain", code: 401, message: "Unauthorized: the token's session ended (the user was signed out or changed).")
            }
            let session = token.session
            return (session.records, .records(count: session.records.count, user: session.user.name, session: session.number))
        }
    }
}
