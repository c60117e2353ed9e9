import Foundation

/// The app's container: files under Documents and Library/Caches, and its defaults
/// (Library/Preferences/<bundle id>.json, as UserDefaults keeps them), all under one directory the app owns.
public struct Sandbox: Sendable {
    /// The container's root.
    public let root: URL
    /// The defaults domain, e.g. `com.contoso.shiftboard`.
    public let defaultsDomain: String

    /// A container at `root`.
    public init(root: URL, defaultsDomain: String = "com.contoso.shiftboard") {
        self.root = root
        self.defaultsDomain = defaultsDomain
    }

    private var defaultsFile: URL { root.appendingPathComponent("Library/Preferences/\(defaultsDomain).json") }

    /// Writes `text` to `path` under the container, creating its directory.
    public func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Removes `path` under the container, if it is there.
    public func remove(_ path: String) {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// Every file under the container (the defaults file too), by its path relative to the root, with its content.
    public func files() -> [(path: String, content: String)] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [(String, String)] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = url.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "")
            files.append((path, (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The defaults, as UserDefaults would hold them.
    public func defaults() -> [String: String] {
        guard let data = try? Data(contentsOf: defaultsFile) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    /// Sets (or, with nil, removes) one default.
    public func setDefault(_ value: String?, forKey key: String) throws {
        var values = defaults()
        values[key] = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try write(String(decoding: try encoder.encode(values), as: UTF8.self), to: "Library/Preferences/\(defaultsDomain).json")
    }
}
