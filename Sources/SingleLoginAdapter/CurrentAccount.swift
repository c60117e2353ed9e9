/// What `getCurrentAccount(with:completionBlock:)` answers.
public struct CurrentAccount: Hashable, Codable, Sendable {
    /// The account signed in on the device now, or nil.
    public var account: MSALAccount?
    /// The account the previous call of getCurrentAccount saw (per client id); nil on the first call ever.
    public var previousAccount: MSALAccount?

    /// Creates the pair.
    public init(account: MSALAccount?, previousAccount: MSALAccount?) {
        self.account = account
        self.previousAccount = previousAccount
    }
}
