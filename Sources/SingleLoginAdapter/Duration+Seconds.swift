extension Duration {
    /// The duration in seconds, as a floating-point number (for reports, summaries and figures).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded to the nearest (for messages: `in 12 ms`).
    package var wholeMilliseconds: Int { Int((inSeconds * 1000).rounded()) }
}

extension Duration {
    /// `2.5 s`, `10.0 s`: seconds with one decimal, for messages (no `String(format:)`).
    package var shortText: String {
        let tenths = Int((inSeconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
