import Foundation

/// A CocoaPods `Podfile.lock`: the pods of its `PODS:` section with their versions.
public struct PodfileLock: Hashable, Sendable {
    /// Where it was read from.
    public var path: String
    /// Every pod and subspec listed at the top level of `PODS:` (`MSAL`, `MSAL/app-lib`), in file order.
    public var pods: [ResolvedDependency]

    /// Parses the file's text. Only the top-level entries of `PODS:` count (`  - MSAL (1.2.14):` or
    /// `  - MSAL/app-lib (1.2.14)`); their nested dependency lines are constraints, not versions.
    public static func parse(_ text: String, path: String) -> Result<PodfileLock, FileProblem> {
        var inPods = false
        var sawPods = false
        var pods: [ResolvedDependency] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(rawLine)
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if !line.hasPrefix(" ") && !line.hasPrefix("\t") && !line.hasPrefix("-") {
                inPods = line.trimmingCharacters(in: .whitespaces) == "PODS:"
                sawPods = sawPods || inPods
                continue
            }
            guard inPods else { continue }
            // Top-level entries are indented by exactly two spaces: `  - NAME (VERSION)` or `  - "NAME (VERSION)":`.
            guard line.hasPrefix("  - ") else { continue }
            var entry = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
            if entry.hasSuffix(":") { entry.removeLast() }
            entry = entry.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            guard let open = entry.firstIndex(of: "("), let close = entry.lastIndex(of: ")"), open < close else {
                pods.append(ResolvedDependency(manager: "cocoapods", name: entry, version: nil, path: path))
                continue
            }
            let name = entry[..<open].trimmingCharacters(in: .whitespaces)
            let version = entry[entry.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            pods.append(ResolvedDependency(manager: "cocoapods", name: name, version: version, path: path))
        }
        guard sawPods else { return .failure(.malformed(path: path, reason: "no \"PODS:\" section")) }
        return .success(PodfileLock(path: path, pods: pods))
    }

    /// Reads and parses the file at `path`.
    public static func read(at path: String) -> Result<PodfileLock, FileProblem> {
        FileProblem.readText(at: path, kind: "Podfile.lock").flatMap { parse($0, path: path) }
    }

    /// The version of a pod, counting its subspecs (`MSAL/app-lib`) as the pod.
    public func pods(named name: String) -> [ResolvedDependency] {
        let wanted = name.lowercased()
        return pods.filter { pod in
            let base = pod.name.split(separator: "/").first.map(String.init) ?? pod.name
            return base.lowercased() == wanted
        }
    }
}
