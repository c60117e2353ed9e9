/// A head that is not HTTP.
struct HTTPHeadError: Error, CustomStringConvertible {
    /// What is wrong.
    var description: String
}
