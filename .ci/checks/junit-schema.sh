#!/usr/bin/env bash
# Validates every JUnit golden file (and reports/*.xml when a run left any) against the schemas
# CI systems enforce, with xmlschema and junitparser. Run by .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."

xsd_dir=".ci/junit-xsd"
if [ ! -f "$xsd_dir/jenkins-xunit-junit-10.xsd" ]; then
    echo "error: $xsd_dir/jenkins-xunit-junit-10.xsd not found (it is part of the repository)" >&2
    exit 1
fi

python3 .ci/checks/junit_check.py --xsd-dir "$xsd_dir" Tests/SingleLoginReportsTests/Golden
