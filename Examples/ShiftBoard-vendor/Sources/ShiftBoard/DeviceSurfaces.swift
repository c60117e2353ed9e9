/// What ShiftBoard leaves on the device beyond its container: the notifications it schedules, the
/// shifts it indexes in Spotlight, what the worker copies, its widget's timeline and Live Activity,
/// and the switcher's snapshot. On a device these are `UNUserNotificationCenter`,
/// `CSSearchableIndex`, `UIPasteboard`, `WidgetCenter` and `ActivityKit`; here the app keeps what
/// it handed them, so that its adapter can report it.
public struct DeviceSurfaces: Sendable {
    /// The places outside the container that ShiftBoard writes to.
    public enum Surface: String, CaseIterable, Sendable {
        /// Scheduled and delivered notifications.
        case notification
        /// Shifts indexed in Spotlight.
        case spotlight
        /// What the worker copied.
        case pasteboard
        /// The widget's timeline.
        case widget
        /// The Live Activity of a shift under way.
        case activity
    }

    /// A notification with no worker's data in it, which may stay after a sign-out.
    public static let boardUpdated = (key: "delivered/board-updated", text: "Shift board updated")
    /// What the switcher shows of the app on a shared device: the cover put up when the scene resigns active.
    public static let cover = "ShiftBoard"

    /// Surface and key to text.
    public private(set) var items: [Surface: [String: String]] = [:]
    /// The switcher's snapshot, taken when the app moved to the background; nil while it is in the foreground.
    public internal(set) var snapshot: String?

    /// The surfaces of a worker with `shifts`.
    mutating func publish(worker name: String, shifts: [Shift]) {
        guard let first = shifts.first else { return }
        items[.notification, default: [:]]["pending/shift-start"] = "\(name), \(first.title) starts soon"
        items[.notification, default: [:]][Self.boardUpdated.key] = Self.boardUpdated.text
        for shift in shifts { items[.spotlight, default: [:]]["shift/\(shift.id)"] = "\(shift.title) · \(shift.detail)" }
        items[.pasteboard, default: [:]]["general/public.utf8-plain-text"] = first.detail
        items[.widget, default: [:]]["timeline/next-shift"] = "\(name): \(first.title)"
        items[.activity, default: [:]]["live/shift"] = "\(name) on shift"
    }

    /// Removes the worker from every surface but those in `kept`; the notification without a worker's data stays.
    mutating func clear(keeping kept: Set<Surface>) {
        for area in Array(items.keys) where !kept.contains(area) { items[area] = nil }
        if !kept.contains(.notification) { items[.notification] = [Self.boardUpdated.key: Self.boardUpdated.text] }
    }
}

extension ShiftBoardFlaws {
    /// The surfaces these flaws leave the worker's data on.
    var keptSurfaces: Set<DeviceSurfaces.Surface> {
        let table: [(ShiftBoardFlaws, DeviceSurfaces.Surface)] = [
            (.keepsNotificationsOnSignOut, .notification), (.keepsSpotlightOnSignOut, .spotlight), (.keepsPasteboardOnSignOut, .pasteboard),
            (.keepsWidgetOnSignOut, .widget), (.keepsActivityOnSignOut, .activity),
        ]
        return Set(table.filter { contains($0.0) }.map(\.1))
    }
}
