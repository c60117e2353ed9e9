/// The Swift sources `init swift` writes: the adapter, with one marked place per event and per
/// observation field, the three-line stdio executable, and a placeholder for the app's core.
enum SwiftAdapterTemplate {
    /// `Sources/<Name>Conformance/<Name>Adapter.swift`: a `ConformanceAdapter` whose app parts are
    /// marked places that report themselves until they are filled in.
    static func adapter(app: InitAppName) -> String {
        [
            adapterEvents(app: app),
            adapterObservation(),
        ].joined(separator: "\n")
    }

    /// The adapter type: its identity, its state, reset, and one marked place per event.
    private static func adapterEvents(app: InitAppName) -> String {
        #"""
        \#(imports(["Foundation", app.name, "SingleLoginAdapter", "SingleLoginObserver"]))

        /// Drives \#(app.name) for sl-conformance: in process under `swift test`, and over stdio as
        /// `\#(app.executableName)` for `sl-conformance run`, `explore` and `doctor`.
        ///
        /// Written by `sl-conformance init swift`. Each place where your app comes in is marked
        /// `TODO(sl-conformance)`. Until it is filled in, a place reports itself: the observation shows an
        /// error element naming it (file and line) and `signedInAccount` names it, so every failing test
        /// points back here. docs/in-process.md of sl-conformance shows a complete adapter (ShiftBoard's).
        package actor \#(app.name)Adapter: ConformanceAdapter {
            // TODO(sl-conformance): identity. Your app's version and bundle identifier, and the MSAL version it links.
            package nonisolated let identity = AdapterIdentity(
                adapterName: "\#(app.adapterName)", adapterVersion: "0.1.0", appName: "\#(app.name)", appVersion: "0.1.0",
                bundleId: "\#(app.bundleId)", msalVersion: "2.13.0")
            /// The app's container: a directory of this adapter's own (Swift Testing runs requirements in
            /// parallel, each with its own adapter), emptied at every reset.
            private let container = FileManager.default.temporaryDirectory.appendingPathComponent("\#(app.adapterName)-\(UUID().uuidString)")
            /// Reads what the app writes into its container, decoded as the harness decodes files.
            private lazy var observer = SandboxObserver(.init(container: container, cookies: false, keychain: false, notifications: false))
            private var running = false
            private var crashed = false
            /// The marked places reached and not filled in yet, in order.
            private var todos: [String] = []

            package init() {}

            package func reset(environment: AppEnvironment) async throws {
                try? FileManager.default.removeItem(at: container)
                running = false
                crashed = false
                todos = []
                // TODO(sl-conformance): reset. Make a fresh instance of your app, as just installed, whose MSAL
                // calls go to `HarnessMSALApplication(broker: environment.broker)`, whose backend calls go to
                // `environment.backend`, whose clock is `environment.clock` and whose files are in `container`.
                todo("reset: make a fresh app on HarnessMSALApplication(broker: environment.broker)")
            }

            package func handle(_ event: AppEvent) async throws -> Observation {
                switch event {
                case .launch:
                    running = true
                    // TODO(sl-conformance): launch. Start the app cold: it asks who is signed in on the device
                    // (`getCurrentAccount`) and shows that user (a silent token, then their data), or its
                    // sign-in screen. `getDeviceInformation` tells whether the device is shared.
                    todo("launch: start the app cold; it checks the account with getCurrentAccount")
                case .suspend:
                    // TODO(sl-conformance): suspend. The app moves to the background (no broadcasts reach it
                    // until it resumes); cover the user's data if it hides it from the switcher's snapshot.
                    todo("suspend: move the app to the background")
                case .resume:
                    // TODO(sl-conformance): resume. Back to the foreground: the app checks the account again
                    // (`getCurrentAccount`); another user, or nobody, means clearing everything.
                    todo("resume: the app checks the account again with getCurrentAccount")
                case .terminate:
                    running = false
                    // TODO(sl-conformance): terminate. The process ends: the app forgets what it holds in
                    // memory; what it stored (keychain, files, defaults, caches) stays.
                    todo("terminate: forget what the app holds in memory, keep what it stored")
                case .tapSignIn:
                    // TODO(sl-conformance): tapSignIn. The user taps what the app offers to sign in: the
                    // interactive sheet (`acquireToken`); a dismissed sheet (-50005) is no error.
                    todo("tapSignIn: the app signs in interactively with acquireToken")
                case .tapSignOut:
                    // TODO(sl-conformance): tapSignOut. The user taps sign out: `signout` (device-wide in
                    // Shared Device Mode), then the app clears everything of the user it kept.
                    todo("tapSignOut: the app calls signout, then clears everything of the user")
                case .refresh:
                    // TODO(sl-conformance): refresh. The user asks for fresh data: a token again
                    // (`acquireTokenSilent`), then `environment.backend.fetchRecords(accessToken:)`.
                    todo("refresh: a silent token, then the backend's fetchRecords")
                case .accountChangedBroadcast:
                    // TODO(sl-conformance): accountChangedBroadcast. SHARED_MODE_CURRENT_ACCOUNT_CHANGED: the app
                    // calls `getCurrentAccount` and compares its identifier with the account it holds.
                    todo("accountChangedBroadcast: the app checks the account with getCurrentAccount")
                // A newer kit may add events: this keeps compiling, with a warning that names the new case.
                @unknown default: throw UnhandledEvent(event: event)
                }
                // Return once the app has settled: every task the event started has finished.
                return try await observe()
            }

            package func observe() async throws -> Observation {
                Observation(running: isRunning(), crashed: hasCrashed(), signedInAccount: signedInAccount(), screen: screen(), storage: await storage())
            }

        """#
    }

    /// The adapter, continued: one method per field of the observation, and the marked places reporting themselves.
    private static func adapterObservation() -> String {
        #"""
            // MARK: The observation, one field each

            private func isRunning() -> Bool {
                // TODO(sl-conformance): running. Whether the app's process is alive: launch starts it, terminate
                // and a crash end it. Kept above; report your app's own state if it has one.
                running
            }

            private func hasCrashed() -> Bool {
                // TODO(sl-conformance): crashed. True (with running false) once the app model itself failed since
                // the reset: a crash, a failed force unwrap.
                crashed
            }

            private func signedInAccount() -> String? {
                // TODO(sl-conformance): signedInAccount. The identifier (or username) of the account the app
                // considers signed in, or nil when nobody is.
                placeholder("signedInAccount: report the account the app considers signed in, or nil")
            }

            private func screen() -> [ScreenElement] {
                // TODO(sl-conformance): screen. Every element the app shows now (.text, .button, .alert, .error,
                // .signInSheet), each with its full text; nothing while it is not running.
                guard running else { return [] }
                return [ScreenElement(.error, placeholder("screen: report every element the app shows"))] + todos.map { ScreenElement(.error, $0) }
            }

            private func storage() async -> [StoredItem] {
                // TODO(sl-conformance): storage. Everything the app keeps, each with its full value: its files
                // (read from `container` below), and what the observer cannot read: keychain, defaults, caches,
                // memory and the device's surfaces (StoredItem.Area). Empty after reset.
                var items = await observer.storage()
                if running { items.append(StoredItem(.memory, placeholder("storage: report everything the app keeps"), "")) }
                return items
            }

            // MARK: The marked places, reporting themselves until they are filled in

            /// Records that the calling place is still a TODO; the next observation shows it on screen.
            private func todo(_ what: String, fileID: String = #fileID, line: Int = #line) {
                let text = placeholder(what, fileID: fileID, line: line)
                if !todos.contains(text) { todos.append(text) }
            }

            /// What an unfilled field reports: text that names the calling place.
            private func placeholder(_ what: String, fileID: String = #fileID, line: Int = #line) -> String {
                "TODO(sl-conformance) \(fileID):\(line): \(what)"
            }

            deinit { try? FileManager.default.removeItem(at: container) }
        }

