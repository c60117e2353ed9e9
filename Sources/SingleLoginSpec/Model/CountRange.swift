/// An inclusive range of counts: `count` sets both ends.
public struct CountRange: Hashable, Sendable, CustomStringConvertible {
    /// The least allowed.
    public var atLeast: Int
    /// The most allowed, or nil for no limit.
    public var atMost: Int?

    /// Creates a range.
    public init(atLeast: Int = 0, atMost: Int? = nil) {
        self.atLeast = atLeast
        self.atMost = atMost
    }

    /// Exactly `count`.
    public static func exactly(_ count: Int) -> CountRange { CountRange(atLeast: count, atMost: count) }

    /// Whether `count` is allowed.
    public func contains(_ count: Int) -> Bool {
        count >= atLeast && (atMost.map { count <= $0 } ?? true)
    }

    /// `exactly 1`, `at least 1`, `between 1 and 3`.
    public var description: String {
        switch atMost {
        case atLeast?: return "exactly \(atLeast)"
        case nil: return "at least \(atLeast)"
        case let most?: return atLeast == 0 ? "at most \(most)" : "between \(atLeast) and \(most)"
        }
    }
}
