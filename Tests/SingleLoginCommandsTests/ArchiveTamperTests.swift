import Foundation
import SingleLoginCommands
import SingleLoginReports
import SingleLoginSpec
import Testing

/// Edits of the archive itself, which no file's digest shows: a second copy of a name, links, a
/// second archive appended, names outside the bundle. Each lets another tool show what verify never read.
@Suite("verify holds the archive to regular files, each once, inside the bundle, with nothing after its end")
struct ArchiveTamperTests {
    /// A ustar header and body of `type` ("0" file, "1" hard link, "2" symbolic link) made from
    /// TarArchive's own header for the same name, with the type and link target set and the checksum redone.
    static func entry(_ name: String, type: Character, link: String = "", data: Data = Data()) throws -> Data {
        var tar = TarArchive(modified: Date(timeIntervalSince1970: 0))
        try tar.add(name, data)
        var bytes = [UInt8](tar.data.dropLast(1024))
        bytes[156] = type.asciiValue!
        for (index, byte) in link.utf8.enumerated() { bytes[157 + index] = byte }
        for index in 148..<156 { bytes[index] = 0x20 }
        let sum = bytes[0..<512].reduce(0) { $0 + Int($1) }
        let field = String(sum, radix: 8)
        for (index, byte) in (String(repeating: "0", count: 6 - field.count) + field).utf8.enumerated() { bytes[148 + index] = byte }
        bytes[154] = 0
        bytes[155] = 0x20
        return Data(bytes)
    }

    /// The bundle's entries, with `extra` written in before its end marker.
    static func inserting(_ extra: Data, into bundle: Data) -> Data {
        bundle.dropLast(1024) + extra + Data(count: 1024)
    }

    static func findings(_ data: Data) async throws -> [String] {
        try await BundleVerifier().verify(data).findings.map(\.description)
    }

    @Test("A forged copy of manifest.json before the real one is a finding that names it")
    func duplicateName() async throws {
        let bundle = await VerifyCommandTests.failing.value
        let manifest = TamperFixture.files(bundle).first { $0.name == "manifest.json" }!.data
        let forged = Data(String(decoding: manifest, as: UTF8.self).replacingOccurrences(of: "\"failed\"", with: "\"passed\"").utf8)
        var first = TarArchive(modified: Date(timeIntervalSince1970: 0))
        try first.add("manifest.json", forged)
        let found = try await Self.findings(first.data.dropLast(1024) + bundle)
        #expect(found.contains { $0.hasPrefix("manifest.json: is in the archive 2 times") }, "\(found)")
    }

    @Test(
        "A symbolic link, a hard link and a name outside the bundle are findings",
        arguments: [
            ("summary.md", Character("2"), "/tmp/elsewhere.md", "summary.md: is a symbolic link to '/tmp/elsewhere.md'"),
            ("summary.md", Character("1"), "manifest.json", "summary.md: is a hard link to 'manifest.json'"),
            ("../outside.txt", Character("0"), "", "../outside.txt: names a place outside the bundle's directory"),
        ])
    func links(name: String, type: Character, link: String, expected: String) async throws {
        let bundle = await VerifyCommandTests.failing.value
        let found = try await Self.findings(Self.inserting(try Self.entry(name, type: type, link: link), into: bundle))
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test("A second archive appended after the end marker is a finding; zero padding after it is not")
    func appended() async throws {
        let bundle = await VerifyCommandTests.failing.value
        var second = TarArchive(modified: Date(timeIntervalSince1970: 0))
        try second.add("manifest.json", Data("{}".utf8))
        let found = try await Self.findings(bundle + second.data)
        #expect(found.contains { $0.hasPrefix("(the archive): ") && $0.contains("follow the archive's end marker") }, "\(found)")
        #expect(try await Self.findings(bundle + Data(count: 8192)).isEmpty, "tar pads its last record with zeros")
    }

    @Test("The same files under ./ names, as tar -cf of an extracted bundle writes them, verify intact")
    func dotSlashNames() async throws {
        let bundle = await VerifyCommandTests.failing.value
        var tar = TarArchive(modified: Date(timeIntervalSince1970: 0))
        for (name, data) in TamperFixture.files(bundle) { try tar.add("./" + name, data) }
        #expect(try await Self.findings(tar.data).isEmpty)
    }
}
