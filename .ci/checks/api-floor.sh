#!/usr/bin/env bash
# The app-side library (SingleLoginSeam), the JSON it shares with the harness (SingleLoginJSON) and the
# recorder with what it shares with the harness (SingleLoginRecorder, SingleLoginDigest, SingleLoginCallValues,
# SingleLoginObservation, SingleLoginSocket) build at MSAL's floor, iOS 16 and macOS 11: it imports
# only Foundation (MSAL, UIKit, AppKit only inside `#if canImport(...)`), and references nothing
# the toolchain's symbol graphs say Apple introduced later. References are read from the index store
# of a build of the target, joined by USR to the availability in the symbol graphs of the
# toolchain's own modules (docs/platforms.md, "The API-floor check"). No Mac needed.
#
# Other targets and floors: .ci/checks/api-floor.sh --target T --floor macOS=13.0 --floor iOS=16.0
# [--mode guarded] [--allow-import Foundation,Dispatch] (python3 .ci/checks/api_floor_check.py --help).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The package's own .build: a debug build writes the index store the check reads, so after `swift
# test` (as in .ci/run) nothing is compiled again.
check() { python3 .ci/checks/api_floor_check.py "$@"; }
if [ "$#" -gt 0 ]; then
    check "$@"
    exit
fi
# Every check below in one process (--batch): the build, the symbol graphs and the index store are
# read once for all of them.
checks="$(mktemp)"
trap 'rm -f "$checks"' EXIT
cat >"$checks" <<'CHECKS'
--target SingleLoginSeam --floor macOS=11.0 --floor iOS=16.0 --allow-import Foundation --allow-guarded-import MSAL,UIKit,AppKit
# JSON, which the kit and the harness share (the strict parser, the wire's scanner, JSONValue and
# its writer): held as strictly, and it imports nothing at all.
--target SingleLoginJSON --floor macOS=11.0 --floor iOS=16.0 --allow-import ""
# SHA-256 and HMAC, which the recorder and the harness share (the recorder's token digests): as strictly.
--target SingleLoginDigest --floor macOS=11.0 --floor iOS=16.0 --allow-import ""
# A broker call's parameters, accounts and error, which the recorder's trace and the event stream share: on the seam only.
--target SingleLoginCallValues --floor macOS=11.0 --floor iOS=16.0 --allow-import SingleLoginSeam
# The observation (Observation, ScreenElement, StoredItem), which an adapter reports and the recorder's
# trace holds: imports nothing at all.
--target SingleLoginObservation --floor macOS=11.0 --floor iOS=16.0 --allow-import ""
# The client's TCP connect, which the kit's TCP client and the recorder's trace stream share: the
# system's C library only (Darwin or Glibc, under #if).
--target SingleLoginSocket --floor macOS=11.0 --floor iOS=16.0 --allow-import "" --allow-guarded-import Darwin,Glibc
# The device-pass recorder, which an app's debug build links: the same floor, Foundation, the seam, the
# digest, the call values, the observation and the socket (Darwin and Glibc only for uname and the
# stream's reads, UIKit only for the accessibility walk).
--target SingleLoginRecorder --floor macOS=11.0 --floor iOS=16.0 --allow-import Foundation,SingleLoginSeam,SingleLoginDigest,SingleLoginCallValues,SingleLoginObservation,SingleLoginSocket --allow-guarded-import UIKit,Darwin,Glibc
CHECKS
# The test-side kit (every target SingleLoginTesting, SingleLoginAdapter and SingleLoginObserver
# link) at the package's floor, macOS 15 and iOS 16: what needs iOS 17 or 18 must sit under
# @available or #available (guarded mode), and what iOS lacks (Process, libproc) under an #if that
# iOS never compiles. Imports are not judged here: the kit may import what the system has.
for target in SingleLoginAdapter SingleLoginContainer SingleLoginObserver SingleLoginSpec SingleLoginEvents \
    SingleLoginTransport SingleLoginConformance SingleLoginCrypto SingleLoginReports SingleLoginTesting DidYouMean ReferenceApp; do
    echo "--target $target --floor macOS=15.0 --floor iOS=16.0 --mode guarded --no-import-check" >>"$checks"
done
python3 .ci/checks/api_floor_check.py --batch "$checks"
echo "api-floor: the seam, SingleLoginJSON, SingleLoginDigest, SingleLoginCallValues, SingleLoginObservation, SingleLoginSocket and the recorder hold to macOS 11 / iOS 16, and the kit's 12 targets (ReferenceApp, which its tests run, included) to macOS 15 / iOS 16"
