import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        MSALGlobalConfig.loggerConfig.logLevel = .warning
        // The plugin's default: sign in in a web view, never through Microsoft Authenticator.
        MSALGlobalConfig.brokerAvailability = .none
        return true
    }

    // Before iOS 13 (and for apps without scenes) the redirect arrives here.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: options[.sourceApplication] as? String)
    }
}
