#!/usr/bin/env bash
# Builds the sl-conformance release binary for this machine and packages it:
#   dist/sl-conformance-<version>-linux-<arch>.tar.gz   (Linux: Swift runtime and Foundation linked in)
#   dist/sl-conformance-<version>-macos-universal.tar.gz (macOS: arm64 + x86_64)
#   dist/SHA256SUMS                                      (every tarball in dist/)
# The tarball holds the one file `sl-conformance`, so `tar -xz -C /usr/local/bin` installs it.
# It is the executable sl-conformance-package, which leaves out `bench` (it needs sl-canned-adapter
# and sl-reference-adapter beside it; help says so).
#
# Usage: scripts/package-release.sh [--output DIR] [--scratch-path DIR] [--configuration release|debug]
# --configuration debug packages a debug build the same way (Linux only; for checking the package,
# not for shipping): it reuses what `swift build` or `swift test` compiled and only links.
# The release workflow (.github/workflows/release.yml) runs it on each platform for a tag v<version>;
# .ci/checks/outside-checkout.sh runs it (--configuration debug) on every CI run and tests the
# result outside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
scratch=.build
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --configuration) configuration=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-release: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/SingleLoginSpec/Support/HarnessVersion.swift)
[ -n "$version" ] || { echo "package-release: cannot read the version from HarnessVersion.swift" >&2; exit 1; }

case "$configuration" in
    release|debug) ;;
    *) echo "package-release: --configuration is release or debug, not '$configuration'" >&2; exit 64 ;;
esac
case "$(uname -s)" in
    Linux)
        flags=(-c "$configuration" --static-swift-stdlib --scratch-path "$scratch")
        # A release build drops unreferenced code when it links; a debug build keeps it, and then
        # the static Foundation archives need each other in either order: link them as a group.
        if [ "$configuration" = debug ]; then
            for library in Foundation CoreFoundation _FoundationICU FoundationInternationalization FoundationEssentials _FoundationCShims _FoundationCollections swiftSynchronization; do
                group+=(-Xlinker "-l$library")
            done
            flags+=(-Xlinker --start-group "${group[@]}" -Xlinker --end-group)
        fi
        platform="linux-$(uname -m)"
        ;;
    Darwin)
        [ "$configuration" = release ] || { echo "package-release: --configuration debug is for Linux checks only" >&2; exit 64; }
        flags=(-c release --arch arm64 --arch x86_64 --scratch-path "$scratch")
        platform="macos-universal"
        ;;
    *) echo "package-release: unsupported system $(uname -s)" >&2; exit 1 ;;
esac

swift build "${flags[@]}" --product sl-conformance-package
bin="$(swift build "${flags[@]}" --show-bin-path)/sl-conformance-package"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$bin" "$stage/sl-conformance"
strip "$stage/sl-conformance"
# Stripping invalidates the linker's ad-hoc signature, which Apple silicon requires: sign again.
if [ "$(uname -s)" = Darwin ]; then codesign --force --sign - "$stage/sl-conformance"; fi
"$stage/sl-conformance" --version >/dev/null

mkdir -p "$output"
tarball="$output/sl-conformance-$version-$platform.tar.gz"
tar -czf "$tarball" -C "$stage" sl-conformance
(
    cd "$output"
    if command -v sha256sum >/dev/null; then sha256sum sl-conformance-*.tar.gz; else shasum -a 256 sl-conformance-*.tar.gz; fi
) >"$output/SHA256SUMS"
echo "package-release: wrote $tarball ($(wc -c <"$tarball" | tr -d ' ') bytes) and $output/SHA256SUMS"
