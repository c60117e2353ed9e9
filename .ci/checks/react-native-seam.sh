#!/usr/bin/env bash
# A React Native app's own session code (Examples/react-native-seam/app, loaded as it ships) with
# react-native-msal played over the wire protocol by msal-harness.js:
# - the app passes every requirement of the catalogue (exit status 0);
# - each one-mistake variant (RN_SEAM_VARIANT, harness/variants.js) fails exactly the requirements
#   recorded in its `fails` (exit status 1);
# - a variant whose edit no longer matches app/session.js, or an unknown one, stops the adapter.
# Node.js 20.6 or later (module.register); Debian's nodejs package is installed when node is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

example=Examples/react-native-seam
if ! command -v node >/dev/null 2>&1; then
    # Another check may hold apt's locks for a while (checks run two at a time): wait for them.
    apt-get -o DPkg::Lock::Timeout=120 update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq nodejs >/dev/null
fi
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 6) ? 0 : 1)' \
    || { echo "react-native-seam: needs Node.js 20.6 or later (module.register); found $(node --version)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scratch=()
[ -n "${SWIFT_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SWIFT_SCRATCH_PATH")
swift build ${scratch[@]+"${scratch[@]}"} --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build ${scratch[@]+"${scratch[@]}"} --show-bin-path)/sl-conformance"

failed_ids() {  # failed_ids JUNIT : the requirement IDs with a failure or an error of their own, sorted, comma-joined
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).iter("testcase")
# A case not judged (<failure type="notJudged">, blocked by another requirement) is not its own requirement's failure.
def own(c):
    failure = c.find("failure")
    return (failure is not None and failure.get("type") != "notJudged") or c.find("error") is not None
print(",".join(sorted({c.get("classname").split(".")[-1] for c in cases if own(c)})))
PY
}

# 1. The app as it ships passes everything.
status=0
"$harness" run --adapter "node $example/adapter.js" --reports "$work/pass" --wire-log "$work/pass.wire.log" \
    --quiet >"$work/pass.out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    echo "react-native-seam: the shipped app exited $status, expected 0" >&2
    cat "$work/pass.out" >&2; tail -n 40 "$work/pass.wire.log" >&2 || true
    exit 1
fi
passed=$(sed -n 's/^\([0-9]*\) test cases in .*: \([0-9]*\) passed, 0 failed, 0 errors.*/\2 of \1/p' "$work/pass.out")
echo "react-native-seam: the shipped app passes ${passed:-all} test cases"

# 2. Each variant fails exactly what variants.js records.
variants=$(cd "$example" && node --input-type=module -e \
    "const { variants } = await import('./harness/variants.js'); for (const [n, v] of Object.entries(variants)) console.log(n + ' ' + v.fails.join(','))")
while read -r name wanted; do
    status=0
    "$harness" run --adapter "env RN_SEAM_VARIANT=$name node $example/adapter.js" --reports "$work/$name" \
        --quiet >"$work/$name.out" 2>&1 || status=$?
    got=$(failed_ids "$work/$name/junit.xml")
    if [ "$status" -ne 1 ] || [ "$got" != "$wanted" ]; then
        echo "react-native-seam: RN_SEAM_VARIANT=$name exited $status and failed [$got]; expected 1 and [$wanted]" >&2
        cat "$work/$name.out" >&2
        exit 1
    fi
    echo "react-native-seam: RN_SEAM_VARIANT=$name fails exactly $got"
done <<<"$variants"

# 3. An unknown variant stops the adapter at start, with the names it knows.
if RN_SEAM_VARIANT=no-such-mistake node "$example/adapter.js" </dev/null >"$work/unknown.out" 2>"$work/unknown.err"; then
    echo "react-native-seam: an unknown variant started" >&2; exit 1
fi
grep -q "unknown RN_SEAM_VARIANT 'no-such-mistake'; known: keep-account-after-signout" "$work/unknown.err" \
    || { cat "$work/unknown.err" >&2; exit 1; }
[ ! -s "$work/unknown.out" ] || { echo "react-native-seam: the adapter wrote to stdout outside the protocol" >&2; exit 1; }
echo "react-native-seam: an unknown variant is refused at start"
