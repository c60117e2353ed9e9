#if canImport(UIKit)
import UIKit

/// The scene's delegate: a window showing ``SessionViewController``, which talks to MSAL through
/// the seam (real MSAL where the app links it, the stub otherwise: ``SeamApplication``).
@MainActor public final class SeamSceneDelegate: UIResponder, UIWindowSceneDelegate {
    public var window: UIWindow?

    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = SessionViewController(application: SeamApplication.make())
        window.makeKeyAndVisible()
        self.window = window
    }

    /// At launch and at every return to the foreground: someone may have signed in or out of the
    /// shared device in another app meanwhile.
    public func sceneWillEnterForeground(_ scene: UIScene) {
        (window?.rootViewController as? SessionViewController)?.refresh()
    }
}
#endif
