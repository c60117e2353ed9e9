"""Checks report.html as chromium rendered it (html-report.sh dumps the DOM after the script ran).

For each run: every requirement of the spec has a row; in the failing run each issue of the event
stream shows its message, expected and observed lines; the filters (set from the address) hide
exactly the rows they should; and chromium's network log holds no request beyond the page's file.
"""
import argparse
import html
import json
import pathlib
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    """Requirement rows of the table (status, level, hidden) and the page's text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows, self.text, self.form_hidden, self.opening = [], [], None, None
        self._in_table = self._in_body = False
        self._row = None
        self._in_id = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id") == "requirements":
            self._in_table = True
        elif tag == "form" and attrs.get("id") == "filters":
            self.form_hidden = "hidden" in attrs
            self.opening = attrs.get("data-opening-status")
        elif self._in_table and tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self._row = {"status": attrs.get("data-status"), "level": attrs.get("data-level"), "hidden": "hidden" in attrs, "text": "", "id": ""}
            self.rows.append(self._row)
        elif self._row is not None and tag == "th":
            self._in_id = True

    def handle_endtag(self, tag):
        if tag == "table":
            self._in_table = self._in_body = False
        elif tag == "tr":
            self._row = None
        elif tag == "th":
            self._in_id = False

    def handle_data(self, data):
        self.text.append(data)
        if self._row is not None:
            self._row["text"] += data
            if self._in_id:
                self._row["id"] += data


def parse(path):
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.all_text = "".join(page.text)
    return page


def fail(message):
    sys.exit(f"html-report: {message}")


def check_netlog(path):
    """No request the page made (its network isolation key is the file:// site) leaves the file.

    Headless chromium talks to Google on its own (updates, time, accounts); those requests are
    keyed to no page (`null null`) and are not the page's doing, so they are told apart by key.
    """
    log = json.loads(path.read_text(encoding="utf-8"))
    outside = set()
    for event in log.get("events", []):
        params = event.get("params") or {}
        url = params.get("url")
        key = params.get("network_isolation_key", "")
        if isinstance(url, str) and key.startswith("file://") and not url.startswith(("file:", "data:", "about:")):
            outside.add(url)
    if outside:
        fail(f"{path.name}: the page requested {sorted(outside)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spec")
    parser.add_argument("--work")
    parser.add_argument("--netlog-only")
    args = parser.parse_args()
    if args.netlog_only:
        check_netlog(pathlib.Path(args.netlog_only))
        return
    work = pathlib.Path(args.work)
    spec = json.load(open(args.spec, encoding="utf-8"))
    ids = [r["id"] for r in spec["requirements"]]
    levels = {r["id"]: r["level"] for r in spec["requirements"]}
    for run in ("pass", "fail"):
        page = parse(work / f"{run}.dom.html")
        if page.form_hidden is not False:
            fail(f"{run}: the filters are still hidden: the page's script did not run")
        row_ids = [row["id"].strip() for row in page.rows]
        missing = [i for i in ids if i not in row_ids]
        if missing:
            fail(f"{run}: no row for {missing}")
        # A passing run's page shows every row; a failing run's opens on the requirements that did
        # not pass: they come first in the table, and only they are shown until the reader asks.
        opening = set((page.opening or "").split(",")) - {""}
        if run == "pass" and (opening or any(row["hidden"] for row in page.rows)):
            fail(f"pass: rows are hidden with no filter set (opening filter {sorted(opening)})")
        if run == "fail":
            if not opening >= {"failed"}:
                fail(f"fail: the page does not open on its failures (opening filter {sorted(opening)})")
            for row in page.rows:
                if row["hidden"] == (row["status"] in opening):
                    fail(f"fail: with no filter in the address, a {row['status']} row is {'hidden' if row['hidden'] else 'shown'}")
            print(f"html-report: fail opens on {sum(not r['hidden'] for r in page.rows)} of {len(page.rows)} rows ({', '.join(sorted(opening))})")
        # Without script the page is the file as written (chromium's --dump-dom needs script to
        # serialise the DOM): no filters, every row shown, and on a failing page what did not pass first.
        plain = parse(work / run / "report.html")
        if plain.form_hidden is not True or any(row["hidden"] for row in plain.rows) or len(plain.rows) != len(page.rows):
            fail(f"{run}: without script the filters show or rows are hidden")
        order = [row["status"] in opening for row in plain.rows]
        if order != sorted(order, reverse=True):
            fail(f"{run}: without script, a requirement that did not pass comes after one that passed")
        for row, rid in zip(page.rows, row_ids):
            if row["level"] != levels[rid]:
                fail(f"{run}: {rid} shows level {row['level']}, the spec says {levels[rid]}")
        statuses = {row["status"] for row in page.rows}
        if run == "pass" and statuses - {"passed", "skipped"}:
            fail(f"pass: statuses {statuses}")
        if run == "fail" and "failed" not in statuses:
            fail("fail: no failed requirement in the table")
        # Filters: the address sets them; shown rows must match, and something must be hidden when
        # the filter excludes a status or level that the page has.
        for name, keep in (("status=failed", lambda r: r["status"] == "failed"),
                           ("level=SHOULD", lambda r: r["level"] == "SHOULD"),
                           ("status=passed&level=MUST", lambda r: r["status"] == "passed" and r["level"] == "MUST")):
            filtered = parse(work / f"{run}.dom.{name}.html")
            for row in filtered.rows:
                if row["hidden"] == keep(row):
                    fail(f"{run} #{name}: a {row['status']} {row['level']} row is {'hidden' if row['hidden'] else 'shown'}")
            shown = sum(not r["hidden"] for r in filtered.rows)
            expected = sum(keep(r) for r in filtered.rows)
            if shown != expected or (expected == len(filtered.rows)) == any(r["hidden"] for r in filtered.rows):
                fail(f"{run} #{name}: {shown} rows shown, expected {expected}")
            print(f"html-report: {run} #{name}: {shown} of {len(filtered.rows)} rows shown")
        # Evidence: every issue of the run, as the event stream has it, is on the page.
        issues = 0
        for line in open(work / run / "events.jsonl", encoding="utf-8"):
            event = json.loads(line)
            if event["kind"] != "issueRecorded":
                continue
            issue = event["issue"]
            issues += 1
            for field in ("message", "expected", "observed"):
                for part in issue.get(field, "").split("\n"):
                    if part.strip() and part.strip() not in page.all_text:
                        fail(f"{run}: {event['testCase']['requirementID']}: the {field} line {part!r} is not on the page")
            if "location" in issue and issue["location"] not in page.all_text:
                fail(f"{run}: the spec line {issue['location']} is not on the page")
        if run == "fail" and issues == 0:
            fail("fail: the failing run recorded no issue")
        check_netlog(work / f"{run}.netlog.json")
        print(f"html-report: {run}: {len(page.rows)} requirements, {issues} issues with their evidence, no request outside the file")


if __name__ == "__main__":
    main()
