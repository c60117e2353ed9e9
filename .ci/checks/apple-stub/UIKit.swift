// A stub of the parts of UIKit (and of Foundation on Apple platforms, which UIKit re-exports)
// that SandboxObserver uses: the general pasteboard and NSUserActivity, for .ci/checks/apple-observer.sh.
import Foundation

@MainActor open class UIPasteboard: NSObject {
    open class var general: UIPasteboard { UIPasteboard() }
    open var items: [[String: Any]] { [] }
}

open class NSUserActivity: NSObject {
    open var activityType: String { "" }
    open var title: String?
    open var userInfo: [AnyHashable: Any]?
    open var keywords: Set<String> = []
    open var webpageURL: URL?
    open var persistentIdentifier: String?
}

/// The adapter kit's `MSALWebviewParameters` holds one under `canImport(UIKit)`, so the kit, built
/// beside these stubs, type-checks its iOS branch here too.
@MainActor open class UIViewController: NSObject {
    open var viewIfLoaded: UIView? { nil }
}

/// What `MSALWebviewParameters.parentInWindow` asks of the view controller's view.
@MainActor open class UIView: NSObject {
    open var window: UIWindow? { nil }
}

@MainActor open class UIWindow: UIView {}
