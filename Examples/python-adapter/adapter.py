#!/usr/bin/env python3
"""A stdio adapter for sl-conformance around the Contoso Shifts app model (shifts_app.py).

Run it under the harness:

    sl-conformance run --adapter 'python3 Examples/python-adapter/adapter.py'
    sl-conformance run --adapter 'python3 Examples/python-adapter/adapter.py --flaw leave-records'

or let it connect to a harness that listens (as an app on a simulator or device would):

    sl-conformance run --listen 127.0.0.1:0          # prints: sl-conformance: listening on 127.0.0.1:PORT
    python3 Examples/python-adapter/adapter.py --connect 127.0.0.1:PORT

It speaks the wire protocol of docs/wire-protocol.md (version 1.6): newline-delimited JSON-RPC 2.0
on stdin/stdout (or on the TCP connection), logs on stderr. The harness sends one request at a time; while it is pending the
app's MSAL and backend calls go back to the harness as requests of our own, and we answer the
harness's request once the app has settled. It declares the capability concurrentCalls (1.6): each
event runs on a thread of its own, the app's lock is let go while one of its calls waits (as an
actor's is at an await), and an event is answered once every running event waits for an answer
the harness holds; --sequential serves one request at a time without it. Python 3.9+, standard
library only.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import sys
import threading
import time
import traceback
from typing import Any, Callable, Dict, IO, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from shifts_app import (  # noqa: E402  (the path line above makes the sibling module importable)
    FLAWS, Account, Backend, Broker, HostFailure, MSALError, Record, ShiftsApp, TokenResult,
)

PROTOCOL_VERSION = "1.6"
CONCURRENT_CALLS = "concurrentCalls"
# The storage areas of the device's surfaces: only a harness of protocol 1.4 or later reads them.
SURFACE_AREAS = frozenset({"notification", "spotlight", "pasteboard", "widget", "activity", "snapshot"})
# The surfaces the app has (protocol 1.6): all six. A surface it did not have would be false, and the
# requirement about it would not apply; one it has but never reports would be named in the reports.
SURFACES = {area: True for area in sorted(SURFACE_AREAS)}
ADAPTER_INFO = {"name": "shifts-python-adapter", "version": "1.0.0"}
APP_INFO = {"name": "Contoso Shifts (Python model)", "version": "5.4.0", "bundleId": "com.contoso.shifts"}
MSAL_VERSION = "2.13.0"
# How the app configures MSAL (protocol 1.1): the broker may be used, as MSAL's default.
MSAL_CONFIGURATION = {"brokerAvailability": "auto"}

# JSON-RPC 2.0 error codes.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

log = logging.getLogger("adapter")


class ProtocolError(HostFailure):
    """The other side broke the wire protocol, or the wire closed."""


class RemoteError(HostFailure):
    """The harness answered one of our requests with a JSON-RPC error that is not an app-level error."""


class Wire:
    """One JSON-RPC message per line in each direction; stdout carries nothing else."""

    def __init__(self, reader: IO[str], writer: IO[str]) -> None:
        self._reader = reader
        self._writer = writer
        self._write_lock = threading.Lock()   # event threads and the serving thread both write

    def send(self, message: Dict[str, Any]) -> None:
        """Writes one message as one line and flushes it."""
        line = json.dumps(message, separators=(",", ":"), ensure_ascii=True)
        with self._write_lock:
            self._writer.write(line + "\n")
            self._writer.flush()

    def receive(self) -> Optional[Dict[str, Any]]:
        """Reads the next message, or None at end of input; a malformed line is a ProtocolError."""
        while True:
            line = self._reader.readline()
            if line == "":
                return None
            if line.strip() == "":
                continue
            try:
                message = json.loads(line)
            except ValueError as error:
                raise ProtocolError(f"not JSON: {error}: {line[:200]!r}") from None
            if not isinstance(message, dict):
                raise ProtocolError(f"not a JSON-RPC object: {line[:200]!r}")
            return message


class HarnessClient:
    """Sends the app's requests to the harness and waits for each answer (only while a harness request is pending)."""

    def __init__(self, wire: Wire) -> None:
        self._wire = wire
        self._next_id = 1
        self.pending_harness_request = False
        self.concurrent: Optional[ConcurrentCalls] = None   # set when serving with concurrentCalls

    def call(self, method: str, params: Dict[str, Any]) -> Any:
        """Calls a harness method; returns its result, raises MSALError for app-level errors."""
        if self.concurrent is not None:
            return self.concurrent.call(method, params)
        if not self.pending_harness_request:
            raise ProtocolError(f"{method} outside a harness request: the harness would not answer it")
        request_id = self._next_id
        self._next_id += 1
        self._wire.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        message = self._wire.receive()
        if message is None:
            raise ProtocolError(f"the harness closed the wire while we waited for {method}")
        if "method" in message:
            raise ProtocolError(f"the harness sent {message.get('method')!r} while we waited for {method}")
        if message.get("id") != request_id:
            raise ProtocolError(f"answer for id {message.get('id')!r} while we waited for id {request_id} ({method})")
        if "error" in message:
            raise _error_from_wire(method, message["error"])
        return message.get("result")


