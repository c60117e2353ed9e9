import Foundation

/// Every project file preflight needs, read once: each is loaded, a problem (missing, unreadable,
/// malformed), or nil when the input gave no way to find it (explicit files only, none of this kind).
struct ProjectSnapshot: Sendable {
    /// The project directory walked, if any.
    var root: String?
    /// The Xcode project, for build settings.
    var project: Result<XcodeProject, FileProblem>?
    /// The app's Info.plist.
    var infoPlist: Result<PropertyListFile, FileProblem>?
    /// The app's entitlements.
    var entitlements: Result<PropertyListFile, FileProblem>?
    /// Every `Package.resolved` read.
    var packageResolved: [Result<PackageResolved, FileProblem>] = []
    /// Every `Podfile.lock` read.
    var podfileLocks: [Result<PodfileLock, FileProblem>] = []
    /// Whether lock files were looked for at all.
    var lockFilesSearched: Bool
    /// The source files to search, or nil without a project directory.
    var sources: [String]?

    /// Reads what `input` names or its directory holds.
    init(input: PreflightInput) {
        root = input.projectDirectory
        let discovery = input.projectDirectory.map(ProjectDiscovery.walk)
        let under = input.projectDirectory.map { "under \($0)" } ?? ""

        // The project: explicit, else the first discovered one with an app target.
        if let path = input.pbxproj {
            project = XcodeProject.read(at: path, configuration: input.configuration, target: input.target)
        } else if let candidates = discovery?.pbxprojs, !candidates.isEmpty {
            let reads = candidates.map { XcodeProject.read(at: $0, configuration: input.configuration, target: input.target) }
            // With --target, a project that lacks it fails to read, so the first success is the one that has it.
            project = reads.first { (try? $0.get())?.targetName != nil } ?? reads.first { (try? $0.get()) != nil } ?? reads[0]
        }
        let xcode = try? project?.get()
        let settingsPath = { (key: String) -> String? in
            guard let xcode, let raw = xcode.buildSettings[key], !raw.isEmpty else { return nil }
            var settings = xcode.buildSettings
            settings["SRCROOT"] = xcode.sourceRoot
            settings["PROJECT_DIR"] = xcode.sourceRoot
            let value = BuildSettingExpander(settings: settings).expand(raw).value
            return value.hasPrefix("/") ? value : xcode.sourceRoot + "/" + value
        }

        let target = xcode?.targetName.map { " of target \($0)" } ?? ""
        infoPlist = Self.pick(
            explicit: input.infoPlist, fromSettings: settingsPath("INFOPLIST_FILE"), setting: "INFOPLIST_FILE\(target)",
            discovered: discovery?.infoPlists, kind: "Info.plist", under: under
        )
        .map { $0.flatMap { PropertyListFile.read(at: $0, kind: "Info.plist") } }
        entitlements = Self.pick(
            explicit: input.entitlements, fromSettings: settingsPath("CODE_SIGN_ENTITLEMENTS"), setting: "CODE_SIGN_ENTITLEMENTS\(target)",
            discovered: discovery?.entitlements, kind: "entitlements file (*.entitlements)", under: under
        )
        .map { $0.flatMap { PropertyListFile.read(at: $0, kind: "entitlements") } }

        let resolvedPaths = input.packageResolved.isEmpty ? (discovery?.packageResolved ?? []) : input.packageResolved
        packageResolved = resolvedPaths.map(PackageResolved.read(at:))
        let podPaths = input.podfileLock.map { [$0] } ?? (discovery?.podfileLocks ?? [])
        podfileLocks = podPaths.map(PodfileLock.read(at:))
        lockFilesSearched = discovery != nil || !resolvedPaths.isEmpty || !podPaths.isEmpty
        sources = discovery?.sources
    }

    /// Explicit path, else the path the build settings name (missing there is reported as such, never
    /// replaced by another target's file), else the first discovered.
    private static func pick(explicit: String?, fromSettings: String?, setting: String, discovered: [String]?, kind: String, under: String) -> Result<
        String, FileProblem
    >? {
        if let explicit { return .success(explicit) }
        if let fromSettings {
            guard FileManager.default.fileExists(atPath: fromSettings) else {
                return .failure(.notFound(kind: kind, searched: "at \(fromSettings) (\(setting))"))
            }
            return .success(fromSettings)
        }
        guard let discovered else { return nil }
        guard let first = discovered.first else { return .failure(.notFound(kind: kind, searched: under)) }
        return .success(first)
    }

    /// The build settings used for expansion: the project's, plus the Info.plist's literal bundle id
    /// when the project gives none.
    var buildSettings: [String: String] {
        var settings = (try? project?.get())?.buildSettings ?? [:]
        if settings["PRODUCT_BUNDLE_IDENTIFIER"] == nil, let plist = try? infoPlist?.get(),
            let literal = plist.root["CFBundleIdentifier"]?.stringValue, !literal.contains("$")
        {
            settings["PRODUCT_BUNDLE_IDENTIFIER"] = literal
        }
        return settings
    }

    /// `iOS`, `macOS`, or nil when neither the project nor the Info.plist says.
    var platform: String? {
        if let platform = (try? project?.get())?.platform { return platform }
        guard let plist = try? infoPlist?.get() else { return nil }
        if plist.root["LSRequiresIPhoneOS"] != nil || plist.root["UIDeviceFamily"] != nil || plist.root["UILaunchStoryboardName"] != nil
            || plist.root["UIApplicationSceneManifest"] != nil || plist.root["UILaunchScreen"] != nil
        {
            return "iOS"
        }
        if plist.root["LSMinimumSystemVersion"] != nil || plist.root["NSPrincipalClass"]?.stringValue == "NSApplication" { return "macOS" }
        return nil
    }

    /// `path` relative to the project directory when under it, else as given. Both are compared
    /// absolute and with symbolic links resolved: the walk yields absolute paths (`/private/tmp` on
    /// macOS for `/tmp`) while the directory is as the user typed it (`MyApp`, `.`).
    func display(_ path: String) -> String {
        guard let root else { return path }
        let resolved = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        let base = resolved(root)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let full = resolved(path)
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : path
    }

    /// Where the project's bundle id came from, for evidence.
    var settingsOrigin: String {
        if let xcode = try? project?.get() { return "\(display(xcode.path)) (\(xcode.selection))" }
        if case let .failure(problem)? = project { return "no usable project.pbxproj: \(problem)" }
        return "no project.pbxproj" + (root.map { " under \($0)" } ?? " given")
    }
}
