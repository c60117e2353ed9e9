import Foundation
import SingleLoginAdapter
import SingleLoginCrypto
import SingleLoginSpec

/// The SHA-256 of the running binary, read once per file: a process that writes several bundles
/// (a test run, a CI job with shards) hashes its tens of megabytes of executable once, not per bundle.
enum ExecutableDigest {
    /// A file as it was when hashed: the same path, size and modification time is the same file.
    private struct FileState: Hashable {
        var path: String
        var size: Int
        var modified: Date
    }

    /// Held while hashing: bundles written at the same time wait for the one digest instead of
    /// each hashing the same file.
    private static let digests = Locked<[FileState: String]>([:])

    /// The digest of the file at `url`, or nil when it cannot be read.
    static func of(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let state = FileState(path: url.path, size: size, modified: modified)
        return digests.withLock { known in
            if let digest = known[state] { return digest }
            guard let data = try? Data(contentsOf: url) else { return nil }
            let digest = SHA256.hexDigest(data)
            known[state] = digest
            return digest
        }
    }
}
