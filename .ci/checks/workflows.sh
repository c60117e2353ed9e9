#!/usr/bin/env bash
# Every GitHub Actions workflow in .github/workflows/ against GitHub's workflow schema, with
# check-jsonschema (PyPI; .ci/requirements.txt) and the copy of SchemaStore's github-workflow schema it
# ships (--builtin-schema vendor.github-workflows: nothing is downloaded). Its YAML reader refuses
# duplicate keys, which GitHub's own parser rejects too (a step with two `run:` keys). It proves the
# files' shape only: what an action, a runner image or an Xcode does with them is for GitHub to tell.
set -euo pipefail
cd "$(dirname "$0")/../.."

mapfile -t workflows < <(find .github/workflows -maxdepth 1 -type f \( -name '*.yml' -o -name '*.yaml' \) | sort)
[ "${#workflows[@]}" -gt 0 ] || { echo "workflows: no workflow files in .github/workflows" >&2; exit 1; }

# Not vacuous: the checker, as installed, refuses a step with two `run:` keys.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '%s\n' 'on: push' 'jobs:' '  j:' '    runs-on: ubuntu-latest' '    steps:' '      - run: "true"' '        run: "false"' >"$work/duplicate.yml"
if check-jsonschema --builtin-schema vendor.github-workflows "$work/duplicate.yml" >"$work/log" 2>&1 \
    || ! grep -q DuplicateKeyError "$work/log"; then
    cat "$work/log" >&2
    echo "workflows: check-jsonschema accepted a step with two run: keys; this check proves nothing" >&2
    exit 1
fi

check-jsonschema --builtin-schema vendor.github-workflows "${workflows[@]}"
echo "workflows: ${#workflows[@]} file(s) match GitHub's workflow schema: ${workflows[*]}"

# The ios job's shared scheme names test targets that exist (a renamed target would leave the job
# testing nothing of it), and only the kit's: the rest does not build for iOS.
python3 - <<'PY'
import re, sys
scheme = open(".ci/xcschemes/SingleLoginKitTests.xcscheme").read()
package = open("Package.swift").read()
named = sorted(set(re.findall(r'BlueprintIdentifier = "([^"]+)"', scheme)))
tests = set(re.findall(r'\.testTarget\(name: "([^"]+)"', package))
kit = {"SingleLoginAdapterTests", "SingleLoginObserverTests", "SingleLoginTestingTests"}
missing = [t for t in named if t not in tests]
if missing or set(named) != kit:
    sys.exit(f"workflows: SingleLoginKitTests.xcscheme names {named}; Package.swift's test targets lack {missing}; the kit's are {sorted(kit)}")
print(f"workflows: the ios job's scheme tests {', '.join(named)}")
PY
