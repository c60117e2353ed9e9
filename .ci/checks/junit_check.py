#!/usr/bin/env python3
"""Validate sl-conformance JUnit XML reports with tools other people wrote.

For every `*.junit.xml` and `*.junit-strict.xml` given (files or directories):
- xmlschema against Jenkins xunit's junit-10.xsd (the schema a real consumer enforces);
- `*.junit-strict.xml` also against the strict Ant schema (windyroad-ant-junit.xsd);
- the rules no schema states: times fixed point with at most 3 decimals and no exponent,
  timestamps YYYY-MM-DDTHH:MM:SS, non-empty and unique (classname, name), hostname set;
- junitparser: tests/failures/errors/skipped of each suite equal what its cases hold;
- one suite per requirement: each suite carries requirement.id, .level and .verdict properties,
  its cases' classname is `<spec-id>.<requirement id>`, and a suite whose verdict is `warned`
  (a SHOULD failure under --level must) has no <failure> and explains itself in <system-err>.
Then it proves that it is not vacuous: `swift test --xunit-output` style output (exponent
times), a report with a wrong count, and properties inside a <testcase> (which is why they
live on the requirement's suite) must all be rejected.
Exits 1 with every problem listed when anything fails.
"""
import argparse
import pathlib
import re
import sys
import tempfile

import xmlschema
from junitparser import Error, Failure, JUnitXml, Skipped

TIME = re.compile(r"^[0-9]+(\.[0-9]{1,3})?$")
TIMESTAMP = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$")

SWIFT_TEST_XUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="TestResults" errors="0" tests="1" failures="0" skipped="0" time="5.1e-05">
    <testcase classname="SingleLoginReportsTests.XMLByteBufferTests" name="escapes(_:_:)" time="5.1e-05" />
  </testsuite>
