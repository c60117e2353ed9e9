#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// `MSALWebviewParameters`: where Microsoft's sign-in sheet is presented from.
///
/// On iOS and macOS it holds the presenting view controller, as MSAL's does, so the conformance to
/// real MSAL can hand it over. In tests and on Linux there is no view controller: ``init()`` makes
/// parameters the simulated broker treats as a valid presentation context.
public final class MSALWebviewParameters {
    #if canImport(UIKit)
    /// The view controller that presents the sheet (MSAL's `parentViewController`).
    public weak var parentViewController: UIViewController?

    /// Parameters presenting from `authPresentationViewController`, as MSAL's initializer.
    public init(authPresentationViewController: UIViewController) {
        self.parentViewController = authPresentationViewController
    }
    #elseif canImport(AppKit)
    /// The view controller that presents the sheet (MSAL's `parentViewController`).
    public weak var parentViewController: NSViewController?

    /// Parameters presenting from `authPresentationViewController`, as MSAL's initializer.
    public init(authPresentationViewController: NSViewController) {
        self.parentViewController = authPresentationViewController
    }
    #endif

    /// Parameters without a view controller, for tests: the harness's broker has no UI to present.
    public init() {}
}
