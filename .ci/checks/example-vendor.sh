#!/usr/bin/env bash
# Examples/ShiftBoard-vendor, a vendor's package depending on this one by path: its app target links
# the MSAL seam alone; its own `swift test`
# lists every requirement of the shipped spec as its own test (console and --xunit-output), passes,
# and a flaw switched on fails exactly that requirement's test; --filter selects requirements; the
# generated test files are what generate-tests writes (the shipped spec's, and ShiftBoard's own spec of
# what explore found); its adapter's stdio executable passes the shipped spec under `sl-conformance run`.
#
# The example builds in this checkout's .build (--scratch-path): the library it depends on is then
# the one `swift test` compiled, not compiled again (the same sources and flags), which saves CI a
# whole build of it. SwiftPM locks the directory, so a check building beside it waits, not races.
set -euo pipefail
cd "$(dirname "$0")/../.."
example=Examples/ShiftBoard-vendor
scratch="$(pwd)/.build"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "example-vendor: $*" >&2; exit 1; }

swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
tool="$(swift build --show-bin-path)/sl-conformance"
ids=$("$tool" list --format json | python3 -c 'import json,sys; print("\n".join(r["id"] for r in json.load(sys.stdin)["requirements"]))')
count=$(wc -l <<<"$ids" | tr -d ' ')

(cd "$example" && "$tool" generate-tests --adapter-factory ShiftBoardAdapter --import ShiftBoardConformance --output Tests/ShiftBoardTests/SingleLoginConformanceTests.swift --check) \
    || fail "the generated tests are stale: run the command above in $example"
(cd "$example" && "$tool" generate-tests --adapter-factory ShiftBoardAdapter --import ShiftBoardConformance --type-name ShiftBoardExploreTests \
    --spec specs/shiftboard-explore.json --output Tests/ShiftBoardTests/ShiftBoardExploreTests.swift --check) \
    || fail "the tests of ShiftBoard's own spec are stale: run the command above in $example"

# 1. Every requirement is its own test, and all pass.
status=0
(cd "$example" && swift test --scratch-path "$scratch" --xunit-output "$work/xunit.xml") >"$work/pass.log" 2>&1 || status=$?
[ "$status" = 0 ] || { tail -n 60 "$work/pass.log" >&2; fail "swift test exited $status"; }
for id in $ids; do
    grep -q "✔ Test \"$id\" passed" "$work/pass.log" || fail "swift test does not list $id as a passing test of its own"
done
python3 - "$work/xunit-swift-testing.xml" "$count" <<'PY' || fail "--xunit-output does not hold one testcase per requirement"
import sys, xml.etree.ElementTree as ET
cases = [c.get("name") for c in ET.parse(sys.argv[1]).iter("testcase")]
requirements = [c for c in cases if c.startswith("`SL-")]
assert len(requirements) == int(sys.argv[2]), (len(requirements), cases)
print(f"example-vendor: --xunit-output has {len(requirements)} requirement testcases, e.g. {requirements[0]}")
PY
echo "example-vendor: swift test lists all $count requirements of the shipped spec as tests of their own, all passing"
# ShiftBoard's own spec: what explore found, kept fixed.
grep -q '✔ Test "SB-ACCOUNT-1" passed' "$work/pass.log" || fail "swift test does not pass SB-ACCOUNT-1 of specs/shiftboard-explore.json"

# The app's own target ships in the app: it links the MSAL seam and nothing else of this package
# (docs/platforms.md), as a vendor copying the example would.
(cd "$example" && swift package dump-package) >"$work/manifest.json" 2>"$work/dump.err" || { cat "$work/dump.err" >&2; fail "swift package dump-package failed"; }
python3 - "$work/manifest.json" <<'PY' || fail "the ShiftBoard target links more than SingleLoginSeam"
import json, sys
target = next(t for t in json.load(open(sys.argv[1]))["targets"] if t["name"] == "ShiftBoard")
linked = [d["product"][0] for d in target["dependencies"] if "product" in d] + [d.get("byName", [None])[0] for d in target["dependencies"] if "byName" in d]
assert linked == ["SingleLoginSeam"], linked
print("example-vendor: the app target ShiftBoard links SingleLoginSeam only")
PY

