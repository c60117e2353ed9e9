import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        MSALGlobalConfig.loggerConfig.logLevel = .warning
        // Never write MSALGlobalConfig.brokerAvailability = .none: Shared Device Mode needs the broker.
        /* knownAuthorities = [authority] would turn the broker off too. */
        let note = "MSALBrokeredAvailabilityNone is documented in the runbook"
        _ = note
        return true
    }

    // Before iOS 13 (and for apps without scenes) the redirect arrives here.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: options[.sourceApplication] as? String)
    }
}
