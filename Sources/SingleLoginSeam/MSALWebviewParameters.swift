#if canImport(UIKit)
import Foundation
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// `MSALWebviewParameters`: where Microsoft's sign-in sheet is presented from.
///
/// On iOS and macOS it holds the presenting view controller, as MSAL's does, so the conformance to
/// real MSAL can hand it over. In tests and on Linux there is no view controller: ``init(parentInWindow:)``
/// makes parameters the simulated broker treats as a valid presentation context, or, with `false`,
/// as a view controller whose view is not in a window yet (MSAL fails the call with -50000/-42000).
public final class MSALWebviewParameters {
    #if canImport(UIKit)
    /// The view controller that presents the sheet (MSAL's `parentViewController`).
    public weak var parentViewController: UIViewController?

    /// Parameters presenting from `authPresentationViewController`, as MSAL's initializer.
    public init(authPresentationViewController: UIViewController) {
        self.parentViewController = authPresentationViewController
        modelParentInWindow = nil
    }

    /// Whether MSAL can present from these parameters: on iOS, a parent view controller whose view
    /// is in a window (MSAL's check, `MSIDInteractiveRequestParameters+MSALRequest.m`).
    public var parentInWindow: Bool {
        if let modelParentInWindow { return modelParentInWindow }
        guard let parentViewController else { return false }
        // UIKit is read on the main thread only; MSAL's own check runs on the device either way.
        guard Thread.isMainThread else { return true }
        return MainActor.assumeIsolated { parentViewController.viewIfLoaded?.window != nil }
    }
    #elseif canImport(AppKit)
    /// The view controller that presents the sheet (MSAL's `parentViewController`).
    public weak var parentViewController: NSViewController?

    /// Parameters presenting from `authPresentationViewController`, as MSAL's initializer.
    public init(authPresentationViewController: NSViewController) {
        self.parentViewController = authPresentationViewController
        modelParentInWindow = nil
    }
    #endif

    #if !canImport(UIKit)
    /// Whether MSAL can present from these parameters: MSAL checks the window on iOS only, so
    /// elsewhere this is an app model's word.
    public var parentInWindow: Bool { modelParentInWindow ?? true }
    #endif

    /// What an app model without a view controller says: whether its sheet's parent is in a
    /// window; nil for parameters made with a view controller, whose window is asked instead.
    private let modelParentInWindow: Bool?

    /// Parameters without a view controller, for tests and app models: the harness's broker has no
    /// UI to present. `parentInWindow: false` stands for a view controller that is not in a window yet.
    public init(parentInWindow: Bool = true) {
        modelParentInWindow = parentInWindow
    }
}
