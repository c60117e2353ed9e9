/// The builds of ``ContainerApp``: one conformant build that keeps harmless files, and builds
/// whose adapters report only part of what the app stores.
enum ContainerAppBuild: String, CaseIterable, Sendable {
    /// Clears the user's data at sign-out, and keeps a cache of public reference data (the stores'
    /// opening hours) and a log with no user data: files that must not be read as leftovers.
    case conformant
    /// Keeps the records in `Library/Caches/records-cache.json` after sign-out, and its adapter
    /// never reports that file.
    case unreportedCache
    /// Keeps the records the user opened in a SQLite table whose rows are still in its `-wal`; the
    /// adapter reports the database file as read without its `-wal` (no rows).
    case walRow
    /// Keeps the session's account in a gzip'd keyed archive, which the adapter reports as it is
    /// on disk (base64 of compressed bytes: no scan reads that).
    case gzippedArchive
    /// Conformant, but its reset leaves the public reference cache in the container: no fresh install.
    case keepsFilesOnReset
}
