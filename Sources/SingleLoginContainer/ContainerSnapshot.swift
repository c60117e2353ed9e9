import SingleLoginAdapter

/// What the harness found in an app's data container at one moment.
public struct ContainerSnapshot: Hashable, Sendable {
    /// Every regular file, as a path relative to the container (`Library/Caches/feed.json`), sorted;
    /// a database's `-wal` and `-shm` included.
    public var files: [String]
    /// One item per file (a database's `-wal` and `-shm` are read with it, under its name), marked
    /// ``StoredItem/Source/container``, in the order of ``files``.
    public var items: [StoredItem]

    /// Creates a snapshot.
    public init(files: [String], items: [StoredItem]) {
        self.files = files
        self.items = items
    }

    /// The files whose bytes are in no format the harness decodes (only their printable runs were scanned).
    public var undecodedFiles: [String] {
        items.filter { $0.key.contains(ContainerItemKey.undecodedNote) }.map { ContainerItemKey.path(of: $0.key) }
    }
}