def _error_from_wire(method: str, error: Any) -> Exception:
    """An error object from the harness: MSAL/system/backend errors carry data.domain; anything else is the host's."""
    if not isinstance(error, dict):
        return ProtocolError(f"{method}: malformed error {error!r}")
    data = error.get("data") if isinstance(error.get("data"), dict) else {}
    domain = data.get("domain")
    code = error.get("code")
    if isinstance(domain, str) and isinstance(code, int):
        return MSALError(code, str(error.get("message", "")), domain, data.get("internalCode"))
    return RemoteError(f"{method}: harness error {code}: {error.get('message')}")


def account_from_wire(value: Any) -> Optional[Account]:
    """ACCOUNT (or null/absent) to an Account."""
    if not isinstance(value, dict) or not isinstance(value.get("identifier"), str):
        return None
    claims = value.get("accountClaims") if isinstance(value.get("accountClaims"), dict) else {}
    return Account(identifier=value["identifier"], username=value.get("username"), name=claims.get("name"))


def result_from_wire(value: Any) -> TokenResult:
    """RESULT to a TokenResult; idToken may be absent."""
    if not isinstance(value, dict) or not isinstance(value.get("accessToken"), str):
        raise ProtocolError(f"malformed token result: {value!r}"[:300])
    account = account_from_wire(value.get("account"))
    if account is None:
        raise ProtocolError("token result without an account")
    id_token = value.get("idToken")
    return TokenResult(access_token=value["accessToken"], id_token=id_token if isinstance(id_token, str) else None,
                       scopes=tuple(value.get("scopes") or ()), account=account)


class HarnessBroker(Broker):
    """MSAL routed to the harness's simulated broker."""

    def __init__(self, client: HarnessClient) -> None:
        self._client = client

    def get_device_information(self) -> bool:
        result = self._client.call("msal.getDeviceInformation", {})
        return isinstance(result, dict) and result.get("deviceMode") == "shared"

    def get_current_account(self) -> Tuple[Optional[Account], Optional[Account]]:
        result = self._client.call("msal.getCurrentAccount", {}) or {}
        return account_from_wire(result.get("account")), account_from_wire(result.get("previousAccount"))

    def acquire_token_silent(self, scopes: List[str], account_identifier: str,
                             force_refresh: bool = False) -> TokenResult:
        return result_from_wire(self._client.call("msal.acquireTokenSilent", {
            "scopes": scopes, "accountIdentifier": account_identifier, "forceRefresh": force_refresh}))

    def acquire_token(self, scopes: List[str], extra_scopes_to_consent: List[str],
                      prompt_type: str = "promptIfNecessary", login_hint: Optional[str] = None) -> TokenResult:
        params: Dict[str, Any] = {"scopes": scopes, "extraScopesToConsent": extra_scopes_to_consent,
                                  "promptType": prompt_type}
        if login_hint:
            params["loginHint"] = login_hint
        return result_from_wire(self._client.call("msal.acquireToken", params))

    def signout(self, account_identifier: str, signout_from_browser: bool = False,
                wipe_account: bool = False) -> None:
        self._client.call("msal.signout", {"accountIdentifier": account_identifier,
                                           "signoutFromBrowser": signout_from_browser, "wipeAccount": wipe_account})

    def all_accounts(self) -> List[Account]:
        result = self._client.call("msal.allAccounts", {}) or {}
        return [account for account in map(account_from_wire, result.get("accounts") or []) if account is not None]

    def remove_account(self, account_identifier: str) -> None:
        self._client.call("msal.removeAccount", {"accountIdentifier": account_identifier})


