#!/usr/bin/env bash
# The Python adapter (Examples/python-adapter, standard library only) passes the shipped spec over stdio,
# and the harness catches one of its deliberate flaws.
set -euo pipefail
cd "$(dirname "$0")/../.."

example=Examples/python-adapter
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else "python-adapter needs Python 3.9 or later")'

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. Unit tests of the app model and of the wire loop.
python3 -m unittest discover -s "$example/tests" -t "$example/tests"

# 2. Build the harness (swift test has built most of it already). SWIFT_SCRATCH_PATH picks another build directory.
scratch=()
[ -n "${SWIFT_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SWIFT_SCRATCH_PATH")
swift build ${scratch[@]+"${scratch[@]}"} --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build ${scratch[@]+"${scratch[@]}"} --show-bin-path)/sl-conformance"

# 3. The correct app passes every requirement: exit status 0.
status=0
"$harness" run --adapter "python3 $example/adapter.py" --reports "$work/pass" --wire-log "$work/pass.wire.log" --quiet || status=$?
if [ "$status" -ne 0 ]; then
    echo "python-adapter: expected exit status 0 from the correct app, got $status" >&2
    tail -n 40 "$work/pass.wire.log" >&2 || true
    exit 1
fi

# 4. Every row of the README's flaw table: each flaw fails exactly the requirements it names, and
#    leaves exactly those it names not judged, with its exit status.
mkdir -p "$work/table"
python3 .ci/checks/python_adapter_table_check.py "$harness" "$example/README.md" "$work/table"

# 4b. An app built without Spotlight declares it (protocol 1.6's surfaces): SL-SPOTLIGHT-1's cases do not
#     apply, JUnit skips them as not applicable, nothing fails, and the run passes.
status=0
"$harness" run --adapter "python3 $example/adapter.py --without-surface spotlight" --reports "$work/nospotlight" --quiet \
    >"$work/nospotlight.out" 2>&1 || status=$?
notApplicable=$(python3 - "$work/nospotlight/junit.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).iter("testcase"))
assert not any(c.find("failure") is not None or c.find("error") is not None for c in cases)
print(" ".join(sorted({c.get("classname").split(".")[-1] for c in cases
                       if c.find("skipped") is not None and c.find("skipped").get("message", "").startswith("not applicable: ")})))
PY
)
[ "$status" -eq 0 ] && [ "$notApplicable" = "SL-SPOTLIGHT-1" ] || { echo "python-adapter: --without-surface spotlight left [$notApplicable] not applicable (exit $status), expected exactly SL-SPOTLIGHT-1 and exit 0" >&2; cat "$work/nospotlight.out" >&2; exit 1; }

# 4c. Late answers (protocol 1.6, concurrentCalls): with --sequential the adapter declares no
#     concurrentCalls and SL-INFLIGHT-1's test cases are skipped (its flaws are rows of the table).
"$harness" run --adapter "python3 $example/adapter.py --sequential" --only SL-INFLIGHT-1 --reports "$work/sequential" >"$work/sequential.out" 2>&1 \
    || { echo "python-adapter: --sequential did not pass" >&2; cat "$work/sequential.out" >&2; exit 1; }
grep -q 'did not declare the capability concurrentCalls' "$work/sequential/junit.xml" \
    || { echo "python-adapter: --sequential: SL-INFLIGHT-1 is not skipped naming concurrentCalls" >&2; cat "$work/sequential.out" >&2; exit 1; }

# 5. Over TCP: the harness listens on a port it picks and names on its first stderr line; the
#    adapter connects with --connect (as an app on a simulator or device would). Both exit 0.
"$harness" run --listen 127.0.0.1:0 --connect-timeout 120 --reports "$work/tcp" --quiet >"$work/tcp.out" 2>"$work/tcp.err" &
harness_pid=$!
port=""
for _ in $(seq 1 1200); do
    port=$(sed -n '1s/^sl-conformance: listening on 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$work/tcp.err")
    [ -n "$port" ] && break
    kill -0 "$harness_pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$port" ] || { echo "python-adapter: the harness did not say where it listens" >&2; cat "$work/tcp.err" >&2; exit 1; }
adapter_status=0
python3 "$example/adapter.py" --connect "127.0.0.1:$port" 2>"$work/tcp.adapter.err" || adapter_status=$?
harness_status=0
wait "$harness_pid" || harness_status=$?
if [ "$harness_status" -ne 0 ] || [ "$adapter_status" -ne 0 ]; then
    echo "python-adapter: over TCP the harness exited $harness_status and the adapter $adapter_status, expected 0 and 0" >&2
    cat "$work/tcp.out" "$work/tcp.err" >&2
    tail -n 20 "$work/tcp.adapter.err" >&2
    exit 1
fi
echo "python-adapter: passes the spec over stdio and over TCP (--connect); every flaw of the README's table fails exactly its requirements; --without-surface spotlight leaves SL-SPOTLIGHT-1 not applicable"
