extension EncodedEvent {
    /// What a line of the stream is, decoded from its `kind` string at the edge; a kind this build
    /// does not know (a newer writer's) is kept as ``unknown(_:)`` so that readers can skip it.
    public enum Kind: Hashable, Sendable, Codable, CustomStringConvertible {
        /// `Event.Kind.runStarted(_:plan:)`.
        case runStarted
        /// `Event.Kind.adapterIdentified(_:)`.
        case adapterIdentified
        /// `Event.Kind.requirementStarted(_:)`.
        case requirementStarted
        /// `Event.Kind.requirementEnded(_:)`.
        case requirementEnded
        /// `Event.Kind.testCaseStarted(_:)`.
        case testCaseStarted
        /// `Event.Kind.stepPerformed(_:index:description:)`.
        case stepPerformed
        /// `Event.Kind.brokerCalled(_:_:)`.
        case brokerCalled
        /// `Event.Kind.observed(_:_:facts:broadcastsDelivered:)`.
        case observed
        /// `Event.Kind.issueRecorded(_:_:)`.
        case issueRecorded
        /// `Event.Kind.adapterUnavailable(_:)`.
        case adapterUnavailable
        /// `Event.Kind.testCaseEnded(_:)`.
        case testCaseEnded
        /// `Event.Kind.runEnded(_:)`.
        case runEnded
        /// A line the writer could not encode (written as `unencodable`, with no other field).
        case unencodable
        /// A kind this build does not know, as the line spells it.
        case unknown(String)

        /// Every kind this build knows, to decode a `kind` string.
        private static let known: [Kind] = [
            .runStarted, .adapterIdentified, .requirementStarted, .requirementEnded, .testCaseStarted, .stepPerformed,
            .brokerCalled, .observed, .issueRecorded, .adapterUnavailable, .testCaseEnded, .runEnded, .unencodable,
        ]

        /// The kind the line's `kind` string names.
        public init(rawValue: String) {
            self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
        }

        /// The `kind` string on the wire: the case's name.
        public var rawValue: String {
            switch self {
            case .runStarted: "runStarted"
            case .adapterIdentified: "adapterIdentified"
            case .requirementStarted: "requirementStarted"
            case .requirementEnded: "requirementEnded"
            case .testCaseStarted: "testCaseStarted"
            case .stepPerformed: "stepPerformed"
            case .brokerCalled: "brokerCalled"
            case .observed: "observed"
            case .issueRecorded: "issueRecorded"
            case .adapterUnavailable: "adapterUnavailable"
            case .testCaseEnded: "testCaseEnded"
            case .runEnded: "runEnded"
            case .unencodable: "unencodable"
            case let .unknown(name): name
            }
        }

        /// The `kind` string.
        public var description: String { rawValue }

        /// Decodes the `kind` string; never fails on a kind it does not know.
        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        /// Encodes the `kind` string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
