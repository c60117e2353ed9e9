import SingleLoginSpec

/// The spec a vendor's tests check: the shipped one embedded in the kit, or a file of their own.
public struct ConformanceSpec: Sendable {
    /// The spec's id, e.g. `single-login`.
    public var id: String { loaded.spec.id }
    /// The spec's version, e.g. `1.1.0`.
    public var version: String { loaded.spec.version }
    /// The spec's title.
    public var title: String { loaded.spec.title }
    /// SHA-256 of its bytes, lowercase hex.
    public var sha256: String { loaded.sha256Hex }
    /// `embedded` or the file's path.
    public let origin: String
    /// Its requirements, in spec order.
    public var requirements: [Requirement] {
        loaded.spec.requirements.map {
            Requirement(id: $0.id, level: $0.level, title: $0.title, scenarios: $0.scenarios.map(\.name), location: $0.location?.description)
        }
    }
    /// The IDs of its requirements, in spec order.
    public var requirementIDs: [String] { loaded.spec.requirements.map(\.id) }

    let loaded: LoadedSpec

    /// One requirement, as a vendor's test sees it.
    public struct Requirement: Hashable, Sendable {
        /// Its ID, e.g. `SL-LOGOUT-1`.
        public var id: String
        /// `MUST` or `SHOULD`.
        public var level: RequirementLevel
        /// What it requires, in one sentence.
        public var title: String
        /// Its scenarios' names.
        public var scenarios: [String]
        /// Where it is written: `embedded:single-login.json:112:5` or `path:line:column`.
        public var location: String?
    }

    /// Why a spec file cannot be used: every problem, printed like a compiler.
    public struct LoadError: Error, CustomStringConvertible {
        /// `file:line:column: error: message`, one per line.
        public var description: String
    }

    /// The shipped catalogue embedded in the kit (`sl-conformance spec show single-login` prints it).
    public static let shipped: ConformanceSpec = {
        ConformanceSpec(loaded: EmbeddedSpec.loadedCatalogue, origin: SpecSource.embeddedOrigin)
    }()

    /// The spec in the file at `path` (relative paths from the current directory, the package root under `swift test`).
    public init(file path: String) throws(LoadError) {
        let source = SpecSource.file(path)
        let bytes: [UInt8]
        do { bytes = try source.read() } catch { throw LoadError(description: error.description) }
        do { self.init(loaded: try SpecLoader.load(bytes: bytes, file: path), origin: path) } catch { throw LoadError(description: error.description) }
    }

    init(loaded: LoadedSpec, origin: String) {
        self.loaded = loaded
        self.origin = origin
    }
}
