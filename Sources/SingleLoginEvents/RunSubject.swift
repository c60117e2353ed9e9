/// What a run tests, as reports name it: an app through its adapter (`run`), source files
/// (`preflight`), or a backend command (`backend`). One description for every run kind, so that
/// the recorders need not know the kinds: the header row, the label of the tested process's
/// output, and whether test cases have a broker transcript.
public struct RunSubject: Sendable, Hashable {
    /// The header row's label when no adapter identifies the subject (`Adapter`, `Backend`); nil: no row (preflight).
    public var label: String?
    /// What that row says: the backend's command line, say; nil: `not identified`.
    public var detail: String?
    /// What the tested process writes, as reports label it: `adapter stderr`, `backend output`.
    public var outputName: String
    /// Whether test cases have a broker transcript (only behavioural runs do).
    public var hasBrokerTranscript: Bool

    /// Creates a subject.
    public init(label: String?, detail: String? = nil, outputName: String, hasBrokerTranscript: Bool) {
        self.label = label
        self.detail = detail
        self.outputName = outputName
        self.hasBrokerTranscript = hasBrokerTranscript
    }

    /// An app through its adapter (`run`): the adapter row, its stderr, broker transcripts.
    public static let adapter = RunSubject(label: "Adapter", outputName: "adapter stderr", hasBrokerTranscript: true)
    /// Source files (`preflight`): no process, no row, no transcript.
    public static let files = RunSubject(label: nil, outputName: "output", hasBrokerTranscript: false)

    /// A backend started with `command` (`backend`): its output is stdout and stderr together; no broker.
    public static func backend(command: String?, mode: String? = nil) -> RunSubject {
        let detail = command.map { "`\($0)`" + (mode.map { " (\($0)-tenant mode)" } ?? "") }
        return RunSubject(label: "Backend", detail: detail, outputName: "backend output", hasBrokerTranscript: false)
    }

    /// The subject a run of `kind` has when its context names none.
    /// A device pass's subject: the device, its system, MSAL, the broker's word on the device and the
    /// tester, which every report names where a run names its adapter.
    public static func device(_ description: String?) -> RunSubject {
        RunSubject(label: "Device pass", detail: description, outputName: "device notes", hasBrokerTranscript: true)
    }

    public static func of(kind: RunContext.Kind) -> RunSubject {
        switch kind {
        case .preflight: .files
        case .backend: .backend(command: nil)
        case .devicePass: .device(nil)
        case .run, .explore: .adapter
        }
    }
}
