/// `MSALTokenParameters`: what both token calls take.
public class MSALTokenParameters: MSALParameters {
    /// The scopes asked for.
    public var scopes: [String]
    /// The account the token is for; nil asks for none in particular.
    public var account: MSALAccount?

    /// Parameters for `scopes`.
    public init(scopes: [String]) {
        self.scopes = scopes
    }
}
