import SingleLoginAdapter

/// The Python stdio adapter `init stdio --language python` writes: the protocol complete, the app's parts marked places that report themselves.
enum PythonAdapterTemplate {
    /// The file's text for `app`; `command` is how the harness starts it, as its usage lines say.
    static func source(app: InitAppName, command: String) -> String {
        [
            header(app: app, command: command),
            appEvents(app: app),
            appObservation(),
            protocolHarness(),
            protocolAdapter(),
        ].joined(separator: "\n")
    }

    /// The opening: how to run it, its two parts, and the identities it reports.
    private static func header(app: InitAppName, command: String) -> String {
        #"""
        #!/usr/bin/env python3
        """A stdio adapter for sl-conformance around \#(app.name), written by `sl-conformance init stdio --language python`.

            sl-conformance doctor --adapter '\#(command)'  # the protocol: passes as written
            sl-conformance run --adapter '\#(command)'     # your app: fails until every TODO is done

        Two parts. The protocol (Wire, Harness, HarnessMSAL, HarnessBackend, Adapter) is complete: newline-
        delimited JSON-RPC 2.0 on stdin/stdout, logs on stderr, as docs/wire-protocol.md says; leave it as
        it is. The app (class App) is yours: each place to fill in is marked TODO(sl-conformance). Until
        it is filled in, a place reports itself: the observation shows an error element naming it (file and
        line) and signedInAccount names it, so every failure of `run` points back here.
        Python 3.9 or later, standard library only.
        """

        from __future__ import annotations

        import json
        import logging
        import os
        import sys
        from typing import Any, Dict, List, Optional, Tuple

        PROTOCOL_VERSION = "\#(WireProtocol.version)"
        ADAPTER_INFO = {"name": "\#(app.adapterName)", "version": "0.1.0"}
        # TODO(sl-conformance): your app's name, version and bundle identifier, and the MSAL version it links.
        APP_INFO = {"name": "\#(app.name)", "version": "0.1.0", "bundleId": "\#(app.bundleId)"}
        MSAL_VERSION = "2.13.0"
        # The storage areas of the device's surfaces: only a harness of protocol 1.4 or later reads them.
        SURFACE_AREAS = frozenset({"notification", "spotlight", "pasteboard", "widget", "activity", "snapshot"})
        EVENTS = ("launch", "suspend", "resume", "terminate", "tapSignIn", "tapSignOut", "refresh", "accountChangedBroadcast")

        log = logging.getLogger("adapter")


        """#
    }

    /// The app, yours to fill in: its state and one method per event, each a marked place.
    private static func appEvents(app: InitAppName) -> String {
        #"""
        # --- The app: yours to fill in ------------------------------------------------------------------

        class App:
            """\#(app.name) (or a model of it), as a fresh install: made anew at every reset.

            Its MSAL calls go to `self.msal` and its backend calls to `self.backend`, both the harness's.
            Each event handler returns once the app has settled (every call it started answered).
            An exception escaping a handler is a crash: the adapter reports crashed and not running.
            """

            def __init__(self, msal: HarnessMSAL, backend: HarnessBackend) -> None:
                self.msal = msal
                self.backend = backend
                self.running = False
                self.crashed = False
                self._todos: List[str] = []   # the marked places reached and not filled in yet, in order

            # Events (docs/wire-protocol.md, EVENT): one handler each.

            def launch(self) -> None:
                self.running = True
                # TODO(sl-conformance): launch. Start the app cold: ask who is signed in on the device
                # (self.msal.get_current_account()) and show that user (a silent token, then their data), or
                # the sign-in screen. getDeviceInformation tells whether the device is shared.
                self.todo("launch: start the app cold; check the account with msal.get_current_account()")

            def suspend(self) -> None:
                # TODO(sl-conformance): suspend. The app moves to the background (it gets no broadcasts
                # until it resumes); cover the user's data if the app hides it from the switcher's snapshot.
                self.todo("suspend: move the app to the background")

            def resume(self) -> None:
                # TODO(sl-conformance): resume. Back to the foreground: check the account again
                # (self.msal.get_current_account()); another user or nobody means clear everything.
                self.todo("resume: check the account again with msal.get_current_account()")

            def terminate(self) -> None:
                self.running = False
                # TODO(sl-conformance): terminate. The process ends: forget what the app holds in memory;
                # what it stored (keychain, files, defaults, caches) stays.
                self.todo("terminate: forget what the app holds in memory, keep what it stored")

            def tap_sign_in(self) -> None:
                # TODO(sl-conformance): tapSignIn. The user taps what the app offers to sign in: the
                # interactive sheet (self.msal.acquire_token(...)); a dismissed sheet (-50005) is no error.
                self.todo("tapSignIn: sign in interactively with msal.acquire_token()")

            def tap_sign_out(self) -> None:
                # TODO(sl-conformance): tapSignOut. The user taps sign out: self.msal.signout(...) (device-
                # wide in Shared Device Mode), then clear everything of the user the app kept.
                self.todo("tapSignOut: msal.signout(), then clear everything of the user")

            def refresh(self) -> None:
                # TODO(sl-conformance): refresh. The user asks for fresh data: a token again
                # (self.msal.acquire_token_silent(...)), then self.backend.fetch_records(token).
                self.todo("refresh: a silent token, then backend.fetch_records()")

            def account_changed_broadcast(self) -> None:
                # TODO(sl-conformance): accountChangedBroadcast. SHARED_MODE_CURRENT_ACCOUNT_CHANGED:
                # self.msal.get_current_account(), and compare its identifier with the app's own account.
                self.todo("accountChangedBroadcast: check the account with msal.get_current_account()")

        """#
    }

    /// The app, continued: one method per field of the observation, and the marked places reporting themselves.
    private static func appObservation() -> String {
        #"""
            # The observation (docs/wire-protocol.md, "An observation"): one method per field.

            def is_running(self) -> bool:
                # TODO(sl-conformance): running. Whether the app's process is alive: launch starts it,
                # terminate and a crash end it. Kept above; report your app's own state if it has one.
                return self.running

            def has_crashed(self) -> bool:
                # TODO(sl-conformance): crashed. True once the app ended abnormally since the reset (a
                # crash, a failed assertion); the adapter sets it when a handler raises.
                return self.crashed

            def signed_in_account(self) -> Optional[str]:
                # TODO(sl-conformance): signedInAccount. The identifier (or username) of the account the
                # app considers signed in, or None when nobody is.
                return self.placeholder("signedInAccount: report the account the app considers signed in, or None")

            def screen(self) -> List[Tuple[str, str]]:
                # TODO(sl-conformance): screen. Every element the app shows now, as (kind, text), kind one
                # of text, button, alert, error, signInSheet, each with its full text; nothing while not
                # running.
                if not self.running:
                    return []
                return [("error", self.placeholder("screen: report every element the app shows"))] + [("error", todo) for todo in self._todos]

            def storage(self) -> List[Tuple[str, str, str]]:
                # TODO(sl-conformance): storage. Everything the app keeps, as (area, key, value), area one
                # of keychain, file, defaults, cache, memory, or a device surface (notification, spotlight,
                # pasteboard, widget, activity, snapshot), each with its full value. Empty after reset.
                if not self.running:
                    return []
                return [("memory", self.placeholder("storage: report everything the app keeps"), "")]

            # The marked places, reporting themselves until they are filled in.

            def todo(self, what: str) -> None:
                """Records that the calling place is still a TODO; the next observation shows it on screen."""
                text = _todo_text(what, sys._getframe(1).f_lineno)
                if text not in self._todos:
                    log.warning("%s", text)
                    self._todos.append(text)

            def placeholder(self, what: str) -> str:
                """What an unfilled field reports: text that names the calling place."""
                return _todo_text(what, sys._getframe(1).f_lineno)


        def _todo_text(what: str, line: int) -> str:
            return f"TODO(sl-conformance) {os.path.basename(__file__)}:{line}: {what}"


        """#
    }

    /// The protocol, complete: its errors, the wire, calls to the harness, and MSAL and the backend answered through it.
    private static func protocolHarness() -> String {
        #"""
        # --- The protocol: complete, leave as it is ------------------------------------------------------

        class HostFailure(Exception):
            """The wire broke, or the harness answered one of our calls with an error that is not the app's."""


        class MSALError(Exception):
            """An error of the simulated world (MSAL, the network, the backend): hand it to the app as that error."""

            def __init__(self, code: int, message: str, domain: str, internal_code: Optional[int] = None, data: Optional[dict] = None) -> None:
                super().__init__(f"{domain} {code}: {message}")
                self.code = code
                self.domain = domain
                self.internal_code = internal_code
                # Everything else the error carries (docs/wire-protocol.md): `invalidResult` with -50003,
                # the default-mode `deviceInformation` when the SSO extension failed, `declinedScopes`...
                self.data = data or {}


        class Wire:
            """One JSON-RPC message per line in each direction; stdout carries nothing else."""

            def __init__(self) -> None:
                self._reader = sys.stdin
                self._writer = sys.stdout
                # print() goes to stderr from here on: a stray line on stdout would break the protocol.
                sys.stdout = sys.stderr

            def send(self, message: Dict[str, Any]) -> None:
                self._writer.write(json.dumps(message, separators=(",", ":")) + "\n")
                self._writer.flush()

            def receive(self) -> Optional[Dict[str, Any]]:
                """The next message, or None at end of input."""
                while True:
                    line = self._reader.readline()
                    if line == "":
                        return None
                    if line.strip():
                        try:
                            message = json.loads(line)
                        except ValueError as error:
                            raise HostFailure(f"not JSON: {error}: {line[:200]!r}") from None
                        if not isinstance(message, dict):
                            raise HostFailure(f"not a JSON-RPC object: {line[:200]!r}")
                        return message


        class Harness:
            """Calls the harness while one of its requests is pending, and waits for each answer."""

            def __init__(self, wire: Wire) -> None:
                self._wire = wire
                self._next_id = 1

            def call(self, method: str, params: Dict[str, Any]) -> Any:
                request_id = self._next_id
                self._next_id += 1
                self._wire.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
                message = self._wire.receive()
                if message is None or "method" in message or message.get("id") != request_id:
                    raise HostFailure(f"no answer to {method} (id {request_id}): {json.dumps(message)[:200]}")
                error = message.get("error")
                if isinstance(error, dict):
                    data = error.get("data") if isinstance(error.get("data"), dict) else {}
                    if isinstance(data.get("domain"), str) and isinstance(error.get("code"), int):
                        raise MSALError(error["code"], str(error.get("message", "")), data["domain"], data.get("internalCode"), data)
                    raise HostFailure(f"{method}: harness error {error.get('code')}: {error.get('message')}")
                return message.get("result")


        class HarnessMSAL:
            """MSAL, answered by the harness's simulated broker: results as the wire has them (ACCOUNT, RESULT)."""

            def __init__(self, harness: Harness) -> None:
                self._harness = harness

            def get_device_information(self) -> Dict[str, Any]:
                return self._harness.call("msal.getDeviceInformation", {})

            def get_current_account(self) -> Tuple[Optional[Dict[str, Any]], Optional[Dict[str, Any]]]:
                """(account, previousAccount); compare account["identifier"] with your app's own account."""
                result = self._harness.call("msal.getCurrentAccount", {}) or {}
                return result.get("account"), result.get("previousAccount")

            def acquire_token_silent(self, scopes: List[str], account_identifier: str, force_refresh: bool = False) -> Dict[str, Any]:
                return self._harness.call("msal.acquireTokenSilent", {"scopes": scopes, "accountIdentifier": account_identifier, "forceRefresh": force_refresh})

            def acquire_token(self, scopes: List[str], extra_scopes_to_consent: Optional[List[str]] = None, login_hint: Optional[str] = None) -> Dict[str, Any]:
                params: Dict[str, Any] = {"scopes": scopes, "extraScopesToConsent": extra_scopes_to_consent or [], "promptType": "promptIfNecessary"}
                if login_hint:
                    params["loginHint"] = login_hint
                return self._harness.call("msal.acquireToken", params)

            def signout(self, account_identifier: str) -> None:
                self._harness.call("msal.signout", {"accountIdentifier": account_identifier, "signoutFromBrowser": False, "wipeAccount": False})


        class HarnessBackend:
            """The app's backend, answered by the harness: the signed-in user's records."""

            def __init__(self, harness: Harness) -> None:
                self._harness = harness

            def fetch_records(self, access_token: str) -> List[Dict[str, str]]:
                """Each record has id, title and detail; a refused token raises MSALError (BackendErrorDomain, 401)."""
                result = self._harness.call("backend.fetchRecords", {"accessToken": access_token}) or {}
                return list(result.get("records") or [])


        """#
    }

    /// The protocol, continued: the adapter serving the harness, and the start.
    private static func protocolAdapter() -> String {
        #"""
        class Adapter:
            """Serves the harness: initialize, reset, event, observe, shutdown."""

            def __init__(self, wire: Wire) -> None:
                self._wire = wire
                self._harness = Harness(wire)
                self._surfaces = True   # whether the harness reads the device surfaces' areas (1.4); set at initialize
                self.app = App(HarnessMSAL(self._harness), HarnessBackend(self._harness))

            def serve(self) -> int:
                while True:
                    try:
                        message = self._wire.receive()
                    except HostFailure as error:
                        log.error("%s", error)
                        self._wire.send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": str(error)}})
                        continue
                    if message is None:
                        return 0
                    if "method" not in message:
                        continue
                    request_id, method = message.get("id"), message["method"]
                    try:
                        reply: Dict[str, Any] = {"result": self._dispatch(method, message.get("params") or {})}
                    except _RequestError as error:
                        reply = {"error": {"code": error.code, "message": str(error)}}
                    except HostFailure as error:
                        log.error("%s failed: %s", method, error)
                        reply = {"error": {"code": -32603, "message": f"adapter: {error}"}}
                    if request_id is not None:
                        self._wire.send({"jsonrpc": "2.0", "id": request_id, **reply})
                    if method == "shutdown":
                        return 0

            def _dispatch(self, method: str, params: Dict[str, Any]) -> Any:
                if method == "initialize":
                    version = str(params.get("protocolVersion", ""))
                    major, _, minor = version.partition(".")
                    if major != PROTOCOL_VERSION.split(".")[0]:
                        raise _RequestError(-32602, f"protocol version {version} is not supported; this adapter speaks {PROTOCOL_VERSION}")
                    self._surfaces = not (minor.isdigit() and int(minor) < 4)
                    return {"protocolVersion": PROTOCOL_VERSION, "adapter": ADAPTER_INFO, "app": APP_INFO, "msalVersion": MSAL_VERSION,
                            "capabilities": [], "msalConfiguration": {"brokerAvailability": "auto"}}
                if method == "reset":
                    self.app = App(HarnessMSAL(self._harness), HarnessBackend(self._harness))   # a fresh install, not running
                    return {}
                if method == "event":
                    event = params.get("event")
                    if event not in EVENTS:
                        raise _RequestError(-32601, f"unknown event {event!r}")
                    handler = getattr(self.app, {"tapSignIn": "tap_sign_in", "tapSignOut": "tap_sign_out",
                                                 "accountChangedBroadcast": "account_changed_broadcast"}.get(event, event))
                    try:
                        handler()
                    except (HostFailure, _RequestError):
                        raise
                    except Exception:  # noqa: BLE001  an exception escaping the app is a crash, which is a result
                        log.exception("the app crashed during %s", event)
                        self.app.crashed, self.app.running = True, False
                    return self.observation()
                if method == "observe":
                    return self.observation()
                if method == "shutdown":
                    return {}
                raise _RequestError(-32601, f"unknown method {method!r}")

            def observation(self) -> Dict[str, Any]:
                app = self.app
                return {"running": app.is_running(), "crashed": app.has_crashed(), "signedInAccount": app.signed_in_account(),
                        "screen": [{"kind": kind, "text": text} for kind, text in app.screen()],
                        "storage": [{"area": area, "key": key, "value": value} for area, key, value in app.storage()
                                    if self._surfaces or area not in SURFACE_AREAS]}


        class _RequestError(Exception):
            """A harness request the adapter refuses, with its JSON-RPC code."""

            def __init__(self, code: int, message: str) -> None:
                super().__init__(message)
                self.code = code


        if __name__ == "__main__":
            logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(name)s %(levelname)s %(message)s")
            sys.exit(Adapter(Wire()).serve())

        """#
    }
}
