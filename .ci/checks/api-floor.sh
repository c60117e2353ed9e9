#!/usr/bin/env bash
# The app-side library (SingleLoginSeam) builds at MSAL's floor, iOS 16 and macOS 11: it imports
# only Foundation (MSAL, UIKit, AppKit only inside `#if canImport(...)`), and references nothing
# the toolchain's symbol graphs say Apple introduced later. References are read from the index store
# of a build of the target, joined by USR to the availability in the symbol graphs of the
# toolchain's own modules (docs/platforms.md, "The API-floor check"). No Mac needed.
#
# Other targets and floors: .ci/checks/api-floor.sh --target T --floor macOS=13.0 --floor iOS=16.0
# [--mode guarded] [--allow-import Foundation,Dispatch] (python3 .ci/checks/api_floor_check.py --help).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$#" -eq 0 ]; then
    set -- --target SingleLoginSeam --floor macOS=11.0 --floor iOS=16.0 \
        --allow-import Foundation --allow-guarded-import MSAL,UIKit,AppKit
fi
# Its own build directory: the index store changes compiler flags, and CI's .build stays as it is.
exec python3 .ci/checks/api_floor_check.py --scratch-path .build/api-floor "$@"
