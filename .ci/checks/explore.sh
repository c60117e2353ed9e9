#!/usr/bin/env bash
# explore never fires on a conformant app: 6,000 histories on the reference app (in process) and
# 2,000 on the Python example (stdio, where each history costs a process's round trips), no
# violation and nothing set aside (the debug build plays about 100 and 50 a second beside another
# check; the benchmark, sl-explore-bench, plays 10,000 of each in release). A flawed app (one of each kind)
# gets a counterexample that validates, fails `run --spec` on that app and passes on the reference
# app; the JUnit report (one testcase per rule) passes the Jenkins schema; the events stream the
# event schema. EXPLORE_RUNS, EXPLORE_PYTHON_RUNS and EXPLORE_SEED change the false-positive runs
# (defaults 6000, 2000, 1).
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${EXPLORE_RUNS:-6000}"
python_runs="${EXPLORE_PYTHON_RUNS:-2000}"
seed="${EXPLORE_SEED:-1}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"
python_adapter="python3 Examples/python-adapter/adapter.py"

explore() {  # explore NAME WANTED ARGS...
    local name=$1 wanted=$2 status=0
    shift 2
    "$harness" explore --reports "$work/$name" --events "$work/$name.events.jsonl" "$@" >"$work/$name.out" 2>&1 || status=$?
    if [ "$status" -ne "$wanted" ]; then
        echo "explore: '$name' exited $status, expected $wanted" >&2
        tail -n 60 "$work/$name.out" >&2
        exit 1
    fi
    if grep -q '^Set aside' "$work/$name.out"; then
        echo "explore: '$name' set histories aside (a rule could not tell there):" >&2
        grep -A3 '^Set aside' "$work/$name.out" >&2
        exit 1
    fi
    echo "explore: $name exited $status; $(grep '^Played' "$work/$name.out")"
}

# 1. No false positives.
explore reference 0 --seed "$seed" --runs "$runs" --jobs 2
explore python 0 --adapter "$python_adapter" --seed "$seed" --runs "$python_runs" --jobs 2

# 2. Counterexamples that mean what they say, in process and over stdio.
check_counterexample() {  # check_counterexample NAME TARGET-ARGS...
    local name=$1 file="$work/$1.json" status
    shift
    "$harness" validate "$file" >/dev/null || { echo "explore: the $name counterexample does not validate" >&2; cat "$file" >&2; exit 1; }
    status=0; "$harness" run --quiet --spec "$file" --reports "$work/$name-app" "$@" >/dev/null 2>&1 || status=$?
    [ "$status" -eq 1 ] || { echo "explore: run --spec on the $name counterexample exited $status on its app, expected 1" >&2; exit 1; }
    status=0; "$harness" run --quiet --spec "$file" --reports "$work/$name-reference" >/dev/null 2>&1 || status=$?
    [ "$status" -eq 0 ] || { echo "explore: the $name counterexample exited $status on the reference app, expected 0" >&2; cat "$file" >&2; exit 1; }
    echo "explore: the $name counterexample validates, fails on its app, passes on the reference app"
}
explore flaw 1 --reference-flaw skipsCheckOnResume --seed "$seed" --runs 2000 --counterexample "$work/flaw.json"
check_counterexample flaw --reference-flaw skipsCheckOnResume
explore python-flaw 1 --adapter "$python_adapter --flaw compare-previous" --seed "$seed" --runs 2000 --counterexample "$work/python-flaw.json"
check_counterexample python-flaw --adapter "$python_adapter --flaw compare-previous"

# 3. The reports: one testcase per rule, the schemas CI systems enforce.
mkdir -p "$work/junit"
cp "$work/reference/explore-junit.xml" "$work/junit/reference.junit.xml"
cp "$work/flaw/explore-junit.xml" "$work/junit/flaw.junit.xml"
python3 .ci/checks/junit_check.py --xsd-dir .ci/junit-xsd "$work/junit"
python3 .ci/checks/events_check.py "$work"/*.events.jsonl
python3 - "$work/junit" <<'PY'
import sys, pathlib
from junitparser import JUnitXml
junit = pathlib.Path(sys.argv[1])
for name, failures in (("reference.junit.xml", 0), ("flaw.junit.xml", 1)):
    xml = JUnitXml.fromfile(str(junit / name))
    tests = sum(s.tests for s in xml)
    failed = sum(s.failures for s in xml)
    if tests != 17 or failed != failures:
        sys.exit(f"explore: {name} has {tests} testcases and {failed} failures, expected 17 (one per rule) and {failures}")
    print(f"explore: {name} has one testcase per rule ({tests}), {failed} failure(s)")
PY
