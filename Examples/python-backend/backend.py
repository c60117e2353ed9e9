#!/usr/bin/env python3
"""A backend that verifies the Entra ID tokens its app posts, with PyJWT's PyJWKClient.

This is what production code looks like; the only thing the conformance harness changes is
where the keys come from: SL_OIDC_METADATA_URL (a loopback test tenant) instead of
https://login.microsoftonline.com/<tenant>/v2.0/.well-known/openid-configuration.

    POST /session  {"id_token": "<jwt>"}  -> 200 {"session": ..., "oid": ..., "tid": ...}
                                          -> 400 (no token, not JSON), 401 (token not valid), 413 (too large)
    GET  /health                          -> 200

`--flaw NAME` switches on one real mistake, to show what the harness catches (see README.md).
`--onboarded-tenants-only` (multi-tenant) admits only the tenants that signed up, as Microsoft
advises: the home tenant and, under the harness, SL_OTHER_TENANT_IDS (in production: your list
of customers); a token of any other tenant gets 403. It is no mistake: it passes every case.
"""

import argparse
import json
import os
import secrets
import sys
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt

# PyJWKClient(timeout=...) arrived in PyJWT 2.8. An older copy would fail every request with a
# TypeError; say what is needed once, at start, instead.
MINIMUM_PYJWT = (2, 8)


