/// The MSAL calls a Single Login app makes, as one async protocol.
///
/// An adapter routes its app's `MSALPublicClientApplication` calls here. In a conformance
/// run the harness's simulated broker answers them, and records each one.
/// Errors thrown are always ``MSALError``. Each function is one ``BrokerMethod`` case, the name
/// transcripts, `calls` checks and the wire (`msal.<name>`) use for it.
public protocol SharedDeviceBroker: Sendable {
    /// `getDeviceInformation(with:completionBlock:)`.
    func getDeviceInformation() async throws -> DeviceInformation
    /// `getCurrentAccount(with:completionBlock:)`: the current account and the one the previous call saw.
    func getCurrentAccount() async throws -> CurrentAccount
    /// `acquireTokenSilent(with:)`: a token with no UI, or InteractionRequired.
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult
    /// `acquireToken(with:)`: presents Microsoft's sign-in sheet (one interactive prompt).
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult
    /// `signout(with:signoutParameters:)`: in shared mode, a device-wide sign-out.
    func signout(_ parameters: SignoutParameters) async throws
}
