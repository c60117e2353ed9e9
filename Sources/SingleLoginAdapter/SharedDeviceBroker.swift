/// The MSAL calls a Single Login app makes, as one async protocol.
///
/// An adapter routes its app's `MSALPublicClientApplication` calls here. In a conformance
/// run the harness's simulated broker answers them as MSAL 2.x does in Shared Device Mode
/// (docs/broker-fidelity.md cites the MSAL source for each behaviour), and records each one.
/// Errors thrown are always `MSALError` (of the seam), already as MSAL's error converter delivers them.
/// Each function is one ``BrokerMethod`` case, the name transcripts, `calls` checks and the
/// wire (`msal.<name>`) use for it.
///
/// Where MSAL's completion block hands over a value *and* an error, the value travels in the
/// error: `getDeviceInformation` failing because the SSO extension failed throws an error whose
/// `MSALError.deviceInformation` holds the default-mode object MSAL returns beside it.
public protocol SharedDeviceBroker: Sendable {
    /// `getDeviceInformation(with:completionBlock:)`. Throws -50000/-42714 (no object) when MSAL may not use
    /// the broker; throws the SSO extension's error, with a default-mode `MSALError.deviceInformation`, when it failed.
    func getDeviceInformation() async throws -> DeviceInformation
    /// `getCurrentAccount(with:completionBlock:)`: the current account and what the previous call saw.
    /// More than one account on the device: -50000/-42102 and nothing remembered.
    func getCurrentAccount() async throws -> CurrentAccount
    /// `acquireTokenSilent(with:)`: a token with no UI, or InteractionRequired (-50002).
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult
    /// `acquireToken(with:)`: presents Microsoft's sign-in sheet (one interactive prompt).
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult
    /// `signout(with:signoutParameters:completionBlock:)`: removes the account from the app's MSAL cache,
    /// then, in Shared Device Mode, signs it out device-wide.
    func signout(_ parameters: SignoutParameters) async throws
    /// `allAccounts()`: the accounts signed in for this app in its own MSAL cache. It never asks the
    /// broker: after a device-wide sign-out or a user change it still lists the earlier user.
    func allAccounts() async throws -> [MSALAccount]
    /// `account(forIdentifier:)` in the app's own MSAL cache, or nil. (MSAL's Swift API throws when
    /// nothing matches; this kit returns nil, and so does the wire.)
    func account(forIdentifier identifier: String) async throws -> MSALAccount?
    /// `account(forUsername:)` in the app's own MSAL cache (case-insensitive), or nil (MSAL's Swift API throws).
    func account(forUsername username: String) async throws -> MSALAccount?
    /// `remove(_:)`: marks the account signed out in the app's own MSAL cache. It never asks the broker:
    /// the device stays signed in.
    func removeAccount(identifier: String?) async throws
    /// `accountsFromDevice(for:completionBlock:)`: in Shared Device Mode the broker's accounts only.
    func accountsFromDevice() async throws -> [MSALAccount]
}
