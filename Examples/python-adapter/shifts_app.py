"""Contoso Shifts: a small app model that signs in and out the way Microsoft's shared-device guidance says.

This module is "the app". It knows nothing about the harness or JSON-RPC: it talks to MSAL through
the `Broker` interface and to its own backend through the `Backend` interface, keeps its data in a
`Sandbox` (keychain, files, defaults, caches that survive a relaunch) and in process memory, and
describes what it shows with `Element`s. The adapter (adapter.py) plugs harness-backed
implementations of `Broker` and `Backend` into it.

The sign-in and sign-out logic follows Microsoft's Shared Device Mode guidance:
- check the account (getCurrentAccount) on every launch, resume and account-change broadcast,
  and compare identifiers: a non-nil previousAccount is not a change by itself;
- on sign-out or a user change clear everything the app keeps (MSAL clears only its token cache);
- sign in silently; only InteractionRequired (-50002) justifies the interactive sheet;
- UserCanceled (-50005) is a normal outcome, never shown as an error;
- MSALResult.idToken is optional: a missing one is a failed sign-in, never a crash;
- ask for every scope up front (extraScopesToConsent) so a session costs at most one prompt.

Python 3.9+, standard library only.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Tuple

log = logging.getLogger("shifts")

MSAL_ERROR_DOMAIN = "MSALErrorDomain"
URL_ERROR_DOMAIN = "NSURLErrorDomain"
BACKEND_ERROR_DOMAIN = "BackendErrorDomain"

# MSALError top-level codes and the internal codes this app cares about.
MSAL_INTERNAL = -50000
MSAL_INTERACTION_REQUIRED = -50002
MSAL_USER_CANCELED = -50005
MSAL_INTERNAL_AMBIGUOUS_ACCOUNT = -42102
MSAL_INTERNAL_BROKER_NOT_AVAILABLE = -42714

# The token scopes the app signs in with, and the ones it will need later: asked for up front.
SIGN_IN_SCOPES = ["User.Read"]
EXTRA_SCOPES_TO_CONSENT = ["Tasks.Read"]
API_SCOPES = SIGN_IN_SCOPES + EXTRA_SCOPES_TO_CONSENT

RECORDS_FILE = "Documents/shifts.json"

# Deliberate mistakes, switched on with adapter.py --flaw NAME, to show that the harness catches them.
FLAWS = {
    "leave-records": "sign-out and user change leave the records file behind",
    "cancel-as-error": "a dismissed sign-in sheet (UserCanceled) is shown as an error",
    "force-unwrap-idtoken": "a result without idToken crashes the app",
    "no-resume-check": "resume does not check the account",
    "interactive-on-any-error": "any silent failure (e.g. offline) falls back to the interactive sheet",
    "compare-previous": "a non-nil previousAccount is taken as an account change and wipes the session",
    "show-sign-up": "the signed-out screen offers 'Sign up' even on a shared device",
    "sign-out-local-only": "sign-out removes the account from the app's MSAL cache (remove) instead of signing out",
    "trust-all-accounts": "decides who is signed in with allAccounts() when it lists anyone, not getCurrentAccount",
    "keep-notifications": "sign-out leaves the user's shift reminder in the app's notifications",
    "keep-spotlight": "sign-out leaves the user's shifts indexed in Spotlight",
    "keep-pasteboard": "sign-out leaves the shift the user copied on the pasteboard",
    "keep-widget": "sign-out leaves the user's next shift in the widget's timeline",
    "keep-activities": "sign-out leaves the user's Live Activity running",
    "snapshot-shows-data": "no cover when the app moves to the background: the switcher's snapshot shows the user's shifts",
    "final-sync-after-sign-out": "when the session ends, a last sync sends the user's drafts with the ended session's token",
    "cache-device-mode": "asks for device information at the first launch only, then uses the mode it stored",
    "apply-late-records": "records that arrive after the user was wiped (sign-out, Jamf Reset, user change) are shown and stored",
    "keep-late-token": "a silent token that arrives after the user was wiped, or another user signed in, is taken as the session",
    "draw-stored-before-check": "at launch, shows the stored session and shifts before the account check answers",
}

# The device surface each keep-* flaw leaves the user's data on.
KEPT_SURFACE = {"keep-notifications": "notification", "keep-spotlight": "spotlight", "keep-pasteboard": "pasteboard",
                "keep-widget": "widget", "keep-activities": "activity"}

# Kept on purpose after a sign-out: no user data in them, so they must not read as leftovers.
BOARD_UPDATED = ("delivered/board-updated", "Shift board updated")
SAFETY_MANUAL = ("reference/safety-manual", "Contoso safety manual: lifting, ladders and first aid")
HARMLESS = {("notification", BOARD_UPDATED[0]), ("spotlight", SAFETY_MANUAL[0])}
# What a shared device's app switcher shows of the app: its cover, put up when the scene resigns active.
SNAPSHOT_COVER = "Contoso Shifts"


class HostFailure(Exception):
    """The platform under the app (here: the adapter and harness) failed; this is never an app bug."""


class MSALError(Exception):
    """An error as MSAL reports it: a domain, a code and, for -50000, an internal code."""

    def __init__(self, code: int, message: str = "", domain: str = MSAL_ERROR_DOMAIN,
                 internal_code: Optional[int] = None) -> None:
        super().__init__(f"{domain} {code}" + (f" ({internal_code})" if internal_code is not None else "")
                         + (f": {message}" if message else ""))
        self.code = code
        self.message = message
        self.domain = domain
        self.internal_code = internal_code

    @property
    def is_interaction_required(self) -> bool:
        """True for InteractionRequired (-50002), the only error that justifies the interactive sheet."""
        return self.domain == MSAL_ERROR_DOMAIN and self.code == MSAL_INTERACTION_REQUIRED

    @property
    def is_user_canceled(self) -> bool:
        """True when the user dismissed Microsoft's sheet: a normal outcome."""
        return self.domain == MSAL_ERROR_DOMAIN and self.code == MSAL_USER_CANCELED

    @property
    def is_transient(self) -> bool:
        """True for failures that a later retry may fix: offline, broker not available."""
        if self.domain == URL_ERROR_DOMAIN:
            return True
        return (self.domain == MSAL_ERROR_DOMAIN and self.code == MSAL_INTERNAL
                and self.internal_code == MSAL_INTERNAL_BROKER_NOT_AVAILABLE)

    @property
    def is_ambiguous_account(self) -> bool:
        """True when the broker sees more than one account on a shared device."""
        return (self.domain == MSAL_ERROR_DOMAIN and self.code == MSAL_INTERNAL
                and self.internal_code == MSAL_INTERNAL_AMBIGUOUS_ACCOUNT)


