import MSAL
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        MSALGlobalConfig.loggerConfig.logLevel = .warning
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        // TODO: MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
        DeepLinkRouter.shared.route(url)
    }
}
