import Foundation
import SingleLoginSeam

#if canImport(MSAL)
import MSAL
#endif

/// The MSAL the app talks to, through the seam.
///
/// Where the app links MSAL (Microsoft's package added to the app target), real MSAL answers through
/// `LiveMSALApplication`, the conformance docs/in-process.md gives you to copy into the target.
/// Where it does not (this package in CI, a simulator without MSAL), ``StubMSALApplication`` answers
/// as MSAL on a shared device with nobody signed in.
enum SeamApplication {
    /// Your app registration's client id, and the authority shared-device apps sign in with.
    static let clientId = "00000000-0000-0000-0000-000000000000"
    static let authority = "https://login.microsoftonline.com/organizations"

    static func make() -> any MSALPublicClientApplicationProtocol {
        #if canImport(MSAL)
        do {
            let configuration = MSALPublicClientApplicationConfig(
                clientId: clientId, redirectUri: nil, authority: try MSALAADAuthority(url: URL(string: authority)!))
            return LiveMSALApplication(application: try MSALPublicClientApplication(configuration: configuration))
        } catch {
            fatalError("MSAL refused the configuration: \(error)")
        }
        #else
        return StubMSALApplication()
        #endif
    }
}
