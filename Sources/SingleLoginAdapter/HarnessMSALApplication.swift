import Foundation

/// The MSAL seam answered by a ``SharedDeviceBroker``: what an app's code calls in tests and
/// behind an adapter, instead of real MSAL.
///
/// Give the app this in ``ConformanceAdapter/reset(environment:)``:
///
///     let msal = HarnessMSALApplication(broker: environment.broker)
///
/// The async forms call the broker directly. The completion forms start the call and return at
/// once, as MSAL does; each completion runs on the task that finished the call. An adapter whose
/// app uses completion blocks awaits ``waitUntilIdle()`` before it reports an event as settled,
/// when the app's completions start their next call at once; an app whose completions hop to a
/// queue first needs its adapter to count the event's work itself (docs/in-process.md).
public final class HarnessMSALApplication: MSALPublicClientApplicationProtocol {
    /// The broker that answers.
    public let broker: any SharedDeviceBroker
    private let inFlight = InFlightCalls()

    /// Routes every call to `broker`.
    public init(broker: any SharedDeviceBroker) {
        self.broker = broker
    }

    // MARK: Async forms: straight to the broker

    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters) async throws -> MSALResult {
        try await broker.acquireTokenSilent(Self.silent(parameters))
    }

    public func acquireToken(with parameters: MSALInteractiveTokenParameters) async throws -> MSALResult {
        try await broker.acquireToken(Self.interactive(parameters))
    }

    public func getCurrentAccount(with parameters: MSALParameters?) async throws -> (MSALAccount?, MSALAccount?) {
        let current = try await broker.getCurrentAccount()
        return (current.account, current.previousAccount)
    }

    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters) async throws -> Bool {
        try await broker.signout(Self.signout(account, signoutParameters))
        return true
    }

    public func getDeviceInformation(with parameters: MSALParameters?) async throws -> MSALDeviceInformation {
        try await broker.getDeviceInformation()
    }

    public func accountsFromDevice(for parameters: MSALAccountEnumerationParameters) async throws -> [MSALAccount] {
        try await broker.accountsFromDevice()
    }

    // MARK: The app's own MSAL cache

    public func allAccounts() async throws -> [MSALAccount] {
        try await broker.allAccounts()
    }

    public func account(forIdentifier identifier: String) async throws -> MSALAccount {
        guard let account = try await broker.account(forIdentifier: identifier) else { throw Self.noMatch("identifier", identifier) }
        return account
    }

    public func account(forUsername username: String) async throws -> MSALAccount {
        guard let account = try await broker.account(forUsername: username) else { throw Self.noMatch("username", username) }
        return account
    }

    public func remove(_ account: MSALAccount) async throws {
        try await broker.removeAccount(identifier: account.identifier)
    }

    /// What Swift throws for MSAL's `nil` without an error (`Foundation._GenericObjCError.nilError`), as the kit's error.
    static func noMatch(_ field: String, _ value: String) -> MSALError {
        MSALError(
            domain: "Foundation._GenericObjCError", code: 0, message: "No account in the app's MSAL cache has the \(field) '\(value)' (MSAL returned nil).")
    }

    // MARK: Completion forms: started now, completed by a task this object waits for

    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        let request = Self.silent(parameters)
        start { broker in
            do { completionBlock(try await broker.acquireTokenSilent(request), nil) } catch { completionBlock(nil, error) }
        }
    }

    public func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        let request = Self.interactive(parameters)
        start { broker in
            do { completionBlock(try await broker.acquireToken(request), nil) } catch { completionBlock(nil, error) }
        }
    }

    public func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        start { broker in
            do {
                let current = try await broker.getCurrentAccount()
                completionBlock(current.account, current.previousAccount, nil)
            } catch { completionBlock(nil, nil, error) }
        }
    }

    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        let request = Self.signout(account, signoutParameters)
        start { broker in
            do {
                try await broker.signout(request)
                completionBlock(true, nil)
            } catch { completionBlock(false, error) }
        }
    }

    public func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALDeviceInformation?, (any Error)?) -> Void) {
        start { broker in
            do { completionBlock(try await broker.getDeviceInformation(), nil) } catch {
                // The default-mode object MSAL hands over beside an SSO extension's error.
                completionBlock((error as? MSALError)?.deviceInformation, error)
            }
        }
    }

    public func accountsFromDevice(
        for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping @Sendable ([MSALAccount]?, (any Error)?) -> Void
    ) {
        start { broker in
            do { completionBlock(try await broker.accountsFromDevice(), nil) } catch { completionBlock(nil, error) }
        }
    }

    /// Returns once every call started with a completion block has completed, including calls
    /// started from inside those completions.
    public func waitUntilIdle() async {
        await inFlight.waitUntilIdle()
    }

    // MARK: Conversions to the broker's requests

    static func silent(_ parameters: MSALSilentTokenParameters) -> SilentTokenParameters {
        SilentTokenParameters(
            scopes: parameters.scopes, accountIdentifier: parameters.account?.identifier, forceRefresh: parameters.forceRefresh,
            allowUsingLocalCachedRtWhenSsoExtFailed: parameters.allowUsingLocalCachedRtWhenSsoExtFailed)
    }

    static func interactive(_ parameters: MSALInteractiveTokenParameters) -> InteractiveTokenParameters {
        InteractiveTokenParameters(
            scopes: parameters.scopes, extraScopesToConsent: parameters.extraScopesToConsent ?? [], promptType: parameters.promptType,
            loginHint: parameters.loginHint, accountIdentifier: parameters.account?.identifier, parentInWindow: parameters.webviewParameters.parentInWindow)
    }

    /// MSAL's own checks (a browser sign-out needs webview parameters, whose parent must be in a
    /// window; nothing removed otherwise) are the broker's to make.
    static func signout(_ account: MSALAccount, _ parameters: MSALSignoutParameters) -> SignoutParameters {
        SignoutParameters(
            accountIdentifier: account.identifier, signoutFromBrowser: parameters.signoutFromBrowser, wipeAccount: parameters.wipeAccount,
            wipeCacheForAllAccounts: parameters.wipeCacheForAllAccounts, hasWebviewParameters: parameters.webviewParameters != nil,
            parentInWindow: parameters.webviewParameters?.parentInWindow ?? true)
    }

    /// Runs `call` on a task of its own, counted until it ends.
    private func start(_ call: @escaping @Sendable (any SharedDeviceBroker) async -> Void) {
        let broker = self.broker
        let inFlight = self.inFlight
        inFlight.begin()
        Task {
            await call(broker)
            inFlight.end()
        }
    }
}
