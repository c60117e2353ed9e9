"""An in-memory Shared Device Mode broker and backend for the app model's unit tests."""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from shifts_app import (  # noqa: E402
    MSAL_ERROR_DOMAIN, URL_ERROR_DOMAIN, Account, Backend, Broker, MSALError, Record, TokenResult,
)

ALICE = Account("oid-alice.tid-contoso", "alice.adams@contoso.example", "Alice Adams")
BOB = Account("oid-bob.tid-contoso", "bob.brown@contoso.example", "Bob Brown")


class FakeDevice(Broker, Backend):
    """A shared device: one account (or none), MSAL's previousAccount rule, scripted answers, a call log."""

    def __init__(self, account: Optional[Account] = None, user_at_device: Optional[Account] = None,
                 shared: bool = True, interaction_required: bool = False) -> None:
        self.account = account
        self.user_at_device = user_at_device
        self.shared = shared
        self.interaction_required = interaction_required
        self.calls: List[Tuple[str, Dict[str, Any]]] = []
        self.next_answers: Dict[str, List[str]] = {}
        self._previous_seen: Optional[Account] = None
        self._sessions: Dict[str, int] = {}
        self.local_accounts: List[Account] = []   # the app's own MSAL cache: written by token responses only

    # -- test controls --------------------------------------------------------------------------------

    def answer_next(self, method: str, answer: str) -> None:
        """Scripts the next call of method: networkError, cancel, interactionRequired, noIdToken."""
        self.next_answers.setdefault(method, []).append(answer)

    def sign_in_globally(self, account: Account) -> None:
        """Jamf Setup or a user switch: a new session for account."""
        self.account = account
        self._sessions[account.identifier] = self._sessions.get(account.identifier, 0) + 1

    def sign_out_globally(self) -> None:
        """Jamf Reset."""
        self.account = None

    def count(self, method: str) -> int:
        """How many times the app called method."""
        return sum(1 for name, _ in self.calls if name == method)

    def marker(self, account: Account) -> str:
        """The marker of account's latest session (in its tokens and records)."""
        return f"S-{account.identifier.split('.')[0]}-{self._sessions.get(account.identifier, 0)}"

    # -- Broker and Backend ------------------------------------------------------------------------------

    def _scripted(self, method: str) -> Optional[str]:
        queue = self.next_answers.get(method)
        return queue.pop(0) if queue else None

    def _peek(self, method: str) -> Optional[str]:
        queue = self.next_answers.get(method)
        return queue[0] if queue else None

    def get_device_information(self) -> bool:
        self.calls.append(("getDeviceInformation", {}))
        return self.shared

    def get_current_account(self) -> Tuple[Optional[Account], Optional[Account]]:
        self.calls.append(("getCurrentAccount", {}))
        previous, self._previous_seen = self._previous_seen, self.account
        return self.account, previous

    def _result(self, account: Account, scopes: List[str], method: str) -> TokenResult:
        scripted = self._scripted(method)
        if scripted == "networkError":
            raise MSALError(-1009, "offline", URL_ERROR_DOMAIN)
        marker = self.marker(account)
        if account not in self.local_accounts:
            self.local_accounts.append(account)
        return TokenResult(f"at-{marker}", None if scripted == "noIdToken" else f"id-{marker}", tuple(scopes), account)

    def acquire_token_silent(self, scopes: List[str], account_identifier: str,
                             force_refresh: bool = False) -> TokenResult:
        self.calls.append(("acquireTokenSilent", {"scopes": list(scopes), "account": account_identifier}))
        if self._peek("acquireTokenSilent") == "interactionRequired" or self.interaction_required:
            self._scripted("acquireTokenSilent")
            raise MSALError(-50002, "interaction required", MSAL_ERROR_DOMAIN)
        if self.account is None or self.account.identifier != account_identifier:
            raise MSALError(-50002, "no such account", MSAL_ERROR_DOMAIN)
        return self._result(self.account, scopes, "acquireTokenSilent")

    def acquire_token(self, scopes: List[str], extra_scopes_to_consent: List[str],
                      prompt_type: str = "promptIfNecessary", login_hint: Optional[str] = None) -> TokenResult:
        self.calls.append(("acquireToken", {"scopes": list(scopes), "extra": list(extra_scopes_to_consent),
                                            "promptType": prompt_type, "loginHint": login_hint}))
        if self._peek("acquireToken") == "cancel":
            self._scripted("acquireToken")
            raise MSALError(-50005, "user cancelled", MSAL_ERROR_DOMAIN)
        user = self.account or self.user_at_device
        if user is None:
            raise MSALError(-50005, "nobody at the device", MSAL_ERROR_DOMAIN)
        if self.account is None:
            self.sign_in_globally(user)
        self.interaction_required = False
        return self._result(user, list(scopes) + list(extra_scopes_to_consent), "acquireToken")

    def signout(self, account_identifier: str, signout_from_browser: bool = False, wipe_account: bool = False) -> None:
        self.calls.append(("signout", {"account": account_identifier}))
        self.local_accounts = [a for a in self.local_accounts if a.identifier != account_identifier]
        self.account = None

    def all_accounts(self) -> List[Account]:
        self.calls.append(("allAccounts", {}))
        return list(self.local_accounts)

    def remove_account(self, account_identifier: str) -> None:
        self.calls.append(("removeAccount", {"account": account_identifier}))
        self.local_accounts = [a for a in self.local_accounts if a.identifier != account_identifier]

    def fetch_records(self, access_token: str) -> List[Record]:
        self.calls.append(("fetchRecords", {"accessToken": access_token}))
        marker = access_token[len("at-"):]
        return [Record(f"rec-{marker}-{i}", f"Shift task {i} {marker}", f"Assigned ({marker}-{i})") for i in (1, 2)]
