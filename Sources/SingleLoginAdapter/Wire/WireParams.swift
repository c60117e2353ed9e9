/// The `params` of a request, typed.
public struct WireParams<Params: Decodable>: Decodable {
    /// The parameters.
    public var params: Params
}
