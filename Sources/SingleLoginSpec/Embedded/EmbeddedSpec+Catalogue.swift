extension EmbeddedSpec {
    /// The shipped catalogue, loaded once per process and shared by everything that reads the
    /// embedded copy: its text never changes, and decoding and hashing it again for every command
    /// a test runs in process was a large part of the suite's time in a debug build.
    ///
    /// The harness's tests load the embedded copy and fail when it is invalid, so loading it here
    /// cannot fail in a build that passed them.
    public static let loadedCatalogue: LoadedSpec = try! SpecLoader.load(bytes: singleLogin.bytes, file: singleLogin.displayPath)
}
