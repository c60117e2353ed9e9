import SingleLoginAdapter
import Testing

@testable import SingleLoginConformance

/// The transcript's text of a call's parameters is written and read in one place: every call
/// reads back as itself, and text the broker would not write reads as no call.
@Suite("Broker calls: the parameters' text reads back as the call")
struct BrokerCallTests {
    static let calls: [BrokerCall] = [
        .getDeviceInformation, .getCurrentAccount, .allAccounts, .accountsFromDevice,
        .accountForIdentifier("1a2b.3c4d"), .accountForUsername("Dana.Álvarez@Contoso.example"), .removeAccount(nil), .removeAccount("1a2b.3c4d"),
        .fetchRecords(accessToken: "at-alice-1-3"),
        .acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read", "Tasks.Read"], accountIdentifier: "1a2b.3c4d")),
        .acquireTokenSilent(
            SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: nil, forceRefresh: true, allowUsingLocalCachedRtWhenSsoExtFailed: false)),
        .acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], promptType: .selectAccount)),
        // A login hint is the app's text: ", " inside it is part of the value.
        .acquireToken(
            InteractiveTokenParameters(
                scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"], promptType: .login, loginHint: "Adams, Alice",
                accountIdentifier: "1a2b.3c4d")),
        .signout(SignoutParameters(accountIdentifier: "1a2b.3c4d", signoutFromBrowser: false)),
        .signout(
            SignoutParameters(
                accountIdentifier: nil, signoutFromBrowser: true, wipeAccount: true, wipeCacheForAllAccounts: true, hasWebviewParameters: true)),
    ]

    @Test("every call reads back from its text as itself", arguments: calls)
    func roundTrip(call: BrokerCall) {
        #expect(BrokerCall(call.method, parameters: call.parameters) == call, "\(call.parameters)")
    }

    @Test("text the broker would not write is no call")
    func foreignText() {
        #expect(BrokerCall(.getCurrentAccount, parameters: "account: x") == nil)
        #expect(BrokerCall(.acquireTokenSilent, parameters: "scopes: User.Read, account: x, forceRefresh, forceRefresh") == nil)
        #expect(BrokerCall(.acquireTokenSilent, parameters: "scopes: User.Read, account: x, allowUsingLocalCachedRtWhenSsoExtFailed: true") == nil)
        #expect(BrokerCall(.signout, parameters: "account: x, signoutFromBrowser: maybe") == nil)
        #expect(BrokerCall(.acquireToken, parameters: "scopes: User.Read, prompt: sometimes") == nil)
    }
}
