#!/usr/bin/env bash
# Builds the sl-conformance release binary for this machine and packages it:
#   dist/sl-conformance-<version>-linux-<arch>.tar.gz   (Linux: Swift runtime and Foundation linked in)
#   dist/sl-conformance-<version>-macos-universal.tar.gz (macOS: arm64 + x86_64)
#   dist/SHA256SUMS                                      (every tarball in dist/)
# The tarball holds the one file `sl-conformance`, so `tar -xz -C /usr/local/bin` installs it.
# It is built with SL_RELEASE_PACKAGE, which leaves out `bench` (it needs sl-canned-adapter and
# sl-reference-adapter beside it; help says so).
#
# Usage: scripts/package-release.sh [--output DIR] [--scratch-path DIR]
# The release workflow (.github/workflows/release.yml) runs it on each platform for a tag v<version>;
# .ci/checks/outside-checkout.sh runs it on every CI run and tests the result outside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
scratch=.build
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-release: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/SingleLoginSpec/Support/HarnessVersion.swift)
[ -n "$version" ] || { echo "package-release: cannot read the version from HarnessVersion.swift" >&2; exit 1; }

case "$(uname -s)" in
    Linux)
        flags=(-c release --static-swift-stdlib --scratch-path "$scratch" -Xswiftc -DSL_RELEASE_PACKAGE)
        platform="linux-$(uname -m)"
        ;;
    Darwin)
        flags=(-c release --arch arm64 --arch x86_64 --scratch-path "$scratch" -Xswiftc -DSL_RELEASE_PACKAGE)
        platform="macos-universal"
        ;;
    *) echo "package-release: unsupported system $(uname -s)" >&2; exit 1 ;;
esac

swift build "${flags[@]}" --product sl-conformance
bin="$(swift build "${flags[@]}" --show-bin-path)/sl-conformance"

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
