// swift-tools-version: 6.0
import PackageDescription

// ShiftBoard: a shift-planning app's core, as an ISV would keep it in a package of its own, tested
// for Single Login with sl-conformance's kit. The app links only the MSAL seam; its adapter is a library of its own, which the test target (the whole shipped spec, one
// test per requirement) and the stdio executable (for `sl-conformance run`, `explore` and `doctor`)
// share. Outside this repository, depend on the released package instead:
//     .package(url: "https://github.com/sl-conformance/sl-conformance", from: "0.1.0")
let package = Package(
    name: "ShiftBoard",
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .library(name: "ShiftBoard", targets: ["ShiftBoard"])
    ],
    dependencies: [
        .package(name: "SingleLoginConformance", path: "../..")
    ],
    targets: [
        .target(
            name: "ShiftBoard",
            dependencies: [
                // The seam alone (LiveMSALApplication.swift conforms real MSAL to it): what ships in the app.
                .product(name: "SingleLoginSeam", package: "SingleLoginConformance")
            ]),
        // The adapter: a library of its own, so the tests and the stdio executable share it.
        .target(
            name: "ShiftBoardConformance",
            dependencies: [
                "ShiftBoard",
                .product(name: "SingleLoginAdapter", package: "SingleLoginConformance"),
                .product(name: "SingleLoginObserver", package: "SingleLoginConformance"),
            ]),
        // The adapter over stdio: `sl-conformance explore --adapter .build/debug/shiftboard-adapter`.
        .executableTarget(
            name: "shiftboard-adapter",
            dependencies: [
                "ShiftBoardConformance",
                .product(name: "SingleLoginAdapter", package: "SingleLoginConformance"),
            ]),
        // One test per requirement, in process.
        .testTarget(
            name: "ShiftBoardTests",
            dependencies: [
                "ShiftBoardConformance",
                .product(name: "SingleLoginTesting", package: "SingleLoginConformance"),
            ]),
    ]
)
