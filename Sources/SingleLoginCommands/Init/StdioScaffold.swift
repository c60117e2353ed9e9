/// What `init stdio` writes: one adapter file in the language asked for, and a short README.
struct StdioScaffold: Sendable {
    /// The app's name, for the handshake.
    var app: InitAppName
    /// The language.
    var language: InitCommand.Language
    /// The directory as the user named it, for the commands the files quote.
    var directory: String

    /// The command that starts the adapter from where `init` ran.
    var command: String {
        let path = directory == "." ? language.fileName : (directory.hasSuffix("/") ? directory : directory + "/") + language.fileName
        return language.interpreter + " " + GenerateTestsCommand.Options.shellQuoted(path)
    }

    /// The files to write.
    var files: [InitFile] {
        let source: String
        switch language {
        case .python: source = PythonAdapterTemplate.source(app: app, command: command)
        case .node: source = NodeAdapterTemplate.source(app: app, command: command)
        }
        return [InitFile(path: language.fileName, text: source, executable: true), InitFile(path: "README.md", text: readme)]
    }

    /// The README beside the adapter.
    var readme: String {
        """
        # \(app.name)'s adapter for sl-conformance

        `\(language.fileName)`, written by `sl-conformance init stdio --language \(language.rawValue)`, is a stdio
        adapter: the harness starts it, and it drives \(app.name) (or a model of it) as a shared device would.
        Its protocol part is complete and passes `doctor`; its app part is yours, and until it is done
        `run` fails, each failure naming the place to fill in (`TODO(sl-conformance) \(language.fileName):LINE`).

        ```sh
        sl-conformance doctor --adapter '\(command)'   # the protocol: every check passes
        sl-conformance run --adapter '\(command)'      # the app: FAILED until every TODO is done
        ```

        ## What to fill in

        Every `TODO(sl-conformance)` in `class App`:

        - one handler per event (`launch`, `suspend`, `resume`, `terminate`, `tapSignIn`, `tapSignOut`,
          `refresh`, `accountChangedBroadcast`): drive your app, and return once it has settled;
        - one method per field of the observation (`running`, `crashed`, `signedInAccount`, `screen`,
          `storage`): report everything the app shows and keeps, each with its full text;
        - the handshake's `APP_INFO` and `MSAL_VERSION`.

        The app's MSAL calls go to `msal` and its backend calls to `backend`: the harness answers them
        while it waits for the event. Until a place is filled in it reports itself: an `error` element on
        the screen, and `signedInAccount`, name it by file and line, so a failure such as
        `the app does not consider alice signed in` shows `signedInAccount: TODO(sl-conformance) \(language.fileName):LINE: ...`.
        A few requirements pass even now, because they check for something absent (no sign-up button;
        a broker that MSAL may use): they mean something once the app is in place.

        Write logs to stderr: stdout carries protocol messages only. Add `--wire-log wire.log` to `run`
        to record every line, and `--verbose` to print each scenario's broker transcript.

        The references: docs/wire-protocol.md (how), docs/adapter-contract.md (what to report), and
        Examples/python-adapter in sl-conformance, a complete adapter around an app model.

        """
    }
}

extension InitCommand.Language {
    /// The adapter's file name.
    var fileName: String {
        switch self {
        case .python: "adapter.py"
        case .node: "adapter.js"
        }
    }

    /// The interpreter the harness starts it with.
    var interpreter: String {
        switch self {
        case .python: "python3"
        case .node: "node"
        }
    }
}
