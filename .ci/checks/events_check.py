#!/usr/bin/env python3
"""Validate sl-conformance JSON Lines event streams against specs/events-v2.schema.json.

Every line of every file given must be valid against the schema; each stream must start
with runStarted and end with runEnded, and bracket each requirement's test cases with
requirementStarted/requirementEnded. Exits 1 with every problem listed.
"""
import json
import pathlib
import sys

import jsonschema

schema = json.loads(pathlib.Path("specs/events-v2.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
problems = []
for name in sys.argv[1:]:
    lines = pathlib.Path(name).read_text().splitlines()
    kinds = []
    for number, line in enumerate(lines, 1):
        event = json.loads(line)
        kinds.append(event.get("kind"))
        for error in validator.iter_errors(event):
            problems.append(f"{name}:{number}: {error.message} (at {error.json_path})")
    if not kinds or kinds[0] != "runStarted" or kinds[-1] != "runEnded":
        problems.append(f"{name}: the stream must start with runStarted and end with runEnded")
    opened = None
    for kind in kinds:
        if kind == "requirementStarted":
            if opened:
                problems.append(f"{name}: requirementStarted inside another requirement")
            opened = True
        elif kind == "requirementEnded":
            opened = None
    print(f"ok   {name} ({len(lines)} events)" if not problems else f"..   {name}")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
