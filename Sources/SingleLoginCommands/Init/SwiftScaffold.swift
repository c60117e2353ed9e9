import SingleLoginSpec

/// What `init swift` writes: the layout of docs/in-process.md around an app's core, and, for a
/// package that exists already, the lines its Package.swift needs instead of a new manifest.
struct SwiftScaffold: Sendable {
    /// How the package depends on sl-conformance.
    enum Dependency: Sendable, Equatable {
        /// The released package, by the project's address.
        case url
        /// A checkout, by its path as SwiftPM reads it (relative to the package, or absolute).
        case path(String)

        /// The project's address, as the docs write it.
        static let address = "https://github.com/sl-conformance/sl-conformance"

        /// The `dependencies:` entry. The path form names the package, so that products say
        /// `package: "sl-conformance"` whatever the checkout's directory is called.
        var packageLine: String {
            switch self {
            case .url: #".package(url: "\#(Self.address)", from: "\#(HarnessVersion.current)"),"#
            case .path(let path): #".package(name: "sl-conformance", path: \#(GeneratedTestFile.literal(path))),"#
            }
        }
    }

    /// The app's name: its core's module, and the names made from it.
    var app: InitAppName
    /// How the package depends on sl-conformance.
    var dependency: Dependency
    /// Whether the directory holds a Package.swift already (then it is left as it is).
    var existingPackage: Bool
    /// Whether the app's core (``corePath``) exists already: it is the vendor's, never written over.
    var existingCore = false

    /// The adapter library's module.
    var adapterModule: String { app.name + "Conformance" }
    /// The test target.
    var testTarget: String { app.name + "Tests" }
    /// Where the adapter goes.
    var adapterPath: String { "Sources/\(adapterModule)/\(app.name)Adapter.swift" }
    /// Where the generated tests go.
    var testsPath: String { "Tests/\(testTarget)/SingleLoginConformanceTests.swift" }
    /// Where a new package's app core goes.
    var corePath: String { "Sources/\(app.name)/\(app.name).swift" }

    /// The files to write; the test file is made by generate-tests' own code.
    func files() throws(CommandFailure) -> [InitFile] {
        let options = GenerateTestsCommand.Options(adapterFactory: "\(app.name)Adapter()", imports: [adapterModule], outputPath: testsPath)
        let (_, tests) = try GenerateTestsCommand.file(options)
        var files = [
            InitFile(path: adapterPath, text: SwiftAdapterTemplate.adapter(app: app)),
            InitFile(path: "Sources/\(app.executableName)/main.swift", text: SwiftAdapterTemplate.executable(app: app)),
            InitFile(path: testsPath, text: tests),
        ]
        if !existingPackage {
            if !existingCore { files.insert(InitFile(path: corePath, text: SwiftAdapterTemplate.appCore(app: app)), at: 0) }
            files.insert(InitFile(path: "Package.swift", text: manifest), at: 0)
        }
        return files
    }

    /// The targets of the layout, as Package.swift entries, indented by `indent`.
    func targetLines(indent: String) -> [String] {
        let product = { (name: String) in #".product(name: "\#(name)", package: "sl-conformance"),"# }
        let lines = [
            "// The adapter: a library of its own, so the tests and the stdio executable share it.",
            #".target(name: "\#(adapterModule)", dependencies: ["#,
            #"    "\#(app.name)","#,
            "    " + product("SingleLoginAdapter"),
            "    " + product("SingleLoginObserver"),
            "]),",
            "// The adapter over stdio: `sl-conformance doctor --adapter .build/debug/\(app.executableName)`.",
            #".executableTarget(name: "\#(app.executableName)", dependencies: ["#,
            #"    "\#(adapterModule)","#,
            "    " + product("SingleLoginAdapter"),
            "]),",
            "// One test per requirement, in process: `swift test`.",
            #".testTarget(name: "\#(testTarget)", dependencies: ["#,
            #"    "\#(adapterModule)","#,
            "    " + product("SingleLoginTesting"),
            "]),",
        ]
        return lines.map { indent + $0 }
    }

    /// Whether `text` is the Package.swift init writes for `app`, with whichever dependency: nobody
    /// has edited it since, so `--force` may write it again (to depend on a checkout, say). Any
    /// other manifest is the vendor's.
    static func isUnedited(_ text: String, app: InitAppName) -> Bool {
        func lines(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.contains(".package(") ? "" : $0 }
        }
        return lines(text) == lines(SwiftScaffold(app: app, dependency: .url, existingPackage: false).manifest)
    }

    /// The Package.swift of a new package.
    var manifest: String {
        let core = [
            "// The app's core: ships in the app, links only the MSAL seam.",
            #".target(name: "\#(app.name)", dependencies: ["#,
            #"    .product(name: "SingleLoginSeam", package: "sl-conformance"),"#,
            "]),",
        ].map { "        " + $0 }
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            // \(app.name) and its sl-conformance adapter, written by `sl-conformance init swift` in the layout of
            // docs/in-process.md: the app's core links the MSAL seam only; the adapter is a library of its own,
            // which the tests and the stdio executable share.
            let package = Package(
                name: "\(app.name)",
                platforms: [.macOS(.v15), .iOS(.v16)],
                dependencies: [
                    \(dependency.packageLine)
                ],
                targets: [
            \((core + targetLines(indent: "        ")).joined(separator: "\n"))
                ]
            )

            """
    }

    /// What to add to an existing Package.swift, line by line.
    var manifestAdditions: [String] {
        [
            "Add to Package.swift (the file is left as it is):",
            "",
            "    platforms: [.macOS(.v15), .iOS(.v16)],  // at least: the adapter kit's floor",
            "    dependencies: [",
            "        " + dependency.packageLine,
            "    ],",
            "    targets: [",
            "        // in \(app.name)'s own target (your app's core), among its dependencies:",
            #"        .product(name: "SingleLoginSeam", package: "sl-conformance"),"#,
        ] + targetLines(indent: "        ") + ["    ]"]
    }
}
