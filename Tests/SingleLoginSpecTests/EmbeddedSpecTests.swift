import Foundation
@testable import SingleLoginSpec
import Testing

@Suite("The specs and schemas travel inside the binary, byte for byte")
struct EmbeddedSpecTests {
    /// The repository's `specs/` directory.
    static let specsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs")
    static let regenerate = "run `swift run sl-embed-specs` from the repository's root and commit Sources/SingleLoginSpec/Embedded/Generated"

    @Test("embedded specs are the files in specs/: same names, same bytes")
    func sameAsFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.specsDirectory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        #expect(EmbeddedSpec.all.map(\.fileName).sorted() == names, "the embedded files are not the files in specs/: \(Self.regenerate)")
        for name in names {
            let file = [UInt8](try Data(contentsOf: Self.specsDirectory.appendingPathComponent(name)))
            let embedded = try #require(EmbeddedSpec.named(name), "specs/\(name) is not embedded: \(Self.regenerate)")
            #expect(
                embedded.bytes == file,
                "the embedded copy of specs/\(name) differs from the file (\(embedded.bytes.count) vs \(file.count) bytes): \(Self.regenerate)")
        }
    }

    @Test("the embedded catalogue and preflight checks load, with their schemas beside them")
    func loadAndSchemas() throws {
        let loaded = try SpecLoader.load(bytes: EmbeddedSpec.singleLogin.bytes, file: EmbeddedSpec.singleLogin.displayPath)
        #expect(loaded.spec.id == "single-login")
        #expect(loaded.spec.requirements.first?.location?.file == "embedded:single-login.json")
        #expect(EmbeddedSpec.singleLogin.identity?.id == "single-login")
        #expect(EmbeddedSpec.singleLogin.schema == .specFormatV1Schema)
        #expect(EmbeddedSpec.singleLoginPreflight.schema == .preflightFormatV1Schema)
        #expect(EmbeddedSpec.specFormatV1Schema.isSchema && EmbeddedSpec.specFormatV1Schema.identity == nil)
        #expect(EmbeddedSpec.named("single-login") == EmbeddedSpec.named("single-login.json"))
    }

    @Test("a spec file that cannot be read is named as missing, a directory, or unreadable")
    func fileProblems() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-spec-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SpecFileError(path: directory.path + "/none.json", problem: .noSuchFile)) { try SpecSource.file(directory.path + "/none.json").read() }
        #expect(throws: SpecFileError(path: directory.path, problem: .isDirectory)) { try SpecSource.file(directory.path).read() }
        let locked = directory.appendingPathComponent("locked.json")
        try Data("{}".utf8).write(to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        if !FileManager.default.isReadableFile(atPath: locked.path) {
            // Skipped when running as root, who reads anything. The reason is the system's own words.
            #expect(throws: SpecFileError(path: locked.path, problem: .unreadable(reason: String(cString: strerror(EACCES))))) {
                try SpecSource.file(locked.path).read()
            }
        }
        #expect(try SpecSource.embedded(.singleLogin).read() == EmbeddedSpec.singleLogin.bytes)
    }
}
