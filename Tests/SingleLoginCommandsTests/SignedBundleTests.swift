import Foundation
import SingleLoginCommands
import SingleLoginCrypto
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTestSupport
import Testing

/// The keys OpenSSL made for the crypto tests (Tests/SingleLoginCryptoTests/Fixtures/README.md).
enum KeyFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SingleLoginCryptoTests/Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The fingerprint of the public key in `name`, as this harness computes it.
    static func fingerprint(_ name: String) -> String {
        (try? RSAPublicKey(pem: String(contentsOfFile: path(name), encoding: .utf8)).fingerprint) ?? "unreadable \(name)"
    }
}

/// A scratch directory for bundles and the files verify reads.
struct Scratch {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-signed-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func write(_ data: Data, _ name: String) throws -> String {
        try data.write(to: directory.appendingPathComponent(name))
        return path(name)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("run --bundle --sign and verify --trusted-key: who sealed a bundle, and every way it is not the trusted key")
struct SignedBundleTests {
    /// Two requirements of the flawed reference app, signed with the PKCS #8 key `openssl genpkey` made.
    static let words = ["--only", "SL-LOGIN-1", "--only", "SL-LOGOUT-1", "--reference-flaw", "leavesRecordsFile"]
    static let signed = Task { await TamperFixture.make(words + ["--sign", KeyFiles.path("signer.pem")]) }
    static let unsigned = Task { await TamperFixture.make(words) }

    static func file(_ name: String, of bundle: Data) -> Data? { TamperFixture.files(bundle).first { $0.name == name }?.data }

