import SingleLoginAdapter

/// What a run saw of the device surfaces, gathered from its events: which ones the app declares,
/// which its observations held, and which requirements about them passed. A requirement about a
/// surface that passes while no observation of the run held an item of it passed on nothing
/// observed: ``findings`` names it, in every report.
public struct SurfaceCoverage: Sendable {
    /// What the app declares, from its last `adapterIdentified` (nil: it declares nothing).
    public private(set) var declared: DeclaredSurfaces?
    /// The device surfaces some observation of the run held an item of.
    public private(set) var reported: Set<StoredItem.Area> = []
    /// The requirements about each surface that passed, in the order they ended.
    private var passed: [StoredItem.Area: [String]] = [:]
    /// Whether the run is a device pass, whose app has no handshake to declare surfaces in.
    private var onDevice = false
    /// The requirements a test case of which this run played: a result kept from an earlier run
    /// (`--rerun`) passed on what that run observed.
    private var played: Set<String> = []

    /// An empty coverage.
    public init() {}

    /// Takes one event of the run.
    public mutating func take(_ event: Event) {
        switch event.kind {
        case .runStarted(let context, _):
            onDevice = context.kind == .devicePass
        case .adapterIdentified(let identity):
            declared = identity.surfaces
        case .testCaseStarted(let id):
            played.insert(id.requirementID)
        case .observed(_, let observation, _, _):
            for item in observation.storage where item.area.isDeviceSurface { reported.insert(item.area) }
        case .requirementEnded(let result):
            guard result.verdict == .passed, played.contains(result.requirement.id) else { return }
            for area in result.requirement.surfaces { passed[area, default: []].append(result.requirement.id) }
        default:
            break
        }
    }

    /// The surfaces whose requirements passed with nothing of them observed: those the app declares
    /// it has first, then those it does not declare; empty when every passed surface was seen.
    public var findings: [SurfaceFinding] {
        let unseen = StoredItem.Area.deviceSurfaces.filter { passed[$0] != nil && !reported.contains($0) }
        let declaredUnseen = unseen.filter { declared?.has($0) == true }
        let undeclaredUnseen = unseen.filter { declared?.has($0) == nil }
        var findings: [SurfaceFinding] = []
        let undeclared: SurfaceFinding.Kind = onDevice ? .neverRecorded : .undeclaredNeverReported
        for (kind, surfaces) in [(SurfaceFinding.Kind.declaredNeverReported, declaredUnseen), (undeclared, undeclaredUnseen)]
        where !surfaces.isEmpty {
            var requirements: [String] = []
            for area in surfaces { for id in passed[area] ?? [] where !requirements.contains(id) { requirements.append(id) } }
            findings.append(SurfaceFinding(kind: kind, surfaces: surfaces, requirements: requirements))
        }
        return findings
    }
}

/// Device surfaces that no observation of a run held, although requirements about them passed.
public struct SurfaceFinding: Hashable, Sendable, CustomStringConvertible {
    /// Whether the app declares the surfaces.
    public var kind: Kind
    /// The surfaces, in the areas' order.
    public var surfaces: [StoredItem.Area]
    /// The requirements about them that passed on nothing observed.
    public var requirements: [String]

    /// Creates a finding.
    public init(kind: Kind, surfaces: [StoredItem.Area], requirements: [String]) {
        self.kind = kind
        self.surfaces = surfaces
        self.requirements = requirements
    }

    /// Whether the app declares the surfaces it never reported.
    public enum Kind: Hashable, Sendable {
        /// The app declares it has them (protocol 1.6's `surfaces`), yet reported none: its adapter
        /// does not report them, or the app never made one.
        case declaredNeverReported
        /// The app does not declare them (an adapter older than 1.6, or one that leaves them out).
        case undeclaredNeverReported
        /// A device pass whose checkpoints held none of them: the recorder's observation does not
        /// report them (a device pass has no handshake to declare them in).
        case neverRecorded
    }

    /// The words every report uses: `declared but never reported in this run: spotlight (SL-SPOTLIGHT-1
    /// passed on nothing observed)`.
    public var description: String {
        let names = surfaces.map(\.rawValue).joined(separator: ", ")
        let passed = requirements.joined(separator: ", ") + " passed on nothing observed"
        switch kind {
        case .declaredNeverReported:
            return "declared but never reported in this run: \(names) (\(passed); report them in the observation's storage)"
        case .undeclaredNeverReported:
            return "never reported in this run: \(names) (\(passed); declare the app's surfaces in its handshake)"
        case .neverRecorded:
            return "never recorded in this pass: \(names) (\(passed); report them in the recorder's observation, as SandboxObserver's storage() does)"
        }
    }
}

extension DeclaredSurfaces {
    /// What the app declares, as every report words it: `has notification, spotlight; has no widget,
    /// snapshot (their requirements do not apply); does not say: pasteboard, activity`.
    public var reportText: String {
        var parts: [String] = []
        if !had.isEmpty { parts.append("has \(had.map(\.rawValue).joined(separator: ", "))") }
        if !lacked.isEmpty { parts.append("has no \(lacked.map(\.rawValue).joined(separator: ", ")) (their requirements do not apply)") }
        if !undeclared.isEmpty { parts.append("does not say: \(undeclared.map(\.rawValue).joined(separator: ", "))") }
        return parts.joined(separator: "; ")
    }
}
