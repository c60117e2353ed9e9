import Foundation

extension PreflightInput {
    /// Why an input cannot be read as given: a named file or directory that does not exist, or
    /// a target that no project holds. The command line turns it into a usage error.
    public enum Problem: Error, Hashable, Sendable {
        /// A file named for `role` does not exist.
        case noSuchFile(path: String, role: FileRole)
        /// The project directory does not exist or is not a directory.
        case noSuchDirectory(path: String)
        /// No project read holds the target; `projects` are the ones read, `targets` their targets.
        case unknownTarget(name: String, projects: [String], targets: [String])
    }

    /// The files an input may name explicitly.
    public enum FileRole: String, Hashable, Sendable, CaseIterable {
        /// The app's Info.plist.
        case infoPlist
        /// The app's `.entitlements`.
        case entitlements
        /// A `Package.resolved`.
        case packageResolved
        /// The `Podfile.lock`.
        case podfileLock
        /// The `project.pbxproj`.
        case pbxproj
    }

    /// The explicit files, with what each is for, in a fixed order.
    public var namedFiles: [(role: FileRole, path: String)] {
        var files: [(FileRole, String)] = []
        if let infoPlist { files.append((.infoPlist, infoPlist)) }
        if let entitlements { files.append((.entitlements, entitlements)) }
        if let podfileLock { files.append((.podfileLock, podfileLock)) }
        if let pbxproj { files.append((.pbxproj, pbxproj)) }
        files += packageResolved.map { (.packageResolved, $0) }
        return files
    }

    /// Checks that every named file and the project directory exist and, when a target is
    /// named, that a project holds it (walking the project directory, or `.`, for projects
    /// when no `project.pbxproj` is named).
    public func validate() throws(Problem) {
        for (role, path) in namedFiles where !FileManager.default.fileExists(atPath: path) {
            throw .noSuchFile(path: path, role: role)
        }
        if let projectDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: projectDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .noSuchDirectory(path: projectDirectory)
            }
        }
        guard let target else { return }
        let paths = pbxproj.map { [$0] } ?? ProjectDiscovery.walk(projectDirectory ?? ".").pbxprojs
        let projects = paths.compactMap { try? XcodeProject.read(at: $0).get() }
        let names = projects.flatMap(\.allTargetNames)
        if !names.contains(target) {
            throw .unknownTarget(name: target, projects: projects.map(\.path), targets: names)
        }
    }
}
