"""Every row of Examples/python-adapter/README.md's flaw table, measured again.

Usage: python_adapter_table_check.py HARNESS README WORK

For each `--flaw` row it runs the whole catalogue against the Python example with that flaw (two
at a time) and compares, from the run's junit.xml, the requirements that fail (a test case with a
<failure> of its own) and those not judged (only <failure type="notJudged">: blocked by another
requirement's failure) with the row, and the exit status with the row's. Exits 1 naming every row
that differs, so the table a user reads is the one the harness gives.
"""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROW = re.compile(r"^\| `([a-z-]+)` \| .*? \| (.*?) \| (.*?) \| (\d) \|$")


def names(cell):
    """The requirement IDs a table cell lists ('–' is none; '(SHOULD)' and the like are dropped)."""
    return set(re.findall(r"SL-[A-Z]+-\d+", cell))


def measure(harness, example, work, flaw):
    reports = Path(work) / flaw
    command = [harness, "run", "--adapter", f"python3 {example}/adapter.py --flaw {flaw}", "--reports", str(reports), "--quiet"]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    failed, blocked = set(), set()
    for case in ET.parse(reports / "junit.xml").iter("testcase"):
        requirement = case.get("classname").split(".")[-1]
        failure = case.find("failure")
        if failure is None:
            continue
        (blocked if failure.get("type") == "notJudged" else failed).add(requirement)
    return done.returncode, failed, blocked - failed, done.stdout


def main():
    harness, readme, work = sys.argv[1:4]
    example = str(Path(readme).parent)
    rows = [m.groups() for m in map(ROW.match, Path(readme).read_text().splitlines()) if m]
    if len(rows) < 10:
        sys.exit(f"python-adapter: found only {len(rows)} flaw rows in {readme}: is the table's layout the one this check reads?")
    with ThreadPoolExecutor(max_workers=2) as pool:
        measured = list(pool.map(lambda row: measure(harness, example, work, row[0]), rows))
    wrong = []
    for (flaw, fails, not_judged, status), (code, failed, blocked, output) in zip(rows, measured):
        if (code, failed, blocked) != (int(status), names(fails), names(not_judged)):
            wrong.append(
                f"--flaw {flaw}: exit {code}, failing {sorted(failed)}, not judged {sorted(blocked)};"
                f" the README says exit {status}, failing {sorted(names(fails))}, not judged {sorted(names(not_judged))}\n{output[-2000:]}")
    if wrong:
        sys.exit("python-adapter: the README's flaw table differs from what the harness gives:\n" + "\n".join(wrong))
    print(f"python-adapter: all {len(rows)} rows of the README's flaw table hold")


if __name__ == "__main__":
    main()
