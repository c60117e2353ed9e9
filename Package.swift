// swift-tools-version: 6.0
import PackageDescription

// Library first, thin executables: every behaviour lives in a library target; the
// executables only parse arguments and wire pieces together.
let package = Package(
    name: "SingleLoginConformance",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sl-conformance", targets: ["sl-conformance"]),
        .executable(name: "sl-reference-adapter", targets: ["sl-reference-adapter"]),
        // Small on purpose: an app's own test target links this without the runner.
        .library(name: "SingleLoginAdapter", targets: ["SingleLoginAdapter"]),
        .library(name: "SingleLoginConformance", targets: ["SingleLoginConformance", "SingleLoginReports", "SingleLoginPreflight"]),
    ],
    targets: [
        .target(name: "SingleLoginAdapter"),
        .target(name: "SingleLoginSpec"),
        .target(name: "SingleLoginConformance", dependencies: ["SingleLoginAdapter", "SingleLoginSpec"]),
        .target(name: "SingleLoginReports", dependencies: ["SingleLoginConformance", "SingleLoginSpec"]),
        .target(name: "SingleLoginPreflight", dependencies: ["SingleLoginConformance", "SingleLoginSpec"]),
        .target(name: "ReferenceApp", dependencies: ["SingleLoginAdapter"]),
        .executableTarget(
            name: "sl-conformance",
            dependencies: ["SingleLoginConformance", "SingleLoginReports", "SingleLoginPreflight", "SingleLoginSpec", "ReferenceApp", "SingleLoginAdapter"]
        ),
        .executableTarget(name: "sl-reference-adapter", dependencies: ["ReferenceApp", "SingleLoginAdapter"]),
        // Development tools: not products, run with `swift run TOOL`.
        .executableTarget(name: "sl-spec-fuzz", dependencies: ["SingleLoginSpec"]),
        .executableTarget(name: "sl-fake-adapter", dependencies: ["SingleLoginAdapter"]),
        .executableTarget(name: "sl-soak", dependencies: ["SingleLoginConformance", "SingleLoginSpec", "SingleLoginReports"]),
        .testTarget(name: "SingleLoginSpecTests", dependencies: ["SingleLoginSpec"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SingleLoginConformanceTests", dependencies: ["SingleLoginConformance", "SingleLoginSpec", "ReferenceApp", "SingleLoginAdapter"]),
        .testTarget(name: "SingleLoginReportsTests", dependencies: ["SingleLoginReports", "SingleLoginConformance", "SingleLoginSpec"], resources: [.copy("Golden")]),
        .testTarget(name: "SingleLoginPreflightTests", dependencies: ["SingleLoginPreflight", "SingleLoginConformance", "SingleLoginSpec"], resources: [.copy("Fixtures")]),
    ]
)
