#if canImport(UIKit)
import UIKit

/// The app's delegate: one scene, whose delegate is ``SeamSceneDelegate``. An Xcode app target
/// makes it the app's entry point with `@main final class AppDelegate: SeamAppDelegate {}`.
@MainActor open class SeamAppDelegate: UIResponder, UIApplicationDelegate {
    open func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SeamSceneDelegate.self
        return configuration
    }
}
#endif
