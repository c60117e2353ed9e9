#!/usr/bin/env python3
"""Prints the UDID of the iPhone simulator the ios job tests on (.github/workflows/ci.yml).

Usage: pick-simulator.py SDK_VERSION DEVICES_JSON
  SDK_VERSION   the selected Xcode's iOS Simulator SDK (`xcrun --sdk iphonesimulator --show-sdk-version`)
  DEVICES_JSON  `xcrun simctl list -j devices available`, saved to a file

Device names change with each image (iPhone 16 in iOS 18's runtimes, iPhone 17 in 26.x), so it
takes the first available iPhone of the runtime that matches the SDK, else of the newest runtime,
and names it on standard error. It exits 1, naming the runtimes, when there is no iPhone at all.
It is a file of its own, not a heredoc inside `$(...)` in the workflow: the runner's bash is 3.2,
whose scan for the closing parenthesis a quote or a parenthesis in the heredoc can throw off, and
as a file .ci/checks/macos-scripts.sh can run it against sample device lists.
"""
import json
import re
import sys


def version(runtime):
    match = re.search(r"SimRuntime\.iOS-([0-9-]+)$", runtime)
    return tuple(int(part) for part in match.group(1).split("-")) if match else None


def main(sdk, path):
    with open(path) as file:
        devices = json.load(file)["devices"]
    runtimes = sorted((runtime for runtime in devices if version(runtime)), key=version, reverse=True)
    wanted = tuple(int(part) for part in sdk.split("."))
    # The SDK's own runtime first (a stable sort keeps the rest newest first).
    runtimes.sort(key=lambda runtime: version(runtime)[: len(wanted)] != wanted)
    for runtime in runtimes:
        for device in devices[runtime]:
            if device["name"].startswith("iPhone") and device.get("isAvailable", True):
                print(device["udid"])
                print(f"{device['name']} on {runtime}", file=sys.stderr)
                return 0
    print(f"pick-simulator: no available iPhone simulator; runtimes: {sorted(devices)}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
