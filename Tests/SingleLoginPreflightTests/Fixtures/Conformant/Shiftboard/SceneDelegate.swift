import MSAL
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let context = URLContexts.first else { return }
        // The broker returns to msauth.<bundle id>://auth; MSAL completes the sign-in.
        MSALPublicClientApplication.handleMSALResponse(context.url, sourceApplication: context.options.sourceApplication)
    }
}
