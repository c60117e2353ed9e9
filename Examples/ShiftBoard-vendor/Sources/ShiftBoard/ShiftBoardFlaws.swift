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
    /// Keeps the shifts file after a sign-out (fails SL-LOGOUT-1 to -5 and SL-INTERACTIVE-1).
    public static let keepsShiftsOnSignOut = ShiftBoardFlaws(rawValue: 1 << 2)

    /// The flaws named, comma-separated, e.g. `showsCancelAsError`; unknown names are ignored.
    public init(names: String) {
        let table: [String: ShiftBoardFlaws] = ["showsCancelAsError": .showsCancelAsError, "skipsCheckOnResume": .skipsCheckOnResume, "keepsShiftsOnSignOut": .keepsShiftsOnSignOut]
        self = names.split(separator: ",").reduce(into: []) { flaws, name in flaws.formUnion(table[name.trimmingCharacters(in: .whitespaces)] ?? []) }
    }
}
