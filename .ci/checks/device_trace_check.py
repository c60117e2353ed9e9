"""Checks a device trace against specs/device-trace-v1.schema.json with python-jsonschema.

Usage: device_trace_check.py SCHEMA TRACE. Every line must validate; the trace must hold
checkpoints, a record-marked element and no token in clear; and lines broken on purpose (an
unknown element kind, a record mark of false, a token in clear where a digest belongs) must not.
"""
import copy
import json
import sys

import jsonschema

schema_path, trace_path = sys.argv[1], sys.argv[2]
with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

with open(trace_path, encoding="utf-8") as f:
    text = f.read()
lines = [json.loads(raw) for raw in text.splitlines() if raw]
failures = []
for number, line in enumerate(lines, start=1):
    for error in validator.iter_errors(line):
        failures.append(f"{trace_path}:{number}: {error.json_path}: {error.message}")
if failures:
    print("\n".join(failures[:20]), file=sys.stderr)
    sys.exit(f"device-trace: {len(failures)} schema violations in {trace_path}")

checkpoints = [line for line in lines if line["kind"] == "checkpoint"]
elements = [element for line in checkpoints for element in line["checkpoint"]["observation"]["screen"]]
if not checkpoints or not any(element.get("record") is True for element in elements):
    sys.exit(f"device-trace: {len(checkpoints)} checkpoints and no record-marked element: the recorder dropped the app's marks")
if "eyJ" in text:
    sys.exit("device-trace: a token in clear (eyJ...) in the trace")

# Not vacuous: the schema refuses lines broken on purpose.
sample = next(line for line in checkpoints if line["checkpoint"]["observation"]["screen"])
broken = {
    "an unknown element kind": lambda line: line["checkpoint"]["observation"]["screen"][0].update(kind="toggle"),
    "a record mark of false": lambda line: line["checkpoint"]["observation"]["screen"][0].update(record=False),
    "an unknown member": lambda line: line["checkpoint"]["observation"].update(extra=1),
}
for what, breaking in broken.items():
    line = copy.deepcopy(sample)
    breaking(line)
    if validator.is_valid(line):
        sys.exit(f"device-trace: the schema accepted {what}")
print(f"device-trace: {len(lines)} lines valid ({len(checkpoints)} checkpoints, "
      f"{sum(1 for e in elements if e.get('record'))} record-marked elements); the schema refuses {len(broken)} broken lines")