</testsuites>
"""


def rule_problems(path):
    """Problems with the rules that the schemas do not state."""
    import xml.etree.ElementTree as ET

    problems = []
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        problems.append(f"root is <{root.tag}>, not <testsuites>")
    for element in root.iter():
        time = element.get("time")
        if time is not None and not TIME.match(time):
            problems.append(f"<{element.tag}> time={time!r} is not fixed point with at most 3 decimals")
    for suite in root.iter("testsuite"):
        if not TIMESTAMP.match(suite.get("timestamp", "")):
            problems.append(f"suite {suite.get('name')!r}: timestamp {suite.get('timestamp')!r} is not YYYY-MM-DDTHH:MM:SS")
        if not suite.get("hostname"):
            problems.append(f"suite {suite.get('name')!r}: no hostname")
        seen = set()
        for case in suite.iter("testcase"):
            key = (case.get("classname", ""), case.get("name", ""))
            if not key[0].strip() or not key[1].strip():
                problems.append(f"testcase with an empty classname or name: {key!r}")
            if key in seen:
                problems.append(f"duplicate (classname, name): {key!r}")
            seen.add(key)
            if case.get("time") is None:
                problems.append(f"testcase {key!r} has no time")
        properties = {p.get("name"): p.get("value") for p in suite.findall("properties/property")}
        cases = suite.findall("testcase")
        if cases:
            for name in ("requirement.id", "requirement.level", "requirement.verdict"):
                if name not in properties:
                    problems.append(f"suite {suite.get('name')!r}: no {name} property")
            requirement = (properties.get("requirement.id") or "").replace(".", "_")
            for case in cases:
                if not case.get("classname", "").endswith("." + requirement):
                    problems.append(f"suite {suite.get('name')!r}: case classname {case.get('classname')!r} is not <spec-id>.{requirement}")
            if properties.get("requirement.verdict") == "warned":
                if suite.find("testcase/failure") is not None:
                    problems.append(f"suite {suite.get('name')!r}: a warning must not be a <failure> (the run passed)")
                if not (suite.findtext("system-err") or "").startswith("warning: SHOULD requirement not met"):
                    problems.append(f"suite {suite.get('name')!r}: a warning has no evidence in <system-err>")
    return problems


def count_problems(path):
    """Suite counts that disagree with the cases, read with junitparser."""
    problems = []
    xml = JUnitXml.fromfile(str(path))
    suites = [xml] if xml._tag == "testsuite" else list(xml)
    for suite in suites:
        cases = list(suite)
        results = [case.result for case in cases]
        actual = {
            "tests": len(cases),
            "failures": sum(any(isinstance(r, Failure) for r in result) for result in results),
            "errors": sum(any(isinstance(r, Error) for r in result) for result in results),
            "skipped": sum(any(isinstance(r, Skipped) for r in result) for result in results),
        }
        for name, value in actual.items():
            declared = suite._elem.get(name)
            if declared is None or int(declared) != value:
                problems.append(f"suite {suite.name!r}: {name}={declared} but its cases hold {value}")
    return problems


def check(path, jenkins, strict_schema):
    problems = []
    schemas = [("jenkins-xunit-junit-10.xsd", jenkins)]
    if path.name.endswith(".junit-strict.xml"):
        schemas.append(("windyroad-ant-junit.xsd", strict_schema))
    for name, schema in schemas:
        for error in schema.iter_errors(str(path)):
            problems.append(f"{name}: {error.reason} at {error.path}")
    problems += rule_problems(path)
    problems += count_problems(path)
    return problems


def prove_not_vacuous(jenkins, strict_schema, sample, strict_sample=None):
    """The checks must reject what `swift test --xunit-output` writes and a wrong count."""
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        xunit = pathlib.Path(directory) / "swift-test.junit.xml"
        xunit.write_text(SWIFT_TEST_XUNIT)
        if jenkins.is_valid(str(xunit)):
            failures.append("the Jenkins schema accepted swift test --xunit-output style exponent times")
        if not any("fixed point" in p for p in rule_problems(xunit)):
            failures.append("the time rule accepted an exponent")
        if sample is not None:
            text = sample.read_text(encoding="utf-8")
            wrong = pathlib.Path(directory) / "wrong-count.junit.xml"
            wrong.write_text(re.sub(r'(<testsuite [^>]*?)tests="(\d+)"', lambda m: f'{m.group(1)}tests="{int(m.group(2)) + 1}"', text, count=1), encoding="utf-8")
            if not count_problems(wrong):
                failures.append("the junitparser cross-check accepted a wrong tests count")
        if strict_sample is not None and jenkins.is_valid(str(strict_sample)) and strict_schema.is_valid(str(strict_sample)):
            # Properties inside a testcase, in a file both schemas accept without them: what the
            # suite-per-requirement encoding avoids.
            text = strict_sample.read_text(encoding="utf-8")
            inside = pathlib.Path(directory) / "case-properties.junit-strict.xml"
            inside.write_text(re.sub(r'(<testcase [^>]*?)/>', r'\1><properties><property name="requirement.id" value="X"/></properties></testcase>', text, count=1), encoding="utf-8")
            if jenkins.is_valid(str(inside)):
                failures.append("the Jenkins schema accepted <properties> inside a <testcase>")
            if strict_schema.is_valid(str(inside)):
                failures.append("the Ant schema accepted <properties> inside a <testcase>")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xsd-dir", required=True, type=pathlib.Path)
    parser.add_argument("paths", nargs="+", type=pathlib.Path)
    arguments = parser.parse_args()
    jenkins = xmlschema.XMLSchema(str(arguments.xsd_dir / "jenkins-xunit-junit-10.xsd"))
    strict_schema = xmlschema.XMLSchema(str(arguments.xsd_dir / "windyroad-ant-junit.xsd"))
    files = []
    for path in arguments.paths:
        if path.is_dir():
            files += sorted(path.glob("*.junit.xml")) + sorted(path.glob("*.junit-strict.xml"))
        else:
            files.append(path)
    if not files:
        print("error: no JUnit reports found in " + ", ".join(map(str, arguments.paths)), file=sys.stderr)
        return 1
    failed = False
    for path in files:
        problems = check(path, jenkins, strict_schema)
        if problems:
            failed = True
            print(f"FAIL {path}", file=sys.stderr)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
        else:
            print(f"ok   {path}")
    strict_files = [f for f in files if f.name.endswith(".junit-strict.xml")]
    vacuous = prove_not_vacuous(jenkins, strict_schema, files[0], strict_files[0] if strict_files else None)
    for problem in vacuous:
        failed = True
        print(f"FAIL the check is vacuous: {problem}", file=sys.stderr)
    if not vacuous:
        print("ok   swift test --xunit-output style exponent times, a wrong count and properties inside a testcase are rejected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