@dataclass(frozen=True)
class Account:
    """MSALAccount, reduced to what the app uses."""

    identifier: str
    username: Optional[str] = None
    name: Optional[str] = None

    @property
    def display_name(self) -> str:
        """The name to show: the display name, else the username, else the identifier."""
        return self.name or self.username or self.identifier


@dataclass(frozen=True)
class TokenResult:
    """MSALResult, reduced to what the app uses; id_token is optional, as in MSAL."""

    access_token: str
    id_token: Optional[str]
    scopes: Tuple[str, ...]
    account: Account


@dataclass(frozen=True)
class Record:
    """One shift task from the app's backend."""

    id: str
    title: str
    detail: str


@dataclass(frozen=True)
class Element:
    """One visible element: kind is text, button, alert, error or signInSheet; record is true for a
    row that displays a backend record, which does not show who is signed in."""

    kind: str
    text: str
    record: bool = False


class Broker:
    """The MSAL calls the app makes (MSALPublicClientApplication in Shared Device Mode)."""

    def get_device_information(self) -> bool:
        """Returns True when the device is in Shared Device Mode."""
        raise NotImplementedError

    def get_current_account(self) -> Tuple[Optional[Account], Optional[Account]]:
        """Returns (current account, previous account) as MSAL's getCurrentAccount does."""
        raise NotImplementedError

    def acquire_token_silent(self, scopes: List[str], account_identifier: str,
                             force_refresh: bool = False) -> TokenResult:
        """Gets a token with no UI, or raises MSALError."""
        raise NotImplementedError

    def acquire_token(self, scopes: List[str], extra_scopes_to_consent: List[str],
                      prompt_type: str = "promptIfNecessary",
                      login_hint: Optional[str] = None) -> TokenResult:
        """Shows Microsoft's sign-in sheet once, or raises MSALError."""
        raise NotImplementedError

    def signout(self, account_identifier: str, signout_from_browser: bool = False,
                wipe_account: bool = False) -> None:
        """Signs the account out (device-wide in Shared Device Mode)."""
        raise NotImplementedError

    def all_accounts(self) -> List[Account]:
        """MSAL's allAccounts(): the accounts in the app's own MSAL cache (never asks the broker)."""
        raise NotImplementedError

    def remove_account(self, account_identifier: str) -> None:
        """MSAL's remove(_:): removes the account from the app's own MSAL cache only."""
        raise NotImplementedError


