import CommandLineKit
import DidYouMean
import Foundation
import SingleLoginBackend
import SingleLoginEvents
import SingleLoginSpec

/// `sl-conformance backend`: proves that a vendor's backend verifies the Entra ID tokens its app posts.
package struct BackendCommand: Command {
    /// `backend`'s options.
    package struct Options: OptionGroup {
        /// `--start <command>`.
        package static let start = Option("--start", value: "command", help: "The backend command line, run with /bin/sh -c (required).")
        /// `--tenant single|multi`.
        package static let tenant = Option(
            "--tenant", value: "mode", default: "single", help: "A single-tenant or a multi-tenant app.", parser: ValueParser<TenantMode>.cases)
        /// `--url <path-or-url>`.
        package static let url = Option(
            "--url", value: "path-or-url", default: "/session",
            help: "Where tokens are posted: a path, or http://127.0.0.1/path (the port is always SL_BACKEND_PORT).")
        /// `--token-field <name>`.
        package static let tokenField = Option(
            "--token-field", value: "name", default: "id_token", help: "The JSON body field that carries the token.",
            parser: ValueParser<String>(expectation: "Please name the JSON field, e.g. id_token.") { $0.isEmpty ? nil : $0 })
        /// `--bearer`.
        package static let bearer = Flag("--bearer", help: "Send the token as 'Authorization: Bearer <jwt>' (empty body) instead of a JSON field.")
        /// `--health <path>`.
        package static let health = Option(
            "--health", value: "path", default: "/health", help: "The path that answers 200 once the backend is ready.",
            parser: ValueParser<String>(expectation: "Please give a path that starts with '/', e.g. /health.") { $0.hasPrefix("/") ? $0 : nil })
        /// `--spec <file>`.
        package static let spec = Option("--spec", value: "file", help: "The backend spec (default: the embedded \(DefaultSpecs.backend.name) spec).")
        /// `--only <id-or-tag>`, repeatable.
        package static let only = Option("--only", value: "id-or-tag", repeatable: true, help: "Run only cases with this ID or tag (repeatable).")
        /// `--skip <id-or-tag>`, repeatable.
        package static let skip = Option("--skip", value: "id-or-tag", repeatable: true, help: "Skip cases with this ID or tag (repeatable).")
        /// `--list`.
        package static let list = Flag("--list", help: "Print the plan (what would run or be skipped) and exit.")

        package static var signature: CommandSignature {
            CommandSignature([start, tenant, url, tokenField, bearer, health, spec, only, skip, list])
                .including(ReportOptions<BackendReportFiles>.signature)
        }

        /// The backend command (nil only with `--list`).
        package var command: String?
        /// Single or multi-tenant.
        package var mode: TenantMode
        /// How tokens are posted.
        package var shape: SessionRequestShape
        /// The health path.
        package var healthPath: String
        /// The backend spec: the embedded one unless a file is named.
        package var spec: SpecSource
        /// Case IDs or tags to run.
        package var only: [String]
        /// Case IDs or tags to skip.
        package var skip: [String]
        /// Print the plan and exit.
        package var listOnly: Bool
        /// The reports and the gate.
        package var reports: ReportOptions<BackendReportFiles>

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            listOnly = arguments.flag(Self.list)
            command = try arguments.value(Self.start)
            if command == nil, !listOnly {
                throw UsageError("Missing '--start <command>'", suggestion: "Name the command that starts your backend, e.g. --start 'python3 app.py'.")
            }
            mode = try arguments.value(Self.tenant) ?? .single
            shape = SessionRequestShape(
                target: try BackendCommand.target(try arguments.value(Self.url) ?? "/session"),
                tokenField: try arguments.value(Self.tokenField) ?? "id_token", bearer: arguments.flag(Self.bearer))
            healthPath = try arguments.value(Self.health) ?? "/health"
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.backend)
            only = try arguments.values(Self.only)
            skip = try arguments.values(Self.skip)
            reports = try ReportOptions(parsing: arguments)
        }
    }

    package let name = "backend"
    package let abstract = "Prove that your backend verifies Entra ID tokens, with forged tokens from a loopback test tenant."
    package let discussion = """
        Starts a test tenant on 127.0.0.1 (an OpenID discovery document and a JWKS), then starts --start
        (with /bin/sh -c, as three processes: the quick cases run while BE-ROTATE-1 waits 35 s) with:
          SL_BACKEND_PORT       the port to listen on, on 127.0.0.1
          SL_CLIENT_ID          the app's client ID (a GUID): every valid token's aud
          SL_TENANT_ID          the home tenant's ID (a GUID)
          SL_TENANT_MODE        single or multi
          SL_AUTHORITY          https://login.microsoftonline.com/<tid>/v2.0 (multi: .../organizations/v2.0)
          SL_OIDC_METADATA_URL  the discovery document on loopback (issuer: the Entra issuer;
                                multi: https://login.microsoftonline.com/{tenantid}/v2.0)
          SL_JWKS_URL           the JWKS on loopback
        and one a backend may ignore:
          SL_OTHER_TENANT_IDS   comma-separated: every tenant other than the home one whose tokens the
                                profile sends (multi mode; empty in single mode). A backend that admits
                                only onboarded tenants should admit these in test, as it would an
                                onboarded customer.
        Each process has 20 s to answer GET /health with 200. Then every case of the backend spec posts
        {"id_token": "<jwt>"} to http://127.0.0.1:$SL_BACKEND_PORT/session (10 s per request). All the
        requests of one case go to the same process (also after one killed it); the next case gets a
        fresh process when the last one died or hung.
        Accepted = a 2xx; rejected = 400, 401 or 403; anything else (5xx, a hang, a dropped connection)
        fails the case with the answer shown (and the backend's output tail, when it died, hung or
        answered 5xx). A case skipped with --skip (or left out by --only) is not verified; the last
        line says how many were skipped.
          sl-conformance backend --start 'python3 Examples/python-backend/backend.py'
          sl-conformance backend --start './gradlew bootRun' --tenant multi --url /api/session --bearer
        Reports go to reports/ (backend-junit.xml, backend.md) unless --reports, --junit or --markdown say otherwise.

        Exit status: 0 passed; 1 a case failed; 2 the backend could not start, or the run was interrupted;
        64 usage error (or a directory given as --spec); 65 invalid spec; 66 the --spec file is missing
        or unreadable. With --level must, SHOULD failures warn and do not fail.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        try await options.reports.replacingReportsIfNotStarted(command: name, unless: options.listOnly, output: output) { () async throws(UsageError) in
            try await start(options, output: output)
        }
    }

    /// The profile itself, once the options parsed: its exit status.
    private func start(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        let spec: BackendSpec
        do { spec = try SpecInput.backend(options.spec) } catch { return error.report(to: output) }
        let gate = options.reports.gate
        let profile = BackendProfile(
            spec: spec,
            options: BackendProfile.Options(
                command: options.command ?? "", mode: options.mode, shape: options.shape, healthPath: options.healthPath,
                only: options.only, skip: options.skip, gate: gate, specOrigin: options.spec.origin))
        if let unknown = profile.unknownNames().first {
            let known = spec.cases.flatMap { [$0.id] + $0.tags }
            throw UsageError(
                "No case ID or tag '\(unknown)' in \(options.spec.displayPath)",
                suggestion: Suggestion.closest(to: unknown, among: known).map { "Did you mean '\($0)'?" })
        }
        if options.listOnly {
            for entry in profile.plan() {
                output.out("\(entry.planned.id)" + (entry.planned.skipReason.map { "  (skip: \($0))" } ?? ""))
            }
            return ExitStatus.passed.rawValue
        }
        let session: ReportSession
        do { session = try options.reports.session(output: output) } catch { return error.report(to: output) }
        let summary = await InterruptibleRun.run(onInterrupt: {
            output.err("\nInterrupted: ending the backend processes and writing reports (the rest is marked as not run).")
        }) {
            await profile.run { event in session.record(event) }
        }
        return session.finish(ExitStatus(summary: summary, gate: gate))
    }

    /// The request target `--url` names: a path, or a loopback URL without a port.
    static func target(_ text: String) throws(UsageError) -> String {
        if text.hasPrefix("/") { return text }
        if text.lowercased().hasPrefix("https://") {
            throw UsageError(
                "The value '\(text)' is invalid for '--url <path-or-url>': the harness speaks plain HTTP to the backend on loopback, not HTTPS",
                suggestion: "Please give a path such as /session, and let the backend serve plain HTTP on 127.0.0.1:$SL_BACKEND_PORT under test.")
        }
        guard let components = URLComponents(string: text), components.scheme == "http", let host = components.host else {
            throw UsageError(
                "The value '\(text)' is invalid for '--url <path-or-url>'", suggestion: "Please give a path such as /session, or http://127.0.0.1/session.")
        }
        guard host == "127.0.0.1" || host == "localhost" else {
            throw UsageError(
                "The value '\(text)' is invalid for '--url <path-or-url>': the harness talks to 127.0.0.1 only",
                suggestion: "Please give a path such as /session; the backend listens on 127.0.0.1:$SL_BACKEND_PORT.")
        }
        if let port = components.port {
            throw UsageError(
                "The value '\(text)' is invalid for '--url <path-or-url>': the port is SL_BACKEND_PORT, which the harness chooses for each backend process",
                suggestion: "Please drop ':\(port)' and make the backend listen on $SL_BACKEND_PORT.")
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}

/// `backend`'s reports: `backend-junit.xml`, `backend.md` and `backend.html`.
package enum BackendReportFiles: ReportFiles {
    package static let junit = "backend-junit.xml"
    package static let markdown = "backend.md"
    package static let html = "backend.html"
    package static let verboseHelp = "Print every case's scenario line under its requirement."
}
