/// A socket call that failed, as a sentence.
struct SocketError: Error, CustomStringConvertible {
    /// What failed and why.
    var description: String
    init(_ description: String) { self.description = description }
}
