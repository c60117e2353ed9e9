/// A request with typed parameters, encoded in one pass.
public struct WireRequest<Params: Encodable>: Encodable {
    /// Always `"2.0"`.
    public var jsonrpc = "2.0"
    /// The request id.
    public var id: Int
    /// The method.
    public var method: String
    /// The parameters.
    public var params: Params
}
