#!/usr/bin/env bash
# The trace a device pass records (the stand-in's: the reference app with SingleLoginRecorder, over
# the simulated broker) is valid against specs/device-trace-v1.schema.json by python-jsonschema,
# line by line: tokens only as digests, record marks kept, and the schema refuses what it should.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"
status=0
"$harness" device-pass --stand-in --bundle "$work/pass.tar" --reports "$work/reports" >"$work/pass.out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$work/pass.out" >&2
    echo "device-trace: the conformant stand-in pass exited $status, expected 0" >&2
    exit 1
fi
tar -xf "$work/pass.tar" -C "$work" trace.jsonl
python3 .ci/checks/device_trace_check.py specs/device-trace-v1.schema.json "$work/trace.jsonl"
