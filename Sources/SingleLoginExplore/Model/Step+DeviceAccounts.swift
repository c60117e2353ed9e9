import SingleLoginSpec

extension Step.Action {
    /// Who is signed in on the device after this device event, as the broker does it: the account
    /// of a Jamf Setup or a user change, nobody after a Jamf Reset; nil for an action that does not
    /// change the device's account by itself.
    var deviceAccountsAfter: [String]? {
        switch self {
        case .globalSignIn(let account), .switchUser(let account): [account]
        case .globalSignOut: []
        default: nil
        }
    }
}
