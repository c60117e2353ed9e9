#!/usr/bin/env bash
# sl-conformance as a vendor installs it: the tarball scripts/package-release.sh makes, unpacked
# into an empty directory, run from a directory with no checkout around it, with a minimal
# environment (env -i PATH=/usr/bin:/bin) and no Swift toolchain on its PATH.
# - ldd shows no Swift runtime, Foundation, libxml2 or ICU: they are linked in.
# - list, validate, spec export, run --adapter 'python3 .../adapter.py' and preflight --project DIR
#   give the same results outside the checkout as inside it.
# - run --reports FILE exits 2 before running; a missing --spec exits 66; a run without --adapter
#   says in its first and last lines that it tested the bundled reference app.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Packaged from the debug build `swift test` made (linking only): the same executable, static
# linking and layout as the release, without compiling everything again with optimization, which
# takes minutes on 2 cores. The release workflow packages -c release (.github/workflows/release.yml).
bash scripts/package-release.sh --output "$work/dist" --configuration debug >"$work/package.log" 2>&1 || { cat "$work/package.log" >&2; exit 1; }
mkdir -p "$work/bin" "$work/vendor" "$work/home"
tar -xzf "$work"/dist/sl-conformance-*-linux-*.tar.gz -C "$work/bin"
tool="$work/bin/sl-conformance"
fail() { echo "outside-checkout: $*" >&2; exit 1; }

# 1. Linked in: nothing of Swift's or Foundation's (or libxml2/ICU) is loaded from the system.
if ldd "$tool" | grep -Ei 'libswift|libFoundation|libdispatch|libBlocksRuntime|libxml2|libicu|libcurl'; then
    fail "the release binary loads the libraries above from the system"
fi
echo "outside-checkout: ldd lists only $(ldd "$tool" | awk '{print $1}' | grep -v vdso | tr '\n' ' ')"

# The vendor's repository: an Xcode project (the preflight fixture) and nothing of ours.
cp -R Tests/SingleLoginPreflightTests/Fixtures/Conformant "$work/vendor/MyApp"
outside() { (cd "$work/vendor" && env -i PATH=/usr/bin:/bin HOME="$work/home" "$tool" "$@"); }
inside() { (cd "$repo" && "$tool" "$@"); }
status_of() { local status=0; "$@" >"$work/last.out" 2>"$work/last.err" || status=$?; echo "$status"; }
# PASS/FAIL/WARN/ERROR/SKIP lines without their times, to compare runs.
verdicts() { grep -E '^(PASS|FAIL|WARN|ERROR|SKIP|NOT RUN) ' | sed -E 's/ \([0-9.]+s\)$//'; }

# 2. Version, list and validate: the embedded specs, no file needed.
grep -q '^embedded specs: single-login ' <<<"$(outside --version)" || fail "--version does not name the embedded specs"
# The package leaves bench out (it needs adapters the package does not ship), and help says so.
grep -q '^bench is not in this release build' <<<"$(outside --help)" || fail "help of the release binary does not say that bench is left out"
grep -qE '^  bench ' <<<"$(outside --help)" && fail "the release binary lists bench"
bench_status=$(status_of outside bench)
[ "$bench_status" = 64 ] || fail "bench in the release binary exited $bench_status, expected 64 (not in this build)"
[ "$(outside list --format json)" = "$(inside list --format json)" ] || fail "list differs outside the checkout"
outside validate >/dev/null || fail "validate of the embedded specs fails outside the checkout"
outside spec export single-login --output specs >/dev/null
outside validate specs/single-login.json specs/spec-format-v1.schema.json >/dev/null 2>&1 && fail "validate accepted a schema as a spec"
outside validate specs/single-login.json >/dev/null || fail "the exported spec does not validate"
echo "outside-checkout: list, validate and spec export work with no checkout"

# 3. A run of a vendor's adapter over stdio: the same verdicts outside and inside.
adapter="python3 $repo/Examples/python-adapter/adapter.py"
out_status=$(status_of outside run --adapter "$adapter" --reports "$work/out-reports")
verdicts <"$work/last.out" >"$work/out.verdicts"
tail -n 1 "$work/last.out" >"$work/out.last"
in_status=$(status_of inside run --adapter "$adapter" --reports "$work/in-reports")
verdicts <"$work/last.out" >"$work/in.verdicts"
[ "$out_status" = 0 ] && [ "$in_status" = 0 ] || fail "run --adapter exited $out_status outside, $in_status inside (expected 0)"
diff -u "$work/in.verdicts" "$work/out.verdicts" || fail "run --adapter reports different verdicts outside the checkout"
grep -q 'Result: PASSED (exit status 0' "$work/out.last" || fail "the last line outside is not PASSED: $(cat "$work/out.last")"
grep -q 'reference app' "$work/out.last" && fail "a run of an adapter mentions the reference app"
echo "outside-checkout: run --adapter '$adapter': $(wc -l <"$work/out.verdicts" | tr -d ' ') requirements, same verdicts inside and outside, exit 0"