class HarnessBackend(Backend):
    """The app's backend routed to the harness's data service."""

    def __init__(self, client: HarnessClient) -> None:
        self._client = client

    def fetch_records(self, access_token: str) -> List[Record]:
        result = self._client.call("backend.fetchRecords", {"accessToken": access_token}) or {}
        return [Record(str(item.get("id", "")), str(item.get("title", "")), str(item.get("detail", "")))
                for item in result.get("records") or [] if isinstance(item, dict)]


class ConcurrentCalls:
    """Protocol 1.6's concurrentCalls: a reader thread routes the harness's lines (answers to the calls
    waiting for them, `held` notifications, requests to the serving loop); each event runs on a thread
    of its own under `app_lock`, which a call lets go while it waits, as an actor does at an await."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.app_lock = threading.Lock()
        self.changed = threading.Condition()   # guards everything below
        self.requests: List[Optional[Dict[str, Any]]] = []
        self.waiting: Dict[int, Dict[str, Any]] = {}   # call id -> {"answer": message or None}
        self.held: set = set()
        self.running = 0
        self.ended = False
        self._next_id = 1
        self._local = threading.local()   # .request: the harness request the current thread works under
        threading.Thread(target=self._read, name="adapter-reader", daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                message = self.wire.receive()
            except (ProtocolError, OSError, ValueError) as error:
                log.error("%s", error)
                message = None
            with self.changed:
                if message is None:
                    self.ended = True
                    self.requests.append(None)
                    self.changed.notify_all()
                    return
                if "method" in message and "id" not in message:
                    if message["method"] == "held":   # the harness holds the answer to one of our calls
                        self.held.add((message.get("params") or {}).get("id"))
                elif "method" in message:
                    self.requests.append(message)
                elif message.get("id") in self.waiting:
                    self.held.discard(message["id"])
                    self.waiting.pop(message["id"])["answer"] = message
                self.changed.notify_all()

    def next_request(self) -> Optional[Dict[str, Any]]:
        with self.changed:
            self.changed.wait_for(lambda: bool(self.requests))
            return self.requests.pop(0)

    def working_under(self, request_id: Any) -> None:
        """The current thread's calls are made under harness request `request_id`."""
        self._local.request = request_id

    def call(self, method: str, params: Dict[str, Any]) -> Any:
        """Sends a call marked with the request it is made under, and waits for its answer with the app's lock let go."""
        slot: Dict[str, Any] = {"answer": None}
        with self.changed:
            if self.ended:
                raise ProtocolError(f"the harness closed the wire before {method}")
            call_id = self._next_id
            self._next_id += 1
            self.waiting[call_id] = slot
        marked = {"underRequest": getattr(self._local, "request", None), **params}
        self.wire.send({"jsonrpc": "2.0", "id": call_id, "method": method, "params": marked})
        self.app_lock.release()
        try:
            with self.changed:
                self.changed.wait_for(lambda: slot["answer"] is not None or self.ended)
        finally:
            self.app_lock.acquire()
        message = slot["answer"]
        if message is None:
            raise ProtocolError(f"the harness closed the wire while we waited for {method}")
        if "error" in message:
            raise _error_from_wire(method, message["error"])
        return message.get("result")

    def settled(self) -> bool:
        """Every running event waits for an answer the harness holds (or none runs). Called holding `changed`."""
        return self.running <= len(self.held)


