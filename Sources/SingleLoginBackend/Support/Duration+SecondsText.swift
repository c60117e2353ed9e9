extension Duration {
    /// `10 s`, `0.25 s`: seconds for people.
    var inSecondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\((seconds * 1000).rounded() / 1000) s"
    }
}
