#!/usr/bin/env python3
"""A second conformant backend, in another style: WSGI (wsgiref) and joserfc instead of PyJWT.

Written from the profile's contract alone (the environment variables, POST /session with
{"id_token": ...}, GET /health), to check the harness's verdicts against a backend built on a
library the harness's authors did not pick for the first example. Differences that matter:
joserfc refuses a whole JWK set when one key is unusable, so keys are imported one by one; the
key cache refetches on an unknown kid at most every 30 s (as the `jose` family does), which is
exactly what BE-ROTATE-1's 35 s wait is for.
"""

import json
import os
import sys
import threading
import time
import urllib.request
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from socketserver import ThreadingMixIn

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import RSAKey
from joserfc.jwt import JWTClaimsRegistry

LIMIT = 64 * 1024
REFETCH_EVERY = 30.0


def fetch_json(url):
    with urllib.request.urlopen(url, timeout=5) as reply:
        return json.load(reply)


class Keys:
    """The tenant's signing keys by kid, refetched on an unknown kid at most every 30 s."""

    def __init__(self, url):
        self.url = url
        self.lock = threading.Lock()
        self.by_kid = {}
        self.fetched = 0.0
        self.refresh()

    def refresh(self):
        keys = {}
        for entry in fetch_json(self.url).get("keys", []):
            if entry.get("kty") != "RSA" or entry.get("alg", "RS256") != "RS256" or entry.get("use", "sig") != "sig":
                continue  # RFC 7517: ignore keys we cannot use
            try:
                keys[entry["kid"]] = RSAKey.import_key(entry)
            except (ValueError, KeyError, JoseError):
                continue
        self.by_kid = keys
        self.fetched = time.monotonic()

    def get(self, kid):
        with self.lock:
            if kid not in self.by_kid and time.monotonic() - self.fetched >= REFETCH_EVERY:
                self.refresh()
            return self.by_kid.get(kid)


def build_app():
    client_id = os.environ["SL_CLIENT_ID"]
    multi = os.environ["SL_TENANT_MODE"] == "multi"
    metadata = fetch_json(os.environ["SL_OIDC_METADATA_URL"])
    keys = Keys(metadata["jwks_uri"])
    issuer_template = metadata["issuer"]

    def verify(token):
        header_part = token.split(".")[0]
        header = json.loads(_b64(header_part))
        key = keys.get(header.get("kid"))
        if key is None:
            raise JoseError("unknown signing key")
        decoded = jwt.decode(token, key, algorithms=["RS256"])
        claims = decoded.claims
        expected_issuer = issuer_template.replace("{tenantid}", str(claims.get("tid"))) if multi else issuer_template
        registry = JWTClaimsRegistry(
            leeway=300,
            iss={"essential": True, "value": expected_issuer},
            aud={"essential": True, "value": client_id},
            exp={"essential": True},
            nbf={"essential": True},
            tid={"essential": True},
            oid={"essential": True},
            ver={"essential": True, "value": "2.0"},
        )
        registry.validate(claims)
        return claims

    def app(environ, start_response):
        def answer(status, body):
            data = json.dumps(body).encode()
            start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
            return [data]

        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")
        if method == "GET" and path == "/health":
            return answer("200 OK", {"ok": True})
        if path != "/session":
            return answer("404 Not Found", {"error": "not found"})
        if method != "POST":
            return answer("405 Method Not Allowed", {"error": "POST only"})
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return answer("400 Bad Request", {"error": "bad length"})
        if length > LIMIT:
            return answer("413 Content Too Large", {"error": "too large"})
        try:
            body = json.loads(environ["wsgi.input"].read(length))
            token = body["id_token"]
            if not isinstance(token, str):
                raise TypeError("id_token is not a string")
        except Exception as error:
            return answer("400 Bad Request", {"error": f"no token: {error}"})
        try:
            claims = verify(token)
        except Exception as error:  # any failure to verify is a rejection, never a 5xx
            return answer("401 Unauthorized", {"error": f"{type(error).__name__}: {error}"})
        return answer("200 OK", {"user": claims["oid"], "tenant": claims["tid"]})

    return app


def _b64(part):
    import base64
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("joserfc-backend: " + (format % args) + "\n")


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


if __name__ == "__main__":
    server = make_server("127.0.0.1", int(os.environ["SL_BACKEND_PORT"]), build_app(), server_class=ThreadingWSGIServer, handler_class=QuietHandler)
    server.serve_forever()
