#!/usr/bin/env bash
# Spec format v1: the JSON Schema and the Swift loader agree, shipped specs validate, and the loader survives fuzzing.
set -euo pipefail
cd "$(dirname "$0")/../.."

# 1. python-jsonschema judges the shipped specs and every fixture as the manifest records.
python3 .ci/checks/spec_schema_check.py

# 2. The Swift loader accepts every shipped spec (swift test has built the package already).
swift build --product sl-conformance >/dev/null
# Only the specs whose "$schema" names the v1 schema; other formats may live in specs/ too.
mapfile -t specs < <(python3 .ci/checks/spec_schema_check.py --list-specs)
if [ "${#specs[@]}" -gt 0 ]; then
    .build/debug/sl-conformance validate "${specs[@]}"
fi

# 3. A short fuzz run (the full run is 100,000+ inputs; see docs/spec-format.md).
swift build --product sl-spec-fuzz >/dev/null
.build/debug/sl-spec-fuzz --iterations 10000 --seed "${SPEC_FUZZ_SEED:-$(date +%Y%m%d)}"
