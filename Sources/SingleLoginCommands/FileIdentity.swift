import Foundation

/// A file as the file system knows it (device and inode), or its resolved path while it does not exist.
struct FileIdentity {
    /// What two names of one file share.
    let key: String

    init(_ url: URL) {
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
        if let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path),
            let device = attributes[.systemNumber], let inode = attributes[.systemFileNumber]
        {
            key = "\(device):\(inode)"
        } else {
            key = resolved.path
        }
    }
}
