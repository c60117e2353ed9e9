/// A failure a waiver accepted for now: the case failed (or could not be judged), and a waiver
/// on record says why that is known, where the fix is tracked and until when it holds.
///
/// The case is then ``TestCaseResult/Outcome/waived(_:)``: it does not gate the run, and
/// `verify` and `run --rerun` treat it as the failure it is.
public struct WaivedFailure: Hashable, Sendable, CustomStringConvertible {
    /// What the waiver says: `REASON (LINK; expires DATE)`.
    public var note: String

    /// Creates a waived failure with the waiver's note.
    public init(note: String) {
        self.note = note
    }

    /// A waived failure from the waiver's reason, link and last day.
    public init(reason: String, link: String, expires: String) {
        self.init(note: "\(reason) (\(link); expires \(expires))")
    }

    /// `waived: REASON (LINK; expires DATE)`: the words every report uses (a JUnit `<skipped>`
    /// message, the skip reason in the event stream).
    public var description: String { Self.prefix + note }

    /// What `description` starts with: `waived: `.
    public static let prefix = "waived: "

    /// The waived failure `description` renders, read back from a report that wrote it (a JUnit
    /// `<skipped>` message, a skip reason in the event stream): nil when the text is not one.
    public init?(description text: some StringProtocol) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        self.init(note: String(text.dropFirst(Self.prefix.count)))
    }
}