class Adapter:
    """Serves the harness: handshake, reset, events, observations, shutdown."""

    def __init__(self, wire: Wire, flaws: frozenset = frozenset(), token: Optional[str] = None,
                 without: frozenset = frozenset(), concurrent: bool = False) -> None:
        self._flaws = flaws
        self._token = token
        # Surfaces the app is built without (--without-surface): declared false, and none of their items reported.
        self._without = without
        self._concurrent = concurrent
        # The harness's protocol minor version, set at initialize: the device surfaces' areas go to
        # 1.4 and later, record marks on screen elements to 1.6 and later.
        self._minor = 6
        self.attach(wire)
        self.app = self._fresh_app()
        self._events: Dict[str, Callable[[], None]] = {}
        self.shut_down = False

    def attach(self, wire: Wire) -> None:
        """Serves over `wire` from now on (a new connection after the harness dropped the last)."""
        self._wire = wire
        self._client = HarnessClient(wire)

    def _fresh_app(self) -> ShiftsApp:
        return ShiftsApp(HarnessBroker(self._client), HarnessBackend(self._client), self._flaws)

    def serve(self) -> int:
        """Answers harness requests until shutdown or end of input; returns the exit status."""
        if self._concurrent:
            return self._serve_concurrently()
        while True:
            try:
                message = self._wire.receive()
            except ProtocolError as error:
                log.error("%s", error)
                self._wire.send({"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": str(error)}})
                continue
            if message is None:
                log.info("end of input: exiting")
                return 0
            if "method" not in message:
                log.error("unexpected message outside a call of ours: %s", json.dumps(message)[:300])
                continue
            request_id = message.get("id")
            method = message["method"]
            self._client.pending_harness_request = True
            try:
                result = self._dispatch(method, message.get("params") or {})
            except _RequestError as error:
                self._respond_error(request_id, error.code, str(error))
                continue
            except HostFailure as error:
                log.error("%s failed: %s", method, error)
                self._respond_error(request_id, INTERNAL_ERROR, f"adapter: {error}")
                continue
            finally:
                self._client.pending_harness_request = False
            if request_id is not None:
                self._wire.send({"jsonrpc": "2.0", "id": request_id, "result": result})
            if method == "shutdown":
                self.shut_down = True
                return 0

    def _serve_concurrently(self) -> int:
        """concurrentCalls: each event on a thread of its own, answered once the app has settled."""
        calls = ConcurrentCalls(self._wire)
        self._client.concurrent = calls
        answered: set = set()
        while True:
            message = calls.next_request()
            if message is None:
                log.info("end of input: exiting")
                return 0
            request_id, method = message.get("id"), message["method"]
            if method == "event":
                self._start_event(calls, request_id, (message.get("params") or {}).get("event"), answered)
                with calls.changed:
                    calls.changed.wait_for(lambda: request_id in answered or calls.settled())
                with calls.app_lock:
                    # Every running event waits for a held answer: this one is answered with what the app shows now.
                    if request_id not in answered:
                        answered.add(request_id)
                        self._wire.send({"jsonrpc": "2.0", "id": request_id, "result": self.observation()})
                continue
            if method == "settle":
                with calls.changed:
                    calls.changed.wait_for(calls.settled)
                with calls.app_lock:
                    self._wire.send({"jsonrpc": "2.0", "id": request_id, "result": self.observation()})
                continue
            calls.working_under(request_id)
            try:
                with calls.app_lock:
                    result = self._dispatch(method, message.get("params") or {})
            except _RequestError as error:
                self._respond_error(request_id, error.code, str(error))
                continue
            except HostFailure as error:
                log.error("%s failed: %s", method, error)
                self._respond_error(request_id, INTERNAL_ERROR, f"adapter: {error}")
                continue
            if request_id is not None:
                self._wire.send({"jsonrpc": "2.0", "id": request_id, "result": result})
            if method == "shutdown":
                self.shut_down = True
                return 0

    def _start_event(self, calls: ConcurrentCalls, request_id: Any, event: Any, answered: set) -> None:
        """Delivers `event` on a thread of its own; it answers the request itself if it finishes first."""
        def run() -> None:
            calls.working_under(request_id)
            with calls.app_lock:
                try:
                    self._deliver(event)
                    answer = {"jsonrpc": "2.0", "id": request_id, "result": self.observation()}
                except _RequestError as error:
                    answer = {"jsonrpc": "2.0", "id": request_id, "error": {"code": error.code, "message": str(error)}}
                except HostFailure as error:
                    answer = {"jsonrpc": "2.0", "id": request_id, "error": {"code": INTERNAL_ERROR, "message": f"adapter: {error}"}}
                first = request_id not in answered
                answered.add(request_id)
                if first:
                    self._wire.send(answer)
            with calls.changed:
                calls.running -= 1
                calls.changed.notify_all()

        with calls.changed:
            calls.running += 1
        threading.Thread(target=run, name=f"event-{request_id}", daemon=True).start()

    def _respond_error(self, request_id: Any, code: int, message: str) -> None:
        if request_id is not None:
            self._wire.send({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}})

    def _dispatch(self, method: str, params: Dict[str, Any]) -> Any:
        if method == "initialize":
            version = str(params.get("protocolVersion", ""))
            if version.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
                raise _RequestError(INVALID_PARAMS,
                                    f"protocol version {version} is not supported; this adapter speaks {PROTOCOL_VERSION}")
            major, _, minor = version.partition(".")
            self._minor = int(minor) if major == "1" and minor.isdigit() else 6
            handshake = {"protocolVersion": PROTOCOL_VERSION, "adapter": ADAPTER_INFO, "app": APP_INFO,
                         "msalVersion": MSAL_VERSION, "capabilities": [CONCURRENT_CALLS] if self._concurrent else [],
                         "msalConfiguration": MSAL_CONFIGURATION,
                         "surfaces": {area: area not in self._without for area in SURFACES}}
            if self._token:
                handshake["token"] = self._token   # required when the harness listens on a non-loopback address
            return handshake
        if method == "reset":
            self.app = self._fresh_app()   # a fresh install: new sandbox, not running
            return {}
        if method == "event":
            self._deliver(params.get("event"))
            return self.observation()
        if method == "observe":
            return self.observation()
        if method == "shutdown":
            return {}
        raise _RequestError(METHOD_NOT_FOUND, f"unknown method {method!r}")

    def _deliver(self, event: Any) -> None:
        app = self.app
        actions: Dict[str, Callable[[], None]] = {
            "launch": app.launch, "suspend": app.suspend, "resume": app.resume, "terminate": app.terminate,
            "tapSignIn": app.tap_sign_in, "tapSignOut": app.tap_sign_out, "refresh": app.refresh,
            "accountChangedBroadcast": app.account_changed,
        }
        action = actions.get(event) if isinstance(event, str) else None
        if action is None:
            raise _RequestError(INVALID_PARAMS, f"unknown event {event!r}")
        if not app.running and event != "launch":
            log.warning("%s for an app that is not running: ignored", event)
            return
        try:
            action()
        except HostFailure:
            raise
        except Exception:  # noqa: BLE001  an uncaught error in the app is a crash, which is a result
            log.error("the app crashed during %s:\n%s", event, traceback.format_exc())
            app.crash()

    def observation(self) -> Dict[str, Any]:
        """What the app shows and keeps right now."""
        app = self.app
        return {
            "running": app.running,
            "crashed": app.crashed,
            "signedInAccount": app.signed_in_account(),
            "screen": [self._element(element) for element in app.screen()],
            "storage": [{"area": area, "key": key, "value": value} for area, key, value in app.storage()
                        if (self._minor >= 4 or area not in SURFACE_AREAS) and area not in self._without],
        }


    def _element(self, element: Any) -> Dict[str, Any]:
        """A screen element on the wire: a backend record's row is marked `record` for a 1.6 harness."""
        wired: Dict[str, Any] = {"kind": element.kind, "text": element.text}
        if element.record and self._minor >= 6:
            wired["record"] = True
        return wired


