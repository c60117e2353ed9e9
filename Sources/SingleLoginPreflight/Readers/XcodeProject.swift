import Foundation

/// The build settings of an app target read from `project.pbxproj`: one configuration of one target,
/// named in ``selection`` so that reports say which was used.
public struct XcodeProject: Hashable, Sendable {
    /// Where it was read from.
    public var path: String
    /// The target used, when the file could be parsed as a whole.
    public var targetName: String?
    /// The build configuration used, e.g. `Release`.
    public var configurationName: String?
    /// Its build settings, project-level settings overlaid by the target's (arrays joined with spaces).
    public var buildSettings: [String: String]
    /// Says what was picked and why, e.g. `target "Contoso", configuration "Release"`.
    public var selection = ""
    /// Every native target's name, in the project's order (for `--target` suggestions).
    public var allTargetNames: [String] = []

    /// The directory holding the `.xcodeproj`, which `$(SRCROOT)` and relative paths start from.
    public var sourceRoot: String {
        let projectBundle = URL(fileURLWithPath: path).deletingLastPathComponent()
        return projectBundle.deletingLastPathComponent().path
    }

    /// The platform SDKROOT names: `iOS` for `iphoneos`, `macOS` for `macosx`, nil otherwise.
    public var platform: String? {
        switch buildSettings["SDKROOT"]?.lowercased() {
        case "iphoneos"?: "iOS"
        case "macosx"?: "macOS"
        default: nil
        }
    }

    /// Reads and parses the file at `path`; `configuration` is preferred (default `Release`), and
    /// `target`, when given, must exist.
    public static func read(at path: String, configuration: String = "Release", target: String? = nil) -> Result<XcodeProject, FileProblem> {
        FileProblem.readText(at: path, kind: "project.pbxproj").flatMap {
            parse($0, path: path, configuration: configuration, target: target, readText: XcconfigFile.readText)
        }
    }

