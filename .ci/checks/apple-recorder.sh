#!/usr/bin/env bash
# SingleLoginRecorder's Apple-only part (Sources/SingleLoginRecorder/AccessibilityWalk.swift: the key
# window's accessibility elements, and the call in SessionRecorder.checkpoint under canImport(UIKit))
# compiles only where UIKit exists, so on Linux it is empty. Here the recorder's files are type-checked
# against .ci/checks/apple-stub/UIKit.swift in a package made for the purpose (as apple-observer.sh does
# for SandboxObserver). A stub can only be as right as it was written: this proves the files are
# consistent with the stub, not that the walk runs on a device.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/UIKit" "$work/Sources/RecorderCheck" "$work/Sources/DigestCheck" "$work/Sources/CallValuesCheck" \
    "$work/Sources/ObservationCheck" "$work/Sources/SocketCheck"
cp .ci/checks/apple-stub/UIKit.swift "$work/Sources/UIKit/"
cp Sources/SingleLoginRecorder/*.swift "$work/Sources/RecorderCheck/"
# SingleLoginDigest, SingleLoginCallValues, SingleLoginObservation and SingleLoginSocket are no library
# products of their own, and targets of the same names here would clash with the package's: their
# files come along as DigestCheck, CallValuesCheck, ObservationCheck and SocketCheck, and the
# recorder's files import those.
cp Sources/SingleLoginDigest/*.swift "$work/Sources/DigestCheck/"
cp Sources/SingleLoginCallValues/*.swift "$work/Sources/CallValuesCheck/"
cp Sources/SingleLoginObservation/*.swift "$work/Sources/ObservationCheck/"
cp Sources/SingleLoginSocket/*.swift "$work/Sources/SocketCheck/"
sed -i.orig -e 's/^import SingleLoginDigest$/import DigestCheck/' -e 's/^import SingleLoginCallValues$/import CallValuesCheck/' \
    -e 's/^\(@_exported \)\{0,1\}import SingleLoginObservation$/\1import ObservationCheck/' -e 's/^import SingleLoginSocket$/import SocketCheck/' \
    "$work"/Sources/RecorderCheck/*.swift
rm -f "$work"/Sources/RecorderCheck/*.orig
cat >"$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "RecorderCheck",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SingleLoginConformance", path: "$repo")],
    targets: [
        .target(name: "UIKit"),
        .target(name: "DigestCheck"),
        .target(name: "CallValuesCheck", dependencies: [.product(name: "SingleLoginSeam", package: "SingleLoginConformance")]),
        .target(name: "ObservationCheck"),
        .target(name: "SocketCheck"),
        .target(
            name: "RecorderCheck",
            dependencies: ["UIKit", "DigestCheck", "CallValuesCheck", "ObservationCheck", "SocketCheck", .product(name: "SingleLoginSeam", package: "SingleLoginConformance")]),
    ]
)
SWIFT
swift build --package-path "$work" --target RecorderCheck >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "apple-recorder: the recorder does not compile against the UIKit stub" >&2; exit 1; }
grep -q "Compiling RecorderCheck AccessibilityWalk.swift" "$work/build.log" || { cat "$work/build.log" >&2; echo "apple-recorder: the walk was not compiled" >&2; exit 1; }
# Not vacuous: the walk was compiled in (canImport(UIKit) held), not skipped.
object="$(swift build --package-path "$work" --show-bin-path)/RecorderCheck.build/AccessibilityWalk.swift.o"
symbols="$(nm "$object" 2>/dev/null || true)"
grep -q "keyWindowElements" <<<"$symbols" || { echo "apple-recorder: nothing of the walk was compiled in (canImport false?)" >&2; exit 1; }
if grep -q "warning:" "$work/build.log"; then grep "warning:" "$work/build.log" >&2; echo "apple-recorder: warnings" >&2; exit 1; fi
echo "apple-recorder: SingleLoginRecorder, with its accessibility walk, compiles against the UIKit stub"
