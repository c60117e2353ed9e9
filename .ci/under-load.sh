#!/usr/bin/env bash
# The suite beside two busy processes, one per core of a 2-core machine: no test may depend on how
# fast or idle the machine is (tests signal after observed events; timeouts are generous or
# injected). Run it before a release, and after changing a test that waits for anything; .ci/run
# does not, because the suite would take the checks' cores for as long as it runs.
# Usage: .ci/under-load.sh [swift test arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
busy=()
trap 'kill ${busy[@]+"${busy[@]}"} 2>/dev/null || true' EXIT
for _ in 1 2; do
    yes >/dev/null &
    busy+=("$!")
done
swift test "$@"
