#!/usr/bin/env bash
# SandboxObserver's Apple-only parts (Sources/SingleLoginObserver/AppleSurfaceReader.swift: the
# keychain with SecItemCopyMatching, UNUserNotificationCenter, UIPasteboard, NSUserActivity) compile
# only where those frameworks exist, so on Linux they are empty. Here the file is type-checked against
# .ci/checks/apple-stub/, stubs of the frameworks' Swift interfaces, in a package made for the purpose
# (as msal-seam.sh does for MSAL). A stub can only be as right as it was written: this proves the file
# is consistent with the stubs, not that it runs on a device.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
file=Sources/SingleLoginObserver/AppleSurfaceReader.swift

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for module in Security UserNotifications UIKit; do
    mkdir -p "$work/Sources/$module"
    cp ".ci/checks/apple-stub/$module.swift" "$work/Sources/$module/"
done
mkdir -p "$work/Sources/ObserverCheck"
cp "$file" "$work/Sources/ObserverCheck/"
cat >"$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "ObserverCheck",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SingleLoginConformance", path: "$repo")],
    targets: [
        .target(name: "Security"),
        .target(name: "UserNotifications"),
        .target(name: "UIKit"),
        .target(name: "ObserverCheck", dependencies: ["Security", "UserNotifications", "UIKit", .product(name: "SingleLoginAdapter", package: "SingleLoginConformance")]),
    ]
)
SWIFT
swift build --package-path "$work" --target ObserverCheck >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "apple-observer: $file does not compile against the Apple stubs" >&2; exit 1; }
grep -q "Compiling ObserverCheck AppleSurfaceReader.swift" "$work/build.log" || { cat "$work/build.log" >&2; echo "apple-observer: the file was not compiled" >&2; exit 1; }
# Not vacuous: each Apple-only part was compiled in (its canImport held), not skipped.
object="$(swift build --package-path "$work" --show-bin-path)/ObserverCheck.build/AppleSurfaceReader.swift.o"
symbols="$(nm "$object" 2>/dev/null || true)"
for part in SecItemCopyMatching kSecUseDataProtectionKeychain UNUserNotificationCenter UIPasteboard NSUserActivity; do
    grep -q "$part" <<<"$symbols" || { echo "apple-observer: nothing of $part was compiled in (canImport false?)" >&2; exit 1; }
done
if grep -q "warning:" "$work/build.log"; then grep "warning:" "$work/build.log" >&2; echo "apple-observer: warnings" >&2; exit 1; fi
echo "apple-observer: $file compiles against the Security, UserNotifications and UIKit stubs"
