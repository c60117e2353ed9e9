#!/usr/bin/env python3
"""Checks spec files against specs/spec-format-v1.schema.json with python-jsonschema.

1. The schema itself is a valid draft 2020-12 schema.
2. Every shipped specs/*.json whose "$schema" names spec-format-v1.schema.json validates.
3. Every fixture under Tests/SingleLoginSpecTests/Fixtures/{valid,invalid} is judged by the schema
   exactly as Fixtures/schema-manifest.json records (the Swift tests assert the loader's side):
   valid          -> parses strictly and validates
   invalid        -> parses strictly and fails validation
   unparsable     -> Python's strict JSON reading rejects it
   beyond-schema  -> parses (leniently) and validates: only the Swift loader can reject it
Exit status 0 when everything agrees, 1 otherwise.
"""
import json
import pathlib
import sys

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "specs" / "spec-format-v1.schema.json"
FIXTURES = ROOT / "Tests" / "SingleLoginSpecTests" / "Fixtures"


def reject_duplicates(pairs):
    keys = [key for key, _ in pairs]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise ValueError(f"duplicate key {duplicates[0]!r}")
    return dict(pairs)


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def load_strict(path):
    text = path.read_bytes().decode("utf-8")
    return json.loads(text, object_pairs_hook=reject_duplicates, parse_constant=reject_constant)


def load_lenient(path):
    return json.loads(path.read_bytes().decode("utf-8"))


def shipped_specs():
    """specs/*.json whose "$schema" names the v1 schema (other formats may live in specs/ too)."""
    found = []
    for spec in sorted((ROOT / "specs").glob("*.json")):
        try:
            document = json.loads(spec.read_bytes().decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            document = None
        if isinstance(document, dict) and str(document.get("$schema", "")).endswith("spec-format-v1.schema.json"):
            found.append(spec)
    return found


def main():
    if sys.argv[1:] == ["--list-specs"]:
        for spec in shipped_specs():
            print(spec.relative_to(ROOT))
        return 0
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []
    checked = 0

    for spec in shipped_specs():
        try:
            document = load_strict(spec)
        except (ValueError, UnicodeDecodeError) as error:
            failures.append(f"{spec.relative_to(ROOT)}: not strict JSON: {error}")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            failures.append(f"{spec.relative_to(ROOT)}: {error.json_path}: {error.message}")
        checked += 1
        print(f"{spec.relative_to(ROOT)}: {'valid' if not errors else 'INVALID'}")

    # Shipped preflight specs against their own schema (the Swift loader is checked by `validate` below).
    preflight_schema = json.loads((ROOT / "specs" / "preflight-format-v1.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(preflight_schema)
    preflight_validator = jsonschema.Draft202012Validator(preflight_schema)
    for spec in sorted((ROOT / "specs").glob("*.json")):
        try:
            document = load_strict(spec)
        except (ValueError, UnicodeDecodeError):
            continue
        if not (isinstance(document, dict) and str(document.get("$schema", "")).endswith("preflight-format-v1.schema.json")):
            continue
        errors = sorted(preflight_validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            failures.append(f"{spec.relative_to(ROOT)}: {error.json_path}: {error.message}")
        checked += 1
        print(f"{spec.relative_to(ROOT)}: {'valid' if not errors else 'INVALID'} (preflight format)")

    manifest = json.loads((FIXTURES / "schema-manifest.json").read_text())
    counts = {}
    for folder in ("valid", "invalid"):
        on_disk = {p.name for p in (FIXTURES / folder).glob("*.json")}
        listed = set(manifest[folder])
        for name in sorted(on_disk - listed):
            failures.append(f"{folder}/{name}: not in schema-manifest.json")
        for name in sorted(listed - on_disk):
            failures.append(f"{folder}/{name}: in schema-manifest.json but missing")
        for name in sorted(on_disk & listed):
            expectation = manifest[folder][name]["schema"]
            counts[expectation] = counts.get(expectation, 0) + 1
            path = FIXTURES / folder / name
            label = f"{folder}/{name}"
            if expectation == "unparsable":
                try:
                    load_strict(path)
                    failures.append(f"{label}: expected Python's strict JSON reader to reject it, but it parsed")
                except (ValueError, UnicodeDecodeError):
                    pass
                continue
            try:
                document = load_strict(path) if expectation in ("valid", "invalid") else load_lenient(path)
            except (ValueError, UnicodeDecodeError) as error:
                failures.append(f"{label}: expected it to parse, got {error}")
                continue
            errors = list(validator.iter_errors(document))
            if expectation in ("valid", "beyond-schema") and errors:
                failures.append(f"{label}: expected the schema to accept it ({expectation}), got: {errors[0].json_path}: {errors[0].message}")
            if expectation == "invalid" and not errors:
                failures.append(f"{label}: expected the schema to reject it, but it validated")

    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(counts.items()))
    print(f"shipped specs checked: {checked}; fixtures: {summary}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
