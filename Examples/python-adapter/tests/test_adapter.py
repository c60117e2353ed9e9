"""adapter.py speaks the wire protocol: run as a child process and driven by a scripted harness."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unittest
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(os.path.dirname(HERE), "adapter.py")
sys.path.insert(0, os.path.dirname(HERE))

from adapter import RemoteError, _error_from_wire, account_from_wire, result_from_wire  # noqa: E402
from shifts_app import MSALError  # noqa: E402

ALICE = {"username": "alice.adams@contoso.example", "identifier": "oid-a.tid-c", "objectId": "oid-a",
         "tenantId": "tid-c", "environment": "login.microsoftonline.com",
         "accountClaims": {"name": "Alice Adams", "preferred_username": "alice.adams@contoso.example"}}
RESULT = {"accessToken": "at-M1", "idToken": "id-M1", "expiresOn": "2100-01-01T00:00:00Z",
          "scopes": ["User.Read", "Tasks.Read"], "account": ALICE, "tenantId": "tid-c",
          "correlationId": "c-1", "authority": "https://login.microsoftonline.com/common"}
RECORDS = {"records": [{"id": "rec-M1-1", "title": "Shift task 1 M1", "detail": "Assigned to Alice Adams (M1-1)"}]}

Answer = Callable[[str, Dict[str, Any]], Tuple[str, Any]]


def signed_in_device(method: str, params: Dict[str, Any]) -> Tuple[str, Any]:
    """A broker with Alice signed in: every call succeeds."""
    answers = {"msal.getDeviceInformation": {"deviceMode": "shared", "hasAADSSOExtension": True,
                                             "extraDeviceInformation": {}},
               "msal.getCurrentAccount": {"account": ALICE},
               "msal.acquireTokenSilent": RESULT,
               "backend.fetchRecords": RECORDS}
    return "result", answers[method]


class ScriptedHarness:
    """Starts adapter.py and plays the harness's side of the wire."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, ADAPTER, *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.next_id = 1
        self.calls: List[str] = []

    def request(self, method: str, params: Optional[Dict[str, Any]] = None,
                answer: Answer = signed_in_device) -> Dict[str, Any]:
        """Sends one request, answers the adapter's calls with answer, returns the adapter's response."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        request_id = self.next_id
        self.next_id += 1
        self._send(message)
        while True:
            line = self.process.stdout.readline()
            assert line, "adapter closed stdout; stderr:\n" + self.process.stderr.read()
            incoming = json.loads(line)
            if "method" not in incoming:
                assert incoming["id"] == request_id, incoming
                return incoming
            self.calls.append(incoming["method"])
            kind, value = answer(incoming["method"], incoming.get("params", {}))
            self._send({"jsonrpc": "2.0", "id": incoming["id"], kind: value})

    def _send(self, message: Dict[str, Any]) -> None:
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def close(self) -> int:
        """Ends the adapter (end of input) and returns its exit status."""
        if not self.process.stdin.closed:
            self.process.stdin.close()
        status = self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()
        return status


class WireTests(unittest.TestCase):
    def setUp(self) -> None:
        self.harness = ScriptedHarness()
        self.addCleanup(self._close)

    def _close(self) -> None:
        self.harness.close()

    def handshake(self) -> Dict[str, Any]:
        return self.harness.request("initialize", {"protocolVersion": "1.1",
                                                   "harness": {"name": "test", "version": "0"}})

    def test_the_handshake_names_protocol_adapter_app_and_msal_versions(self) -> None:
        result = self.handshake()["result"]
        self.assertEqual(result["protocolVersion"], "1.6")
        self.assertEqual(result["surfaces"], {"activity": True, "notification": True, "pasteboard": True,
                                              "snapshot": True, "spotlight": True, "widget": True})
        self.assertEqual(result["msalConfiguration"], {"brokerAvailability": "auto"})
        self.assertEqual(result["app"]["bundleId"], "com.contoso.shifts")
        self.assertEqual(result["capabilities"], ["concurrentCalls"])
        self.assertIn("msalVersion", result)

    def test_a_held_call_lets_the_event_be_answered_and_settle_waits_for_its_answer(self) -> None:
        self.handshake()
        self.harness.request("reset", {})
        self.harness.request("event", {"event": "launch"})
        # refresh: the adapter's silent call names the request it was made under; the harness holds it.
        self.harness._send({"jsonrpc": "2.0", "id": 99, "method": "event", "params": {"event": "refresh"}})
        call = json.loads(self.harness.process.stdout.readline())
        self.assertEqual(call["method"], "msal.acquireTokenSilent")
        self.assertEqual(call["params"]["underRequest"], 99)
        self.harness._send({"jsonrpc": "2.0", "method": "held", "params": {"id": call["id"]}})
        answered = json.loads(self.harness.process.stdout.readline())
        self.assertEqual(answered["id"], 99)
        self.assertTrue(answered["result"]["running"])
        # The answer, then settle: the app's task goes on (its download names request 99 too) before settle is answered.
        self.harness._send({"jsonrpc": "2.0", "id": call["id"], "result": RESULT})
        settled = self.harness.request("settle", {})
        self.assertIn("result", settled)
        self.assertEqual(self.harness.calls, ["msal.getDeviceInformation", "msal.getCurrentAccount", "msal.acquireTokenSilent",
                                              "backend.fetchRecords", "backend.fetchRecords"])

    def test_sequential_declares_nothing(self) -> None:
        harness = ScriptedHarness("--sequential")
        try:
            result = harness.request("initialize", {"protocolVersion": "1.6", "harness": {"name": "test", "version": "0"}})["result"]
            self.assertEqual(result["capabilities"], [])
        finally:
            harness.close()

    def test_another_major_protocol_version_is_refused_naming_both(self) -> None:
        response = self.harness.request("initialize", {"protocolVersion": "2.0"})
        self.assertIn("2.0", response["error"]["message"])
        self.assertIn("1.6", response["error"]["message"])

    def test_launch_routes_msal_and_backend_calls_and_answers_with_the_settled_observation(self) -> None:
        self.handshake()
        self.assertEqual(self.harness.request("reset", {})["result"], {})
        observation = self.harness.request("event", {"event": "launch"})["result"]
        self.assertEqual(self.harness.calls, ["msal.getDeviceInformation", "msal.getCurrentAccount",
                                              "msal.acquireTokenSilent", "backend.fetchRecords"])
        self.assertEqual(observation["signedInAccount"], "oid-a.tid-c")
        self.assertTrue(observation["running"])
        # A 1.1 harness gets no record marks.
        self.assertIn({"kind": "text", "text": "Shift task 1 M1: Assigned to Alice Adams (M1-1)"}, observation["screen"])
        areas = {item["area"] for item in observation["storage"]}
        self.assertEqual(areas, {"keychain", "file", "defaults", "cache", "memory"})

    def test_a_harness_of_1_4_also_gets_the_device_surfaces(self) -> None:
        self.harness.request("initialize", {"protocolVersion": "1.4", "harness": {"name": "test", "version": "0"}})
        observation = self.harness.request("event", {"event": "launch"})["result"]
        areas = {item["area"] for item in observation["storage"]}
        self.assertEqual(areas, {"keychain", "file", "defaults", "cache", "memory",
                                 "notification", "spotlight", "pasteboard", "widget", "activity"})

    def test_a_harness_of_1_6_gets_record_rows_marked(self) -> None:
        self.harness.request("initialize", {"protocolVersion": "1.6", "harness": {"name": "test", "version": "0"}})
        screen = self.harness.request("event", {"event": "launch"})["result"]["screen"]
        self.assertIn({"kind": "text", "record": True, "text": "Shift task 1 M1: Assigned to Alice Adams (M1-1)"}, screen)
        self.assertIn({"kind": "text", "text": "Signed in as Alice Adams"}, screen)

    def test_observe_changes_nothing_and_reset_is_a_fresh_install(self) -> None:
        self.handshake()
        self.harness.request("event", {"event": "launch"})
        first = self.harness.request("observe", {})["result"]
        self.assertEqual(self.harness.request("observe", {})["result"], first)
        self.harness.request("reset", {})
        fresh = self.harness.request("observe", {})["result"]
        self.assertEqual((fresh["running"], fresh["screen"], fresh["storage"]), (False, [], []))

    def test_an_msal_error_reaches_the_app_as_msal_error(self) -> None:
        def cancel_sheet(method: str, params: Dict[str, Any]) -> Tuple[str, Any]:
            if method == "msal.getCurrentAccount":
                return "result", {}
            if method == "msal.acquireToken":
                return "error", {"code": -50005, "message": "User cancelled.", "data": {"domain": "MSALErrorDomain"}}
            return signed_in_device(method, params)

        self.handshake()
        self.harness.request("event", {"event": "launch"}, cancel_sheet)
        observation = self.harness.request("event", {"event": "tapSignIn"}, cancel_sheet)["result"]
        self.assertIsNone(observation["signedInAccount"])
        self.assertNotIn("error", [element["kind"] for element in observation["screen"]])

    def test_a_crash_in_the_app_is_an_observation_and_the_next_launch_starts_again(self) -> None:
        self._close()
        self.harness = ScriptedHarness("--flaw", "force-unwrap-idtoken")
        no_id_token = dict(RESULT)
        del no_id_token["idToken"]

        def missing_id_token(method: str, params: Dict[str, Any]) -> Tuple[str, Any]:
            if method == "msal.acquireTokenSilent":
                return "result", no_id_token
            return signed_in_device(method, params)

        self.handshake()
        crashed = self.harness.request("event", {"event": "launch"}, missing_id_token)["result"]
        self.assertEqual((crashed["crashed"], crashed["running"]), (True, False))
        relaunched = self.harness.request("event", {"event": "launch"})["result"]
        self.assertEqual((relaunched["crashed"], relaunched["running"]), (False, True))

    def test_a_broken_harness_answer_is_an_adapter_error_not_a_crash(self) -> None:
        def broken(method: str, params: Dict[str, Any]) -> Tuple[str, Any]:
            return "error", {"code": -32601, "message": "no such method"}

        self.handshake()
        response = self.harness.request("event", {"event": "launch"}, broken)
        self.assertEqual(response["error"]["code"], -32603)
        self.assertIn("no such method", response["error"]["message"])

    def test_unknown_methods_and_events_are_refused(self) -> None:
        self.handshake()
        self.assertEqual(self.harness.request("frobnicate", {})["error"]["code"], -32601)
        self.assertEqual(self.harness.request("event", {"event": "shake"})["error"]["code"], -32602)

    def test_shutdown_answers_then_exits_zero_and_stdout_carried_protocol_only(self) -> None:
        self.handshake()
        self.assertEqual(self.harness.request("shutdown")["result"], {})
        self.assertEqual(self.harness.process.stdout.read(), "")
        self.assertEqual(self.harness.close(), 0)


class DecodingTests(unittest.TestCase):
    def test_a_result_without_id_token_decodes_with_none(self) -> None:
        value = dict(RESULT)
        del value["idToken"]
        self.assertIsNone(result_from_wire(value).id_token)

    def test_null_and_absent_accounts_are_none(self) -> None:
        self.assertIsNone(account_from_wire(None))
        self.assertEqual(account_from_wire(ALICE).name, "Alice Adams")

    def test_errors_with_a_domain_are_msal_errors_and_others_are_the_hosts(self) -> None:
        broker = _error_from_wire("m", {"code": -50000, "message": "x",
                                        "data": {"domain": "MSALErrorDomain", "internalCode": -42714}})
        self.assertIsInstance(broker, MSALError)
        self.assertTrue(broker.is_transient)
        offline = _error_from_wire("m", {"code": -1009, "message": "offline", "data": {"domain": "NSURLErrorDomain"}})
        self.assertTrue(offline.is_transient)
        self.assertIsInstance(_error_from_wire("m", {"code": -32603, "message": "boom"}), RemoteError)


if __name__ == "__main__":
    unittest.main()
