#!/usr/bin/env bash
# On a GitHub-hosted macOS runner: selects (sudo xcode-select -s) the newest installed Xcode whose
# bundled Swift is SWIFT (default 6.3), and prints its versions. Used by .github/workflows/ci.yml and
# release.yml; the reasons for taking Swift from Xcode rather than from a swift.org toolchain are in
# ci.yml's comment above its macos job. The runner images name their Xcodes /Applications/Xcode_<version>.app
# (betas and release candidates with a suffix, which are skipped); each candidate's own `swift`
# says which Swift it bundles, so no table of Xcode-to-Swift versions is kept here.
#
# It runs under the runner's /bin/bash, which is bash 3.2 on macOS: no mapfile, no associative
# arrays, and an empty array is unset under `set -u`. .ci/checks/macos-scripts.sh holds it to that,
# and runs it against made-up Xcodes in XCODE_APPLICATIONS (default /Applications).
set -euo pipefail
want="${1:-6.3}"
applications="${XCODE_APPLICATIONS:-/Applications}"
# Newest first: each Xcode_<version>.app as "<version> TAB <path>", sorted by version.
candidates=()
while IFS=$'\t' read -r _ app; do
    candidates+=("$app")
done < <(
    for app in "$applications"/Xcode_[0-9]*.app; do
        version="${app##*/Xcode_}"
        version="${version%.app}"
        if [[ "$version" =~ ^[0-9.]+$ ]]; then printf '%s\t%s\n' "$version" "$app"; fi
    done | sort -t $'\t' -k1,1 -V -r
)
for app in ${candidates[@]+"${candidates[@]}"}; do
    swift="$app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift"
    [ -x "$swift" ] || continue
    version="$("$swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)"
    if [ "$version" = "$want" ]; then
        sudo xcode-select -s "$app/Contents/Developer"
        xcodebuild -version
        swift --version
        exit 0
    fi
    echo "select-xcode: $app bundles Swift ${version:-unknown}, not $want"
done
echo "select-xcode: no Xcode on this runner bundles Swift $want; installed: ${candidates[*]-none}" >&2
exit 1
