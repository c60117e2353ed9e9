#!/usr/bin/env bash
# `run --bundle` writes a tar that standard tools open: GNU tar lists and extracts it, sha256sum
# confirms SHA256SUMS, Python's tarfile reads it, and its manifest has every documented field; an
# incomplete run writes no bundle unless --allow-incomplete is given, and that bundle says so.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"

"$harness" run --quiet --reports "$work/pass" --bundle "$work/pass.tar" >/dev/null
status=0
"$harness" run --quiet --reports "$work/fail" --reference-flaw leavesRecordsFile --bundle "$work/fail.tar" >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "bundle: the failing run exited $status" >&2; exit 1; }
for run in pass fail; do
    mkdir "$work/$run-x"
    tar -xf "$work/$run.tar" -C "$work/$run-x"
    (cd "$work/$run-x" && sha256sum --quiet -c SHA256SUMS) || { echo "bundle: $run: SHA256SUMS does not match" >&2; exit 1; }
    for report in junit.xml summary.md report.html; do
        cmp -s "$work/$run-x/$report" "$work/$run/$report" || { echo "bundle: $run: $report differs from the report the run wrote" >&2; exit 1; }
    done
done
status=0
"$harness" run --quiet --reports "$work/err" --adapter /bin/false --handshake-timeout 1 --bundle "$work/err.tar" >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] && [ ! -e "$work/err.tar" ] || { echo "bundle: an errored run wrote a bundle without --allow-incomplete (exit $status)" >&2; exit 1; }
"$harness" run --quiet --reports "$work/err" --adapter /bin/false --handshake-timeout 1 --bundle "$work/err.tar" --allow-incomplete >/dev/null 2>&1 || true

python3 - "$work" <<'PY'
import json, sys, tarfile, pathlib
work = pathlib.Path(sys.argv[1])
fields = {"format", "harness", "spec", "app", "referenceApp", "host", "started", "ended", "commandLine", "gate",
          "jobs", "counts", "notRun", "complete", "incompleteReasons", "verdict", "testCases"}
for name, verdict, complete in (("pass", "passed", True), ("fail", "failed", True), ("err", "incomplete", False)):
    with tarfile.open(work / f"{name}.tar") as tar:
        names = tar.getnames()
        manifest = json.load(tar.extractfile("manifest.json"))
    # The app is absent only when no adapter ever identified itself (the errored run's never started).
    missing = fields - manifest.keys() - (set() if complete else {"app"})
    if missing:
        sys.exit(f"bundle: {name}: the manifest lacks {sorted(missing)}")
    if manifest["verdict"] != verdict or manifest["complete"] != complete:
        sys.exit(f"bundle: {name}: verdict {manifest['verdict']}, complete {manifest['complete']}")
    counts = manifest["counts"]
    if counts["planned"] != len(manifest["testCases"]) or counts["planned"] != sum(v for k, v in counts.items() if k != "planned"):
        sys.exit(f"bundle: {name}: counts {counts} do not add up")
    for key in ("version", "binarySHA256"):
        if not manifest["harness"].get(key):
            sys.exit(f"bundle: {name}: no harness {key}")
    for case in manifest["testCases"]:
        if case.get("transcript") and case["transcript"] not in names:
            sys.exit(f"bundle: {name}: {case['transcript']} is named but missing")
    print(f"bundle: {name}: {len(names)} files, verdict {manifest['verdict']}, {counts}")
PY
