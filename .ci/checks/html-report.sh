#!/usr/bin/env bash
# Renders the HTML report of a passing and of a failing run in Debian's headless chromium, as a
# reader would see it: the rendered DOM holds every requirement ID and each failure's evidence,
# the failing page opens on its failures (and lists them first without script), the filters
# change what is shown, the page requests nothing beyond its own file (chromium's network log),
# and a PNG screenshot of each page is kept under reports/ as a CI artifact.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1; then
    # Debian's package is `chromium` (not chromium-browser, which is Ubuntu's snap shim).
    # Another check may hold apt's locks for a while (checks run two at a time): wait for them. The
    # policy is read whole before grep looks at it: `grep -q` closing the pipe early would fail the
    # pipeline under pipefail although the package is there.
    candidate() { local policy; policy="$(apt-cache policy chromium 2>/dev/null)"; grep -q 'Candidate: [0-9]' <<<"$policy"; }
    for _ in 1 2 3 4 5 6; do
        apt-get -o DPkg::Lock::Timeout=120 update -qq 2>/dev/null && candidate && break
        sleep 10
    done
    candidate || { echo "html-report: no 'chromium' package in apt" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build --product sl-conformance >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
harness="$(swift build --show-bin-path)/sl-conformance"

status=0
"$harness" run --quiet --reports "$work/pass" --events "$work/pass/events.jsonl" >/dev/null 2>&1 || status=$?
[ "$status" -eq 0 ] || { echo "html-report: the passing run exited $status" >&2; exit 1; }
status=0
"$harness" run --quiet --reference-flaw leavesRecordsFile --reference-flaw showsSignUpWhenShared \
    --reports "$work/fail" --events "$work/fail/events.jsonl" >/dev/null 2>&1 || status=$?
[ "$status" -eq 1 ] || { echo "html-report: the failing run exited $status, expected 1" >&2; exit 1; }

# chromium refuses to run as root without --no-sandbox; a fresh profile keeps runs apart. Most of
# the browser's own traffic is turned off; the checker tells the rest from the page's by its key.
browse() {  # browse PROFILE ARGS...
    local profile=$1
    shift
    timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
        --user-data-dir="$work/$profile" --virtual-time-budget=3000 \
        --disable-background-networking --disable-component-update --disable-sync --disable-default-apps \
        --disable-domain-reliability --disable-client-side-phishing-detection --no-pings --disable-breakpad \
        --disable-features=Translate,OptimizationHints,MediaRouter,SpellCheck,AutofillServerCommunication \
        --metrics-recording-only "$@" 2>>"$work/chromium.log"
}

mkdir -p reports
for run in pass fail; do
    page="file://$work/$run/report.html"
    browse "$run-dom" --log-net-log="$work/$run.netlog.json" --dump-dom "$page" >"$work/$run.dom.html"
    for filter in "status=failed" "level=SHOULD" "status=passed&level=MUST"; do
        browse "$run-$filter" --dump-dom "$page#$filter" >"$work/$run.dom.$filter.html"
    done
    browse "$run-shot" --window-size=1280,2600 --screenshot="reports/html-report-$run.png" "$page" >/dev/null
    [ -s "reports/html-report-$run.png" ] || { echo "html-report: no screenshot of the $run report" >&2; exit 1; }
done
browse "fail-full-shot" --window-size=1280,16000 --screenshot="reports/html-report-fail-full.png" "file://$work/fail/report.html" >/dev/null
browse "fail-filtered-shot" --window-size=1280,1400 --screenshot="reports/html-report-fail-filtered.png" "file://$work/fail/report.html#status=failed,preconditionUnmet" >/dev/null

python3 .ci/checks/html_report_check.py --spec specs/single-login.json --work "$work"

# The network check is not vacuous: a page that does load something outside its file is caught.
printf '<!DOCTYPE html><html lang="en"><title>x</title><img alt="" src="http://127.0.0.1:9/pixel.png"></html>\n' >"$work/leaky.html"
browse leaky --log-net-log="$work/leaky.netlog.json" --dump-dom "file://$work/leaky.html" >/dev/null
if python3 .ci/checks/html_report_check.py --netlog-only "$work/leaky.netlog.json" >/dev/null 2>&1; then
    echo "html-report: the network check missed a page that loads an image from 127.0.0.1" >&2
    exit 1
fi
echo "html-report: screenshots in reports/html-report-pass.png, reports/html-report-fail.png, reports/html-report-fail-full.png, reports/html-report-fail-filtered.png"
