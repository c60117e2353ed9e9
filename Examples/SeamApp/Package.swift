// swift-tools-version: 6.0
import PackageDescription

// SeamApp: a small iOS app that calls MSAL only through sl-conformance's seam (the SingleLoginSeam
// product), as a shared-device app would. A library, because SwiftPM makes no .app bundle: CI builds
// it for the iOS Simulator with xcodebuild, and an Xcode app target runs it (README.md). Outside this
// repository, depend on the released package instead:
//     .package(url: "https://github.com/sl-conformance/sl-conformance", from: "0.1.0")
let package = Package(
    name: "SeamApp",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "SeamApp", targets: ["SeamApp"])
    ],
    dependencies: [
        .package(name: "SingleLoginConformance", path: "../..")
    ],
    targets: [
        .target(
            name: "SeamApp",
            dependencies: [
                .product(name: "SingleLoginSeam", package: "SingleLoginConformance")
            ])
    ]
)