        /// An event this adapter does not handle yet: the scenario ends as an adapter error that names it.
        struct UnhandledEvent: Error {
            let event: AppEvent
        }

        """#
    }

    /// `Sources/<name>-adapter/main.swift`: the adapter over stdio.
    static func executable(app: InitAppName) -> String {
        #"""
        // \#(app.name)'s adapter over stdio, for `sl-conformance run`, `explore` and `doctor`.
        \#(imports([app.name + "Conformance", "SingleLoginAdapter"]))

        _ = await StdioAdapterHost.serve(\#(app.name)Adapter())

        """#
    }

    /// `Sources/<Name>/<Name>.swift` of a new package: where the app's core goes.
    static func appCore(app: InitAppName) -> String {
        #"""
        import SingleLoginSeam

        // TODO(sl-conformance): \#(app.name)'s core goes in this target: the code that calls MSAL, keeps the
        // session and the user's data, and models the screen. It calls MSAL through the seam,
        // `any MSALPublicClientApplicationProtocol` (MSAL's names and parameters): on the device
        // `LiveMSALApplication` (docs/in-process.md) makes real MSAL answer, in tests the adapter gives it
        // `HarnessMSALApplication(broker:)`. This target links SingleLoginSeam only, so it ships in the app.

        """#
    }

    /// `import` lines in the order swift-format keeps them.
    private static func imports(_ modules: [String]) -> String {
        modules.sorted().map { "import " + $0 }.joined(separator: "\n")
    }
}
