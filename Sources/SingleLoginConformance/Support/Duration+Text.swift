import SingleLoginEvents

extension Duration {
    /// `2.5 s`, `10.0 s`: seconds with one decimal, for messages (no `String(format:)`).
    var shortText: String {
        let tenths = Int((inSeconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
