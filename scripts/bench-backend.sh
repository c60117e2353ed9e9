#!/usr/bin/env bash
# Figures for the backend profile (docs/backend.md, "Performance"): the whole profile's wall
# time against Examples/python-backend/backend.py in both modes, N runs each, with the time at
# which every case but BE-ROTATE-1 had ended (backend starts included) read from the event
# stream; and RS256 signatures per second in debug and release builds.
#   scripts/bench-backend.sh [runs]      (default 3; needs python3 with PyJWT and cryptography)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for configuration in debug release; do
    for product in sl-conformance sl-backend-tokens; do
        swift build -c "$configuration" --product "$product" >>"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
    done
done
debug="$(swift build --show-bin-path)"
release="$(swift build -c release --show-bin-path)"

echo "== RS256 signatures per second (RSA-2048, CRT, each self-checked)"
for build in debug release; do
    bin=$debug; [ "$build" = release ] && bin=$release
    printf "%-8s " "$build"; "$bin/sl-backend-tokens" --sign-rate 3
done

echo "== whole profile against Examples/python-backend/backend.py ($runs runs per mode and build)"
for build in debug release; do
    bin=$debug; [ "$build" = release ] && bin=$release
    for mode in single multi; do
        for run in $(seq 1 "$runs"); do
            events="$work/$build-$mode-$run.jsonl"
            start=$(python3 -c 'import time; print(time.time())')
            "$bin/sl-conformance" backend --start "python3 Examples/python-backend/backend.py" --tenant "$mode" \
                --quiet --reports "$work/r" --events "$events" >"$work/out" 2>&1 || { cat "$work/out" >&2; exit 1; }
            end=$(python3 -c 'import time; print(time.time())')
            python3 - "$events" "$start" "$end" >>"$work/$build-$mode.figures" <<'PY'
import json, sys
from datetime import datetime
events = [json.loads(line) for line in open(sys.argv[1])]
def when(event): return datetime.strptime(event["date"], "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()
start = when(events[0])
quick = max(when(e) for e in events if e["kind"] == "testCaseEnded" and e["result"]["testCase"]["requirementID"] != "BE-ROTATE-1")
print(f"{quick - start:.3f} {float(sys.argv[3]) - float(sys.argv[2]):.3f}")
PY
        done
        python3 - "$work/$build-$mode.figures" "$build" "$mode" <<'PY'
import sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
quick = sorted(r[0] for r in rows); total = sorted(r[1] for r in rows)
mid = lambda xs: xs[len(xs) // 2]
print(f"{sys.argv[2]:8} {sys.argv[3]:6}  every case but BE-ROTATE-1: {min(quick):.2f}-{max(quick):.2f} s (median {mid(quick):.2f}; target < 2 s)"
      f"   whole profile (process wall time): {min(total):.2f}-{max(total):.2f} s (median {mid(total):.2f}; target < 40 s)")
PY
    done
done
