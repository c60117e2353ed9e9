import SingleLoginAdapter

/// What the reference app leaves on the device beyond its sandbox: its notifications, Spotlight
/// items, pasteboard items, widget timeline and activities, and the switcher's snapshot of it.
/// They outlive the app's process, so a fresh install (`reset`) is the only thing that clears them
/// besides the app itself.
struct AppSurfaces {
    /// A notification with no user data, kept on purpose after a sign-out: it must not read as a leftover.
    static let boardUpdated = (key: "delivered/board-updated", text: "Shift board updated")
    /// A Spotlight item of public reference data, kept on purpose after a sign-out.
    static let safetyManual = (key: "reference/safety-manual", text: "Northwind safety manual: lifting, ladders and first aid")
    /// What a shared device's switcher shows of the app: its cover, put up when the scene resigns active.
    static let cover = "Northwind Tasks"

    /// The surfaces `publish` writes from the user's records.
    static let rebuiltBySync: Set<StoredItem.Area> = [.notification, .spotlight, .pasteboard, .widget, .activity]

    /// Area and key to text, for the surfaces the app can clear.
    var items: [StoredItem.Area: [String: String]] = [:]
    /// Surfaces a flawed app left at a user change for the new user's first sync to rebuild whole.
    private var leftForNextSync: Set<StoredItem.Area> = []
    /// The switcher's snapshot, taken when the app moved to the background; nil while it runs in the foreground.
    var snapshot: [String]?

    /// The surfaces of a signed-in user with `records`: a reminder, indexed records, a copied
    /// detail, a widget timeline, a Live Activity and a donated activity.
    mutating func publish(user displayName: String, records: [UserRecord]) {
        guard let first = records.first else { return }
        for area in leftForNextSync { items[area] = nil }
        leftForNextSync = []
        items[.notification, default: [:]]["pending/shift-reminder"] = "\(displayName): \(first.title) starts at 09:00"
        items[.notification, default: [:]][Self.boardUpdated.key] = Self.boardUpdated.text
        for record in records { items[.spotlight, default: [:]]["record/\(record.id)"] = "\(record.title): \(record.detail)" }
        items[.spotlight, default: [:]][Self.safetyManual.key] = Self.safetyManual.text
        items[.pasteboard, default: [:]]["general/public.utf8-plain-text"] = first.detail
        items[.widget, default: [:]]["timeline/next-task"] = "Next for \(displayName): \(first.title)"
        items[.activity, default: [:]]["live/shift"] = "\(displayName) on shift: \(records.count) tasks"
        items[.activity, default: [:]]["handoff/record"] = "Viewing \(first.id)"
    }

    /// Removes the user's items from every surface the app can clear, except those `kept` and
    /// those `leavingForNextSync` (which the next `publish` replaces whole); the harmless
    /// notification and reference item stay.
    mutating func clear(keeping kept: Set<StoredItem.Area>, leavingForNextSync: Set<StoredItem.Area> = []) {
        leftForNextSync = leavingForNextSync
        let kept = kept.union(leavingForNextSync)
        for area in Array(items.keys) where !kept.contains(area) { items[area] = nil }
        if !kept.contains(.notification) { items[.notification] = [Self.boardUpdated.key: Self.boardUpdated.text] }
        if !kept.contains(.spotlight) { items[.spotlight] = [Self.safetyManual.key: Self.safetyManual.text] }
    }

    /// The surfaces as stored items, in the areas' order, then the snapshot.
    var storedItems: [StoredItem] {
        var result: [StoredItem] = []
        for area in StoredItem.Area.allCases {
            result += (items[area] ?? [:]).sorted { $0.key < $1.key }.map { StoredItem(area, $0.key, $0.value) }
        }
        if let snapshot { result.append(StoredItem(.snapshot, "switcher", snapshot.joined(separator: "\n"))) }
        return result
    }
}

extension ReferenceAppFlaw {
    /// The device surface this flaw leaves the user's data on, for the flaws that keep one.
    var keptSurface: StoredItem.Area? {
        switch self {
        case .leavesNotifications: .notification
        case .leavesSpotlightItems: .spotlight
        case .leavesPasteboardItems: .pasteboard
        case .leavesWidgetTimeline: .widget
        case .leavesActivities: .activity
        default: nil
        }
    }
}
