import Foundation

/// Mistakes ShiftBoard can be built with, to see the conformance tests catch them (never in a release).
public struct ShiftBoardFlaws: OptionSet, Sendable {
    public let rawValue: Int
    /// Creates a set of flaws.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shows "Sign-in was cancelled" as an error when the worker dismisses Microsoft's sheet (fails SL-CANCEL-1).
    public static let showsCancelAsError = ShiftBoardFlaws(rawValue: 1 << 0)
    /// Does not ask MSAL who is signed in when it returns to the foreground (fails SL-LOGIN-7, SL-LOGOUT-2, SL-SWITCH-3).
    public static let skipsCheckOnResume = ShiftBoardFlaws(rawValue: 1 << 1)
    /// Keeps the shifts file after a sign-out (fails SL-LOGOUT-1 to -5 and SL-INTERACTIVE-1; SL-SWITCH-1 and -3 too, where the new worker's first sync fails offline and nothing overwrites it).
    public static let keepsShiftsOnSignOut = ShiftBoardFlaws(rawValue: 1 << 2)
    /// Leaves the worker's shift reminder in its notifications after a sign-out (fails SL-NOTIFY-1).
    public static let keepsNotificationsOnSignOut = ShiftBoardFlaws(rawValue: 1 << 3)
    /// Leaves the worker's shifts indexed in Spotlight (fails SL-SPOTLIGHT-1).
    public static let keepsSpotlightOnSignOut = ShiftBoardFlaws(rawValue: 1 << 4)
    /// Leaves the shift the worker copied on the pasteboard (fails SL-PASTEBOARD-1).
    public static let keepsPasteboardOnSignOut = ShiftBoardFlaws(rawValue: 1 << 5)
    /// Leaves the worker's next shift in the widget's timeline (fails SL-WIDGET-1).
    public static let keepsWidgetOnSignOut = ShiftBoardFlaws(rawValue: 1 << 6)
    /// Leaves the worker's Live Activity running (fails SL-ACTIVITY-1).
    public static let keepsActivityOnSignOut = ShiftBoardFlaws(rawValue: 1 << 7)
    /// Puts up no cover when it moves to the background: the switcher shows the worker's shifts (fails SL-SNAPSHOT-1, a SHOULD).
    public static let showsShiftsInSnapshot = ShiftBoardFlaws(rawValue: 1 << 8)
    /// After a sign-out (its own, or a device-wide one its account check finds), sends the worker's
    /// unsent shift notes in a final sync with the ended session's token (fails SL-LOGOUT-1 to -5).
    public static let syncsNotesAfterSignOut = ShiftBoardFlaws(rawValue: 1 << 9)
    /// Asks MSAL for the device mode at its first launch only, and keeps it for every later launch (fails SL-DETECT-1).
    public static let cachesDeviceMode = ShiftBoardFlaws(rawValue: 1 << 10)
    /// Applies a token, shifts or an account check that arrive after the worker was signed out or
    /// changed, or after a newer account check began, while the call was under way (fails SL-INFLIGHT-1).
    public static let appliesLateAnswers = ShiftBoardFlaws(rawValue: 1 << 11)

    /// The flaws named, comma-separated, e.g. `showsCancelAsError`; unknown names are ignored.
    public init(names: String) {
        let table: [String: ShiftBoardFlaws] = [
            "showsCancelAsError": .showsCancelAsError, "skipsCheckOnResume": .skipsCheckOnResume, "keepsShiftsOnSignOut": .keepsShiftsOnSignOut,
            "keepsNotificationsOnSignOut": .keepsNotificationsOnSignOut, "keepsSpotlightOnSignOut": .keepsSpotlightOnSignOut,
            "keepsPasteboardOnSignOut": .keepsPasteboardOnSignOut, "keepsWidgetOnSignOut": .keepsWidgetOnSignOut,
            "keepsActivityOnSignOut": .keepsActivityOnSignOut, "showsShiftsInSnapshot": .showsShiftsInSnapshot,
            "syncsNotesAfterSignOut": .syncsNotesAfterSignOut, "cachesDeviceMode": .cachesDeviceMode,
            "appliesLateAnswers": .appliesLateAnswers,
        ]
        self = names.split(separator: ",").reduce(into: []) { flaws, name in flaws.formUnion(table[name.trimmingCharacters(in: .whitespaces)] ?? []) }
    }
}