# 2. --filter selects requirements.
(cd "$example" && swift test --scratch-path "$scratch" --filter SL-LOGOUT) >"$work/filter.log" 2>&1 || fail "swift test --filter SL-LOGOUT failed"
ran=$(grep -c '^✔ Test "SL-' "$work/filter.log" || true)
[ "$ran" = "$(grep -c '^SL-LOGOUT' <<<"$ids")" ] || fail "--filter SL-LOGOUT ran $ran requirement tests"
echo "example-vendor: swift test --filter SL-LOGOUT runs exactly the $ran sign-out requirements"

# 3. A flaw switched on fails exactly its requirements' tests (one requirement for the first, the third and
#    the last, a check skipped on resume breaks every requirement that resumes, a final sync with the ended
#    session's token every sign-out requirement); the tests of requirements that
#    presume what the flaw breaks fail too, never green, but say "not judged (blocked by ...)".
#    Each entry: flaw:failed requirements:requirements not judged.
for entry in "showsCancelAsError:SL-CANCEL-1:" "skipsCheckOnResume:SL-INTERACTIVE-1 SL-INTERACTIVE-2 SL-LOGIN-7 SL-LOGOUT-2 SL-SWITCH-3:SL-ACTIVITY-1 SL-INFLIGHT-1 SL-NOTIFY-1 SL-PASTEBOARD-1 SL-SPOTLIGHT-1 SL-WIDGET-1" "keepsNotificationsOnSignOut:SL-NOTIFY-1:SL-INFLIGHT-1" "appliesLateAnswers:SL-INFLIGHT-1:" \
    "syncsNotesAfterSignOut:SL-LOGOUT-1 SL-LOGOUT-2 SL-LOGOUT-3 SL-LOGOUT-4 SL-LOGOUT-5:SL-INFLIGHT-1" "cachesDeviceMode:SL-DETECT-1:"; do
    IFS=: read -r flaw expected blocked <<<"$entry"
    status=0
    (cd "$example" && SHIFTBOARD_FLAW=$flaw swift test --scratch-path "$scratch") >"$work/$flaw.log" 2>&1 || status=$?
    red=$(sed -n 's/^✘ Test "\(SL-[A-Z0-9-]*\)" failed.*/\1/p' "$work/$flaw.log" | sort)
    failed="" notJudged=""
    for id in $red; do
        if grep -q "↳ $id (MUST) failed: " "$work/$flaw.log"; then failed+="$id "
        elif grep -q "↳ $id (MUST) not judged (blocked by SL-[A-Z0-9-]*): " "$work/$flaw.log"; then notJudged+="$id "
        else fail "the failure of $id carries no evidence"; fi
    done
    [ "$status" != 0 ] && [ "$failed" = "$expected " ] && [ "$notJudged" = "${blocked:+$blocked }" ] \
        || fail "SHIFTBOARD_FLAW=$flaw failed [$failed] and left [$notJudged] not judged (exit $status), expected exactly [$expected] and [$blocked]"
    echo "example-vendor: SHIFTBOARD_FLAW=$flaw fails exactly $expected${blocked:+; not judged (blocked): $blocked}"
done

# 4. The same adapter over stdio (the executable explore needs) passes the shipped spec under `run`.
(cd "$example" && swift build --scratch-path "$scratch" --product shiftboard-adapter) >"$work/adapter-build.log" 2>&1 || { tail -n 40 "$work/adapter-build.log" >&2; fail "shiftboard-adapter does not build"; }
adapter="$(cd "$example" && swift build --scratch-path "$scratch" --show-bin-path)/shiftboard-adapter"
status=0
"$tool" run --adapter "$adapter" --reports "$work/stdio-reports" >"$work/stdio.log" 2>&1 || status=$?
[ "$status" = 0 ] || { tail -n 40 "$work/stdio.log" >&2; fail "run --adapter shiftboard-adapter exited $status"; }
# None skipped: the executable declares concurrentCalls, so SL-INFLIGHT-1's held answers are played too.
summary=$(grep -E '^[0-9]+ test cases in ' "$work/stdio.log") || fail "run --adapter shiftboard-adapter printed no totals"
grep -q ' 0 failed, 0 errors, 0 skipped$' <<<"$summary" || fail "run --adapter shiftboard-adapter: $summary"
echo "example-vendor: over stdio, shiftboard-adapter passes the shipped spec: $summary"

# 5. `sl-conformance init swift` in a new package, built in the same build directory
#    (vendor/init-skeleton.sh says what it checks).
SCRATCH="$scratch" bash .ci/checks/vendor/init-skeleton.sh
