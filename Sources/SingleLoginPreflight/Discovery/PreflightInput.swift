/// What preflight reads: a project directory to walk, explicit files, or both (explicit files win).
public struct PreflightInput: Hashable, Sendable {
    /// The directory to walk for files, if any.
    public var projectDirectory: String?
    /// The Info.plist to read instead of discovering one.
    public var infoPlist: String?
    /// The `.entitlements` file to read instead of discovering one.
    public var entitlements: String?
    /// The `Package.resolved` files to read instead of discovering them.
    public var packageResolved: [String]
    /// The `Podfile.lock` to read instead of discovering one.
    public var podfileLock: String?
    /// The `project.pbxproj` to read instead of discovering one.
    public var pbxproj: String?
    /// The build configuration to take settings from.
    public var configuration: String
    /// The target to take settings from; nil picks the first application target.
    public var target: String?

    /// Creates an input.
    public init(
        projectDirectory: String? = nil, infoPlist: String? = nil, entitlements: String? = nil, packageResolved: [String] = [], podfileLock: String? = nil,
        pbxproj: String? = nil, configuration: String = "Release", target: String? = nil
    ) {
        self.projectDirectory = projectDirectory
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.packageResolved = packageResolved
        self.podfileLock = podfileLock
        self.pbxproj = pbxproj
        self.configuration = configuration
        self.target = target
    }

    /// Walks `directory` and reads whatever it finds.
    public static func project(_ directory: String) -> PreflightInput {
        PreflightInput(projectDirectory: directory)
    }
}
