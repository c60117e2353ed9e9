import SingleLoginAdapter

/// A check against what the harness observed (`"check"` in JSON).
public enum Expectation: Hashable, Sendable {
    /// `{"check": "calls", "method": "acquireToken", "count": 0}` (or `atLeast`, `atMost`, and optionally
    /// `answered` and `during`): how many times the app made a call, during the step it is attached to
    /// (with the broadcasts the step caused) or the whole scenario.
    case calls(method: BrokerMethod, range: CountRange, filter: CallFilter = CallFilter())
    /// `{"check": "signedIn", "account": "alice"}`: the app considers that user signed in and shows them.
    case signedIn(account: String)
    /// `{"check": "signedOut"}`: the app considers nobody signed in.
    case signedOut
    /// `{"check": "noDataOf", "account": "alice", "in": ["screen", "storage"], "session": 1}`:
    /// none of the user's markers (of that session only, when `session` is given) remain.
    case noDataOf(account: String, places: Set<Place>, session: Int?)
    /// `{"check": "hasDataOf", "account": "bob", "in": ["screen"]}`: the user's records of their latest session are present in one of the places.
    case hasDataOf(account: String, places: Set<Place>)
    /// `{"check": "noErrorShown"}`: no error element and no alert on screen.
    case noErrorShown
    /// `{"check": "notCrashed"}`: the app did not crash and is still running.
    case notCrashed
    /// `{"check": "noElement", "kind": "button", "words": ["sign up"]}` (or `"matching"`: a pattern): no element
    /// (of that kind) whose text holds one of the phrases as whole words, or matches the case-insensitive pattern.
    case noElement(kind: ScreenElement.Kind?, match: ElementMatch)
    /// `{"check": "scopesCovered"}`: every scope asked for silently was asked for in an interactive sign-in.
    case scopesCovered
    /// `{"check": "deviceSignedOut"}`: no account is signed in on the device (the broker's state, not the app's).
    case deviceSignedOut
    /// `{"check": "errorShown"}`: an `error` or `alert` element is on screen.
    case errorShown
    /// `{"check": "brokerEnabled"}`: the app's declared MSAL configuration lets MSAL use the broker.
    case brokerEnabled

    /// Where data can remain.
    public enum Place: String, Hashable, Sendable, CaseIterable {
        /// What is visible.
        case screen
        /// What is stored.
        case storage
    }
}
