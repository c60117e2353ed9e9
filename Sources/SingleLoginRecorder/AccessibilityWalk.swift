#if canImport(UIKit)
import SingleLoginObservation
import UIKit

/// What VoiceOver would read in the key window: each accessibility element's label (and value) as a
/// screen element, buttons as `button`, an alert's texts as `alert`. It adds what the app's own
/// screen closure may forget; it does not replace it (a custom view may have no accessibility label).
/// It cannot tell a record row from the app's words, so the recorder leaves out a walked element
/// whose text the app's own screen already holds (``SessionRecorder/screen(_:walked:)``).
enum AccessibilityWalk {
    /// The key window's elements, walked on the main actor.
    @MainActor static func keyWindowElements() -> [ScreenElement] {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        guard let window = windows.first(where: \.isKeyWindow) else { return [] }
        var elements: [ScreenElement] = []
        let inAlert = window.rootViewController?.presentedViewController is UIAlertController
        walk(window, inAlert: inAlert, depth: 0, into: &elements)
        return elements
    }

    @MainActor private static func walk(_ view: UIView, inAlert: Bool, depth: Int, into elements: inout [ScreenElement]) {
        guard depth < 64, !view.isHidden, view.alpha > 0 else { return }
        if view.isAccessibilityElement {
            let text = [view.accessibilityLabel, view.accessibilityValue].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if !text.isEmpty {
                let kind: ScreenElement.Kind = inAlert ? .alert : view.accessibilityTraits.contains(.button) ? .button : .text
                elements.append(ScreenElement(kind, text))
            }
            return
        }
        for subview in view.subviews { walk(subview, inAlert: inAlert, depth: depth + 1, into: &elements) }
    }
}
#endif
