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

# verify re-judges each bundle with no app: intact bundles exit 0, the incomplete one 1, and a
# flipped verdict (resealed with new sums, so only re-judging can tell) is named and exits 1.
for run in pass fail; do
    "$harness" verify "$work/$run.tar" >"$work/$run.verify" || { cat "$work/$run.verify" >&2; echo "bundle: verify of the $run bundle failed" >&2; exit 1; }
    grep -q "Result: intact" "$work/$run.verify" || { cat "$work/$run.verify" >&2; echo "bundle: verify of the $run bundle did not say intact" >&2; exit 1; }
done
status=0; "$harness" verify "$work/err.tar" >"$work/err.verify" || status=$?
[ "$status" -eq 1 ] && grep -q "incomplete" "$work/err.verify" || { cat "$work/err.verify" >&2; echo "bundle: verify of the incomplete bundle exited $status" >&2; exit 1; }
mkdir -p "$work/forged" && tar -xf "$work/fail.tar" -C "$work/forged"
python3 - "$work/forged" <<'PY'
import hashlib, json, pathlib, sys
root = pathlib.Path(sys.argv[1])
manifest = json.loads((root / "manifest.json").read_text())
flipped = next(case for case in manifest["testCases"] if case["verdict"] == "failed")
flipped["verdict"] = "passed"
(root / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
sums = [f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.relative_to(root)}" for path in sorted(root.rglob("*")) if path.is_file() and path.name != "SHA256SUMS"]
(root / "SHA256SUMS").write_text("\n".join(sums) + "\n")
PY
(cd "$work/forged" && tar --format=ustar -cf "$work/forged.tar" $(cd "$work/forged" && find . -type f | sed 's|^\./||' | sort))
status=0; "$harness" verify "$work/forged.tar" >"$work/forged.verify" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q "manifest.json" "$work/forged.verify" || { cat "$work/forged.verify" >&2; echo "bundle: a flipped verdict in the manifest was not caught (exit $status)" >&2; exit 1; }
# A run with a waiver: its summary.md ends with the waivers, the bundle holds it as written, and it verifies.
cat >"$work/waivers.json" <<'JSON'
{"formatVersion": "1.0", "waivers": [{"requirement": "SL-LOGOUT-1", "reason": "known", "link": "https://tracker.example.com/1", "expires": "2999-12-31"}]}
JSON
status=0
"$harness" run --quiet --reports "$work/waived" --reference-flaw leavesRecordsFile --waivers "$work/waivers.json" --bundle "$work/waived.tar" >/dev/null || status=$?
mkdir -p "$work/waived-x" && tar -xf "$work/waived.tar" -C "$work/waived-x"
grep -q "^## Waivers" "$work/waived/summary.md" || { echo "bundle: the waived run's summary.md has no Waivers section" >&2; exit 1; }
cmp -s "$work/waived-x/summary.md" "$work/waived/summary.md" || { echo "bundle: waived: summary.md differs from the report the run wrote" >&2; exit 1; }
"$harness" verify "$work/waived.tar" >"$work/waived.verify" || { cat "$work/waived.verify" >&2; echo "bundle: verify of the waived bundle failed" >&2; exit 1; }
echo "bundle: verify: pass, fail and waived intact, the incomplete one incomplete, a flipped verdict caught"