    @Test(
        "a bundle signed with the key in either PEM form names its key and carries an RS256 signature of SHA256SUMS, outside it",
        arguments: ["signer.pem", "signer-pkcs1.pem"])
    func signature(key: String) async throws {
        let bundle = key == "signer.pem" ? await Self.signed.value : await TamperFixture.make(Self.words + ["--sign", KeyFiles.path(key)])
        let manifest = try JSONDecoder().decode(BundleManifest.self, from: try #require(Self.file("manifest.json", of: bundle)))
        let signature = try #require(manifest.signature)
        #expect(signature.algorithm == "RS256" && signature.signs == "SHA256SUMS" && signature.file == "SHA256SUMS.sig")
        #expect(signature.publicKeySHA256 == KeyFiles.fingerprint("signer-public.pem"))
        let sums = try #require(Self.file("SHA256SUMS", of: bundle))
        let sig = try #require(Self.file("SHA256SUMS.sig", of: bundle))
        let trusted = try RSAPublicKey(pem: String(contentsOfFile: KeyFiles.path("signer-public.pem"), encoding: .utf8))
        #expect(trusted.verifyRS256(Array(sums), signature: Array(sig)))
        // Signed last, listed nowhere: the signature covers SHA256SUMS, which covers every other file.
        #expect(TamperFixture.files(bundle).last?.name == "SHA256SUMS.sig")
        #expect(!String(decoding: sums, as: UTF8.self).contains("SHA256SUMS.sig"))
        #expect(String(decoding: sums, as: UTF8.self).contains("  manifest.json\n"))
    }

    /// One way to hand `verify` a bundle and a key, and what it must answer.
    struct Outcome: Sendable, CustomStringConvertible {
        var description: String
        var signed = true
        var trusted: String?
        var edit: (@Sendable (inout [(name: String, data: Data)]) -> Void)?
        var reseal = true
        var status: Int32
        var says: @Sendable () -> String
    }

    static let outcomes: [Outcome] = [
        Outcome(description: "signed, checked with its public key (SubjectPublicKeyInfo)", trusted: "signer-public.pem", status: 0) {
            "Result: intact, signed by \(KeyFiles.fingerprint("signer-public.pem")); the run did not pass: failed, for the bundled reference app, not your app\n"
        },
        Outcome(description: "signed, checked with its PKCS #1 public key", trusted: "signer-rsa-public.pem", status: 0) {
            "Result: intact, signed by \(KeyFiles.fingerprint("signer-public.pem")); the run did not pass: failed, for the bundled reference app, not your app\n"
        },
        Outcome(description: "signed, no trusted key", status: 0) {
            "Result: intact, signed by \(KeyFiles.fingerprint("signer-public.pem")) (signature not checked: no --trusted-key)"
        },
        Outcome(description: "unsigned, no trusted key", signed: false, status: 0) { "Result: intact, unsigned" },
        Outcome(description: "signed by another key than the trusted one", trusted: "other-public.pem", status: 1) {
            "not by the trusted key \(KeyFiles.fingerprint("other-public.pem"))"
        },
        Outcome(description: "unsigned, though a key is trusted", signed: false, trusted: "signer-public.pem", status: 1) {
            "the bundle is unsigned (no SHA256SUMS.sig), but --trusted-key asks for a signature by \(KeyFiles.fingerprint("signer-public.pem"))"
        },
        Outcome(
            description: "a bad signature (one bit of it flipped)", trusted: "signer-public.pem",
            edit: { entries in
                let index = entries.firstIndex { $0.name == "SHA256SUMS.sig" }!
                entries[index].data[17] ^= 0x01
            }, reseal: false, status: 1
        ) { "SHA256SUMS.sig is not a signature of SHA256SUMS by the trusted key" },
        Outcome(
            description: "an edit no re-judging sees (the manifest's host OS, which the events do not carry), resealed with new sums",
            trusted: "signer-public.pem",
            edit: { entries in
                TamperFixture.editLines(of: "manifest.json", holding: "\"os\"", &entries) { line in
                    line.replacingOccurrences(of: #""os" : "[^"]*""#, with: #""os" : "Forged OS 1.0""#, options: .regularExpression)
                }
            }, status: 1
        ) { "SHA256SUMS.sig is not a signature of SHA256SUMS by the trusted key" },
        Outcome(
            description: "the manifest names the trusted key's fingerprint over another key's signature", trusted: "other-public.pem",
            edit: { entries in
                TamperFixture.replace(KeyFiles.fingerprint("signer-public.pem"), KeyFiles.fingerprint("other-public.pem"), in: "manifest.json", &entries)
            }, status: 1
        ) { "SHA256SUMS.sig is not a signature of SHA256SUMS by the trusted key \(KeyFiles.fingerprint("other-public.pem"))" },
        Outcome(
            description: "the signature and the manifest's record of it stripped, resealed", trusted: "signer-public.pem",
            edit: { entries in
                entries.removeAll { $0.name == "SHA256SUMS.sig" }
                TamperFixture.editManifest(&entries) { $0.signature = nil }
            }, status: 1
        ) { "the bundle is unsigned (no SHA256SUMS.sig)" },
        Outcome(
            description: "the signature file removed, the manifest still naming it", edit: { entries in entries.removeAll { $0.name == "SHA256SUMS.sig" } },
            status: 1
        ) {
            "SHA256SUMS.sig: is missing, but manifest.json names a signature by \(KeyFiles.fingerprint("signer-public.pem"))"
        },
        Outcome(
            description: "a signature file the manifest does not name", signed: false,
            edit: { entries in entries.append(("SHA256SUMS.sig", Data(count: 256))) }, status: 1
        ) {
            "SHA256SUMS.sig: is in the bundle, but manifest.json names no signature"
        },
    ]

    @Test("each signature outcome gets its exit status and says why", arguments: outcomes)
    func outcome(_ outcome: Outcome) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var bundle = outcome.signed ? await Self.signed.value : await Self.unsigned.value
        if let edit = outcome.edit { bundle = try TamperFixture.tampered(bundle, reseal: outcome.reseal, edit) }
        let run = await Tool.run(["verify", try scratch.write(bundle, "bundle.tar")] + (outcome.trusted.map { ["--trusted-key", KeyFiles.path($0)] } ?? []))
        #expect(run.status == outcome.status, "\(run.out)\(run.err)")
        #expect((run.out + run.err).contains(outcome.says()), "\(run.out)\(run.err)")
        if outcome.status == 1, outcome.edit == nil || !outcome.reseal {
            #expect(run.out.contains("Result: SIGNATURE NOT ACCEPTED") || run.out.contains("Result: TAMPERED"), "\(run.out)")
        }
    }

    /// A key file that `verify --trusted-key` or `run --sign` cannot use, and what the error must say.
    struct BadKey: Sendable, CustomStringConvertible {
        var description: String
        var command: String
        var file: String
        var contents: String?
        var status: Int32
        var problem: String
        var fix: String
    }

    static let badKeys: [BadKey] = [
        BadKey(
            description: "verify: garbage", command: "verify", file: "garbage.pem", contents: "not a key\n", status: 2, problem: "no PEM block",
            fix: "openssl pkey"),
        BadKey(
            description: "verify: a private key", command: "verify", file: "signer.pem", status: 2, problem: "it holds a private key, not a public key",
            fix: "-pubout"),
        BadKey(description: "verify: a certificate", command: "verify", file: "certificate.pem", status: 2, problem: "certificate", fix: "openssl x509"),
        BadKey(
            description: "verify: an EC key", command: "verify", file: "ec-public.pem", status: 2, problem: "an EC key", fix: "openssl genpkey -algorithm RSA"),
        BadKey(description: "verify: no such file", command: "verify", file: "missing.pem", status: 2, problem: "no such file", fix: "--trusted-key"),
        BadKey(
            description: "run: an encrypted key", command: "run", file: "encrypted.pem", status: 65, problem: "encrypted with a passphrase",
            fix: "openssl pkey -in "),
        BadKey(
            description: "run: a public key", command: "run", file: "signer-public.pem", status: 65, problem: "public key; signing needs the private key",
            fix: "--sign"),
        BadKey(description: "run: a 1024-bit key", command: "run", file: "weak-1024.pem", status: 65, problem: "1024-bit", fix: "rsa_keygen_bits:2048"),
        BadKey(
            description: "run: garbage", command: "run", file: "garbage.pem", contents: "\u{0}\u{1}binary", status: 65, problem: "no PEM block",
            fix: "openssl pkey -inform DER"),
        BadKey(description: "run: no such file", command: "run", file: "missing.pem", status: 66, problem: "no such file", fix: "openssl genpkey"),
    ]

    @Test("an unusable key file is refused before anything runs, naming the file, what is wrong and the fix", arguments: badKeys)
    func badKey(_ bad: BadKey) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let key =
            try bad.contents.map { try scratch.write(Data($0.utf8), bad.file) }
            ?? (bad.file == "missing.pem" ? scratch.path("missing.pem") : KeyFiles.path(bad.file))
        let words =
            bad.command == "verify"
            ? ["verify", try scratch.write(await Self.signed.value, "bundle.tar"), "--trusted-key", key]
            : ["run", "--quiet", "--only", "SL-LOGIN-1", "--reports", scratch.path("reports"), "--bundle", scratch.path("bundle.tar"), "--sign", key]
        let run = await Tool.run(words)
        #expect(run.status == bad.status, "\(run.out)\(run.err)")
        #expect(run.err.contains("error: \(key): "), "\(run.err)")
        #expect(run.err.contains(bad.problem), "\(run.err)")
        let fix = try #require(run.err.range(of: "\n  fix: "), "\(run.err)")
        #expect(run.err[fix.upperBound...].contains(bad.fix), "\(run.err)")
        if bad.command == "run" {
            // Nothing ran, and the reports say so: an earlier run's would otherwise be read as this one's.
            let junit = try String(contentsOfFile: scratch.path("reports/junit.xml"), encoding: .utf8)
            #expect(junit.contains("sl-conformance run did not start: exit status \(bad.status) ("), "\(junit)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("bundle.tar")))
        }
    }

    @Test("a signed run's hint says to verify the bundle with the signer's public key")
    func signedHint() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bundle = scratch.path("bundle.tar")
        let key = KeyFiles.path("signer.pem")
        let run = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", scratch.path("reports"), "--bundle", bundle, "--sign", key])
        #expect(run.status == 0, "\(run.err)")
        let hint = "Evidence bundle: \(bundle) (verify it with: sl-conformance verify \(bundle) --trusted-key <the public key of \(key)>)"
        #expect(run.out.contains(hint), "\(run.out)")
    }

    @Test("--sign without --bundle is a usage error")
    func signNeedsBundle() async throws {
        let reports = try TemporaryDirectory()
        let run = await Tool.run(["run", "--sign", KeyFiles.path("signer.pem"), "--reports", reports.url.path])
        #expect(run.status == 64)
        #expect(run.err.contains("'--sign' applies to '--bundle <file>'"))
    }
}
