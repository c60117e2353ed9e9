#!/usr/bin/env bash
# The seam's conformance to real MSAL (Examples/ShiftBoard-vendor/Sources/ShiftBoard/LiveMSALApplication.swift,
# the file docs/in-process.md tells vendors to copy) compiles only where `import MSAL` works, so on
# Linux it is a no-op. Here it is type-checked against .ci/checks/msal-stub/MSAL.swift, a stub of
# MSAL's Swift interface, in a package made for the purpose; and docs/in-process.md must quote the
# file exactly.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
file=Examples/ShiftBoard-vendor/Sources/ShiftBoard/LiveMSALApplication.swift

python3 - "$file" docs/in-process.md <<'PY'
import sys
source = open(sys.argv[1]).read()
doc = open(sys.argv[2]).read()
if "```swift\n" + source + "```" not in doc:
    sys.exit(f"msal-seam: {sys.argv[2]} does not quote {sys.argv[1]} exactly; paste the file into its ```swift block")
print(f"msal-seam: {sys.argv[2]} quotes {sys.argv[1]} exactly ({source.count(chr(10))} lines)")
PY

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/MSAL" "$work/Sources/SeamCheck"
cp .ci/checks/msal-stub/MSAL.swift "$work/Sources/MSAL/"
cp "$file" "$work/Sources/SeamCheck/"
cat >"$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "SeamCheck",
    platforms: [.macOS(.v15), .iOS(.v16)],
    dependencies: [.package(name: "SingleLoginConformance", path: "$repo")],
    targets: [
        .target(name: "MSAL"),
        .target(name: "SeamCheck", dependencies: ["MSAL", .product(name: "SingleLoginSeam", package: "SingleLoginConformance")]),
    ]
)
SWIFT
swift build --package-path "$work" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "msal-seam: $file does not compile against MSAL's Swift interface" >&2; exit 1; }
# Not vacuous: the conformance was compiled (canImport(MSAL) held), not skipped.
grep -q "Compiling SeamCheck LiveMSALApplication.swift" "$work/build.log" || { cat "$work/build.log" >&2; echo "msal-seam: the file was not compiled" >&2; exit 1; }
object="$(swift build --package-path "$work" --show-bin-path)/SeamCheck.build/LiveMSALApplication.swift.o"
symbols="$(nm "$object" 2>/dev/null || true)"
grep -q LiveMSALApplication <<<"$symbols" || { echo "msal-seam: LiveMSALApplication was not compiled in (canImport(MSAL) false?)" >&2; exit 1; }
echo "msal-seam: $file compiles against the MSAL stub"
