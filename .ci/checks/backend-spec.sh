#!/usr/bin/env bash
# specs/backend.json validates against its JSON Schema (python-jsonschema), and the schema is not
# vacuous: a misspelt key, an unknown probe or mode, a reference that is no address, a newer format:
# each mutation is rejected. The
# Swift loader's own diagnostics are tested in Tests/SingleLoginBackendTests/SpecLoaderTests.swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import copy, json, sys
import jsonschema
schema = json.load(open("specs/backend-spec-v1.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
spec = json.load(open("specs/backend.json"))
errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(spec)]
if errors:
    sys.exit("backend-spec: specs/backend.json fails its schema:\n" + "\n".join(errors))
ids = [c["id"] for c in spec["cases"]]
if len(ids) != len(set(ids)):
    sys.exit("backend-spec: a case ID is used twice")
def mutated(change):
    copy_ = copy.deepcopy(spec)
    change(copy_)
    return copy_
mutations = {
    "misspelt key": lambda s: s["cases"][0].update(forgez=s["cases"][0].pop("forges")),
    "unknown probe": lambda s: s["cases"][0].update(probe="algNon"),
    "unknown mode": lambda s: s["cases"][0].update(modes=["singel"]),
    "reference that is no address": lambda s: s["cases"][0]["references"][0].update(url="see the docs"),
    "format 2": lambda s: s.update(formatVersion="2.0"),
}
for name, change in mutations.items():
    if validator.is_valid(mutated(change)):
        sys.exit(f"backend-spec: the schema accepts a spec with a {name}")
print(f"backend-spec: specs/backend.json ({len(ids)} cases) validates; {len(mutations)} mutations are rejected")
PY
