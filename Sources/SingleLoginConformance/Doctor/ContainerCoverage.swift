import SingleLoginContainer

/// Which files of the app's data container an adapter's storage never named: what it
/// under-reports, so what a run that cannot read the container would not scan.
struct ContainerCoverage {
    /// Every file seen in the container after any event.
    private(set) var files: Set<String> = []
    /// Every key the adapter's storage reported after any event, as given.
    private(set) var keys: Set<String> = []

    mutating func saw(files: [String]) { self.files.formUnion(files) }
    mutating func saw(keys: [String]) { self.keys.formUnion(keys) }

    /// The files no key names, sorted. A key names a file when it is its path relative to the
    /// container, or ends with it (an absolute path), or is its end (`records.json` for
    /// `Documents/records.json`: the doctor errs on the side of the adapter), with or without the
    /// note of how it was read that the kit's `SandboxObserver` adds, as the harness does
    /// (`Library/Preferences/com.contoso.plist [XML property list]`). A database's `-wal`
    /// is named with the database (its rows are the database's), and its `-shm` (an index, no rows) never needs naming.
    var unnamed: [String] {
        let normalized = Set(keys.flatMap { [$0, ContainerItemKey.path(of: $0)] }).map { key -> String in
            var key = Substring(key)
            while key.hasPrefix("./") { key = key.dropFirst(2) }
            while key.hasPrefix("/") { key = key.dropFirst() }
            return String(key)
        }.filter { !$0.isEmpty }
        func named(_ path: String) -> Bool {
            normalized.contains { $0 == path || $0.hasSuffix("/" + path) || path.hasSuffix("/" + $0) }
        }
        return files.filter { path in
            if path.hasSuffix("-shm") { return false }
            if path.hasSuffix("-wal"), named(String(path.dropLast(4))) { return false }
            return !named(path)
        }.sorted()
    }
}
