// swift-tools-version: 6.0
import PackageDescription

// Library first, thin executables: every behaviour lives in a library target; the
// executables only parse arguments and wire pieces together.
//
// Targets follow the data path (docs/architecture.md): the adapter kit's vocabulary, the
// spec, the event vocabulary, then the runner on one side and the recorders and preflight
// on the other. Each target declares exactly the targets it imports.
let package = Package(
    name: "SingleLoginConformance",
    // The harness and the test-side kit use task executors and Synchronization's Mutex where the OS
    // has them (macOS 15); the app-side library, SingleLoginSeam, is held to MSAL's own floor
    // (macOS 11, iOS 16) by .ci/checks/api-floor.sh, and the kit builds for iOS 16 with fallbacks
    // where it needs iOS 18 (docs/platforms.md).
    platforms: [.macOS(.v15), .iOS(.v16), .macCatalyst(.v16)],
    products: [
        .executable(name: "sl-conformance", targets: ["sl-conformance"]),
        .executable(name: "sl-reference-adapter", targets: ["sl-reference-adapter"]),
        // The app-side library: what an app's shipping target links. The MSAL seam only, at MSAL's
        // floor, Foundation only, small enough to read before shipping it.
        .library(name: "SingleLoginSeam", targets: ["SingleLoginSeam"]),
        // The app's debug build links this too: it records a device pass (`sl-conformance device-pass`)
        // around the app's real MSAL. On the seam only, at MSAL's floor.
        .library(name: "SingleLoginRecorder", targets: ["SingleLoginRecorder"]),
        // The adapter kit (test side): the app's test target, or an adapter executable, links this
        // without the runner. It re-exports SingleLoginSeam.
        .library(name: "SingleLoginAdapter", targets: ["SingleLoginAdapter"]),
        // What an adapter inside the app links to report its storage without listing it by hand.
        .library(name: "SingleLoginObserver", targets: ["SingleLoginObserver"]),
        // What a vendor's test target links to run a spec in process: one test per requirement
        // (Swift Testing or XCTest), per-requirement results with their evidence.
        .library(name: "SingleLoginTesting", targets: ["SingleLoginTesting"]),
        .library(name: "SingleLoginConformance", targets: ["SingleLoginSpec", "SingleLoginEvents", "SingleLoginTransport", "SingleLoginConformance", "SingleLoginCrypto", "SingleLoginReports", "SingleLoginPreflight", "SingleLoginBackend"]),
    ],
    targets: [
        // "Did you mean": the edit distance the spec loaders and every command line use. No dependencies.
        .target(name: "DidYouMean"),
        // SplitMix64, the one seeded generator: explore's histories, the spec fuzzer, the fake adapter. No dependencies.
        .target(name: "SeededRandom"),
        // The MSAL seam an app's production code calls: MSAL's names, parameters, results, accounts
        // and errors. Foundation only, nothing newer than MSAL's floor (iOS 16, macOS 11).
        .target(name: "SingleLoginSeam"),
        // JSON, once: the strict parser (line, column and JSON path in every error), the scanner the
        // wire reads single values with, `JSONValue` and its ordered writer, the string escaper.
        // Below the kit and the harness alike, so at MSAL's floor (iOS 16, macOS 11), no Foundation.
        .target(name: "SingleLoginJSON"),
        // SHA-256 and HMAC-SHA256 in portable Swift, nothing else: the recorder's token digests and the
        // harness's digests and signatures (through SingleLoginCrypto). At MSAL's floor, no imports.
        .target(name: "SingleLoginDigest"),
        // The values of a broker call the device trace and the event stream both write: its parameters,
        // the accounts it returned, its error. On the seam only, at MSAL's floor.
        .target(name: "SingleLoginCallValues", dependencies: ["SingleLoginSeam"]),
        // The observation (what the app shows and stores: Observation, ScreenElement, StoredItem), which
        // an adapter reports and the recorder writes into a device trace. No imports, at MSAL's floor.
        .target(name: "SingleLoginObservation"),
        // The client's TCP connect (a timeout, close-on-exec, no delay, no SIGPIPE) the kit's TCP client
        // and the recorder's trace stream share. The system's C library only, at MSAL's floor.
        .target(name: "SingleLoginSocket"),
        // The device-pass recorder: the seam decorated, the lifecycle, observations, a trace file and
        // its TCP stream. Foundation, the seam, the digest, the call values, the observation and the
        // socket only, at MSAL's floor; compiled into debug builds.
        .target(name: "SingleLoginRecorder", dependencies: ["SingleLoginSeam", "SingleLoginDigest", "SingleLoginCallValues", "SingleLoginObservation", "SingleLoginSocket"]),
        // The adapter kit's vocabulary and the wire: the seam answered by a broker, events,
        // observations (re-exported from SingleLoginObservation), the stdio host and the TCP client.
        .target(name: "SingleLoginAdapter", dependencies: ["SingleLoginSeam", "SingleLoginJSON", "SingleLoginObservation", "SingleLoginSocket"]),
        // The spec model, the strict readers of its formats, loaders and diagnostics.
        .target(name: "SingleLoginSpec", dependencies: ["SingleLoginAdapter", "SingleLoginJSON", "SingleLoginCrypto", "DidYouMean"]),
        // The event vocabulary: events, results, issues, run context, exit status.
        .target(name: "SingleLoginEvents", dependencies: ["SingleLoginSpec", "SingleLoginAdapter", "SingleLoginCallValues"]),
        // C, only for system calls Swift's Glibc module lacks (pipe2, accept4, SOCK_CLOEXEC).
        .target(name: "CSingleLoginSystem"),
        // The system's SQLite and zlib (in every Apple SDK; Debian's libsqlite3-dev and zlib1g-dev):
        // no outside Swift package, only the C libraries the app's own files are written with.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // What the harness reads of an app's data container itself: the walk, and the decoders of
        // JSON, text, property lists and keyed archives, SQLite (with its WAL) and zlib streams.
        .target(name: "SingleLoginContainer", dependencies: ["SingleLoginAdapter", "CSQLite", "CZlib"]),
        // The app's side of that reading: SandboxObserver, from inside the app's process (files through
        // the container's decoders, defaults, cookies, cached responses; the keychain, notifications,
        // pasteboard and activities on Apple platforms).
        .target(name: "SingleLoginObserver", dependencies: ["SingleLoginAdapter", "SingleLoginContainer"]),
        // How the harness reaches an app: child processes and their groups, line channels over pipes
        // and TCP, the listener, JSON-RPC sessions, the wire adapter, adapter failures and the
        // providers the runner takes adapters from. Nothing here knows the broker simulation or the
        // runner (swift-nio keeps NIOPosix apart from NIOCore for the same reason).
        .target(name: "SingleLoginTransport", dependencies: ["SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "CSingleLoginSystem"]),
        // The broker simulation, the leftover scanner, the evaluator, the runner and the doctor.
        .target(name: "SingleLoginConformance", dependencies: ["SingleLoginTransport", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "SingleLoginJSON", "SingleLoginContainer", "SingleLoginRecorder", "DidYouMean"]),
        // RSA in Swift (big integers, Montgomery arithmetic, RS256, DER and PEM keys), with SHA-256 and
        // HMAC re-exported from SingleLoginDigest: the spec's digest, the backend's tokens and the
        // evidence bundle's signature.
        .target(name: "SingleLoginCrypto", dependencies: ["SingleLoginDigest"]),
        // Recorders (console, JUnit XML, Markdown, JSON Lines, the evidence bundle) and the JUnit merge: events in, reports out.
        .target(name: "SingleLoginReports", dependencies: ["SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "SingleLoginCrypto"]),
        // Static configuration checks, reported as events.
        .target(name: "SingleLoginPreflight", dependencies: ["SingleLoginCrypto", "SingleLoginEvents", "SingleLoginSpec"]),
        // The backend profile: a loopback test tenant, Entra-shaped tokens signed in Swift, and
        // the cases of specs/backend.json run against a vendor's backend processes.
        .target(name: "SingleLoginBackend", dependencies: ["SingleLoginTransport", "SingleLoginCrypto", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginJSON", "DidYouMean"]),
        .target(name: "ReferenceApp", dependencies: ["SingleLoginAdapter"]),
        // The kit a vendor's test target links: a spec (embedded by default) run in process against
        // their ConformanceAdapter, per requirement, with Swift Testing and XCTest integrations.
        // Never a dependency of an executable: it links the test frameworks.
        .target(name: "SingleLoginTesting", dependencies: ["SingleLoginTransport", "SingleLoginConformance", "SingleLoginReports", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "DidYouMean"]),
        // `sl-conformance explore`: the device model, the oracle, shrinking and counterexamples.
        .target(name: "SingleLoginExplore", dependencies: ["SeededRandom", "SingleLoginTransport", "SingleLoginConformance", "SingleLoginCrypto", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "ReferenceApp"]),
        // `sl-conformance bench`: not in any library product.
        .target(name: "SingleLoginBenchmarks", dependencies: ["SingleLoginTransport", "SingleLoginConformance", "SingleLoginCrypto", "SingleLoginReports", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "ReferenceApp", "SingleLoginExplore"]),
        // A small command-line parser in the manner of swift-argument-parser: typed option groups,
        // help, usage errors with "Did you mean", exit status 64.
        .target(name: "CommandLineKit", dependencies: ["DidYouMean"]),
        // The sl-conformance commands, each a small type, and the option groups they share.
        .target(name: "SingleLoginCommands", dependencies: [
            "SingleLoginTransport", "CommandLineKit", "DidYouMean", "SingleLoginConformance", "SingleLoginCrypto", "SingleLoginReports", "SingleLoginPreflight", "SingleLoginBackend", "SingleLoginBenchmarks", "SingleLoginExplore",
            "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "ReferenceApp",
        ]),
        .executableTarget(name: "sl-conformance", dependencies: ["SingleLoginCommands"]),
        // The release package's executable (sl-conformance without bench): scripts/package-release.sh.
        .executableTarget(name: "sl-conformance-package", dependencies: ["SingleLoginCommands"]),
        .executableTarget(name: "sl-reference-adapter", dependencies: ["ReferenceApp", "SingleLoginAdapter"]),
        // Development tools: not products, run with `swift run TOOL`.
        .executableTarget(name: "sl-embed-specs", dependencies: ["CommandLineKit"]),
        .executableTarget(name: "sl-spec-fuzz", dependencies: ["SeededRandom", "CommandLineKit", "SingleLoginSpec"]),
        .executableTarget(name: "sl-fake-adapter", dependencies: ["SeededRandom", "CommandLineKit", "SingleLoginAdapter"]),
        .executableTarget(name: "sl-backend-tokens", dependencies: ["CommandLineKit", "SingleLoginBackend"]),
        // C, no threads, no JSON library: the minimal adapter `bench` measures the harness against.
        .executableTarget(name: "sl-canned-adapter"),
        .executableTarget(name: "sl-explore-bench", dependencies: ["CommandLineKit", "SingleLoginBenchmarks", "SingleLoginSpec"]),
        .executableTarget(name: "sl-soak", dependencies: ["SingleLoginTransport", "CommandLineKit", "SingleLoginConformance", "SingleLoginReports", "SingleLoginEvents", "SingleLoginSpec"]),
        // What several test targets share: the built executables, the repository's root, a temporary
        // directory, a Unix socket file. Not in any product.
        .target(name: "SingleLoginTestSupport", path: "Tests/SingleLoginTestSupport"),
        .testTarget(name: "DidYouMeanTests", dependencies: ["DidYouMean"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(name: "SingleLoginCommandsTests", dependencies: ["SingleLoginTestSupport", "SingleLoginCommands", "CommandLineKit", "SingleLoginAdapter", "SingleLoginCrypto", "SingleLoginEvents", "SingleLoginPreflight", "SingleLoginSpec", "SingleLoginReports"]),
        .testTarget(name: "SingleLoginAdapterTests", dependencies: ["SingleLoginAdapter"]),
        .testTarget(name: "SingleLoginObserverTests", dependencies: ["SingleLoginObserver", "SingleLoginAdapter"]),
        .testTarget(name: "SingleLoginTestingTests", dependencies: ["SingleLoginTesting", "SingleLoginAdapter", "ReferenceApp"]),
        .testTarget(name: "SingleLoginSpecTests", dependencies: ["SingleLoginSpec", "SingleLoginCrypto", "SingleLoginAdapter"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SingleLoginEventsTests", dependencies: ["SingleLoginEvents", "SingleLoginSpec"]),
        .testTarget(name: "SingleLoginConformanceTests", dependencies: ["SingleLoginTestSupport", "SingleLoginRecorder", "SingleLoginSocket", "SingleLoginTransport", "CSingleLoginSystem", "SingleLoginConformance", "SingleLoginContainer", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginReports", "ReferenceApp", "SingleLoginAdapter", "CSQLite", "CZlib"]),
        .testTarget(name: "SingleLoginReportsTests", dependencies: ["SingleLoginTestSupport", "SingleLoginReports", "SingleLoginCrypto", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter"], resources: [.copy("Golden")]),
        .testTarget(name: "SingleLoginBackendTests", dependencies: ["SingleLoginBackend", "SingleLoginCrypto", "SingleLoginConformance", "SingleLoginEvents", "SingleLoginSpec"]),
        .testTarget(name: "SingleLoginCryptoTests", dependencies: ["SingleLoginCrypto"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SingleLoginPreflightTests", dependencies: ["SingleLoginPreflight", "SingleLoginEvents", "SingleLoginSpec"], resources: [.copy("Fixtures")]),
        // A second app model, shaped unlike the reference app, judged by the shipped catalogue.
        .testTarget(name: "SecondOpinionTests", dependencies: ["SingleLoginTransport", "SingleLoginConformance", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "SingleLoginExplore"], exclude: ["README.md"]),
        .testTarget(name: "SingleLoginExploreTests", dependencies: ["SingleLoginTransport", "SingleLoginExplore", "SingleLoginConformance", "SingleLoginEvents", "SingleLoginSpec", "SingleLoginAdapter", "ReferenceApp"]),
        .testTarget(name: "SingleLoginBenchmarksTests", dependencies: ["SingleLoginTestSupport", "SingleLoginTransport", "SingleLoginBenchmarks", "SingleLoginConformance", "SingleLoginEvents", "SingleLoginSpec", "ReferenceApp"]),
    ]
)
