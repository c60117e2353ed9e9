/// The MSAL seam: the calls a shared-device app makes on `MSALPublicClientApplication`, with
/// MSAL's own Swift names, parameters and results, so that an app's production code is written
/// once against this protocol and runs on real MSAL on the device and on the harness's broker in
/// tests.
///
/// - On the device, the app's target holds a small conformance of real MSAL to this protocol,
///   compiled only where `import MSAL` works (`#if canImport(MSAL)`); docs/in-process.md has the
///   complete file to copy. It converts MSAL's objects and `NSError`s into the kit's types.
/// - In tests and behind any adapter, `HarnessMSALApplication` (in `SingleLoginAdapter`) answers
///   from a `SharedDeviceBroker`: the simulated broker in process, or the harness over stdio.
///
/// The methods mirror `MSALPublicClientApplication` and its `SingleAccount` category:
/// `acquireTokenSilent(with:completionBlock:)`, `acquireToken(with:completionBlock:)`,
/// `getCurrentAccount(with:completionBlock:)`, `signout(with:signoutParameters:completionBlock:)`
/// and `getDeviceInformation(with:completionBlock:)`, each with the async form Swift's importer
/// gives it: the async form returns the completion's values and throws when its error is non-nil
/// (`getCurrentAccount` returns both accounts, either nil, as MSAL declares them `_Nullable_result`).
/// Errors are always ``MSALError``, as MSAL's error converter delivers them (domain, code,
/// `MSALInternalErrorCodeKey`).
///
/// The account-cache calls (`allAccounts()`, `account(forIdentifier:)`, `account(forUsername:)`,
/// `remove(_:)`) are synchronous in MSAL, which reads its own keychain; here they are `async`, since
/// in tests the harness's broker answers them (over stdio, even). `account(forIdentifier:)` and
/// `account(forUsername:)` throw when nothing matches, as Swift imports MSAL's (`nil` with no error
/// becomes a thrown error): decide who is signed in with `getCurrentAccount`, as Microsoft's
/// shared-device guidance says; the cache still lists a user the device signed out.
///
/// Completion queues: MSAL calls interactive and sign-out completions on the main queue and
/// silent ones on whatever thread it finished on, unless ``MSALParameters/completionBlockQueue``
/// names one; `HarnessMSALApplication` calls completions on the task that finished the call.
/// Do not rely on either: hop to the main actor before touching UI.
public protocol MSALPublicClientApplicationProtocol: Sendable {
    /// `acquireTokenSilent(with:completionBlock:)`: a token with no UI, or InteractionRequired (-50002).
    func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void)
    /// `acquireToken(with:completionBlock:)`: presents Microsoft's sign-in sheet (one interactive prompt).
    func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void)
    /// `getCurrentAccount(with:completionBlock:)`: the account signed in on the device and the one the previous call saw.
    func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALAccount?, MSALAccount?, (any Error)?) -> Void)
    /// `signout(with:signoutParameters:completionBlock:)`: removes the account from the app's MSAL cache, then,
    /// in Shared Device Mode, signs it out device-wide.
    func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void)
    /// `getDeviceInformation(with:completionBlock:)`: the device's mode and whether the SSO extension is present.
    /// When the SSO extension fails, MSAL hands over a default-mode object and the error together.
    func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALDeviceInformation?, (any Error)?) -> Void)
    /// `accountsFromDevice(for:completionBlock:)`: in Shared Device Mode, the broker's accounts only.
    func accountsFromDevice(for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping @Sendable ([MSALAccount]?, (any Error)?) -> Void)

    /// `allAccounts()`: the accounts signed in for this app in its own MSAL cache (never the broker's word).
    func allAccounts() async throws -> [MSALAccount]
    /// `account(forIdentifier:)` in the app's own MSAL cache; throws when none matches.
    func account(forIdentifier identifier: String) async throws -> MSALAccount
    /// `account(forUsername:)` in the app's own MSAL cache (case-insensitive); throws when none matches.
    func account(forUsername username: String) async throws -> MSALAccount
    /// `remove(_:)`: marks the account signed out in the app's own MSAL cache; the device stays signed in.
    func remove(_ account: MSALAccount) async throws

    /// `acquireTokenSilent(with:) async throws`.
    func acquireTokenSilent(with parameters: MSALSilentTokenParameters) async throws -> MSALResult
    /// `acquireToken(with:) async throws`.
    func acquireToken(with parameters: MSALInteractiveTokenParameters) async throws -> MSALResult
    /// `getCurrentAccount(with:) async throws`: `(account, previousAccount)`, either nil.
    func getCurrentAccount(with parameters: MSALParameters?) async throws -> (MSALAccount?, MSALAccount?)
    /// `signout(with:signoutParameters:) async throws`: true when signed out.
    func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters) async throws -> Bool
    /// `getDeviceInformation(with:) async throws`: throws whenever the completion's error is non-nil,
    /// also when MSAL handed over an object beside it (``MSALError/deviceInformation`` keeps it).
    func getDeviceInformation(with parameters: MSALParameters?) async throws -> MSALDeviceInformation
    /// `accountsFromDevice(for:) async throws`.
    func accountsFromDevice(for parameters: MSALAccountEnumerationParameters) async throws -> [MSALAccount]
}

/// The async forms from the completion forms, with the semantics of Swift's importer: the
/// completion's error is thrown; a completion with neither value nor error (which MSAL does not
/// send) throws an internal error instead of trapping.
extension MSALPublicClientApplicationProtocol {
    public func acquireTokenSilent(with parameters: MSALSilentTokenParameters) async throws -> MSALResult {
        try await withCheckedThrowingContinuation { continuation in
            acquireTokenSilent(with: parameters) { result, error in continuation.resume(with: Self.outcome(result, error, "acquireTokenSilent")) }
        }
    }

    public func acquireToken(with parameters: MSALInteractiveTokenParameters) async throws -> MSALResult {
        try await withCheckedThrowingContinuation { continuation in
            acquireToken(with: parameters) { result, error in continuation.resume(with: Self.outcome(result, error, "acquireToken")) }
        }
    }

    public func getCurrentAccount(with parameters: MSALParameters?) async throws -> (MSALAccount?, MSALAccount?) {
        try await withCheckedThrowingContinuation { continuation in
            getCurrentAccount(with: parameters) { account, previous, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (account, previous)) }
            }
        }
    }

    public func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            signout(with: account, signoutParameters: signoutParameters) { success, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: success) }
            }
        }
    }

    public func getDeviceInformation(with parameters: MSALParameters?) async throws -> MSALDeviceInformation {
        try await withCheckedThrowingContinuation { continuation in
            getDeviceInformation(with: parameters) { information, error in continuation.resume(with: Self.outcome(information, error, "getDeviceInformation")) }
        }
    }

    public func accountsFromDevice(for parameters: MSALAccountEnumerationParameters) async throws -> [MSALAccount] {
        try await withCheckedThrowingContinuation { continuation in
            accountsFromDevice(for: parameters) { accounts, error in continuation.resume(with: Self.outcome(accounts, error, "accountsFromDevice")) }
        }
    }

    /// The value, the error, or an internal error when a completion brought neither.
    private static func outcome<Value>(_ value: Value?, _ error: (any Error)?, _ call: String) -> Result<Value, any Error> {
        if let error { return .failure(error) }
        if let value { return .success(value) }
        return .failure(
            MSALError(
                code: MSALError.Code.internalError.rawValue, internalCode: MSALError.InternalCode.unexpected.rawValue,
                message: "\(call) completed with neither a result nor an error"))
    }
}