def _version(text):
    parts = []
    for part in text.split(".")[:2]:
        digits = "".join(c for c in part if c.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


if _version(getattr(jwt, "__version__", "0")) < MINIMUM_PYJWT:
    sys.exit(
        f"backend.py needs PyJWT {'.'.join(map(str, MINIMUM_PYJWT))} or later; found {getattr(jwt, '__version__', 'unknown')}.\n"
        "  fix: pip install -r Examples/python-backend/requirements.txt (in a virtual environment if the system's PyJWT is older)"
    )

MAX_BODY = 64 * 1024  # an ID token is a few KB; anything bigger is refused before it is parsed
LEEWAY = 300  # seconds of clock skew allowed, as Microsoft.IdentityModel does
FLAWS = {
    "no-signature-check": "decodes the token without verifying its signature (claims still checked)",
    "accepts-alg-none": "trusts the token's own alg header and lets alg none through unverified",
    "skips-empty-signature": "checks that alg is RS256, then verifies the signature only when the token carries one",
    "no-audience-check": "never checks aud",
    "issuer-not-tied-to-tid": "multi-tenant: accepts any https://login.microsoftonline.com/<guid>/v2.0 issuer",
    "crashes-on-bad-input": "lets unexpected exceptions become 500s (no input validation)",
    "caches-keys-forever": "fetches the JWKS once at start and never again",
    "no-expiry-check": "never checks exp",
}


def load_settings():
    """Everything comes from the environment the harness (or production) sets."""
    authority = os.environ["SL_AUTHORITY"]
    metadata_url = os.environ.get("SL_OIDC_METADATA_URL", authority + "/.well-known/openid-configuration")
    with urllib.request.urlopen(metadata_url, timeout=10) as reply:
        metadata = json.load(reply)
    return {
        "port": int(os.environ["SL_BACKEND_PORT"]),
        "client_id": os.environ["SL_CLIENT_ID"],
        "tenant_id": os.environ["SL_TENANT_ID"],
        "multi": os.environ.get("SL_TENANT_MODE", "single") == "multi",
        "issuer": metadata["issuer"],  # multi-tenant: https://login.microsoftonline.com/{tenantid}/v2.0
        "jwks_uri": metadata["jwks_uri"],
        # The onboarded tenants (--onboarded-tenants-only): yours would come from your customer list.
        "onboarded": {os.environ["SL_TENANT_ID"]} | {t for t in os.environ.get("SL_OTHER_TENANT_IDS", "").split(",") if t},
    }


class TenantNotOnboarded(Exception):
    """A valid token of a tenant that has not signed up: 403."""


class Verifier:
    def __init__(self, settings, flaw, onboarded_only=False):
        self.settings = settings
        self.flaw = flaw
        self.onboarded_only = onboarded_only
        self.jwks = jwt.PyJWKClient(settings["jwks_uri"], timeout=5)
        if flaw == "caches-keys-forever":
            self.fixed_keys = {key.key_id: key for key in self.jwks.get_jwk_set().keys}

    def signing_key(self, token):
        if self.flaw == "caches-keys-forever":
            kid = jwt.get_unverified_header(token).get("kid")
            if kid not in self.fixed_keys:
                raise jwt.InvalidTokenError(f"unknown kid {kid!r}")
            return self.fixed_keys[kid].key
        return self.jwks.get_signing_key_from_jwt(token).key

    def verify(self, token):
        """The claims of a valid ID token for this app, or an exception."""
        options = {"require": ["exp", "iat", "nbf", "iss", "aud", "tid", "oid"]}
        if self.flaw == "no-audience-check":
            options["verify_aud"] = False
        if self.flaw == "no-expiry-check":
            options["verify_exp"] = False
        header = jwt.get_unverified_header(token)
        unsigned = token.count(".") == 2 and token.endswith(".")
        if (
            self.flaw == "no-signature-check"
            or (self.flaw == "accepts-alg-none" and header.get("alg") == "none")
            or (self.flaw == "skips-empty-signature" and unsigned and header.get("alg") == "RS256")
        ):
            options.update(verify_signature=False, verify_exp=True, verify_nbf=True, verify_iat=True, verify_aud=self.flaw != "no-audience-check")
            key = None
        else:
            key = self.signing_key(token)
        claims = jwt.decode(token, key, algorithms=["RS256"], audience=self.settings["client_id"], options=options, leeway=LEEWAY)
        self.check_issuer(claims)
        if claims.get("ver") != "2.0":
            raise jwt.InvalidTokenError("not a v2.0 ID token")
        if self.onboarded_only and claims["tid"] not in self.settings["onboarded"]:
            raise TenantNotOnboarded(f"tenant {claims['tid']} has not signed up")
        return claims

    def check_issuer(self, claims):
        tid = claims.get("tid", "")
        issuer = self.settings["issuer"]
        if self.settings["multi"]:
            if self.flaw == "issuer-not-tied-to-tid":
                iss = claims.get("iss", "")
                if iss.startswith("https://login.microsoftonline.com/") and iss.endswith("/v2.0"):
                    return
                raise jwt.InvalidIssuerError("not an Entra issuer")
            # The template's {tenantid} is the token's own tid; then the match is exact.
            issuer = issuer.replace("{tenantid}", tid)
        if claims.get("iss") != issuer:
            raise jwt.InvalidIssuerError(f"issuer {claims.get('iss')!r} is not {issuer!r}")


class Handler(BaseHTTPRequestHandler):
    verifier = None
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        sys.stderr.write("backend: " + (format % args) + "\n")

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def do_GET(self):
        if self.path == "/health":
            self.reply(200, {"status": "ok"})
        else:
            self.reply(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/session":
            return self.reply(404, {"error": "not found"})
        flaw = self.verifier.flaw
        if flaw == "crashes-on-bad-input":
            try:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                claims = self.verifier.verify(body["id_token"])
            except jwt.InvalidTokenError as error:
                return self.reply(401, {"error": str(error)})
            except Exception as error:  # the mistake: everything else is a server error
                return self.reply(500, {"error": repr(error)})
            return self.session(claims)
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return self.reply(400, {"error": "bad Content-Length"})
        if length > MAX_BODY:
            return self.reply(413, {"error": "request too large"})
        try:
            body = json.loads(self.rfile.read(length) or b"null")
        except (ValueError, UnicodeDecodeError):
            return self.reply(400, {"error": "the body is not JSON"})
        token = body.get("id_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            return self.reply(400, {"error": "no id_token"})
        try:
            claims = self.verifier.verify(token)
        except (jwt.PyJWTError, ValueError) as error:  # PyJWKClientError is a PyJWTError too
            return self.reply(401, {"error": str(error)})
        except TenantNotOnboarded as error:
            return self.reply(403, {"error": str(error)})
        return self.session(claims)

    def session(self, claims):
        self.reply(200, {"session": secrets.token_urlsafe(16), "oid": claims["oid"], "tid": claims["tid"]})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flaw", choices=sorted(FLAWS), help="switch on one mistake")
    parser.add_argument("--onboarded-tenants-only", action="store_true",
                        help="multi-tenant: admit only the home tenant and SL_OTHER_TENANT_IDS (403 for others)")
    arguments = parser.parse_args()
    settings = load_settings()
    Handler.verifier = Verifier(settings, arguments.flaw, onboarded_only=arguments.onboarded_tenants_only)
    server = ThreadingHTTPServer(("127.0.0.1", settings["port"]), Handler)
    sys.stderr.write(f"backend: listening on 127.0.0.1:{settings['port']} ({'multi' if settings['multi'] else 'single'}-tenant{', flaw ' + arguments.flaw if arguments.flaw else ''})\n")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
