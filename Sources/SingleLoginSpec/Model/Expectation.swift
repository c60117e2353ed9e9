import SingleLoginAdapter

/// A check against what the harness observed (`"check"` in JSON).
public enum Expectation: Hashable, Sendable {
    /// `{"check": "calls", "method": "acquireToken", "count": 0}` (or `atLeast`, `atMost`):
    /// how many times the app made a call, during the step it is attached to or the whole scenario.
    case calls(method: BrokerMethod, range: CountRange)
    /// `{"check": "signedIn", "account": "alice"}`: the app considers that user signed in and shows them.
    case signedIn(account: String)
    /// `{"check": "signedOut"}`: the app considers nobody signed in.
    case signedOut
    /// `{"check": "noDataOf", "account": "alice", "in": ["screen", "storage"], "session": 1}`:
    /// none of the user's markers (of that session only, when `session` is given) remain.
    case noDataOf(account: String, places: Set<Place>, session: Int?)
    /// `{"check": "hasDataOf", "account": "bob", "in": ["screen"]}`: the user's records of their latest session are present.
    case hasDataOf(account: String, places: Set<Place>)
    /// `{"check": "noErrorShown"}`: no error element and no alert on screen.
    case noErrorShown
    /// `{"check": "notCrashed"}`: the app did not crash and is still running.
    case notCrashed
    /// `{"check": "noElement", "kind": "button", "matching": "sign ?up"}`: no element (of that kind) whose text matches the case-insensitive pattern.
    case noElement(kind: ScreenElement.Kind?, matching: String)
    /// `{"check": "scopesCovered"}`: every scope asked for silently was asked for in an interactive sign-in.
    case scopesCovered

    /// Where data can remain.
    public enum Place: String, Hashable, Sendable, CaseIterable {
        /// What is visible.
        case screen
        /// What is stored.
        case storage
    }
}
