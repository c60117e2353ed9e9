#!/usr/bin/env bash
# `run --bundle` writes a tar that standard tools open: GNU tar lists and extracts it, sha256sum
# confirms SHA256SUMS, Python's tarfile reads it, and its manifest has every documented field; an
# incomplete run writes no bundle unless --allow-incomplete is given, and that bundle says so.
# A bundle signed with `--sign` by a key `openssl genpkey` made verifies with `openssl dgst -verify`
# and with `verify --trusted-key`, and not with another key or after an edit.
set -euo pipefail
cd "$(dirname "$0")/../.."

# OpenSSL is the independent implementation the signature is checked with (Debian: apt-get install openssl).
command -v openssl >/dev/null || { echo "bundle: openssl is not installed (Debian: apt-get install openssl); it checks the bundle's signature" >&2; exit 1; }

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
import collections, json, sys, tarfile, pathlib
work = pathlib.Path(sys.argv[1])
fields = {"format", "harness", "spec", "app", "referenceApp", "host", "started", "ended", "commandLine", "gate",
          "jobs", "counts", "notRun", "complete", "incompleteReasons", "verdict", "testCases"}
for name, verdict, complete in (("pass", "passed", True), ("fail", "failed", True), ("err", "incomplete", False)):
    with tarfile.open(work / f"{name}.tar") as tar:
        names = tar.getnames()
        manifest = json.load(tar.extractfile("manifest.json"))
        events = [json.loads(line) for line in tar.extractfile("events.jsonl").read().splitlines()]
    # The app is absent only when no adapter ever identified itself (the errored run's never started).
    missing = fields - manifest.keys() - (set() if complete else {"app"})
    if missing:
        sys.exit(f"bundle: {name}: the manifest lacks {sorted(missing)}")
    if manifest["verdict"] != verdict or manifest["complete"] != complete:
        sys.exit(f"bundle: {name}: verdict {manifest['verdict']}, complete {manifest['complete']}")
    counts = manifest["counts"]
    if counts["planned"] != len(manifest["testCases"]) or counts["planned"] != sum(v for k, v in counts.items() if k not in ("planned", "untested")):
        sys.exit(f"bundle: {name}: counts {counts} do not add up")
    for key in ("version", "binarySHA256"):
        if not manifest["harness"].get(key):
            sys.exit(f"bundle: {name}: no harness {key}")
    # Each test case's events are its lines of events.jsonl, counted in the manifest, held once.
    if manifest["format"] != 2 or any(n.startswith("transcripts/") for n in names):
        sys.exit(f"bundle: {name}: format {manifest['format']} with files {names}")
    held_by_case = collections.Counter((e["testCase"]["requirementID"], e["testCase"]["scenario"]) for e in events if "testCase" in e)
    for case in manifest["testCases"]:
        held = held_by_case[(case["requirementID"], case["scenario"])]
        if case.get("events", 0) != held:
            sys.exit(f"bundle: {name}: {case['requirementID']} / {case['scenario']}: the manifest counts {case.get('events')} events, events.jsonl holds {held}")
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
(cd "$work/forged" && find . -type f | sed 's|^\./||' | sort | tar --format=ustar -cf "$work/forged.tar" -T -)
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
python3 - "$work/waived-x/manifest.json" "$work/waivers.json" <<'PY'
import hashlib, json, sys
manifest, waivers = json.load(open(sys.argv[1])), open(sys.argv[2], "rb").read()
listed = manifest.get("waivers") or sys.exit("bundle: waived: the manifest lists no waivers")
if listed["sha256"] != hashlib.sha256(waivers).hexdigest() or [e.get("requirement") for e in listed["entries"]] != ["SL-LOGOUT-1"]:
    sys.exit(f"bundle: waived: the manifest's waivers {listed} are not the waiver file's")
PY
echo "bundle: verify: pass, fail and waived intact, the incomplete one incomplete, a flipped verdict caught"

# Signing: keys made by openssl genpkey, PKCS #8 and (converted) PKCS #1; the signature checked by openssl.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/key.pem" 2>/dev/null
openssl pkey -in "$work/key.pem" -pubout -out "$work/key.pub.pem"
openssl pkey -in "$work/key.pem" -traditional -out "$work/key-pkcs1.pem"
grep -q "BEGIN PRIVATE KEY" "$work/key.pem" && grep -q "BEGIN RSA PRIVATE KEY" "$work/key-pkcs1.pem" || { echo "bundle: openssl did not write the two key forms" >&2; exit 1; }
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/other.pem" 2>/dev/null
openssl pkey -in "$work/other.pem" -pubout -out "$work/other.pub.pem"
fingerprint="$(openssl pkey -pubin -in "$work/key.pub.pem" -outform DER | sha256sum | cut -d' ' -f1)"
only=(--only SL-LOGIN-1 --only SL-LOGOUT-1)
for form in key key-pkcs1; do
    status=0
    "$harness" run --quiet "${only[@]}" --reports "$work/$form" --reference-flaw leavesRecordsFile --bundle "$work/$form.tar" --sign "$work/$form.pem" >/dev/null || status=$?
    [ "$status" -eq 1 ] && [ -s "$work/$form.tar" ] || { echo "bundle: run --sign $form.pem exited $status" >&2; exit 1; }
    mkdir "$work/$form-x" && tar -xf "$work/$form.tar" -C "$work/$form-x"
    (cd "$work/$form-x" && sha256sum --quiet -c SHA256SUMS) || { echo "bundle: $form: SHA256SUMS does not match" >&2; exit 1; }
    openssl dgst -sha256 -verify "$work/key.pub.pem" -signature "$work/$form-x/SHA256SUMS.sig" "$work/$form-x/SHA256SUMS" >"$work/$form.openssl" \
        || { cat "$work/$form.openssl" >&2; echo "bundle: $form: openssl does not verify the Swift signature of SHA256SUMS" >&2; exit 1; }
    # PKCS #1 v1.5 is deterministic: openssl signing the same SHA256SUMS with the same key writes the same bytes.
    openssl dgst -sha256 -sign "$work/key.pem" -out "$work/$form.openssl.sig" "$work/$form-x/SHA256SUMS"
    cmp -s "$work/$form.openssl.sig" "$work/$form-x/SHA256SUMS.sig" || { echo "bundle: $form: the Swift signature differs from openssl's" >&2; exit 1; }
    python3 - "$work/$form-x/manifest.json" "$fingerprint" <<'PY'
