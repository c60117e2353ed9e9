import SingleLoginSpec

/// What a scripted answer means for the oracle's rules. Each answer the vocabulary holds is
/// placed here on purpose (the switches are exhaustive): a new answer is judged only once
/// someone has said what it means.
extension BrokerAnswer {
    /// Whether it disturbs the step: a failure, or a result the app cannot use (everything but `complete`).
    var disturbs: Bool {
        switch self {
        case .complete: return false
        case .cancel, .interactionRequired, .networkError, .noIdToken, .blankIdToken, .declinedScopes, .ssoExtensionFailure, .brokerNotAvailable: return true
        }
    }

    /// Whether it is the user dismissing the sheet (UserCanceled, -50005).
    var isCancel: Bool {
        switch self {
        case .cancel: return true
        case .complete, .interactionRequired, .networkError, .noIdToken, .blankIdToken, .declinedScopes, .ssoExtensionFailure, .brokerNotAvailable: return false
        }
    }

    /// Whether it is a token response without a usable id token: a result without one (`noIdToken`),
    /// or MSAL's -42600 for a blank one (`blankIdToken`).
    var spoilsIdToken: Bool {
        switch self {
        case .noIdToken, .blankIdToken: return true
        case .complete, .cancel, .interactionRequired, .networkError, .declinedScopes, .ssoExtensionFailure, .brokerNotAvailable: return false
        }
    }

    /// Whether it is fewer scopes granted than asked (-50003).
    var declinesScopes: Bool {
        switch self {
        case .declinedScopes: return true
        case .complete, .cancel, .interactionRequired, .networkError, .noIdToken, .blankIdToken, .ssoExtensionFailure, .brokerNotAvailable: return false
        }
    }

    /// Whether getDeviceInformation answered this way still tells the app the device is shared: the
    /// SSO extension failing returns a default-mode object with the error, which is no reason for
    /// personal-device UI (SL-DETECT-4); without the broker there is nothing at all.
    var leavesModeKnowable: Bool {
        switch self {
        case .complete, .ssoExtensionFailure: return true
        case .cancel, .interactionRequired, .networkError, .noIdToken, .blankIdToken, .declinedScopes, .brokerNotAvailable: return false
        }
    }

    /// Whether it is the network being offline (NSURLErrorDomain -1009).
    var isOffline: Bool {
        switch self {
        case .networkError: return true
        case .complete, .cancel, .interactionRequired, .noIdToken, .blankIdToken, .declinedScopes, .ssoExtensionFailure, .brokerNotAvailable: return false
        }
    }

    /// Whether signout answered this way leaves the device signed in.
    var keepsDeviceSignedIn: Bool {
        switch self {
        case .networkError, .ssoExtensionFailure: return true
        case .complete, .cancel, .interactionRequired, .noIdToken, .blankIdToken, .declinedScopes, .brokerNotAvailable: return false
        }
    }
}
