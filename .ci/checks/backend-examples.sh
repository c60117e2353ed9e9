#!/usr/bin/env bash
# The backend profile against backends built on libraries others wrote, with the environment,
# cases and timings exactly as the profile names them (BE-ROTATE-1 waits its real 35 s):
# - Examples/python-backend/backend.py (PyJWT's PyJWKClient) and joserfc_backend.py (joserfc,
#   WSGI) pass every case in both modes: exit status 0;
# - Examples/node-backend/server.js (Node's built-in modules, written from the docs alone) passes
#   every case in both modes, and two of its mistakes fail exactly their case;
# - each of backend.py's flaws fails exactly the cases it should: exit status 1;
# - a backend that admits only onboarded tenants passes once it admits SL_OTHER_TENANT_IDS, fails
#   BE-ACCEPT-1 and BE-DECOY-1 without it, and still fails BE-ISS-2 for the iss/tid mismatch;
# - a backend that dies mid-case has its stack trace in backend.md, the JUnit body and the console;
# - a backend that cannot start gets one clear error: exit status 2;
# - every JUnit report validates against the Jenkins schema, every event stream against its schema.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"
mkdir -p "$work/junit"
example=Examples/python-backend

# An older PyJWT (Debian 12's python3-jwt is 2.6.0) is named at start, with the fix, not met as a
# TypeError in every case: a stand-in module that says it is 2.6.0.
mkdir -p "$work/old-pyjwt/jwt"
echo '__version__ = "2.6.0"' >"$work/old-pyjwt/jwt/__init__.py"
if PYTHONPATH="$work/old-pyjwt" python3 "$example/backend.py" 2>"$work/old-pyjwt.err"; then
    echo "backend-examples: backend.py started on PyJWT 2.6.0" >&2; exit 1
fi
grep -q "backend.py needs PyJWT 2.8 or later; found 2.6.0" "$work/old-pyjwt.err" || { cat "$work/old-pyjwt.err" >&2; exit 1; }
grep -q "pip install -r Examples/python-backend/requirements.txt" "$work/old-pyjwt.err" || { cat "$work/old-pyjwt.err" >&2; exit 1; }
echo "backend-examples: on PyJWT 2.6.0 backend.py stops at start and names the version it needs"
node_example=Examples/node-backend
has_node=false
if command -v node >/dev/null 2>&1; then has_node=true; else
    echo "backend-examples: SKIPPING Examples/node-backend: 'node' is not on PATH (install Node.js 18 or later to run it)" >&2
fi

profile() {  # profile NAME COMMAND ARGS... : runs the profile, records its exit status
    local name=$1 command=$2 status=0
    shift 2
    "$harness" backend --start "$command" --quiet --reports "$work/$name" --junit "$work/junit/$name.junit.xml" \
        --events "$work/$name.events.jsonl" "$@" >"$work/$name.out" 2>&1 || status=$?
    echo "$status" >"$work/$name.status"
}

failed_cases() {  # failed_cases NAME : the IDs that failed or errored, sorted, comma-joined
    python3 - "$work/$1.events.jsonl" <<'PY'
import json, sys
ids = sorted({e["result"]["testCase"]["requirementID"] for e in map(json.loads, open(sys.argv[1]))
              if e.get("kind") == "testCaseEnded" and e["result"]["outcome"] in ("failed", "errored")})
print(",".join(ids))
PY
}

expect() {  # expect NAME STATUS FAILED-IDS
    local name=$1 status=$2 wanted=$3 got
    got="$(cat "$work/$name.status")"
    if [ "$got" != "$status" ]; then
        echo "backend-examples: '$name' exited $got, expected $status" >&2
        cat "$work/$name.out" >&2
        exit 1
    fi
    got="$(failed_cases "$name")"
    if [ "$got" != "$wanted" ]; then
        echo "backend-examples: '$name' failed [$got], expected [$wanted]" >&2
        cat "$work/$name.out" >&2
        exit 1
    fi
    echo "backend-examples: $name exited $status${wanted:+, failing exactly $wanted}"
}

# The long runs (each waits 35 s in BE-ROTATE-1) go in parallel; the quick flaws meanwhile.
start=$(date +%s)
for mode in single multi; do
    profile "pyjwt-$mode" "python3 $example/backend.py" --tenant "$mode" & pids+=($!)
    profile "joserfc-$mode" "python3 $example/joserfc_backend.py" --tenant "$mode" & pids+=($!)
done
profile caches-keys-forever "python3 $example/backend.py --flaw caches-keys-forever" & pids+=($!)
if $has_node; then
    for mode in single multi; do
        profile "node-$mode" "node $node_example/server.js" --tenant "$mode" & pids+=($!)
    done
fi

