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

# 3. A short fuzz run (the full run is 100,000+ inputs; see docs/spec-format.md).
swift build --product sl-spec-fuzz >/dev/null
.build/debug/sl-spec-fuzz --iterations 10000 --seed "${SPEC_FUZZ_SEED:-$(date +%Y%m%d)}"