class Backend:
    """The app's own backend."""

    def fetch_records(self, access_token: str) -> List[Record]:
        """Returns the signed-in user's records, or raises MSALError (e.g. offline, 401)."""
        raise NotImplementedError


class Sandbox:
    """What the app keeps on the device across launches: keychain, files, defaults, caches."""

    AREAS: Tuple[str, ...] = ("keychain", "file", "defaults", "cache")

    def __init__(self) -> None:
        self._areas: Dict[str, Dict[str, str]] = {area: {} for area in self.AREAS}

    def put(self, area: str, key: str, value: str) -> None:
        """Stores a value."""
        self._areas[area][key] = value

    def get(self, area: str, key: str) -> Optional[str]:
        """Reads a value, or None."""
        return self._areas[area].get(key)

    def remove(self, area: str, key: str) -> None:
        """Removes a value if present."""
        self._areas[area].pop(key, None)

    def keys(self, area: str) -> List[str]:
        """The keys stored in an area."""
        return list(self._areas[area])

    def items(self) -> List[Tuple[str, str, str]]:
        """Every stored (area, key, value)."""
        return [(area, key, value) for area in self.AREAS for key, value in sorted(self._areas[area].items())]


class DeviceSurfaces(Sandbox):
    """What the app leaves on the device beyond its sandbox (protocol 1.4 areas): notifications,
    Spotlight items, pasteboard items, its widget's timeline, Live Activities; and the switcher's
    snapshot, taken when the app moves to the background and shown until it runs again."""

    AREAS = ("notification", "spotlight", "pasteboard", "widget", "activity", "snapshot")


@dataclass
class Session:
    """The signed-in user as the app holds it in memory."""

    account: Account
    access_token: str
    id_token: str


class _Process:
    """The app's memory while it runs: gone on terminate or crash."""

    def __init__(self) -> None:
        self.foreground = True
        self.shared_mode: Optional[bool] = None   # None: unknown (broker unavailable)
        self.session: Optional[Session] = None
        self.pending_account: Optional[Account] = None   # known from the broker, no token yet (offline)
        self.records: List[Record] = []
        self.notice: Optional[str] = None          # informational text (offline, retry later)
        self.error: Optional[str] = None           # a real failure the user should see


