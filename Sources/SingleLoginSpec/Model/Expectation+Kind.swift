extension Expectation {
    /// The kinds of check, as `"check"` spells them: each is defined here once, and the decoder,
    /// the writer and the evaluator's issue kinds (`Issue.Kind.expectation`) all switch over it, so a kind cannot be added to
    /// one of them and forgotten in another.
    public enum Kind: String, CaseIterable, Sendable {
        case calls, signedIn, signedOut, noDataOf, hasDataOf, noErrorShown, notCrashed, noElement, scopesCovered, deviceSignedOut, errorShown, brokerEnabled
    }

    /// This check's kind.
    public var kind: Kind {
        switch self {
        case .calls: .calls
        case .signedIn: .signedIn
        case .signedOut: .signedOut
        case .noDataOf: .noDataOf
        case .hasDataOf: .hasDataOf
        case .noErrorShown: .noErrorShown
        case .notCrashed: .notCrashed
        case .noElement: .noElement
        case .scopesCovered: .scopesCovered
        case .deviceSignedOut: .deviceSignedOut
        case .errorShown: .errorShown
        case .brokerEnabled: .brokerEnabled
        }
    }
}
