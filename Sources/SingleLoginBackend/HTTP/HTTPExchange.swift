import SingleLoginEvents

/// One request the harness sent to the backend and what came back, for verdicts and evidence.
public struct HTTPExchange: Sendable, Hashable {
    /// What was sent.
    public var request: HTTPRequest
    /// The reply, when a complete status line and head arrived.
    public var reply: HTTPReply?
    /// Set when the request could not be sent whole (the backend may still have answered).
    public var sendFailure: String?
    /// Why no usable reply came: nil when ``reply`` is set.
    public var failure: Failure?
    /// From the connection attempt to the end of the reply (or the failure).
    public var elapsed: Duration

    /// Why an exchange produced no reply.
    public enum Failure: Sendable, Hashable, CustomStringConvertible {
        /// The connection could not be made.
        case connect(String)
        /// No complete reply before the time limit.
        case timedOut(Duration)
        /// The backend closed (or reset) the connection without a complete reply.
        case closedWithoutReply(receivedBytes: Int)
        /// What came back is not HTTP.
        case malformedReply(String)

        /// A sentence for reports.
        public var description: String {
            switch self {
            case .connect(let reason): return "no connection: \(reason)"
            case .timedOut(let limit): return "no reply within \(limit.shortText) (a hang)"
            case .closedWithoutReply(let count):
                return count == 0
                    ? "the connection was closed without a reply (dropped)" : "the connection was closed after \(count) bytes of an incomplete reply (dropped)"
            case .malformedReply(let reason): return "the reply is not HTTP: \(reason)"
            }
        }
    }

    /// Creates an exchange record.
    public init(request: HTTPRequest, reply: HTTPReply?, sendFailure: String?, failure: Failure?, elapsed: Duration) {
        self.request = request
        self.reply = reply
        self.sendFailure = sendFailure
        self.failure = failure
        self.elapsed = elapsed
    }

    /// The status code, if a reply came.
    public var status: Int? { reply?.status }
}
