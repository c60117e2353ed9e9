#!/usr/bin/env bash
# Real runs of every kind (passing, failing, erroring, skipped, strict, sharded and merged,
# interrupted is covered by the hardening tests) produce JUnit XML that the Jenkins schema
# accepts and whose counts junitparser confirms; exit statuses are the documented ones.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
swift build --product sl-reference-adapter >>"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)"
harness="$bin/sl-conformance"

expect_status() {  # expect_status NAME WANTED ARGS...
    local name=$1 wanted=$2 status=0
    shift 2
    "$harness" run --quiet --reports "$work/$name" --junit "$work/reports/$name.junit.xml" "$@" >"$work/$name.out" 2>&1 || status=$?
    if [ "$status" -ne "$wanted" ]; then
        echo "run-reports: '$name' exited $status, expected $wanted" >&2
        cat "$work/$name.out" >&2
        exit 1
    fi
    echo "run-reports: $name exited $status as documented"
}
mkdir -p "$work/reports"

expect_status pass 0
expect_status pass-stdio 0 --adapter "$bin/sl-reference-adapter" --jobs 2 --events "$work/pass-stdio.events.jsonl"
expect_status fail 1 --reference-flaw leavesRecordsFile --events "$work/fail.events.jsonl"
expect_status should-only 0 --reference-flaw wipesOnUnchangedBroadcast --level must
expect_status skipped 0 --only SL-LOGIN-1 --skip SL-LOGIN-1 --only logout
# An adapter that writes ANSI escapes, control characters, ']]>', U+FFFE and invalid UTF-8 to
# stderr and dies: the two test cases that tried to start it error, the rest are not run with
# the same cause (the adapter failed to start twice in a row), and the report still validates.
cat >"$work/noisy-adapter.sh" <<'SH'
#!/bin/sh
printf '\033[31mfatal\033[0m \001\002 ]]> \357\277\276 \377\376 <tag attr="&">\n' >&2
exit 3
SH
chmod +x "$work/noisy-adapter.sh"
expect_status error 2 --adapter "$work/noisy-adapter.sh" --handshake-timeout 2 --events "$work/error.events.jsonl"
"$harness" run --quiet --junit-strict --reports "$work/strict" --junit "$work/reports/strict.junit-strict.xml" --reference-flaw showsCancelAsError >/dev/null 2>&1 || true
for shard in 1 2 3; do
    "$harness" run --quiet --shard "$shard/3" --reference-flaw ignoresBroadcast --reports "$work/shard$shard" >/dev/null 2>&1 || true
done
"$harness" merge "$work/reports/merged.junit.xml" "$work"/shard*/junit.xml
# Gating: a run with an unexpired waiver for every failure passes with them as <skipped>; an
# expired one fails again; a baseline of the failing run makes the same failures no regression.
cat >"$work/waivers.json" <<'JSON'
{"formatVersion": "1.0", "waivers": [
  {"requirement": "SL-LOGOUT-1", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-LOGOUT-2", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-LOGOUT-3", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-LOGOUT-4", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-LOGOUT-5", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-SWITCH-1", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-SWITCH-3", "reason": "records file kept", "link": "https://example.com/1", "expires": "2999-12-31"},
  {"requirement": "SL-INTERACTIVE-1", "reason": "records file kept", "link": "https://example.com/1", "expires": "2000-01-01"}
]}
JSON
python3 - "$work/waivers.json" <<'PY'
import json, sys, jsonschema
schema = json.load(open("specs/waivers-v1.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.validate(json.load(open(sys.argv[1])), schema, cls=jsonschema.Draft202012Validator)
bad = {"formatVersion": "1.0", "waivers": [{"requirement": "SL-A-1", "testCase": "SL-A-1 / x", "reason": "r", "link": "ftp://x", "expires": "soon"}]}
if not list(jsonschema.Draft202012Validator(schema).iter_errors(bad)):
    sys.exit("run-reports: the waiver schema accepts a waiver with both subjects, an ftp link and no date")
print("run-reports: the waiver file validates against specs/waivers-v1.schema.json, and a bad one does not")
PY
expect_status waived 1 --reference-flaw leavesRecordsFile --waivers "$work/waivers.json"
grep -q 'the waiver ran out on 2000-01-01' "$work/reports/waived.junit.xml" || { echo "run-reports: the expired waiver is not named in its failure" >&2; exit 1; }
grep -q 'PASSED with\|FAILED with 7 waivers' "$work/waived.out" || { echo "run-reports: the last line does not name the waivers" >&2; cat "$work/waived.out" >&2; exit 1; }
expect_status baseline 0 --reference-flaw leavesRecordsFile --baseline "$work/reports/fail.junit.xml" --fail-on regressions
empty_status=0
"$harness" run --quiet --spec specs/single-login.json --shard 3/40 --reports "$work/empty" >/dev/null 2>&1 || empty_status=$?
[ "$empty_status" -eq 0 ] || { echo "run-reports: an empty shard exited $empty_status, expected 0" >&2; exit 1; }

python3 .ci/checks/junit_check.py --xsd-dir .ci/junit-xsd "$work/reports"
python3 .ci/checks/events_check.py "$work"/*.events.jsonl Tests/SingleLoginReportsTests/Golden/*.events.jsonl
python3 - "$work/reports" <<'PY'
import sys, pathlib
from junitparser import JUnitXml
reports = pathlib.Path(sys.argv[1])
import json
cases = sum(len(r["scenarios"]) for r in json.load(open("specs/single-login.json"))["requirements"])
def totals(name):
    xml = JUnitXml.fromfile(str(reports / name))
    return sum(s.tests for s in xml), sum(s.failures for s in xml), sum(s.errors for s in xml), sum(s.skipped for s in xml)
def not_run(name_of):
    return sum(1 for case in JUnitXml.fromfile(str(reports / name_of)) for c in case for r in c.result if getattr(r, "type", None) == "notRun")
checks = {
    "pass.junit.xml": lambda t: t[0] == cases and t[1:] == (0, 0, 0),
    "fail.junit.xml": lambda t: t[1] > 0 and t[2] == 0,
    # Two cases errored; the rest were not run, each an <error type="notRun">: the run is incomplete.
    "error.junit.xml": lambda t: t[2] == cases and t[3] == 0 and not_run(name_of="error.junit.xml") == cases - 2,
    "skipped.junit.xml": lambda t: t[3] > 0 and t[1] == 0,
    "merged.junit.xml": lambda t: t[0] == cases and t[1] > 0,
    "waived.junit.xml": lambda t: t[0] == cases and t[1] > 0 and t[3] > 0 and t[2] == 0,
    "baseline.junit.xml": lambda t: t[1] > 0,
}
for name, ok in checks.items():
    t = totals(name)
    if not ok(t):
        sys.exit(f"run-reports: {name} has tests/failures/errors/skipped {t}")
    print(f"run-reports: {name} tests/failures/errors/skipped = {t}")
PY
grep -q 'fatal' "$work/reports/error.junit.xml" || { echo "run-reports: the adapter's stderr tail is missing from the error report" >&2; exit 1; }
