/// `MSALSignoutParameters`: how `signout(with:signoutParameters:completionBlock:)` signs out.
public final class MSALSignoutParameters: MSALParameters {
    /// Where a browser sign-out is presented from; nil when the parameters were made with ``init()``.
    public let webviewParameters: MSALWebviewParameters?
    /// Also end the browser session (MSAL's default: false); MSAL refuses it without webview parameters.
    public var signoutFromBrowser = false
    /// Remove the account's tokens and records for every client id, not just this app's.
    public var wipeAccount = false
    /// Remove every account of every client in the keychain group.
    public var wipeCacheForAllAccounts = false

    /// Parameters that can also sign out of the browser, presenting from `webviewParameters`.
    public init(webviewParameters: MSALWebviewParameters) {
        self.webviewParameters = webviewParameters
    }

    /// Parameters without webview parameters (allowed since MSAL 1.1.9).
    public override init() {
        self.webviewParameters = nil
    }
}