class ShiftsApp:
    """The Contoso Shifts app: screens, storage and the Shared Device Mode sign-in and sign-out logic."""

    def __init__(self, broker: Broker, backend: Backend, flaws: FrozenSet[str] = frozenset()) -> None:
        unknown = set(flaws) - set(FLAWS)
        if unknown:
            raise ValueError(f"unknown flaw(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(FLAWS))}")
        self.broker = broker
        self.backend = backend
        self.flaws = frozenset(flaws)
        self.sandbox = Sandbox()
        self.surfaces = DeviceSurfaces()
        self._process: Optional[_Process] = None
        self.crashed = False
        # How many times the app has cleared a user: an answer to a call made before the last
        # clearing is the previous user's, and is dropped (protocol 1.6's late answers).
        self.generation = 0
        # How many account checks have begun: only the latest decides. One answered after a newer one
        # began (a resume's, held while the device changed hands and back) says who was on the device
        # before the newer one asked.
        self.checks_begun = 0

    # -- lifecycle -------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while the app's process exists."""
        return self._process is not None

    def launch(self) -> None:
        """Cold launch: detect shared mode, check the account, then restore what was stored for that user."""
        if self._process is not None:
            log.info("launch while running: already in the foreground")
            self._process.foreground = True
            return
        self._process = _Process()
        self.crashed = False
        self.surfaces.remove("snapshot", "switcher")
        self._detect_shared_mode()
        if "draw-stored-before-check" in self.flaws:
            self._restore_session()
        # Nothing stored is drawn before the check answers: whoever holds the device now may not be
        # the user it belongs to (the check restores it once it has cleared another user's).
        self._check_account("launch")

    def suspend(self) -> None:
        """To the background: broadcasts stop reaching the app, and iOS takes the switcher's snapshot,
        after the app has put up its cover (unless it knows the device is personal)."""
        process = self._require_process()
        if process.shared_mode is False or "snapshot-shows-data" in self.flaws:
            shown = "\n".join(element.text for element in self.screen())
        else:
            shown = SNAPSHOT_COVER
        self.surfaces.put("snapshot", "switcher", shown)
        process.foreground = False

    def resume(self) -> None:
        """Back to the foreground: the account may have changed meanwhile, so check it."""
        process = self._require_process()
        process.foreground = True
        self.surfaces.remove("snapshot", "switcher")
        if "no-resume-check" in self.flaws:
            return
        self._check_account("resume")

    def terminate(self) -> None:
        """The process ends: memory is gone, the sandbox stays."""
        self._process = None

    def crash(self) -> None:
        """The process died of an uncaught error: memory is gone, the sandbox stays."""
        self._process = None
        self.crashed = True

    # -- user actions and notifications --------------------------------------------------------------

    def tap_sign_in(self) -> None:
        """The sign-in button: one interactive sheet asking for every scope up front."""
        process = self._require_process()
        if process.session is not None:
            return
        hint = process.pending_account.username if process.pending_account else None
        self._sign_in_interactively(login_hint=hint)

    def tap_sign_out(self) -> None:
        """The sign-out button: global sign-out through MSAL, then clear everything."""
        process = self._require_process()
        identifier = (process.session.account.identifier if process.session
                      else self.sandbox.get("keychain", "session.account"))
        ended_token = self._session_token()
        if identifier is not None:
            try:
                if "sign-out-local-only" in self.flaws:
                    self.broker.remove_account(identifier)
                else:
                    self.broker.signout(identifier, signout_from_browser=False, wipe_account=False)
            except MSALError as error:
                # The local session ends anyway; the next account check will see what the broker says.
                log.warning("signout failed: %s", error)
        self._clear_user_data("signed out from the app")
        self._final_sync(ended_token)

    def refresh(self) -> None:
        """Pull to refresh / retry: a silent token, then fresh records."""
        process = self._require_process()
        account = process.session.account if process.session else process.pending_account
        if account is None:
            self._check_account("refresh")
            return
        self._sign_in_silently(account)

    def account_changed(self) -> None:
        """SHARED_MODE_CURRENT_ACCOUNT_CHANGED: no payload, so ask the broker and compare."""
        process = self._require_process()
        if not process.foreground:
            log.info("broadcast while suspended: not delivered")
            return
        self._check_account("broadcast")

    # -- what the app shows and keeps -------------------------------------------------------------------

    def screen(self) -> List[Element]:
        """Every visible element, in order."""
        process = self._process
        if process is None:
            return []
        elements: List[Element] = []
        if process.session is not None:
            account = process.session.account
            elements.append(Element("text", f"Signed in as {account.display_name}"))
            if account.username:
                elements.append(Element("text", account.username))
            elements.extend(Element("text", f"{record.title}: {record.detail}", record=True) for record in process.records)
        else:
            elements.append(Element("text", "Not signed in"))
        if process.notice:
            elements.append(Element("text", process.notice))
        if process.error:
            elements.append(Element("error", process.error))
        if process.session is not None:
            elements.append(Element("button", "Refresh"))
            elements.append(Element("button", "Sign out"))
        else:
            elements.append(Element("button", "Sign in"))
            if process.shared_mode is False or "show-sign-up" in self.flaws:
                elements.append(Element("button", "Sign up"))
        return elements

    def storage(self) -> List[Tuple[str, str, str]]:
        """Everything the app keeps: the sandbox, its memory while it runs, and the device's surfaces."""
        items = self.sandbox.items() + self.surfaces.items()
        process = self._process
        if process is not None:
            if process.session is not None:
                session = process.session
                items.append(("memory", "session",
                              f"{session.account.identifier} {session.account.display_name} {session.access_token}"))
            if process.pending_account is not None:
                items.append(("memory", "pendingAccount",
                              f"{process.pending_account.identifier} {process.pending_account.username or ''}"))
            if process.records:
                items.append(("memory", "records", json.dumps([record.__dict__ for record in process.records])))
        return items

    def signed_in_account(self) -> Optional[str]:
        """The identifier of the account the app considers signed in, or None."""
        process = self._process
        if process is None or process.session is None:
            return None
        return process.session.account.identifier

    # -- the logic -------------------------------------------------------------------------------------------

    def _require_process(self) -> _Process:
        if self._process is None:
            raise RuntimeError("event for an app that is not running")
        return self._process

    def _detect_shared_mode(self) -> None:
        process = self._require_process()
        kept = self.sandbox.get("defaults", "deviceMode")
        if "cache-device-mode" in self.flaws and kept is not None:
            # The flawed launch: the mode the first launch stored, as if the device could not change it since.
            process.shared_mode = kept == "shared"
            return
        try:
            process.shared_mode = self.broker.get_device_information()
        except MSALError as error:
            log.warning("getDeviceInformation failed (%s): treating the device as shared", error)
            process.shared_mode = None
        if "cache-device-mode" in self.flaws and process.shared_mode is not None:
            self.sandbox.put("defaults", "deviceMode", "shared" if process.shared_mode else "default")

    def _session_token(self) -> Optional[str]:
        """The access token of the session the app holds or stored, if any."""
        process = self._process
        if process is not None and process.session is not None:
            return process.session.access_token
        return self.sandbox.get("keychain", "session.accessToken")

    def _final_sync(self, ended_token: Optional[str]) -> None:
        """The final-sync-after-sign-out flaw: the user's unsent drafts go to the backend with the ended
        session's token (fetch_records, the app's one backend call, stands for the sync). The backend
        refuses it; the app ignores the answer."""
        if "final-sync-after-sign-out" not in self.flaws or ended_token is None:
            return
        try:
            self.backend.fetch_records(ended_token)
        except MSALError as error:
            log.info("final sync refused: %s", error)

    def _restore_session(self) -> None:
        """Loads the last session from the keychain and the records file, once the launch's account
        check has cleared them if they were another user's: to show while the token is renewed, or
        when the check could not answer (offline)."""
        process = self._require_process()
        identifier = self.sandbox.get("keychain", "session.account")
        access_token = self.sandbox.get("keychain", "session.accessToken")
        id_token = self.sandbox.get("keychain", "session.idToken")
        if identifier is None or access_token is None or id_token is None:
            return
        profile = json.loads(self.sandbox.get("keychain", "session.profile") or "{}")
        account = Account(identifier, profile.get("username"), profile.get("name"))
        process.session = Session(account, access_token, id_token)
        try:
            stored = json.loads(self.sandbox.get("file", RECORDS_FILE) or "[]")
            process.records = [Record(item["id"], item["title"], item["detail"]) for item in stored]
        except (ValueError, KeyError, TypeError):
            log.warning("records file unreadable: ignored")
            process.records = []

    def _check_account(self, reason: str) -> None:
        """getCurrentAccount, then compare identifiers with the app's own session."""
        process = self._require_process()
        # A check answered after the app cleared a user or began another sign-in is older than what
        # the app knows now: dropped.
        asked = self.generation
        self.checks_begun += 1
        check = self.checks_begun
        failure = None
        try:
            cached = self.broker.all_accounts() if "trust-all-accounts" in self.flaws else []
            if cached:
                # The classic plugin mistake: the app's own MSAL cache still lists a user the broker signed out.
                current, previous = cached[0], None
            else:
                current, previous = self.broker.get_current_account()
        except MSALError as error:
            failure = error
        # Only the latest check decides, its failure as much as its answer.
        if self.generation != asked or check != self.checks_begun:
            log.info("%s: an account check answered late: dropped", reason)
            return
        if failure is not None:
            if failure.is_ambiguous_account:
                self._clear_user_data("more than one account on a shared device")
                process.error = "More than one account is signed in on this device. Ask your administrator."
            else:
                log.warning("%s: getCurrentAccount failed (%s): keeping the current state", reason, failure)
                if reason == "launch":
                    self._restore_session()
                process.notice = "Can't reach Microsoft sign-in right now. Pull to refresh."
            return
        ours = (process.session.account.identifier if process.session
                else self.sandbox.get("keychain", "session.account"))
        if "compare-previous" in self.flaws and previous is not None:
            # The classic mistake: previousAccount is non-nil even when nothing changed.
            self._clear_user_data(f"{reason}: previousAccount present")
            ours = None
        if current is None:
            if ours is not None or process.pending_account is not None:
                ended_token = self._session_token()
                self._clear_user_data(f"{reason}: signed out elsewhere")
                self._final_sync(ended_token)
            else:
                # Nothing to clear, but a sign-in may be under way: its answer is for someone no longer here.
                self.generation += 1
            return
        # A user whose sign-in waits for the network counts too: once someone else holds the device,
        # the app keeps nothing of them, not even the account it meant to retry.
        pending = process.pending_account.identifier if process.pending_account else None
        if (ours is not None and ours != current.identifier) or (pending is not None and pending != current.identifier):
            self._clear_user_data(f"{reason}: user changed")
        if reason == "launch":
            self._restore_session()  # the current user's, if anything is left
        elif previous is not None and previous.identifier != current.identifier:
            log.info("%s: previousAccount differs; the app's own session already matches", reason)
        if process.session is not None and process.session.account.identifier == current.identifier:
            if reason in ("broadcast", "resume"):
                return  # nothing changed: keep everything, prompt for nothing
        # A sign-in begins: an answer still under way from an earlier one is dropped when it arrives.
        self.generation += 1
        self._sign_in_silently(current)

    def _sign_in_silently(self, account: Account) -> None:
        process = self._require_process()
        asked = self.generation
        try:
            result = self.broker.acquire_token_silent(list(API_SCOPES), account.identifier)
            # Wiped, or someone else signed in, while the token was under way: it is the previous user's.
            late = self.generation != asked or (process.session is not None and process.session.account.identifier != account.identifier)
            if late and "keep-late-token" not in self.flaws:
                log.info("a silent token for a user no longer signed in arrived late: dropped")
                return
        except MSALError as error:
            if self.generation != asked:
                return
            if error.is_interaction_required:
                self._sign_in_interactively(login_hint=account.username)
            elif "interactive-on-any-error" in self.flaws:
                self._sign_in_interactively(login_hint=account.username)
            elif error.is_transient:
                log.info("silent sign-in failed (%s): offline, retry later", error)
                if process.session is None:
                    process.pending_account = account
                process.notice = "You're offline. Pull to refresh to try again."
            else:
                log.warning("silent sign-in failed: %s", error)
                self._clear_user_data("silent sign-in failed")
                process.error = "Couldn't sign you in. Try again."
            return
        self._complete_sign_in(result)

    def _sign_in_interactively(self, login_hint: Optional[str]) -> None:
        process = self._require_process()
        asked = self.generation
        try:
            result = self.broker.acquire_token(list(SIGN_IN_SCOPES), list(EXTRA_SCOPES_TO_CONSENT),
                                               "promptIfNecessary", login_hint)
            if self.generation != asked:
                log.info("the sheet's answer arrived after the user was cleared: dropped")
                return
        except MSALError as error:
            if self.generation != asked:
                return
            if error.is_user_canceled:
                log.info("the user dismissed the sign-in sheet")
                if "cancel-as-error" in self.flaws:
                    process.error = "Sign-in failed: user cancelled the authorization session."
            elif error.is_transient:
                process.notice = "You're offline. Try again when you're connected."
            else:
                log.warning("interactive sign-in failed: %s", error)
                process.error = "Couldn't sign you in. Try again."
            return
        self._complete_sign_in(result)

    def _complete_sign_in(self, result: TokenResult) -> None:
        process = self._require_process()
        if result.id_token is None:
            if "force-unwrap-idtoken" in self.flaws:
                raise RuntimeError("Fatal error: Unexpectedly found nil while unwrapping an Optional value (idToken)")
            log.warning("token result without idToken: sign-in not completed")
            self._clear_user_data("result without idToken")
            process.error = "Couldn't finish signing you in. Try again."
            return
        missing = [scope for scope in API_SCOPES if scope not in result.scopes]
        if missing:
            log.warning("scopes not granted: %s (features needing them stay off)", ", ".join(missing))
        ours = (process.session.account.identifier if process.session
                else self.sandbox.get("keychain", "session.account"))
        if ours is not None and ours != result.account.identifier:
            self._clear_user_data("signed in as another user")
        account = result.account
        process.session = Session(account, result.access_token, result.id_token)
        process.pending_account = None
        process.notice = None
        process.error = None
        self.sandbox.put("keychain", "session.account", account.identifier)
        self.sandbox.put("keychain", "session.profile", json.dumps({"username": account.username, "name": account.name}))
        self.sandbox.put("keychain", "session.accessToken", result.access_token)
        self.sandbox.put("keychain", "session.idToken", result.id_token)
        if account.username:
            self.sandbox.put("defaults", "lastUsername", account.username)
        self._load_records()

    def _load_records(self) -> None:
        process = self._require_process()
        session = process.session
        if session is None:
            return
        asked = self.generation
        try:
            records = self.backend.fetch_records(session.access_token)
            if self.generation != asked and "apply-late-records" not in self.flaws:
                log.info("records of a user cleared meanwhile arrived late: dropped")
                return
        except MSALError as error:
            if self.generation != asked:
                return
            log.warning("fetchRecords failed: %s", error)
            process.notice = "Couldn't load your shifts. Pull to refresh."
            return
        process.records = records
        encoded = json.dumps([record.__dict__ for record in records])
        self.sandbox.put("file", RECORDS_FILE, encoded)
        self.sandbox.put("cache", f"records/{session.account.identifier}", encoded)
        self._publish_surfaces(session.account, records)

    def _publish_surfaces(self, account: Account, records: List[Record]) -> None:
        """A reminder, the shifts indexed for search, a copied shift, the widget and a Live Activity."""
        if not records:
            return
        first = records[0]
        name = account.display_name
        self.surfaces.put("notification", "pending/shift-reminder", f"{name}: {first.title} starts at 09:00")
        self.surfaces.put("notification", *BOARD_UPDATED)
        for record in records:
            self.surfaces.put("spotlight", f"shift/{record.id}", f"{record.title}: {record.detail}")
        self.surfaces.put("spotlight", *SAFETY_MANUAL)
        self.surfaces.put("pasteboard", "general/public.utf8-plain-text", first.detail)
        self.surfaces.put("widget", "timeline/next-shift", f"Next for {name}: {first.title}")
        self.surfaces.put("activity", "live/shift", f"{name} on shift: {len(records)} tasks")

    def _clear_user_data(self, reason: str) -> None:
        """Ends the session: memory, keychain, files, defaults and caches; nothing of the user remains."""
        log.info("clearing user data: %s", reason)
        self.generation += 1
        for area in Sandbox.AREAS:
            for key in self.sandbox.keys(area):
                if "leave-records" in self.flaws and area == "file" and key == RECORDS_FILE:
                    continue
                self.sandbox.remove(area, key)
        # The surfaces it can clear (removeAllDeliveredNotifications, deleteAllSearchableItems, the
        # pasteboard's items, reloadAllTimelines, Activity.end); the items without user data stay.
        kept = {KEPT_SURFACE[flaw] for flaw in self.flaws if flaw in KEPT_SURFACE}
        for area in ("notification", "spotlight", "pasteboard", "widget", "activity"):
            if area in kept:
                continue
            for key in self.surfaces.keys(area):
                if (area, key) in HARMLESS:
                    continue
                self.surfaces.remove(area, key)
        process = self._process
        if process is not None:
            process.session = None
            process.pending_account = None
            process.records = []
            process.notice = None
            process.error = None
