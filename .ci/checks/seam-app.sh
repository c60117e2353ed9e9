#!/usr/bin/env bash
# Examples/SeamApp is an iOS app (UIKit, and MSAL where the app links it): on Linux its files are
# empty or unbuildable. Here they are type-checked against the stubs in .ci/checks/apple-stub/ (UIKit)
# and .ci/checks/msal-stub/ (MSAL), as apple-observer.sh and msal-seam.sh do for other Apple-only
# code, in two packages made for the purpose, each linking only the SingleLoginSeam product:
#   1. without MSAL: the app as CI's ios job builds it, answered by StubMSALApplication;
#   2. with MSAL: the app's `#if canImport(MSAL)` branch, beside LiveMSALApplication.swift copied
#      unchanged from Examples/ShiftBoard-vendor (as docs/in-process.md tells vendors to copy it).
# A stub can only be as right as it was written: this proves the files agree with the stubs and
# with the seam's Swift interface, not that the app runs (the ios job builds it for the simulator).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
app=Examples/SeamApp/Sources/SeamApp
live=Examples/ShiftBoard-vendor/Sources/ShiftBoard/LiveMSALApplication.swift

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# make_package DIR WITH_MSAL: a package of the stubs and the app's files (and, with MSAL, the live conformance).
make_package() {
    local dir="$1" with_msal="$2" msal_target="" msal_dependency=""
    mkdir -p "$dir/Sources/UIKit" "$dir/Sources/SeamApp"
    cp .ci/checks/apple-stub/UIKit.swift "$dir/Sources/UIKit/"
    cp "$app"/*.swift "$dir/Sources/SeamApp/"
    if [ "$with_msal" = yes ]; then
        mkdir -p "$dir/Sources/MSAL"
        cp .ci/checks/msal-stub/MSAL.swift "$dir/Sources/MSAL/"
        cp "$live" "$dir/Sources/SeamApp/"
        msal_target='.target(name: "MSAL", dependencies: ["UIKit"]),'
        msal_dependency='"MSAL",'
    fi
    cat >"$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "SeamAppCheck",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SingleLoginConformance", path: "$repo")],
    targets: [
        .target(name: "UIKit"),
        $msal_target
        .target(name: "SeamApp", dependencies: ["UIKit", $msal_dependency .product(name: "SingleLoginSeam", package: "SingleLoginConformance")]),
    ]
)
SWIFT
}

# check DIR WITH_MSAL SYMBOL...: builds the stubs first (the seam's `#if canImport(UIKit)` branch
# then sees the UIKit stub, deterministically), then the app; each SYMBOL must be in its objects.
check() {
    local dir="$1" with_msal="$2" log="$1/build.log" bin symbols
    shift 2
    make_package "$dir" "$with_msal"
    {
        swift build --package-path "$dir" --target UIKit
        if [ "$with_msal" = yes ]; then swift build --package-path "$dir" --target MSAL; fi
        swift build --package-path "$dir" --target SeamApp
    } >"$log" 2>&1 || {
        cat "$log" >&2
        if [ "$with_msal" = yes ] && ! grep -q '^import SingleLoginSeam' "$live"; then
            echo "seam-app: $live does not import SingleLoginSeam: an app that links only the seam (Examples/SeamApp) cannot copy it unchanged" >&2
        fi
        echo "seam-app: $app does not compile against the stubs (MSAL linked: $with_msal)" >&2
        exit 1
    }
    if grep -E "^/.*/Sources/SeamApp/[^:]*:[0-9]+:[0-9]+: warning:" "$log" >&2; then
        echo "seam-app: warnings in the app's files (MSAL linked: $with_msal)" >&2
        exit 1
    fi
    # Not vacuous: the UIKit code was compiled in (its canImport held), and the branch meant for this build.
    bin="$(swift build --package-path "$dir" --show-bin-path)"
    symbols="$(nm "$bin"/SeamApp.build/*.o 2>/dev/null || true)"
    for symbol in "$@"; do
        grep -q "$symbol" <<<"$symbols" || { echo "seam-app: nothing of $symbol was compiled in (MSAL linked: $with_msal)" >&2; exit 1; }
    done
}

check "$work/stubbed" no SessionViewController SeamSceneDelegate SeamAppDelegate StubMSALApplication
echo "seam-app: $app compiles against the UIKit stub and SingleLoginSeam, MSAL stubbed by StubMSALApplication"
check "$work/live" yes SessionViewController LiveMSALApplication MSALPublicClientApplicationConfig
echo "seam-app: $app compiles against the UIKit and MSAL stubs with $live, unchanged"
