#!/usr/bin/env bash
# What a Mac runs of our shell, proven as far as Linux can: GitHub's macOS images run `run:` steps
# and scripts under /bin/bash, which is bash 3.2 (runner-images' macOS 26 readme: "Bash 3.2.57"),
# with BSD tools. So the scripts a Mac runs (.ci/select-xcode.sh and scripts/package-release.sh in
# the workflows; .ci/format-files.sh and scripts/bench-backend.sh on a contributor's Mac) and the
# steps of every macos-* job are:
#   1. read for what bash 3.2 or BSD tools lack (mapfile, associative arrays, ${x,,}, |&, grep -P,
#      sed -i, a heredoc inside $(...), ...);
#   2. and, where a Linux machine can play them, run: select-xcode.sh against made-up Xcodes with
#      bash 4's builtins switched off, and .ci/pick-simulator.py against sample device lists.
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The scan. It must flag what it is for (the first two lines are what select-xcode.sh and the
#    ios job once held), and nothing in the scripts and steps a Mac runs.
printf '%s\n' 'mapfile -t candidates < <(ls -d /Applications/Xcode_*.app)' \
    'udid="$(python3 - "$sdk" <<'"'"'PY'"'"'' 'declare -A seen' 'echo "${name,,}"' 'grep -P x' >"$work/bash4.sh"
python3 - "$work/bash4.sh" <<'PY'
import pathlib, re, sys, yaml

LACKING = [
    (r"\b(mapfile|readarray)\b", "mapfile/readarray (bash 4): read lines with `while IFS= read -r`"),
    (r"\b(declare|local|typeset)\s+-[a-zA-Z]*[An]", "an associative array or a nameref (bash 4)"),
    (r"\$\{[#!]?\w+(\[[^]]*\])?(,,?|\^\^?)[^}]*\}", "case conversion ${x,,} (bash 4)"),
    (r"&>>|\|&", "&>> or |& (bash 4)"),
    (r"\[\[\s+-v\s", "[[ -v ]] (bash 4.2)"),
    (r"\bwait\s+-n\b", "wait -n (bash 4.3)"),
    (r"\b(globstar|coproc)\b", "globstar or coproc (bash 4)"),
    (r"\$\{[^}]*@[QEPAaUuLK]\}", "${x@Q} (bash 4.4)"),
    (r"\b(EPOCHSECONDS|EPOCHREALTIME|SRANDOM)\b", "a bash 5 variable"),
    (r";;&", "case fall-through ;;& (bash 4)"),
    (r"\$\([^)]*<<", "a heredoc inside $(...): bash 3.2's scan for the closing parenthesis can misread it"),
    (r"\bgrep\s+(-\w*P|--perl)", "grep -P (GNU grep)"),
    (r"\bsed\s+(-\w+\s+)*-i\b", "sed -i (GNU and BSD sed take its argument differently)"),
    (r"\bdate\s+-d\b|\bstat\s+-c\b|-printf\b|\bxargs\s+-\w*r\b|\b(timeout|tac)\s", "a GNU-only tool or option"),
]

def scan(name, text):
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("#"):
            continue
        for pattern, what in LACKING:
            if re.search(pattern, line):
                found.append(f"{name}:{number}: {what}\n    {line.strip()}")
    return found

sample = pathlib.Path(sys.argv[1])
flagged = scan(sample.name, sample.read_text())
if len(flagged) != 5:
    sys.exit("macos-scripts: the scan flags " + str(len(flagged)) + " of the sample's 5 lines; it proves nothing:\n" + "\n".join(flagged))

found, read = [], 0
for path in [".ci/select-xcode.sh", "scripts/package-release.sh", ".ci/format-files.sh", "scripts/bench-backend.sh"]:
    found += scan(path, pathlib.Path(path).read_text())
    read += 1
for workflow in sorted(pathlib.Path(".github/workflows").glob("*.y*ml")):
    for job_name, job in yaml.safe_load(workflow.read_text())["jobs"].items():
        if not str(job.get("runs-on", "")).startswith("macos"):
            continue
        for number, step in enumerate(job.get("steps", []), start=1):
            if "run" in step:
                found += scan(f"{workflow.name} job {job_name} step {number} ({step.get('name', 'run')})", step["run"])
                read += 1
if found:
    sys.exit("macos-scripts: what a Mac's bash 3.2 or BSD tools lack:\n" + "\n".join(found))
print(f"macos-scripts: {read} scripts and macOS steps use nothing bash 3.2 or BSD tools lack")
PY

# 2a. select-xcode.sh picks the newest Xcode that bundles the Swift asked for, and skips betas, as
#     bash without mapfile and readarray (bash 3.2 has neither).
fake() {  # fake NAME SWIFT_VERSION: an Xcode whose swift reports SWIFT_VERSION
    local bin="$work/Applications/$1/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin"
    mkdir -p "$bin"
    printf '#!/bin/sh\necho "swift-driver version: 1.127 Apple Swift version %s (swiftlang-6.3.0)"\n' "$2" >"$bin/swift"
    chmod +x "$bin/swift"
}
fake Xcode_27.0.app 6.4
fake Xcode_26.10.app 6.3.1
fake Xcode_26.4.1.app 6.3
fake Xcode_26.9_beta.app 6.3
fake Xcode_26.3.app 6.2.4
mkdir "$work/bin"
printf '#!/bin/sh\nexec "$@"\n' >"$work/bin/sudo"
for tool in xcode-select xcodebuild swift; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n' "$tool" "$work" >"$work/bin/$tool"
done
chmod +x "$work/bin/"*
select_xcode() { PATH="$work/bin:$PATH" XCODE_APPLICATIONS="$1" bash -c 'enable -n mapfile readarray; source .ci/select-xcode.sh "$@"' select-xcode "${@:2}"; }
select_xcode "$work/Applications" 6.3 >"$work/select.log" 2>&1 || { cat "$work/select.log" >&2; echo "macos-scripts: select-xcode.sh failed" >&2; exit 1; }
grep -qx "xcode-select -s $work/Applications/Xcode_26.10.app/Contents/Developer" "$work/calls" \
    || { cat "$work/select.log" "$work/calls" >&2; echo "macos-scripts: select-xcode.sh did not select Xcode_26.10 (the newest with Swift 6.3)" >&2; exit 1; }
grep -q "Xcode_27.0.app bundles Swift 6.4, not 6.3" "$work/select.log" || { cat "$work/select.log" >&2; echo "macos-scripts: select-xcode.sh did not try the newest first" >&2; exit 1; }
if grep -q beta "$work/select.log"; then cat "$work/select.log" >&2; echo "macos-scripts: select-xcode.sh tried a beta" >&2; exit 1; fi
status=0; select_xcode "$work/nowhere" 6.3 >"$work/none.log" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q "no Xcode on this runner bundles Swift 6.3; installed: none" "$work/none.log" \
    || { cat "$work/none.log" >&2; echo "macos-scripts: select-xcode.sh with no Xcode: exit $status" >&2; exit 1; }
echo "macos-scripts: select-xcode.sh selects the newest Xcode with Swift 6.3, and names the installed ones when none has it"

# 2b. pick-simulator.py takes an available iPhone of the SDK's runtime, else of the newest runtime.
cat >"$work/devices.json" <<'JSON'
{"devices": {
  "com.apple.CoreSimulator.SimRuntime.iOS-18-5": [{"name": "iPhone 16", "udid": "IOS18-IPHONE16", "isAvailable": true}],
  "com.apple.CoreSimulator.SimRuntime.iOS-26-4": [
    {"name": "iPad Air 11-inch (M3)", "udid": "IOS26-IPAD", "isAvailable": true},
    {"name": "iPhone 17 Pro", "udid": "IOS26-UNAVAILABLE", "isAvailable": false},
    {"name": "iPhone 17", "udid": "IOS26-IPHONE17", "isAvailable": true}],
  "com.apple.CoreSimulator.SimRuntime.watchOS-26-0": [{"name": "Apple Watch Series 11 (46mm)", "udid": "WATCH", "isAvailable": true}]
}}
JSON
pick() { python3 .ci/pick-simulator.py "$@" 2>>"$work/pick.log"; }
[ "$(pick 26.4 "$work/devices.json")" = IOS26-IPHONE17 ] || { cat "$work/pick.log" >&2; echo "macos-scripts: pick-simulator.py missed iOS 26.4's iPhone 17" >&2; exit 1; }
[ "$(pick 18.5 "$work/devices.json")" = IOS18-IPHONE16 ] || { cat "$work/pick.log" >&2; echo "macos-scripts: pick-simulator.py missed the SDK's own runtime" >&2; exit 1; }
[ "$(pick 26.5 "$work/devices.json")" = IOS26-IPHONE17 ] || { cat "$work/pick.log" >&2; echo "macos-scripts: pick-simulator.py missed the newest runtime's iPhone" >&2; exit 1; }
echo '{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-4": []}}' >"$work/empty.json"
if pick 26.4 "$work/empty.json" >/dev/null || ! grep -q "no available iPhone simulator" "$work/pick.log"; then
    cat "$work/pick.log" >&2; echo "macos-scripts: pick-simulator.py with no iPhone did not fail" >&2; exit 1
fi
echo "macos-scripts: pick-simulator.py takes the SDK's runtime's available iPhone, else the newest runtime's"
