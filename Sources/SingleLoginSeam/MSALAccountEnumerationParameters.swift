/// `MSALAccountEnumerationParameters`: which accounts `accountsFromDevice(for:completionBlock:)` returns.
public final class MSALAccountEnumerationParameters: MSALParameters {
    /// Only accounts signed in for this app (MSAL's default: true).
    public var returnOnlySignedInAccounts = true

    /// Parameters with MSAL's defaults.
    public override init() {}
}
