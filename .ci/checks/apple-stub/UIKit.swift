// A stub of the parts of UIKit (and of Foundation on Apple platforms, which UIKit re-exports)
// that SandboxObserver uses: the general pasteboard and NSUserActivity, for .ci/checks/apple-observer.sh;
// below the view classes, what Examples/SeamApp uses, for .ci/checks/seam-app.sh; and at the end, the
// accessibility walk of SingleLoginRecorder, for .ci/checks/apple-recorder.sh.
@_exported import Foundation

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

@MainActor open class UIResponder: NSObject {}

/// The adapter kit's `MSALWebviewParameters` holds one under `canImport(UIKit)`, so the kit, built
/// beside these stubs, type-checks its iOS branch here too.
@MainActor open class UIViewController: UIResponder {
    open var viewIfLoaded: UIView? { nil }
    open var view: UIView! { UIView() }
    public init(nibName: String?, bundle: Bundle?) {}
    public required init?(coder: NSCoder) {}
    open func viewDidLoad() {}
    open var presentedViewController: UIViewController? { nil }
}

@MainActor open class UIAlertController: UIViewController {}

public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let button = UIAccessibilityTraits(rawValue: 1)
    public static let staticText = UIAccessibilityTraits(rawValue: 64)
}

/// What `MSALWebviewParameters.parentInWindow` asks of the view controller's view.
@MainActor open class UIView: UIResponder {
    open var window: UIWindow? { nil }
    open var isHidden = false
    open var alpha: Double = 1
    open var subviews: [UIView] { [] }
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityValue: String?
    open var accessibilityTraits: UIAccessibilityTraits = []
    open var backgroundColor: UIColor?
    open var translatesAutoresizingMaskIntoConstraints = true
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open func addSubview(_ view: UIView) {}
}

@MainActor open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) {}
    open var isKeyWindow: Bool { false }
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() {}
}

// Examples/SeamApp: an app delegate, a window scene, and one screen of a label and two buttons.

@MainActor open class UIApplication: UIResponder {
    open class var shared: UIApplication { UIApplication() }
    open var connectedScenes: Set<UIScene> { [] }
}

@MainActor public protocol UIApplicationDelegate: AnyObject {}
@MainActor public protocol UISceneDelegate: AnyObject {}
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {}

@MainActor open class UIScene: UIResponder {
    public class ConnectionOptions: NSObject {}
}
@MainActor open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { [] }
}

public struct UISceneSessionRole: Hashable, Sendable {
    public init(rawValue: String) {}
}
@MainActor open class UISceneSession: NSObject {
    open var role: UISceneSessionRole { UISceneSessionRole(rawValue: "") }
}
@MainActor open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSessionRole) {}
    open var delegateClass: AnyClass?
}

open class UIColor: NSObject, @unchecked Sendable {
    open class var systemBackground: UIColor { UIColor() }
}

public enum NSTextAlignment: Int, Sendable { case left, center, right, justified, natural }

@MainActor open class UILabel: UIView {
    open var text: String?
    open var numberOfLines = 1
    open var textAlignment = NSTextAlignment.natural
}

@MainActor open class UIAction: NSObject {
    public init(handler: @escaping @MainActor (UIAction) -> Void) {}
}

@MainActor open class UIControl: UIView {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
    }
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
    }
    open var isEnabled = true
    open func addAction(_ action: UIAction, for controlEvents: Event) {}
}

@MainActor open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom, system }
    public init(type: ButtonType) {}
    open func setTitle(_ title: String?, for state: State) {}
}

@MainActor open class UIStackView: UIView {
    public init(arrangedSubviews: [UIView]) {}
    open var axis = NSLayoutConstraint.Axis.horizontal
    open var spacing = 0.0
}

@MainActor open class NSLayoutConstraint: NSObject {
    public enum Axis: Int, Sendable { case horizontal, vertical }
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
}

@MainActor open class NSLayoutXAxisAnchor: NSObject {
    open func constraint(equalTo anchor: NSLayoutXAxisAnchor, constant: Double = 0) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor open class NSLayoutYAxisAnchor: NSObject {
    open func constraint(equalTo anchor: NSLayoutYAxisAnchor, constant: Double = 0) -> NSLayoutConstraint { NSLayoutConstraint() }
}
