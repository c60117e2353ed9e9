/// Why the harness cannot listen for adapters.
public enum TCPListenerError: Error, CustomStringConvertible, Equatable {
    /// The address is not one the listener can bind.
    case badAddress(String)
    /// socket, bind or listen failed.
    case cannotListen(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .badAddress(let reason), .cannotListen(let reason): return reason
        }
    }
}