flaw() {  # flaw NAME MODE FAILED-IDS
    profile "$1-$2" "python3 $example/backend.py --flaw $1" --tenant "$2" --skip BE-ROTATE-1
    expect "$1-$2" 1 "$3"
}
flaw no-signature-check single BE-HEADER-1,BE-KID-1,BE-SIG-1,BE-SIG-2,BE-SIG-3,BE-SIG-4,BE-SIG-5
flaw no-signature-check multi BE-HEADER-1,BE-KID-1,BE-SIG-1,BE-SIG-2,BE-SIG-3,BE-SIG-4,BE-SIG-5
flaw accepts-alg-none single BE-SIG-2
flaw skips-empty-signature multi BE-SIG-5
flaw no-audience-check multi BE-AUD-1
flaw issuer-not-tied-to-tid multi BE-ISS-2
flaw crashes-on-bad-input single BE-INPUT-1,BE-KID-1
flaw no-expiry-check multi BE-TIME-1
# The same flaw is harmless in single mode, where the issuer is one exact string: exit 0.
profile issuer-flaw-single "python3 $example/backend.py --flaw issuer-not-tied-to-tid" --skip BE-ROTATE-1
expect issuer-flaw-single 0 ""

# Tenant allow-lists: admitting SL_OTHER_TENANT_IDS is what makes an allow-list backend pass; the
# issuer flaw still fails BE-ISS-2 with each of its three tokens accepted (none refused as a stranger).
profile onboarded-multi "python3 $example/backend.py --onboarded-tenants-only" --tenant multi --skip BE-ROTATE-1
expect onboarded-multi 0 ""
profile onboarded-unlisted "SL_OTHER_TENANT_IDS= python3 $example/backend.py --onboarded-tenants-only" --tenant multi --only BE-ACCEPT-1 --only BE-DECOY-1 --only BE-ISS-2
expect onboarded-unlisted 1 BE-ACCEPT-1,BE-DECOY-1
profile onboarded-issuer-flaw "python3 $example/backend.py --onboarded-tenants-only --flaw issuer-not-tied-to-tid" --tenant multi --only BE-ISS-2
expect onboarded-issuer-flaw 1 BE-ISS-2
accepted="$(python3 -c "import json, sys; print(sum(1 for e in map(json.loads, open(sys.argv[1])) if e.get('kind') == 'issueRecorded' and e['issue']['type'] == 'backend.accepted'))" "$work/onboarded-issuer-flaw.events.jsonl")"
[ "$accepted" = 3 ] || { echo "backend-examples: BE-ISS-2 accepted $accepted of its 3 tokens from the allow-list backend with the issuer flaw, expected 3" >&2; exit 1; }

if $has_node; then
    # A token that brings its own key: the Node backend's embedded-jwk mistake fails BE-HEADER-1 only.
    profile node-embedded-jwk "node $node_example/server.js --flaw embedded-jwk" --skip BE-ROTATE-1
    expect node-embedded-jwk 1 BE-HEADER-1
    # A backend that dies mid-case: its stack trace reaches every report, labelled as backend output.
    profile node-dies "node $node_example/server.js --flaw dies-on-garbage" --only BE-INPUT-1
    expect node-dies 1 BE-INPUT-1
    for file in "$work/node-dies/backend.md" "$work/junit/node-dies.junit.xml" "$work/node-dies.out"; do
        grep -q "SyntaxError: Unexpected end of JSON input" "$file" && grep -q "Backend output (stdout and stderr, last lines)" "$file" \
            || { echo "backend-examples: the dying backend's stack trace is not in $file" >&2; cat "$file" >&2; exit 1; }
    done
    ! grep -q "Adapter\|Broker transcript" "$work/node-dies/backend.md" "$work/junit/node-dies.junit.xml" \
        || { echo "backend-examples: a backend report speaks of an adapter or a broker" >&2; exit 1; }
fi

# A backend that cannot start: one clear error with its output, exit status 2.
profile exits "echo 'backend: SL_CLIENT_ID is required' >&2; exit 3"
expect exits 2 "$(python3 -c "import json; print(','.join(sorted(c['id'] for c in json.load(open('specs/backend.json'))['cases'] if 'single' in c['modes'])))")"
grep -q "the backend exited (exit code 3)" "$work/exits.out" && grep -q "SL_CLIENT_ID is required" "$work/exits.out" \
    || { echo "backend-examples: the start failure does not name the exit status and the output" >&2; cat "$work/exits.out" >&2; exit 1; }

for pid in "${pids[@]}"; do wait "$pid"; done
pids=()
for mode in single multi; do
    expect "pyjwt-$mode" 0 ""
    expect "joserfc-$mode" 0 ""
    if $has_node; then expect "node-$mode" 0 ""; fi
done
expect caches-keys-forever 1 BE-ROTATE-1
echo "backend-examples: the whole profile took $(( $(date +%s) - start )) s with the rotation runs in parallel"

python3 .ci/checks/junit_check.py --xsd-dir .ci/junit-xsd "$work/junit"
python3 .ci/checks/events_check.py "$work"/*.events.jsonl