class _RequestError(Exception):
    """A harness request the adapter refuses, with its JSON-RPC code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_address(text: str) -> Tuple[str, int]:
    """HOST:PORT or [IPv6]:PORT."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT")
    return host.strip("[]"), int(port)


def serve_connected(address: Tuple[str, int], flaws: frozenset, token: Optional[str], reconnect_timeout: float,
                    without: frozenset = frozenset(), concurrent: bool = True) -> int:
    """Connects to a listening harness and serves it; connects again whenever the harness drops the
    connection (it does after an error), until it sends shutdown. The harness never restarts us."""
    adapter: Optional[Adapter] = None
    while True:
        deadline = time.monotonic() + reconnect_timeout
        while True:
            try:
                connection = socket.create_connection(address, timeout=5)
                break
            except OSError as error:
                if time.monotonic() >= deadline:
                    log.error("no harness at %s:%d within %.0f s: %s", address[0], address[1], reconnect_timeout, error)
                    return 1 if adapter is None else 0
                time.sleep(0.1)
        connection.settimeout(None)
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        log.info("connected to the harness at %s:%d", address[0], address[1])
        with connection, connection.makefile("r", encoding="utf-8", newline="\n") as reader, \
                connection.makefile("w", encoding="utf-8", newline="\n") as writer:
            wire = Wire(reader, writer)
            if adapter is None:
                adapter = Adapter(wire, flaws, token, without, concurrent)
            else:
                adapter.attach(wire)
            try:
                adapter.serve()
            except OSError as error:   # the harness reset the connection mid-write
                log.info("the connection ended: %s", error)
        if adapter.shut_down:
            return 0
        log.info("the harness dropped the connection: connecting again")