# 4. Preflight of the vendor's project: the same outcome outside and inside.
out_status=$(status_of outside preflight --project MyApp --reports "$work/out-preflight")
verdicts <"$work/last.out" >"$work/out.preflight"
in_status=$(status_of inside preflight --project "$work/vendor/MyApp" --reports "$work/in-preflight")
verdicts <"$work/last.out" >"$work/in.preflight"
[ "$out_status" = "$in_status" ] || fail "preflight exited $out_status outside, $in_status inside"
diff -u "$work/in.preflight" "$work/out.preflight" || fail "preflight reports different checks outside the checkout"
echo "outside-checkout: preflight --project MyApp: $(wc -l <"$work/out.preflight" | tr -d ' ') checks, same outcome inside and outside, exit $out_status"

# 4b. doctor and backend's plan need no checkout either.
# (Its exit status is not checked: "answers in time" depends on how busy the machine is.)
outside doctor --adapter "$adapter" >"$work/doctor.out" 2>&1 || true
grep -q "^PASS reset is a fresh install" "$work/doctor.out" || { cat "$work/doctor.out" >&2; fail "doctor --adapter does not run outside the checkout"; }
[ "$(outside backend --list)" = "$(inside backend --list)" ] || fail "backend --list differs outside the checkout"
echo "outside-checkout: doctor --adapter checks the adapter; backend --list plans the embedded backend spec"

# 5. Reports that cannot be written, a spec that is not there, and no silent demo.
touch "$work/vendor/afile"
status=$(status_of outside run --adapter "$adapter" --reports afile)
[ "$status" = 2 ] || fail "run --reports FILE exited $status, expected 2"
grep -q 'PASSED' "$work/last.out" && fail "run --reports FILE printed PASSED"
grep -q 'afile is a file, not a directory' "$work/last.err" || fail "run --reports FILE does not say why: $(cat "$work/last.err")"
status=$(status_of outside list specs/missing.json)
[ "$status" = 66 ] || fail "list of a missing spec exited $status, expected 66"
status=$(status_of outside run --quiet --reports demo)
[ "$status" = 0 ] || fail "the reference app run exited $status"
head -n 1 "$work/last.out" | grep -q '^Testing the bundled reference app, not your app' || fail "the first line of a run without --adapter does not name the reference app"
tail -n 1 "$work/last.out" | grep -q 'for the bundled reference app, not your app' || fail "the last line of a run without --adapter does not name the reference app"
grep -q 'name="run.app"' "$work/vendor/demo/junit.xml" || fail "the JUnit report of a run without --adapter has no run.app property"
echo "outside-checkout: --reports FILE exits 2 before running; a missing spec exits 66; a run without --adapter says it tested the bundled reference app"

# 6. The CI recipes of the docs (docs/ci-gating.md holds them), as pasted into the vendor's repository,
#    each explore shard playing 60 histories rather than the recipe's 500 (the jobs, shards and
#    merges are the same; against this conformant adapter the 3,520 histories more found nothing and
#    took 35 s of CPU).
python3 .ci/checks/recipes_check.py --tarball "$(ls "$work"/dist/sl-conformance-*-linux-*.tar.gz)" --vendor "$work/vendor/MyApp" \
    --adapter "$adapter" --xsd-dir "$repo/.ci/junit-xsd" --explore-runs 60 \
    README.md docs/ci-gating.md
# docs/backend.md's recipes run the 36 s backend profile against a Python backend: parsed and
# checked for the release install here, not run.
python3 - docs/backend.md <<'PY'
import re, sys, yaml
blocks = re.findall(r"```yaml\n(.*?)```", open(sys.argv[1]).read(), re.S)
for block in blocks:
    yaml.safe_load(block)
    assert "releases/download/v$SL_CONFORMANCE_VERSION" in block and "swift run" not in block, block
print(f"outside-checkout: {sys.argv[1]}: {len(blocks)} recipes parse and install the release")
PY
