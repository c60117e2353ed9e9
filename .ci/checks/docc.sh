#!/usr/bin/env bash
# The API reference of the products a vendor links (SingleLoginSeam, SingleLoginAdapter,
# SingleLoginObserver, SingleLoginTesting), built from each target's DocC catalog
# (Sources/<Target>/<Target>.docc) without the swift-docc-plugin, which is a package from outside
# the toolchain: swift-symbolgraph-extract reads each built module's public symbols, and
# `docc convert` renders them with the catalog. Every docc warning is an error: a ``Symbol`` link to
# nothing, a documented parameter the function does not have, a page no catalog curates by mistake.
# The eight modules of the SingleLoginConformance product (the harness) have no catalog; their doc
# comments are held to the same rule, on pages docc curates by itself.
#
# The modules are the package's own debug build (.build): after CI's `swift test` nothing is
# compiled again, and the check takes seconds. The symbol graphs are made as the Swift Package
# Index makes them (public symbols, synthesized members, extension blocks), so what passes here
# links the same there (.spi.yml).
#
# Keep the archives and read them in a browser:
#   .ci/checks/docc.sh --output .build/docs
#   python3 -m http.server --directory .build/docs/SingleLoginAdapter.doccarchive 8000
#   then http://localhost:8000/documentation/singleloginadapter
set -euo pipefail
cd "$(dirname "$0")/../.."

usage="Usage: .ci/checks/docc.sh [--output DIR] [--target T ...]"
targets=()
output=""
while [ "$#" -gt 0 ]; do
    case "$1" in
        --output) [ "$#" -ge 2 ] || { echo "Error: Missing value for '--output <dir>'" >&2; echo "$usage" >&2; exit 64; }; output="$2"; shift 2 ;;
        --target) [ "$#" -ge 2 ] || { echo "Error: Missing value for '--target <target>'" >&2; echo "$usage" >&2; exit 64; }; targets+=("$2"); shift 2 ;;
        -h | --help) echo "$usage"; echo "Builds the API reference of each target (default: the four products a vendor links, then the harness's modules), warnings as errors."; exit 0 ;;
        *) echo "Error: Unknown option '$1'" >&2; echo "$usage" >&2; exit 64 ;;
    esac
done
# A catalog each (a missing one is an error): what .spi.yml hosts, with SingleLoginObservation (below, doc comments only).
products=(SingleLoginSeam SingleLoginAdapter SingleLoginObserver SingleLoginTesting)
# The SingleLoginConformance product's modules, and SingleLoginJSON, SingleLoginDigest, SingleLoginCallValues
# and SingleLoginObservation below them and the kit or the recorder: doc comments only. (SingleLoginSocket
# has no public symbols: its connect is `package`.)
harness=(SingleLoginJSON SingleLoginDigest SingleLoginCallValues SingleLoginObservation SingleLoginSpec SingleLoginEvents SingleLoginTransport SingleLoginConformance SingleLoginCrypto SingleLoginReports SingleLoginPreflight SingleLoginBackend)
[ "${#targets[@]}" -gt 0 ] || targets=("${products[@]}" "${harness[@]}")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
archives="${output:-$work/archives}"
mkdir -p "$archives"

# The modules, in the package's own build directory: one `swift build --target` for each target
# that no other one asked for depends on (SwiftPM builds one target per call).
for target in "${products[@]}"; do
    [ -d "Sources/$target/$target.docc" ] || { echo "docc: Sources/$target/$target.docc does not exist: every product a vendor links has a catalog" >&2; exit 1; }
done
swift package describe --type json >"$work/package.json"
leaves=$(python3 - "$work/package.json" "${targets[@]}" <<'PY'
import json, sys
targets = {t["name"]: t.get("target_dependencies", []) for t in json.load(open(sys.argv[1]))["targets"]}
asked = sys.argv[2:]
for name in asked:
    if name not in targets:
        sys.exit(f"docc: no target named {name}")
def closure(name, seen):
    for dependency in targets[name]:
        if dependency not in seen:
            seen.add(dependency)
            closure(dependency, seen)
    return seen
below = set().union(*(closure(name, set()) for name in asked))
print(" ".join(name for name in asked if name not in below))
PY
)
for target in $leaves; do
    swift build --target "$target" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; echo "docc: swift build --target $target failed" >&2; exit 1; }
done
bin="$(swift build --show-bin-path)"

# What loading a module needs: the triple it was built for, every Swift module beside it, and the
# module maps of the C targets it imports (CSQLite, CZlib, CSingleLoginSystem...). On macOS, the SDK.
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
search=(-I "$bin/Modules")
for map in Sources/*/module.modulemap "$bin"/*.build/module.modulemap; do
    [ -e "$map" ] && search+=(-I "$(dirname "$map")")
done
for include in Sources/*/include; do
    [ -d "$include" ] && search+=(-I "$include")
done
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

failed=()
for target in "${targets[@]}"; do
    graphs="$work/graphs/$target"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$target" -target "$triple" ${sdk[@]+"${sdk[@]}"} "${search[@]}" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs" >"$work/extract.log" 2>&1 || {
        cat "$work/extract.log" >&2
        failed+=("$target (symbol graph)")
        continue
    }
    rm -rf "$archives/$target.doccarchive"
    catalog=()
    [ -d "Sources/$target/$target.docc" ] && catalog=("Sources/$target/$target.docc")
    if docc convert ${catalog[@]+"${catalog[@]}"} --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$target" --fallback-bundle-identifier "org.sl-conformance.$target" \
        --output-path "$archives/$target.doccarchive" --warnings-as-errors >"$work/docc.log" 2>&1; then
        symbols=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["symbols"]))' "$graphs/$target.symbols.json")
        echo "docc: $target: $symbols public symbols$([ "${#catalog[@]}" -gt 0 ] && echo " and the catalog's pages" || echo ", no catalog"), no warnings"
    else
        # docc prints source paths relative to the catalog; say which target they are in.
        sed "s|--> \.\./|--> Sources/$target/|; s|--> \([^ /]*\.md\)|--> Sources/$target/$target.docc/\1|" "$work/docc.log" >&2
        failed+=("$target")
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "docc: the API reference has errors (warnings count as errors) in: ${failed[*]}" >&2
    exit 1
fi
[ -z "$output" ] || echo "docc: the archives are in $output (one <Target>.doccarchive each)"
echo "docc: the API reference builds with no warnings: ${targets[*]}"