def main(argv: Optional[List[str]] = None) -> int:
    """Parses options, then serves on stdin/stdout, or on a connection to a listening harness."""
    parser = argparse.ArgumentParser(description="sl-conformance adapter for the Contoso Shifts Python model.")
    parser.add_argument("--flaw", action="append", default=[], choices=sorted(FLAWS),
                        help="switch on a deliberate mistake (repeatable): " +
                             "; ".join(f"{name}: {text}" for name, text in sorted(FLAWS.items())))
    parser.add_argument("--without-surface", action="append", default=[], choices=sorted(SURFACE_AREAS), metavar="AREA",
                        help="build the app without this device surface (repeatable): the handshake declares it "
                             "false and no observation reports it, so its requirement does not apply")
    parser.add_argument("--connect", metavar="HOST:PORT", type=parse_address,
                        help="connect to a harness started with 'sl-conformance run --listen HOST:PORT' instead of using stdin/stdout")
    parser.add_argument("--token", default=os.environ.get("SL_CONFORMANCE_TOKEN"),
                        help="the run's token, when the harness listens on a non-loopback address (default: $SL_CONFORMANCE_TOKEN)")
    parser.add_argument("--reconnect-timeout", type=float, default=60.0, metavar="SECONDS",
                        help="with --connect: how long to keep trying to connect, at first and after each dropped connection")
    parser.add_argument("--sequential", action="store_true",
                        help="serve one request at a time and declare no concurrentCalls (protocol 1.6): the held-answer scenarios are then untested")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    options = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=options.log_level, format="%(name)s %(levelname)s %(message)s")
    # stdout is the protocol: nothing else may write there, so print() goes to stderr from here on.
    protocol_out = sys.stdout
    sys.stdout = sys.stderr
    if options.connect:
        return serve_connected(options.connect, frozenset(options.flaw), options.token, options.reconnect_timeout,
                               frozenset(options.without_surface), not options.sequential)
    wire = Wire(sys.stdin, protocol_out)
    return Adapter(wire, frozenset(options.flaw), options.token, frozenset(options.without_surface), not options.sequential).serve()


if __name__ == "__main__":
    sys.exit(main())
