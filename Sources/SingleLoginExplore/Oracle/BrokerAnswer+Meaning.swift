import SingleLoginSpec

/// What a scripted answer means for the oracle's rules. Every answer the vocabulary holds is
/// given its meaning in one exhaustive switch, so a new answer is judged only once someone has
/// said what it means.
extension BrokerAnswer {
    /// The facts about an answer that the rules read; a call without a scripted answer means none of them.
    struct Meaning {
        /// A failure, or a result the app cannot use (everything but `complete`).
        var disturbs = false
        /// The user dismissing the sheet (UserCanceled, -50005).
        var isCancel = false
        /// A token response without a usable id token: a result without one (`noIdToken`), or
        /// MSAL's -42600 for a blank one (`blankIdToken`).
        var spoilsIdToken = false
        /// Fewer scopes granted than asked (-50003).
        var declinesScopes = false
        /// getDeviceInformation answered this way still tells the app the device is shared: the SSO
        /// extension failing returns a default-mode object with the error, which is no reason for
        /// personal-device UI (SL-DETECT-4); without the broker there is nothing at all.
        var leavesModeKnowable = false
        /// The network being offline (NSURLErrorDomain -1009).
        var isOffline = false
        /// signout answered this way leaves the device signed in.
        var keepsDeviceSignedIn = false
    }

    /// What this answer means.
    var meaning: Meaning {
        switch self {
        case .complete: Meaning(leavesModeKnowable: true)
        case .cancel: Meaning(disturbs: true, isCancel: true)
        case .interactionRequired, .brokerNotAvailable: Meaning(disturbs: true)
        case .networkError: Meaning(disturbs: true, isOffline: true, keepsDeviceSignedIn: true)
        case .noIdToken, .blankIdToken: Meaning(disturbs: true, spoilsIdToken: true)
        case .declinedScopes: Meaning(disturbs: true, declinesScopes: true)
        case .ssoExtensionFailure: Meaning(disturbs: true, leavesModeKnowable: true, keepsDeviceSignedIn: true)
        }
    }
}

extension BrokerAnswer? {
    /// What the answer a call received means; a call the broker answered as it would unscripted means nothing more.
    var meaning: BrokerAnswer.Meaning { self?.meaning ?? BrokerAnswer.Meaning() }
}
