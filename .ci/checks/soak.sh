#!/usr/bin/env bash
# A short soak (100 scenarios, well under a minute): the harness against sl-fake-adapter in
# random-fault mode. sl-soak exits 1 unless every planned result is recorded and harness
# crashes, lost results and leftover processes are all zero. The full run is
# `swift run -c release sl-soak --scenarios 1000 --seed 1` (see docs/hardening.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product sl-soak >/dev/null
swift build --product sl-fake-adapter >/dev/null
bin="$(swift build --show-bin-path)"
"$bin/sl-soak" --scenarios 100 --seed "${SOAK_SEED:-1}" --fault-rate 0.2 --adapter "$bin/sl-fake-adapter"