import json, sys
signature = json.load(open(sys.argv[1])).get("signature")
expected = {"algorithm": "RS256", "signs": "SHA256SUMS", "file": "SHA256SUMS.sig", "publicKeySHA256": sys.argv[2]}
if signature != expected:
    sys.exit(f"bundle: the manifest's signature is {signature}, not {expected}")
PY
    "$harness" verify "$work/$form.tar" --trusted-key "$work/key.pub.pem" >"$work/$form.verify" || { cat "$work/$form.verify" >&2; echo "bundle: verify --trusted-key of the $form bundle failed" >&2; exit 1; }
    grep -qx "Result: intact, signed by $fingerprint; the run did not pass: failed, for the bundled reference app, not your app" "$work/$form.verify" || { cat "$work/$form.verify" >&2; echo "bundle: $form: verify did not name the signer" >&2; exit 1; }
done
"$harness" verify "$work/key.tar" >"$work/unchecked.verify" && grep -qx "Result: intact, signed by $fingerprint (signature not checked: no --trusted-key); the run did not pass: failed, for the bundled reference app, not your app" "$work/unchecked.verify" \
    || { cat "$work/unchecked.verify" >&2; echo "bundle: verify without --trusted-key did not say the signature went unchecked" >&2; exit 1; }
status=0; "$harness" verify "$work/key.tar" --trusted-key "$work/other.pub.pem" >"$work/other.verify" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q "not by the trusted key" "$work/other.verify" || { cat "$work/other.verify" >&2; echo "bundle: a bundle signed by another key was accepted (exit $status)" >&2; exit 1; }
status=0; "$harness" verify "$work/pass.tar" --trusted-key "$work/key.pub.pem" >"$work/unsigned.verify" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q "the bundle is unsigned" "$work/unsigned.verify" || { cat "$work/unsigned.verify" >&2; echo "bundle: an unsigned bundle was accepted with --trusted-key (exit $status)" >&2; exit 1; }
status=0; "$harness" verify "$work/key.tar" --trusted-key "$work/key.pem" >"$work/private.verify" 2>&1 || status=$?
[ "$status" -eq 2 ] && grep -q "fix: " "$work/private.verify" || { cat "$work/private.verify" >&2; echo "bundle: a private key as --trusted-key was not refused with a fix (exit $status)" >&2; exit 1; }
# An edit no re-judging sees (the host OS, which the events do not carry), resealed with new sums: openssl and verify --trusted-key both refuse it.
mkdir -p "$work/resealed" && tar -xf "$work/key.tar" -C "$work/resealed"
sed -i 's/"os" : "[^"]*"/"os" : "Forged OS 1.0"/' "$work/resealed/manifest.json"
(cd "$work/resealed" && find . -type f ! -name SHA256SUMS ! -name SHA256SUMS.sig | sed 's|^\./||' | sort | xargs sha256sum >SHA256SUMS)
if openssl dgst -sha256 -verify "$work/key.pub.pem" -signature "$work/resealed/SHA256SUMS.sig" "$work/resealed/SHA256SUMS" >/dev/null 2>&1; then
    echo "bundle: openssl accepted the signature of resealed sums" >&2; exit 1
fi
(cd "$work/resealed" && find . -type f | sed 's|^\./||' | sort | tar --format=ustar -cf "$work/resealed.tar" -T -)
"$harness" verify "$work/resealed.tar" >"$work/resealed-unchecked.verify" 2>&1 || { cat "$work/resealed-unchecked.verify" >&2; echo "bundle: the resealed bundle should look intact without --trusted-key" >&2; exit 1; }
status=0; "$harness" verify "$work/resealed.tar" --trusted-key "$work/key.pub.pem" >"$work/resealed.verify" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q "Result: SIGNATURE NOT ACCEPTED" "$work/resealed.verify" || { cat "$work/resealed.verify" >&2; echo "bundle: a resealed signed bundle was accepted with --trusted-key (exit $status)" >&2; exit 1; }
echo "bundle: signed with openssl genpkey keys (PKCS #8, PKCS #1): openssl verifies the signature and makes the same bytes; verify --trusted-key names the signer, refuses another key, an unsigned bundle and a resealed edit"
