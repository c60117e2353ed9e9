/// What `getCurrentAccount(with:completionBlock:)` answers.
public struct CurrentAccount: Hashable, Codable, Sendable {
    /// The account signed in on the device now, or nil.
    public var account: MSALAccount?
    /// What the previous call of getCurrentAccount saw (per client id): nil on the first call ever,
    /// and nil again after a call that saw nobody. Materialised without claims.
    public var previousAccount: MSALAccount?

    /// Creates the pair.
    public init(account: MSALAccount?, previousAccount: MSALAccount?) {
        self.account = account
        self.previousAccount = previousAccount
    }
}
