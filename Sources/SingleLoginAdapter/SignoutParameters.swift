/// `MSALSignoutParameters`.
public struct SignoutParameters: Hashable, Codable, Sendable {
    /// The account's identifier.
    public var accountIdentifier: String
    /// Also sign out of the browser session (default false).
    public var signoutFromBrowser: Bool
    /// Remove the account from the device.
    public var wipeAccount: Bool

    /// Creates the parameters.
    public init(accountIdentifier: String, signoutFromBrowser: Bool = false, wipeAccount: Bool = false) {
        self.accountIdentifier = accountIdentifier
        self.signoutFromBrowser = signoutFromBrowser
        self.wipeAccount = wipeAccount
    }
}
