import Foundation
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
    /// The shift reminder: scheduled when the records arrive, delivered this long after (the app's clock).
    static let reminder = (pending: "pending/shift-reminder", delivered: "delivered/shift-reminder", after: TimeInterval(2 * 3600))

    /// The surfaces `publish` writes from the user's records.
    static let rebuiltBySync: Set<StoredItem.Area> = [.notification, .spotlight, .pasteboard, .widget, .activity]

    /// Area and key to text, for the surfaces the app can clear.
    var items: [StoredItem.Area: [String: String]] = [:]
    /// Surfaces a flawed app left at a user change for the new user's first sync to rebuild whole.
    private var leftForNextSync: Set<StoredItem.Area> = []
    /// When the pending shift reminder is delivered, while one is pending.
    private var reminderDue: Date?
    /// The switcher's snapshot, taken when the app moved to the background; nil while it runs in the foreground.
    var snapshot: [String]?

    /// The surfaces of a signed-in user with `records`: a reminder, indexed records, a copied
    /// detail, a widget timeline, a Live Activity and a donated activity.
    mutating func publish(user displayName: String, records: [UserRecord], at now: Date) {
        guard let first = records.first else { return }
        for area in leftForNextSync { items[area] = nil }
        leftForNextSync = []
        items[.notification]?[Self.reminder.delivered] = nil
        items[.notification, default: [:]][Self.reminder.pending] = "\(displayName): \(first.title) starts at 09:00"
        reminderDue = now.addingTimeInterval(Self.reminder.after)
        items[.notification, default: [:]][Self.boardUpdated.key] = Self.boardUpdated.text
        for record in records { items[.spotlight, default: [:]]["record/\(record.id)"] = "\(record.title): \(record.detail)" }
        items[.spotlight, default: [:]][Self.safetyManual.key] = Self.safetyManual.text
        items[.pasteboard, default: [:]]["general/public.utf8-plain-text"] = first.detail
        items[.widget, default: [:]]["timeline/next-task"] = "Next for \(displayName): \(first.title)"
        items[.activity, default: [:]]["live/shift"] = "\(displayName) on shift: \(records.count) tasks"
        items[.activity, default: [:]]["handoff/record"] = "Viewing \(first.id)"
    }

    /// Delivers the shift reminder once its time has come: it leaves the pending requests for the
    /// delivered notifications, which an app clears apart.
    mutating func deliverDue(at now: Date) {
        guard let due = reminderDue, now >= due, let text = items[.notification]?[Self.reminder.pending] else { return }
        items[.notification]?[Self.reminder.pending] = nil
        items[.notification]?[Self.reminder.delivered] = text
        reminderDue = nil
    }

    /// Removes the user's items from every surface the app can clear, except those `kept` and
    /// those `leavingForNextSync` (which the next `publish` replaces whole); the harmless
    /// notification and reference item stay, and so does a delivered reminder when
    /// `keepingDelivered` (an app that removes only its pending requests).
    mutating func clear(keeping kept: Set<StoredItem.Area>, leavingForNextSync: Set<StoredItem.Area> = [], keepingDelivered: Bool = false) {
        leftForNextSync = leavingForNextSync
        reminderDue = nil
        let delivered = keepingDelivered ? items[.notification]?[Self.reminder.delivered] : nil
        let kept = kept.union(leavingForNextSync)
        for area in Array(items.keys) where !kept.contains(area) { items[area] = nil }
        if !kept.contains(.notification) { items[.notification] = [Self.boardUpdated.key: Self.boardUpdated.text] }
        if let delivered { items[.notification, default: [:]][Self.reminder.delivered] = delivered }
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
