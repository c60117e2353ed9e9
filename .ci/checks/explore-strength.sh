#!/usr/bin/env bash
# Explore is at least as strong as the catalogue on the Python example (Examples/python-adapter):
# for each of its flaws the catalogue is run, and explore (seed 1, at most 2,000 histories, over
# stdio) finds what the catalogue fails, unless the catalogue fails the flaw only in requirements no
# explore rule judges. Those flaws are listed below with exactly those requirements (docs/explore.md,
# "What explore does not judge"). EXPLORE_STRENGTH_RUNS changes the 2,000.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${EXPLORE_STRENGTH_RUNS:-2000}"
example=Examples/python-adapter
# Flaws the catalogue fails only in requirements no explore rule judges, and those requirements.
# (The late-answer flaws are found: the example declares concurrentCalls, so its histories hold answers.)
declare -A catalogue_only=([snapshot-shows-data]="SL-SNAPSHOT-1")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"

flaws=$(cd "$example" && python3 -c 'from shifts_app import FLAWS; print(" ".join(sorted(FLAWS)))')
for flaw in $flaws; do
    adapter="python3 $example/adapter.py --flaw $flaw"
    status=0
    "$harness" run --adapter "$adapter" --reports "$work/$flaw-run" --quiet >"$work/$flaw-run.out" 2>&1 || status=$?
    [ "$status" -eq 1 ] || { echo "explore-strength: the catalogue exited $status on --flaw $flaw, expected 1" >&2; tail -n 40 "$work/$flaw-run.out" >&2; exit 1; }
    failing=$(python3 - "$work/$flaw-run/junit.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
print(" ".join(sorted({c.get("classname").split(".")[-1] for c in ET.parse(sys.argv[1]).iter("testcase") if c.find("failure") is not None})))
PY
)
    if [ -n "${catalogue_only[$flaw]+set}" ]; then
        [ "$failing" = "${catalogue_only[$flaw]}" ] || {
            echo "explore-strength: --flaw $flaw fails [$failing] in the catalogue, listed as failing only [${catalogue_only[$flaw]}]" >&2
            exit 1
        }
        echo "explore-strength: $flaw fails only $failing in the catalogue, which no explore rule judges"
        continue
    fi
    status=0
    "$harness" explore --adapter "$adapter" --seed 1 --runs "$runs" --jobs 2 --reports "$work/$flaw-explore" >"$work/$flaw-explore.out" 2>&1 || status=$?
    [ "$status" -eq 1 ] || {
        echo "explore-strength: explore exited $status on --flaw $flaw (the catalogue fails $failing), expected 1 within $runs histories" >&2
        tail -n 40 "$work/$flaw-explore.out" >&2
        exit 1
    }
    echo "explore-strength: $flaw: $(grep -m1 '^History ' "$work/$flaw-explore.out" | sed 's/ after .*//'); the catalogue fails $failing"
done
