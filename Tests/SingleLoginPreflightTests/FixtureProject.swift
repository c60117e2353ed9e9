import Foundation
@testable import SingleLoginPreflight

/// Materialises fixture projects into temporary directories: the conformant project, with a variant's
/// files laid over it (and the paths its `fixture-remove.txt` lists deleted).
enum FixtureProject {
    /// The bundled `Fixtures` directory.
    static var fixturesDirectory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// The committed spec, read from the repository (tests run from the package root or find it via this file).
    static var specPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/single-login-preflight.json").path
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies the conformant project and applies `variant` (nil for none); the caller removes the directory.
    static func materialize(variant: String?, binaryInfoPlist: Bool = false) throws -> URL {
        let root = try temporaryDirectory().appendingPathComponent("Shiftboard")
        try FileManager.default.copyItem(at: fixturesDirectory.appendingPathComponent("Conformant"), to: root)
        if let variant {
            let overlay = fixturesDirectory.appendingPathComponent("Variants").appendingPathComponent(variant)
            let enumerator = FileManager.default.enumerator(at: overlay, includingPropertiesForKeys: [.isDirectoryKey])!
            while let url = enumerator.nextObject() as? URL {
                if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(overlay.standardizedFileURL.path.count + 1))
                if relative == "fixture-remove.txt" {
                    let text = try String(contentsOf: url, encoding: .utf8)
                    for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty {
                        try FileManager.default.removeItem(at: root.appendingPathComponent(String(line)))
                    }
                    continue
                }
                let destination = root.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
                try FileManager.default.copyItem(at: url, to: destination)
            }
        }
        if binaryInfoPlist {
            let plist = root.appendingPathComponent("Shiftboard/Info.plist")
            let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), options: [], format: nil)
            try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0).write(to: plist)
        }
        return root
    }

    /// Removes a materialised project's temporary parent directory.
    static func remove(_ root: URL) {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }
}
