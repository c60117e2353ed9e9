extension Duration {
    /// The duration in seconds, as a floating-point number (for reports, summaries and figures).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
