import MSAL
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let context = URLContexts.first else { return }
        /* Removed during the deep-link refactor:
           MSALPublicClientApplication.handleMSALResponse(context.url, sourceApplication: nil) */
        DeepLinkRouter.shared.route(context.url)
    }
}
