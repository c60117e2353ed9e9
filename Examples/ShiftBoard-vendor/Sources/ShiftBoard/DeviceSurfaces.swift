import SingleLoginAdapter

/// What ShiftBoard leaves on the device beyond its container: the notifications it schedules, the
/// shifts it indexes in Spotlight, what the worker copies, its widget's timeline and Live Activity,
/// and the switcher's snapshot. On a device these are `UNUserNotificationCenter`,
/// `CSSearchableIndex`, `UIPasteboard`, `WidgetCenter` and `ActivityKit`; here the app keeps what
/// it handed them, so that its adapter can report it.
public struct DeviceSurfaces: Sendable {
    /// A notification with no worker's data in it, which may stay after a sign-out.
    public static let boardUpdated = (key: "delivered/board-updated", text: "Shift board updated")
    /// What the switcher shows of the app on a shared device: the cover put up when the scene resigns active.
    public static let cover = "ShiftBoard"

    /// Area and key to text.
    public private(set) var items: [StoredItem.Area: [String: String]] = [:]
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
    mutating func clear(keeping kept: Set<StoredItem.Area>) {
        for area in Array(items.keys) where !kept.contains(area) { items[area] = nil }
        if !kept.contains(.notification) { items[.notification] = [Self.boardUpdated.key: Self.boardUpdated.text] }
    }

    /// The surfaces as stored items, in the areas' order, then the snapshot.
    public var storedItems: [StoredItem] {
        var result: [StoredItem] = []
        for area in StoredItem.Area.allCases {
            result += (items[area] ?? [:]).sorted { $0.key < $1.key }.map { StoredItem(area, $0.key, $0.value) }
        }
        if let snapshot { result.append(StoredItem(.snapshot, "switcher", snapshot)) }
        return result
    }
}

extension ShiftBoardFlaws {
    /// The surfaces these flaws leave the worker's data on.
    var keptSurfaces: Set<StoredItem.Area> {
        let table: [(ShiftBoardFlaws, StoredItem.Area)] = [
            (.keepsNotificationsOnSignOut, .notification), (.keepsSpotlightOnSignOut, .spotlight), (.keepsPasteboardOnSignOut, .pasteboard),
            (.keepsWidgetOnSignOut, .widget), (.keepsActivityOnSignOut, .activity),
        ]
        return Set(table.filter { contains($0.0) }.map(\.1))
    }
}