    /// Parses the text. Picks the first target whose product type is an application (else the first
    /// target), and its `configuration` (else the first). Settings are layered as Xcode layers them:
    /// the project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's
    /// settings (`baseConfigurationReference` files, read with `readText`; none when it is nil).
    /// When the file does not parse as a whole, falls back to scanning `KEY = value;` lines, and
    /// fails only when no PRODUCT_BUNDLE_IDENTIFIER is found.
    public static func parse(
        _ text: String, path: String, configuration: String = "Release", target wanted: String? = nil, readText: ((String) -> String?)? = nil
    ) -> Result<XcodeProject, FileProblem> {
        let root: PropertyListValue
        do {
            root = try OldStylePlistParser.parse(text)
        } catch {
            return scanLines(text, path: path, parseError: error.description)
        }
        guard let objects = root["objects"]?.dictionaryValue else {
            return scanLines(text, path: path, parseError: "no \"objects\" dictionary")
        }
        let projectObject = objects.values.first { $0["isa"]?.stringValue == "PBXProject" }
        // Targets in the project's own order (as Xcode lists them), then any others by ID.
        let listed = (projectObject?["targets"]?.arrayValue ?? []).compactMap(\.stringValue)
        let others = objects.keys.filter { !listed.contains($0) }.sorted()
        let targets: [(key: String, value: PropertyListValue)] = (listed + others).compactMap { id in
            guard let object = objects[id], object["isa"]?.stringValue == "PBXNativeTarget" else { return nil }
            return (id, object)
        }
        let productType = { (target: PropertyListValue) in target["productType"]?.stringValue ?? "" }
        let isApp = { (target: PropertyListValue) in productType(target).hasPrefix("com.apple.product-type.application") }
        let named = { (target: (key: String, value: PropertyListValue)) in target.value["name"]?.stringValue ?? target.key }
        if let wanted, !targets.contains(where: { named($0) == wanted }) {
            return .failure(.malformed(path: path, reason: "no target named \"\(wanted)\"; targets: \(targets.map(named).joined(separator: ", "))"))
        }
        let chosenTarget =
            wanted.flatMap { wanted in targets.first { named($0) == wanted } }
            ?? targets.first { productType($0.value) == "com.apple.product-type.application" }
            ?? targets.first { isApp($0.value) } ?? targets.first

        let sourceRoot = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().path
        var xcconfigsRead: [String] = []
        func configurations(of owner: PropertyListValue?) -> [(name: String, settings: [String: String], base: [String: String])] {
            guard let listID = owner?["buildConfigurationList"]?.stringValue,
                let ids = objects[listID]?["buildConfigurations"]?.arrayValue
            else { return [] }
            return ids.compactMap { id in
                guard let id = id.stringValue, let object = objects[id] else { return nil }
                let settings = (object["buildSettings"]?.dictionaryValue ?? [:]).compactMapValues { value -> String? in
                    value.stringValue ?? value.arrayValue.map { $0.compactMap(\.stringValue).joined(separator: " ") }
                }
                var base: [String: String] = [:]
                if let readText, let reference = object["baseConfigurationReference"]?.stringValue,
                    let file = FileReferences(objects: objects).path(of: reference, sourceRoot: sourceRoot),
                    let read = XcconfigFile.settings(at: file, readText: readText)
                {
                    base = read
                    xcconfigsRead.append(URL(fileURLWithPath: file).lastPathComponent)
                }
                return (object["name"]?.stringValue ?? id, settings, base)
            }
        }

        let targetConfigurations = configurations(of: chosenTarget?.value)
        guard !targetConfigurations.isEmpty else {
            return scanLines(text, path: path, parseError: "no app target with build configurations")
        }
        let chosen = targetConfigurations.first { $0.name == configuration } ?? targetConfigurations[0]
        let projectConfiguration = configurations(of: projectObject).first { $0.name == chosen.name }
        var settings = XcconfigFile.layer(projectConfiguration?.settings ?? [:], over: projectConfiguration?.base ?? [:])
        settings = XcconfigFile.layer(chosen.base, over: settings)
        settings = XcconfigFile.layer(chosen.settings, over: settings)
        let targetName = chosenTarget?.value["name"]?.stringValue ?? chosenTarget?.key ?? "?"
        var why = "target \"\(targetName)\"" + (wanted != nil || chosenTarget.map { isApp($0.value) } == true ? "" : " (no application target found)")
        why += ", configuration \"\(chosen.name)\"" + (chosen.name == configuration ? "" : " (no \"\(configuration)\")")
        if !xcconfigsRead.isEmpty { why += ", with \(xcconfigsRead.map { "\"\($0)\"" }.joined(separator: ", "))" }
        var project = XcodeProject(path: path, targetName: targetName, configurationName: chosen.name, buildSettings: settings, selection: why)
        project.allTargetNames = targets.map(named)
        return .success(project)
    }

    /// The fallback: `KEY = value;` lines, the first value of each key winning.
    static func scanLines(_ text: String, path: String, parseError: String) -> Result<XcodeProject, FileProblem> {
        var settings: [String: String] = [:]
        var bundleIDs: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard line.hasSuffix(";"), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            var value = line[line.index(after: equals)...].dropLast().trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard !key.isEmpty, key.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) else { continue }
            if key == "PRODUCT_BUNDLE_IDENTIFIER" { bundleIDs.append(value) }
            if settings[key] == nil { settings[key] = value }
        }
        guard let first = bundleIDs.first else {
            return .failure(.malformed(path: path, reason: "\(parseError), and no PRODUCT_BUNDLE_IDENTIFIER line"))
        }
        let distinct = Set(bundleIDs).count
        let why =
            "line scan after a parse error (\(parseError)); first PRODUCT_BUNDLE_IDENTIFIER of \(bundleIDs.count)"
            + (distinct > 1 ? " (\(distinct) distinct values)" : "")
        settings["PRODUCT_BUNDLE_IDENTIFIER"] = first
        return .success(XcodeProject(path: path, buildSettings: settings, selection: why))
    }
}

/// Where a `PBXFileReference` points on disk: its path joined with the paths of the groups that hold it.
struct FileReferences {
    let objects: [String: PropertyListValue]

    /// The file `reference` names, relative to `sourceRoot` as Xcode resolves `<group>` and `SOURCE_ROOT` paths.
    func path(of reference: String, sourceRoot: String) -> String? {
        guard let object = objects[reference], let path = object["path"]?.stringValue else { return nil }
        switch object["sourceTree"]?.stringValue ?? "<group>" {
        case "<absolute>": return path
        case "SOURCE_ROOT": return URL(fileURLWithPath: sourceRoot).appendingPathComponent(path).path
        case "<group>": return URL(fileURLWithPath: sourceRoot).appendingPathComponent(groupPath(holding: reference) + path).path
        default: return nil
        }
    }

    /// The joined `path`s of the groups above `child`, outermost first, each ending in `/`.
    private func groupPath(holding child: String) -> String {
        var components: [String] = []
        var current = child
        var seen: Set<String> = []
        while seen.insert(current).inserted,
            let parent = objects.first(where: { entry in
                entry.value["isa"]?.stringValue == "PBXGroup" && (entry.value["children"]?.arrayValue ?? []).contains { $0.stringValue == current }
            })
        {
            if let path = parent.value["path"]?.stringValue { components.insert(path, at: 0) }
            if parent.value["sourceTree"]?.stringValue == "SOURCE_ROOT" { break }
            current = parent.key
        }
        return components.map { $0 + "/" }.joined()
    }
}
