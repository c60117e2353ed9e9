#!/usr/bin/env bash
# The backend profile's tokens, checked by libraries others wrote: PyJWT verifies every RS256
# signature our Swift signer made under the published JWK and none of the forged ones;
# cryptography's PEM of the published key is the one the HS256 forgeries are keyed with.
# Then the check proves it is not vacuous: one flipped signature byte must be caught.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-backend-tokens >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
tokens="$(swift build --show-bin-path)/sl-backend-tokens"

for mode in single multi; do
    "$tokens" --tenant "$mode" >"$work/$mode.json"
    python3 .ci/checks/backend_tokens_check.py "$work/$mode.json"
done

# Not vacuous: a valid token with one signature character changed must fail the check.
python3 - "$work/single.json" "$work/broken.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
entry = next(e for e in document["tokens"] if e["signature"] == "tenant" and e["case"] == "BE-ACCEPT-1")
head, payload, signature = entry["token"].split(".")
entry["token"] = ".".join([head, payload, ("A" if signature[10] != "A" else "B").join([signature[:10], signature[11:]])])
json.dump(document, open(sys.argv[2], "w"))
PY
if python3 .ci/checks/backend_tokens_check.py "$work/broken.json" 2>"$work/broken.err"; then
    echo "backend-tokens: a broken signature was not caught" >&2
    exit 1
fi
grep -q "PyJWT does not verify our RS256 signature" "$work/broken.err"
echo "backend-tokens: a broken signature is caught"
