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

    /// Where data can remain: what is visible, the app's sandbox, or one surface of the device.
    public enum Place: Hashable, Sendable, CaseIterable, RawRepresentable {
        /// What is visible.
        case screen
        /// What is stored in the app's sandbox: every area that is no device surface, and `signedInAccount`.
        case storage
        /// One surface of the device beyond the sandbox (`StoredItem.Area.isDeviceSurface`), named
        /// by its area's word: `notification`, `snapshot`.
        case surface(StoredItem.Area)

        /// Screen, storage, then each device surface in the areas' order.
        public static let allCases: [Place] = [.screen, .storage] + StoredItem.Area.allCases.filter(\.isDeviceSurface).map(Place.surface)

        /// What a check without `in` looks at: the screen and the sandbox. A device surface is
        /// checked only where a check names it, so a requirement about one surface fails alone.
        public static let screenAndStorage: Set<Place> = [.screen, .storage]

        /// `screen`, `storage`, or the surface's area word.
        public var rawValue: String {
            switch self {
            case .screen: "screen"
            case .storage: "storage"
            case .surface(let area): area.rawValue
            }
        }

        /// The place its word names; nil for an unknown word and for a sandbox area (those are `storage`).
        public init?(rawValue: String) {
            switch rawValue {
            case "screen": self = .screen
            case "storage": self = .storage
            default:
                guard let area = StoredItem.Area(rawValue: rawValue), area.isDeviceSurface else { return nil }
                self = .surface(area)
            }
        }
    }
}
