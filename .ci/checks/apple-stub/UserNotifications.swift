// A stub of the part of UserNotifications' Swift interface that SandboxObserver uses (the async
// forms Swift imports of the completion-handler methods), for .ci/checks/apple-observer.sh.
import Foundation

open class UNNotificationContent: NSObject {
    open var title: String { "" }
    open var subtitle: String { "" }
    open var body: String { "" }
    open var userInfo: [AnyHashable: Any] { [:] }
}

open class UNNotificationRequest: NSObject {
    open var identifier: String { "" }
    open var content: UNNotificationContent { UNNotificationContent() }
}

open class UNNotification: NSObject {
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

open class UNUserNotificationCenter: NSObject {
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { [] }
    open func deliveredNotifications() async -> [UNNotification] { [] }
}
