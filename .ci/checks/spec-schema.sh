#!/usr/bin/env bash
# Spec format v1: the JSON Schema and the Swift loader agree, shipped specs validate, and the loader survives fuzzing.
set -euo pipefail
cd "$(dirname "$0")/../.."

# 1. python-jsonschema judges the shipped specs and every fixture as the manifest records.
python3 .ci/checks/spec_schema_check.py

# 2. The Swift loader accepts every shipped spec of every kind (swift test has built the package
#    already): `validate` recognises each file's kind by the key that holds its items.
swift build --product sl-conformance >/dev/null
specs=()
for spec in specs/*.json; do [[ "$spec" == *.schema.json ]] || specs+=("$spec"); done
.build/debug/sl-conformance validate "${specs[@]}"

# 3. A short fuzz run, with a new seed every day (the full run is 100,000+ inputs in release; see
#    docs/spec-format.md). The debug build loads about 110 inputs a second: 3,000 take half a minute.
swift build --product sl-spec-fuzz >/dev/null
.build/debug/sl-spec-fuzz --iterations "${SPEC_FUZZ_ITERATIONS:-3000}" --seed "${SPEC_FUZZ_SEED:-$(date +%Y%m%d)}"
