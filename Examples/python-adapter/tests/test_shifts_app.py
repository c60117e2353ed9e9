"""The app model behaves as Microsoft's shared-device guidance says, against an in-memory broker."""

from __future__ import annotations

import logging
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fake_broker import ALICE, BOB, FakeDevice  # noqa: E402
from shifts_app import API_SCOPES, BOARD_UPDATED, RECORDS_FILE, SAFETY_MANUAL, SNAPSHOT_COVER, ShiftsApp  # noqa: E402

logging.getLogger("shifts").setLevel(logging.CRITICAL)  # the app's own log lines are not under test


def make_app(device: FakeDevice, *flaws: str) -> ShiftsApp:
    return ShiftsApp(device, device, frozenset(flaws))


def everything(app: ShiftsApp) -> str:
    """Screen and storage as one string, to search for a user's markers."""
    screen = " ".join(element.text for element in app.screen())
    storage = " ".join(f"{area} {key} {value}" for area, key, value in app.storage())
    return screen + " " + storage


def shows_data_of(app: ShiftsApp, device: FakeDevice, account) -> bool:
    text = everything(app)
    return any(marker in text for marker in (account.username, account.name, account.identifier.split(".")[0],
                                             device.marker(account)))


class LaunchTests(unittest.TestCase):
    def test_launch_with_an_account_signs_in_silently_and_shows_records(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        self.assertEqual(app.signed_in_account(), ALICE.identifier)
        self.assertEqual(device.count("acquireToken"), 0)
        self.assertEqual(device.count("getDeviceInformation"), 1)
        screen = [element.text for element in app.screen()]
        self.assertIn("Signed in as Alice Adams", screen)
        self.assertTrue(any(device.marker(ALICE) in text for text in screen))
        self.assertIsNotNone(app.sandbox.get("file", RECORDS_FILE))

    def test_launch_with_nobody_signed_in_prompts_for_nothing_and_hides_sign_up_when_shared(self) -> None:
        device = FakeDevice(user_at_device=ALICE)
        app = make_app(device)
        app.launch()
        self.assertIsNone(app.signed_in_account())
        self.assertEqual(device.count("acquireToken"), 0)
        buttons = [element.text for element in app.screen() if element.kind == "button"]
        self.assertEqual(buttons, ["Sign in"])

    def test_a_personal_device_offers_sign_up(self) -> None:
        app = make_app(FakeDevice(shared=False))
        app.launch()
        self.assertIn("Sign up", [element.text for element in app.screen()])

    def test_relaunch_restores_the_same_user_silently(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        app.terminate()
        self.assertEqual(app.screen(), [])
        self.assertNotIn("memory", [area for area, _, _ in app.storage()])
        app.launch()
        self.assertEqual(app.signed_in_account(), ALICE.identifier)
        self.assertEqual(device.count("acquireToken"), 0)

    def test_interaction_required_costs_exactly_one_prompt_with_a_login_hint(self) -> None:
        device = FakeDevice(interaction_required=True)
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        self.assertEqual(device.count("acquireToken"), 1)
        self.assertEqual(device.calls[-2][1]["loginHint"], ALICE.username)
        self.assertEqual(app.signed_in_account(), ALICE.identifier)

    def test_offline_at_launch_prompts_for_nothing_and_refresh_signs_in_with_one_silent_call(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        device.answer_next("acquireTokenSilent", "networkError")
        app = make_app(device)
        app.launch()
        self.assertTrue(app.running)
        self.assertEqual(device.count("acquireToken"), 0)
        self.assertNotIn("error", [element.kind for element in app.screen()])
        silent_before = device.count("acquireTokenSilent")
        app.refresh()
        self.assertEqual(device.count("acquireTokenSilent") - silent_before, 1)
        self.assertEqual(app.signed_in_account(), ALICE.identifier)


class SignOutTests(unittest.TestCase):
    def setUp(self) -> None:
        self.device = FakeDevice()
        self.device.sign_in_globally(ALICE)

    def test_a_broadcast_after_global_sign_out_clears_everything(self) -> None:
        app = make_app(self.device)
        app.launch()
        self.device.sign_out_globally()
        app.account_changed()
        self.assertIsNone(app.signed_in_account())
        self.assertEqual(app.storage(), [("notification", *BOARD_UPDATED), ("spotlight", *SAFETY_MANUAL)])
        self.assertFalse(shows_data_of(app, self.device, ALICE))

    def test_a_broadcast_while_suspended_is_not_delivered_but_resume_checks_the_account(self) -> None:
        app = make_app(self.device)
        app.launch()
        app.suspend()
        self.device.sign_out_globally()
        app.account_changed()
        self.assertEqual(app.signed_in_account(), ALICE.identifier)
        app.resume()
        self.assertIsNone(app.signed_in_account())
        self.assertFalse(shows_data_of(app, self.device, ALICE))

    def test_sign_out_while_not_running_is_found_at_launch(self) -> None:
        app = make_app(self.device)
        app.launch()
        app.terminate()
        self.device.sign_out_globally()
        app.launch()
        self.assertIsNone(app.signed_in_account())
        self.assertFalse(shows_data_of(app, self.device, ALICE))

    def test_signing_out_in_the_app_signs_out_globally_and_clears_everything(self) -> None:
        app = make_app(self.device)
        app.launch()
        app.tap_sign_out()
        self.assertEqual(self.device.count("signout"), 1)
        self.assertIsNone(self.device.account)
        # Only the surfaces' items without user data stay.
        self.assertEqual(app.storage(), [("notification", *BOARD_UPDATED), ("spotlight", *SAFETY_MANUAL)])
        self.assertEqual([element.text for element in app.screen()], ["Not signed in", "Sign in"])

    def test_leave_records_flaw_leaves_the_records_file(self) -> None:
        app = make_app(self.device, "leave-records")
        app.launch()
        app.tap_sign_out()
        self.assertEqual([key for area, key, _ in app.storage() if area == "file"], [RECORDS_FILE])


class SwitchAndBroadcastTests(unittest.TestCase):
    def test_a_user_change_clears_the_previous_user_and_shows_the_new_one_without_a_prompt(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        device.sign_in_globally(BOB)
        app.account_changed()
        self.assertEqual(app.signed_in_account(), BOB.identifier)
        self.assertEqual(device.count("acquireToken"), 0)
        self.assertFalse(shows_data_of(app, device, ALICE))
        self.assertIn(device.marker(BOB), everything(app))

    def test_alice_bob_alice_shows_only_alices_new_session(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        first_session = device.marker(ALICE)
        for account in (BOB, ALICE):
            device.sign_in_globally(account)
            app.account_changed()
        self.assertNotIn(first_session, everything(app))
        self.assertIn(device.marker(ALICE), everything(app))
        self.assertNotIn(BOB.username, everything(app))

    def test_an_unchanged_broadcast_calls_nothing_but_get_current_account(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device)
        app.launch()
        before = list(device.calls)
        storage = app.storage()
        for _ in range(5):
            app.account_changed()
        self.assertEqual([name for name, _ in device.calls[len(before):]], ["getCurrentAccount"] * 5)
        self.assertEqual(app.storage(), storage)

    def test_the_compare_previous_flaw_wipes_on_an_unchanged_broadcast(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device, "compare-previous")
        app.launch()
        before = device.count("fetchRecords")
        app.account_changed()
        self.assertEqual(device.count("fetchRecords") - before, 1)


class InteractiveTests(unittest.TestCase):
    def test_cancel_shows_no_error_and_a_second_tap_signs_in_with_one_more_prompt(self) -> None:
        device = FakeDevice(user_at_device=ALICE)
        app = make_app(device)
        app.launch()
        device.answer_next("acquireToken", "cancel")
        app.tap_sign_in()
        self.assertIsNone(app.signed_in_account())
        self.assertNotIn("error", [element.kind for element in app.screen()])
        app.tap_sign_in()
        self.assertEqual(device.count("acquireToken"), 2)
        self.assertEqual(app.signed_in_account(), ALICE.identifier)

    def test_cancel_as_error_flaw_shows_an_error(self) -> None:
        device = FakeDevice(user_at_device=ALICE)
        app = make_app(device, "cancel-as-error")
        app.launch()
        device.answer_next("acquireToken", "cancel")
        app.tap_sign_in()
        self.assertIn("error", [element.kind for element in app.screen()])

    def test_interactive_sign_in_asks_up_front_for_every_scope_used_silently_later(self) -> None:
        device = FakeDevice(user_at_device=ALICE)
        app = make_app(device)
        app.launch()
        app.tap_sign_in()
        app.refresh()
        asked = set(device.calls[[name for name, _ in device.calls].index("acquireToken")][1]["scopes"])
        asked |= set(next(params["extra"] for name, params in device.calls if name == "acquireToken"))
        silent = {scope for name, params in device.calls if name == "acquireTokenSilent" for scope in params["scopes"]}
        self.assertTrue(silent)
        self.assertLessEqual(silent, asked)
        self.assertEqual(set(API_SCOPES), silent)

    def test_a_result_without_id_token_is_a_failed_sign_in_not_a_crash(self) -> None:
        device = FakeDevice(user_at_device=ALICE)
        app = make_app(device)
        app.launch()
        device.answer_next("acquireToken", "noIdToken")
        app.tap_sign_in()
        self.assertTrue(app.running)
        self.assertIsNone(app.signed_in_account())
        self.assertEqual(app.sandbox.items(), [])

    def test_the_force_unwrap_flaw_raises_on_a_missing_id_token(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        device.answer_next("acquireTokenSilent", "noIdToken")
        app = make_app(device, "force-unwrap-idtoken")
        with self.assertRaises(RuntimeError):
            app.launch()

    def test_sign_out_local_only_flaw_leaves_the_device_signed_in(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device, "sign-out-local-only")
        app.launch()
        app.tap_sign_out()
        self.assertIsNone(app.signed_in_account())
        self.assertEqual(device.count("signout"), 0)
        self.assertEqual(device.count("removeAccount"), 1)
        self.assertEqual(device.account, ALICE)

    def test_trust_all_accounts_flaw_keeps_a_user_the_broker_signed_out(self) -> None:
        device = FakeDevice()
        device.sign_in_globally(ALICE)
        app = make_app(device, "trust-all-accounts")
        app.launch()
        device.sign_out_globally()
        app.account_changed()
        self.assertEqual(app.signed_in_account(), ALICE.identifier)
        correct = make_app(device)
        correct.launch()
        self.assertIsNone(correct.signed_in_account())

    def test_the_keep_flaws_each_leave_the_user_on_their_surface_only(self) -> None:
        for flaw, area in (("keep-notifications", "notification"), ("keep-spotlight", "spotlight"),
                           ("keep-pasteboard", "pasteboard"), ("keep-widget", "widget"), ("keep-activities", "activity")):
            device = FakeDevice()
            device.sign_in_globally(ALICE)
            app = make_app(device, flaw)
            app.launch()
            app.tap_sign_out()
            with_user = {item_area for item_area, key, value in app.storage()
                         if ALICE.name in value or device.marker(ALICE) in value}
            self.assertEqual(with_user, {area}, flaw)

    def test_the_switcher_shows_the_cover_unless_the_snapshot_flaw_is_on(self) -> None:
        for flaws, shows_alice in (((), False), (("snapshot-shows-data",), True)):
            device = FakeDevice()
            device.sign_in_globally(ALICE)
            app = make_app(device, *flaws)
            app.launch()
            app.suspend()
            snapshot = [value for area, _, value in app.storage() if area == "snapshot"]
            self.assertEqual(len(snapshot), 1)
            self.assertEqual(ALICE.name in snapshot[0], shows_alice)
            if not shows_alice:
                self.assertEqual(snapshot, [SNAPSHOT_COVER])
            app.resume()
            self.assertFalse(any(area == "snapshot" for area, _, _ in app.storage()))

    def test_the_final_sync_flaw_sends_the_ended_session_token_after_each_sign_out(self) -> None:
        for flaws, syncs in (((), False), (("final-sync-after-sign-out",), True)):
            device = FakeDevice()
            device.sign_in_globally(ALICE)
            app = make_app(device, *flaws)
            app.launch()
            token = app.sandbox.get("keychain", "session.accessToken")
            app.tap_sign_out()
            self.assertEqual(device.calls[-1] == ("fetchRecords", {"accessToken": token}), syncs, flaws)
            device.sign_in_globally(ALICE)
            app.account_changed()
            token = app.sandbox.get("keychain", "session.accessToken")
            device.sign_out_globally()
            app.account_changed()
            self.assertEqual(device.calls[-1] == ("fetchRecords", {"accessToken": token}), syncs, flaws)
            self.assertIsNone(app.signed_in_account())

    def test_the_cache_device_mode_flaw_asks_only_at_the_first_launch(self) -> None:
        for flaws, asks in (((), 2), (("cache-device-mode",), 1)):
            device = FakeDevice()
            device.sign_in_globally(ALICE)
            app = make_app(device, *flaws)
            app.launch()
            app.terminate()
            app.launch()
            self.assertEqual(device.count("getDeviceInformation"), asks, flaws)
            self.assertEqual([e.text for e in app.screen() if e.kind == "button"], ["Refresh", "Sign out"])

    def test_an_unknown_flaw_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            make_app(FakeDevice(), "no-such-flaw")


if __name__ == "__main__":
    unittest.main()
