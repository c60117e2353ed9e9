/// Why a test case could not be judged: a precondition of its scenario failed, a behaviour that
/// another requirement owns and that the requirement under test presumes.
///
/// The case is then neither passed nor failed (``TestCaseResult/Outcome/notJudged(_:)``): the
/// owning requirement's own cases say whether the app violates it.
public struct Blocker: Hashable, Sendable, CustomStringConvertible {
    /// The requirement that owns the failed precondition's behaviour, e.g. `SL-SWITCH-3`.
    public var requirementID: String
    /// What failed, in one line: `at step 4 'resume': the app does not consider bob signed in`.
    public var reason: String

    /// Creates a blocker.
    public init(requirementID: String, reason: String) {
        self.requirementID = requirementID
        self.reason = reason
    }

    /// `blocked by SL-SWITCH-3: at step 4 'resume': …`: the words every report uses.
    public var description: String {
        reason.isEmpty ? "blocked by \(requirementID)" : "blocked by \(requirementID): \(reason)"
    }

    /// What `description` starts with: `blocked by `.
    public static let prefix = "blocked by "

    /// The blocker `description` renders, read back from a report that wrote it (a JUnit
    /// `<skipped>` message): nil when the text is not one.
    public init?(description text: some StringProtocol) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let rest = text.dropFirst(Self.prefix.count)
        let id = rest.prefix { $0 != ":" }
        guard !id.isEmpty, !id.contains(" ") else { return nil }
        let reason = rest.dropFirst(id.count).drop { $0 == ":" || $0 == " " }
        self.init(requirementID: String(id), reason: String(reason))
    }
}
