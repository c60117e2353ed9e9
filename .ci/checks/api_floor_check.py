#!/usr/bin/env python3
"""Holds one SwiftPM target to an Apple deployment floor (e.g. macOS 11.0, iOS 16.0), on Linux.

Exact part:
  * What the toolchain's modules make available, and since when, is read from their symbol graphs
    (swift-symbolgraph-extract over the toolchain's own .swiftmodule files): each public symbol's
    `availability` per Apple platform, as the stdlib and swift-foundation (FoundationEssentials,
    FoundationInternationalization) declare it in their sources. A member inherits its parents'.
  * What the target uses is read from the index store the compiler writes while building it
    (a debug build writes one by default; --enable-index-store makes sure of it), through
    libIndexStore's C API: every reference's USR,
    file, line and column. A USR is the symbol graph's `precise` identifier, so the two join exactly.
  * Imports are read from the sources, with the `#if canImport(...)` branches they sit in.
Fallback part (labelled so in the output): swift-corelibs-foundation (module Foundation on Linux)
carries almost no Apple availability; a short documented list (FOUNDATION_NOT_ON_IOS) names what
Apple's Foundation has never had on iOS.

Modes: `strict` (default, for app-side libraries: any reference above the floor fails, whatever
@available or #available surrounds it) and `guarded` (for test-side targets: a reference inside a
declaration marked @available(...) or an `if #available` / `guard #available` region at or above
the symbol's version is allowed; regions come from `swiftc -dump-parse` source ranges)."""

import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from indexstore_reader import (IndexStore, PROPERTY_LOCAL, REL_ACCESSOROF,  # noqa: E402
                               ROLE_DECLARATION, ROLE_DEFINITION, ROLE_IMPLICIT,
                               ROLE_REFERENCE)

# One process may check several targets (--batch): what does not depend on the target is made once.
_MEMO = {}


def once(key, make):
    """`make()`, once per `key` in this process."""
    if key not in _MEMO:
        _MEMO[key] = make()
    return _MEMO[key]


def run_once(cmd):
    """subprocess.run(cmd) with its output captured, once per command in this process."""
    return once(("run", tuple(cmd)), lambda: subprocess.run(cmd, capture_output=True, text=True))


class CachedStore:
    """The IndexStore at `path`, whose units and records are read once in this process."""

    def __init__(self, path, libindexstore):
        self.path = path
        self.store = IndexStore(path, libindexstore)

    def units(self):
        return once(("units", self.path), self.store.units)

    def unit(self, name):
        return once(("unit", self.path, name), lambda: self.store.unit(name))

    def occurrences(self, record):
        return once(("occurrences", self.path, record), lambda: list(self.store.occurrences(record)))


DEFAULT_MODULES = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "RegexBuilder",
                   "Observation", "Distributed", "Dispatch", "FoundationEssentials",
                   "FoundationInternationalization", "Foundation", "FoundationNetworking",
                   "FoundationXML"]

# FALLBACK: swift-corelibs-foundation types Apple's Foundation has on macOS only (Apple's
# documentation lists no iOS availability for them). Matched by USR prefix, so members count too.
FOUNDATION_NOT_ON_IOS = {
    "s:10Foundation7ProcessC": "Process (NSTask): macOS only",
    "s:10Foundation4HostC": "Host (NSHost): macOS only",
    "s:10Foundation10SocketPortC": "SocketPort (NSSocketPort): macOS only",
    "s:10Foundation11PortMessageC": "PortMessage (NSPortMessage): macOS only",
    "s:10Foundation17NSAffineTransformC": "NSAffineTransform: macOS only",
}

IMPORT_RE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")
ACCESSOR_USR_RE = re.compile(r"(v|ci)(g|s|M|r|x|w|W|au|ao|lu|lo|y|Y)(Z?)$")
CAN_IMPORT_RE = re.compile(r"canImport\(\s*([A-Za-z_][\w.]*)")


def version_tuple(text):
    """(major, minor, patch), so 13 == 13.0 == 13.0.0 compare equal."""
    parts = [int(p) for p in text.split(".")]
    return tuple((parts + [0, 0, 0])[:3])


def version_text(v):
    v = tuple(v)
    while len(v) > 2 and v[-1] == 0:
        v = v[:-1]
    return ".".join(str(p) for p in (v if len(v) > 1 else (v[0], 0)))


# ---------------------------------------------------------------------------------------------
# Symbol graphs: precise identifier -> name, kind, module, effective availability.

def toolchain_key(swift_bin):
    version = run_once([swift_bin, "--version"]).stdout
    return hashlib.sha256(version.encode()).hexdigest()[:16]


def extract_availability(modules, cache_dir, extractor, target_triple, log):
    """Extracts each module's symbol graphs (once per toolchain) and compacts them into
    availability.json: {usr: [title, path, kind, module, {domain: [introduced | None, unavailable]}, parents]}."""
    return once(("availability", tuple(modules), cache_dir),
                lambda: _extract_availability(modules, cache_dir, extractor, target_triple, log))


def _extract_availability(modules, cache_dir, extractor, target_triple, log):
    cache = os.path.join(cache_dir, "availability.json")
    if os.path.exists(cache):
        with open(cache) as f:
            data = json.load(f)
        if data.get("modules") == modules and "defaults" in data:
            return data
    symbols, member_of, defaults, graph_counts = {}, {}, {}, {}
    for module in modules:
        out = os.path.join(cache_dir, "graphs", module)
        os.makedirs(out, exist_ok=True)
        run = subprocess.run([extractor, "-module-name", module, "-target", target_triple,
                              "-output-dir", out, "-minimum-access-level", "public",
                              "-skip-synthesized-members"], capture_output=True, text=True)
        if run.returncode != 0:
            log(f"  symbol graph of {module} not extracted: {run.stderr.strip()[:200]}")
            continue
        count = 0
        for name in sorted(os.listdir(out)):
            if not name.endswith(".symbols.json"):
                continue
            with open(os.path.join(out, name)) as f:
                graph = json.load(f)
            for s in graph["symbols"]:
                usr = s["identifier"]["precise"]
                avail = {}
                for a in s.get("availability") or []:
                    intro = a.get("introduced")
                    avail[a["domain"]] = [
                        version_text((intro["major"], intro.get("minor", 0), intro.get("patch", 0))[:3 if intro.get("patch") else 2]) if intro else None,
                        bool(a.get("isUnconditionallyUnavailable")) or "obsoleted" in a]
                if usr not in symbols or (avail and not symbols[usr][4]):
                    symbols[usr] = [s["names"]["title"], ".".join(s.get("pathComponents", [])),
                                    s["kind"]["displayName"], module, avail, []]
                count += 1
            for r in graph.get("relationships", []):
                if r["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                    member_of.setdefault(r["source"], set()).add(r["target"])
                elif r["kind"] == "defaultImplementationOf":
                    defaults.setdefault(r["target"], set()).add(r["source"])
        graph_counts[module] = count
    for usr, parents in member_of.items():
        if usr in symbols:
            symbols[usr][5] = sorted(parents)
    data = {"modules": modules, "graph_counts": graph_counts, "symbols": symbols,
            "defaults": {usr: sorted(impls) for usr, impls in defaults.items()}}
    os.makedirs(cache_dir, exist_ok=True)
    with open(cache, "w") as f:
        json.dump(data, f)
    return data


def effective(symbols, usr, memo, depth=0):
    """{domain: (introduced tuple | None, unavailable)} of a symbol, its parents' folded in (the
    later introduction wins; unavailable anywhere up the chain is unavailable)."""
    if usr in memo:
        return memo[usr]
    entry = symbols.get(usr)
    if entry is None:
        return {}
    result = {d: (version_tuple(v) if v else None, u) for d, (v, u) in entry[4].items()}
    if depth < 8:
        for parent in entry[5]:
            for d, (v, u) in effective(symbols, parent, memo, depth + 1).items():
                mine = result.get(d, (None, False))
                intro = max([x for x in (mine[0], v) if x is not None], default=None)
                result[d] = (intro, mine[1] or u)
    memo[usr] = result
    return result


# ---------------------------------------------------------------------------------------------
# USR helpers.

def usr_module(usr):
    """The module a Swift USR's outermost entity is mangled in (enough to sort references)."""
    if usr.startswith("c:"):
        return "(C)"
    if not usr.startswith("s:"):
        return "(other)"
    rest = usr[2:]
    if rest.startswith("So") or rest.startswith("SC"):
        return "(C)"
    if rest.startswith("Sc"):
        return "_Concurrency"
    if rest.startswith("s") or (rest.startswith("S") and len(rest) > 1 and rest[1].isalpha()):
        return "Swift"
    m = re.match(r"(\d+)", rest)
    if m:
        n = int(m.group(1))
        return rest[len(m.group(1)):len(m.group(1)) + n]
    return "(other)"


# ---------------------------------------------------------------------------------------------
# Imports, with the #if canImport branches around them.

def strip_comments_and_strings(lines):
    """Yields (line number, code) with block comments, line comments and multi-line string
    literals blanked (Swift's block comments nest)."""
    depth, in_multiline = 0, False
    for number, line in enumerate(lines, 1):
        out, i = [], 0
        while i < len(line):
            if in_multiline:
                j = line.find('"""', i)
                if j < 0:
                    i = len(line)
                else:
                    in_multiline, i = False, j + 3
                continue
            if depth:
                if line.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif line.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                depth, i = 1, i + 2
                continue
            if line.startswith('"""', i):
                in_multiline, i = True, i + 3
                continue
            out.append(line[i])
            i += 1
        yield number, "".join(out)


def check_imports(path, allowed, guarded_allowed, unchecked=None):
    """[(line, module, guards, verdict)] for each import in a file; verdict None when allowed.
    Lines inside a branch guarded by canImport of a guarded-only module (an SDK-only framework,
    not importable on Linux, so not compiled here) are counted into unchecked[path]."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    stack, found = [], []  # stack: list of branch guard sets (positive canImport of the live branch)

    def positive(cond):
        if "||" in cond:
            return set()
        return {m for m in CAN_IMPORT_RE.findall(cond)
                if not re.search(r"!\s*canImport\(\s*" + re.escape(m), cond)}

    for number, code in strip_comments_and_strings(lines):
        s = code.strip()
        if s.startswith("#if "):
            stack.append(positive(s[4:]))
        elif s.startswith("#elseif "):
            if stack:
                stack[-1] = positive(s[8:])
        elif s.startswith("#else"):
            if stack:
                stack[-1] = set()
        elif s.startswith("#endif"):
            if stack:
                stack.pop()
        else:
            if unchecked is not None and s and stack and set().union(*stack) & guarded_allowed:
                unchecked[path] = unchecked.get(path, 0) + 1
            m = IMPORT_RE.match(code)
            if m:
                module = m.group(1)
                guards = set().union(*stack) if stack else set()
                if module in allowed:
                    verdict = None
                elif module in guarded_allowed and module in guards:
                    verdict = None
                elif module in guarded_allowed:
                    verdict = f"`import {module}` must sit inside `#if canImport({module})`"
                else:
                    verdict = f"`import {module}` is not allowed (allowed: {', '.join(sorted(allowed))}" + \
                        (f"; under #if canImport only: {', '.join(sorted(guarded_allowed))})" if guarded_allowed else ")")
                found.append((number, module, guards, verdict))
    return found


# ---------------------------------------------------------------------------------------------
# Guarded mode: @available declarations and #available regions, from `swiftc -dump-parse`.

RANGE_RE = re.compile(r"range=\[(.+?):(\d+):(\d+) - line:(\d+):(\d+)\]")


def availability_regions(swiftc, files, defines):
    """{file: [((start line, col), (end line, col), {domain: version tuple})]}."""
    regions = {}
    for path in files:
        run = subprocess.run([swiftc, "-dump-parse", *defines, path], capture_output=True, text=True)
        text = run.stdout or run.stderr
        nodes = []  # (indent, kind, range, line text)
        for line in text.split("\n"):
            stripped = line.lstrip(" ")
            if not stripped.startswith("("):
                continue
            indent = len(line) - len(stripped)
            kind = stripped[1:].split(" ", 1)[0].rstrip(")")
            m = RANGE_RE.search(stripped)
            rng = ((int(m.group(2)), int(m.group(3))), (int(m.group(4)), int(m.group(5)))) if m else None
            nodes.append((indent, kind, rng, stripped))
        out = []
        for i, (indent, kind, rng, text_line) in enumerate(nodes):
            children = []
            for j in range(i + 1, len(nodes)):
                if nodes[j][0] <= indent:
                    break
                children.append(nodes[j])
            if kind.endswith("_decl") and rng:
                versions = {}
                for c_indent, c_kind, _, c_text in children:
                    if c_kind == "available_attr" and c_indent == indent + 2:
                        d = re.search(r"domainIdentifier=(\w+)", c_text)
                        v = re.search(r"introduced=([\d.]+)", c_text)
                        if d and v:
                            versions[d.group(1)] = version_tuple(v.group(1))
                if versions:
                    out.append((rng[0], rng[1], versions))
            elif kind in ("if_stmt", "guard_stmt") and rng:
                versions, in_available = {}, False
                for c_indent, c_kind, _, c_text in children:
                    if c_kind == "#available":
                        in_available = True
                    elif c_kind == "availability_spec" and in_available:
                        d = re.search(r"domain=(\w+)", c_text)
                        v = re.search(r"version=([\d.]+)", c_text)
                        if d and v:
                            versions[d.group(1)] = version_tuple(v.group(1))
                if not versions:
                    continue
                if kind == "if_stmt":
                    then = next((c for c in children if c[1] == "brace_stmt" and c[0] == indent + 2), None)
                    if then and then[2]:
                        out.append((then[2][0], then[2][1], versions))
                else:
                    # The rest of the enclosing brace statement after the guard.
                    parent = next((n for n in reversed(nodes[:i]) if n[0] < indent and n[1] == "brace_stmt"), None)
                    if parent and parent[2]:
                        out.append((rng[1], parent[2][1], versions))
        regions[os.path.realpath(path)] = out
    return regions


def guarded_version(regions, line, column, domain):
    best = None
    for start, end, versions in regions:
        if start <= (line, column) <= end and domain in versions:
            best = max(best or versions[domain], versions[domain])
    return best


# Conditions under which a branch can never be compiled for a platform: each atom of a `||`
# disjunction must be one of these (anything else, `&&`, `!`, counts as possibly compiled).
NEVER_ON = {
    "iOS": {"os(macOS)", "os(Linux)", "os(Windows)", "os(Android)", "os(FreeBSD)", "os(OpenBSD)",
            "os(WASI)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "canImport(Glibc)", "canImport(Musl)",
            "canImport(AppKit)", "canImport(WinSDK)"},
    "macOS": {"os(iOS)", "os(Linux)", "os(Windows)", "os(Android)", "os(FreeBSD)", "os(OpenBSD)",
              "os(WASI)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "canImport(Glibc)", "canImport(Musl)",
              "canImport(WinSDK)"},
}


def lines_never_compiled_for(path, domain):
    """The lines of `path` inside an `#if`/`#elseif` branch whose condition cannot hold on
    `domain` (e.g. `#if os(macOS) || os(Linux)` for iOS): a reference there is never built for it."""
    never = NEVER_ON.get(domain, set())
    excluded, stack = set(), []  # stack: whether the current branch is excluded
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, text in enumerate(f, start=1):
            line = text.strip()
            if line.startswith("#if ") or line.startswith("#elseif "):
                condition = line.split(" ", 1)[1].split("//")[0].strip()
                atoms = [a.strip().replace(" ", "") for a in condition.split("||")]
                out = all(a in never for a in atoms) and "&&" not in condition and "!" not in condition
                if line.startswith("#if "):
                    stack.append(out)
                elif stack:
                    stack[-1] = out
                continue
            if line.startswith("#else"):
                if stack:
                    stack[-1] = False
                continue
            if line.startswith("#endif"):
                if stack:
                    stack.pop()
                continue
            if any(stack):
                excluded.add(number)
    return excluded


# ---------------------------------------------------------------------------------------------

def batch(path):
    """Checks each target a line of `path` names (the arguments of one check; # comments), in one
    process, so that the build, the symbol graphs and the index store are read once. Exit status 1
    when any check failed, naming them."""
    failed = []
    with open(path) as f:
        lines = [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]
    for line in lines:
        words = shlex.split(line) + ["--batch-build"]
        try:
            status = main(words)
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
            if not isinstance(stop.code, int):
                print(stop.code, file=sys.stderr, flush=True)
        if status:
            failed.append(words[words.index("--target") + 1] if "--target" in words else line)
    if failed:
        print(f"api-floor: {len(failed)} of {len(lines)} checks failed: {' '.join(failed)}", file=sys.stderr)
        return 1
    print(f"api-floor: {len(lines)} checks passed")
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--batch"] and len(argv) == 2:
        return batch(argv[1])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="--batch FILE checks every line of FILE (one check's arguments each) in one process.")
    ap.add_argument("--target", required=True)
    ap.add_argument("--package-path", default=".")
    ap.add_argument("--sources", help="the target's directory (default: from `swift package describe`)")
    ap.add_argument("--floor", action="append", default=[], metavar="PLATFORM=VERSION",
                    help="e.g. macOS=11.0 (repeatable; symbol-graph domain names)")
    ap.add_argument("--allow-import", default="Foundation", help="comma-separated modules any file may import")
    ap.add_argument("--allow-guarded-import", default="MSAL,UIKit,AppKit",
                    help="comma-separated modules importable only inside #if canImport(M)")
    ap.add_argument("--no-import-check", action="store_true")
    ap.add_argument("--modules", default=",".join(DEFAULT_MODULES), help="toolchain modules whose symbol graphs are read")
    ap.add_argument("--scratch-path", default=None,
                    help="build directory (default: PACKAGE/.build, the package's own: after a debug build of the "
                         "target, its index store is current and nothing is compiled again)")
    ap.add_argument("--mode", choices=["strict", "guarded"], default="strict")
    ap.add_argument("--toolchain", default=None, help="toolchain usr dir (default: from `swift` on PATH)")
    ap.add_argument("--show-references", action="store_true", help="list every checked reference")
    ap.add_argument("--batch-build", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    started = time.monotonic()
    package = os.path.abspath(args.package_path)
    floors = {}
    for f in args.floor or ["macOS=11.0", "iOS=16.0"]:
        platform, _, version = f.partition("=")
        floors[platform] = version_tuple(version)
    floor_text = ", ".join(f"{p} {version_text(v)}" for p, v in floors.items())
    allowed = {m for m in args.allow_import.split(",") if m}
    guarded_allowed = {m for m in args.allow_guarded_import.split(",") if m}
    modules = [m for m in args.modules.split(",") if m]
    scratch = os.path.abspath(args.scratch_path or os.path.join(package, ".build"))
    name = "api-floor"

    def log(msg):
        print(msg, flush=True)

    swift = "swift"
    usr = args.toolchain or os.path.dirname(os.path.dirname(os.path.realpath(
        subprocess.run(["which", "swift"], capture_output=True, text=True).stdout.strip())))
    extractor = os.path.join(usr, "bin", "swift-symbolgraph-extract")
    libindexstore = os.path.join(usr, "lib", "libIndexStore.so")
    swiftc = os.path.join(usr, "bin", "swiftc")

    # The target and its files, as SwiftPM sees them.
    describe = run_once([swift, "package", "--package-path", package, "--scratch-path", scratch,
                         "describe", "--type", "json"])
    if describe.returncode != 0:
        sys.exit(f"{name}: `swift package describe` failed:\n{describe.stderr}")
    desc = json.loads(describe.stdout[describe.stdout.index("{"):])
    targets = {t["name"]: t for t in desc["targets"]}
    if args.target not in targets:
        sys.exit(f"{name}: no target {args.target} in {package}/Package.swift (targets: {', '.join(sorted(targets))})")
    target = targets[args.target]
    source_dir = os.path.abspath(args.sources or os.path.join(package, target["path"]))
    files = sorted(os.path.join(os.path.abspath(os.path.join(package, target["path"])), s)
                   for s in target.get("sources", []) if s.endswith(".swift"))
    if args.sources:
        files = [f for f in files if f.startswith(source_dir + os.sep)]
    package_modules = {t.get("c99name", t["name"]) for t in desc["targets"]}
    log(f"{name}: target {args.target} ({len(files)} Swift files in {os.path.relpath(source_dir, package)}), "
        f"floor {floor_text}, mode {args.mode}")

    problems = {}  # (file, line, column, what) -> [reason]

    # 1. Imports.
    import_count = 0
    unchecked = {}
    if not args.no_import_check:
        for path in files:
            for line, module, guards, verdict in check_imports(path, allowed, guarded_allowed, unchecked):
                import_count += 1
                if verdict:
                    problems.setdefault((os.path.relpath(path, package), line, 0, "import"), []).append(verdict)

    # 2. What the toolchain declares available, and since when.
    t0 = time.monotonic()
    cache_dir = os.path.join(scratch, "symbolgraphs", toolchain_key(swift))
    data = extract_availability(modules, cache_dir, extractor, "x86_64-unknown-linux-gnu"
                                if os.uname().machine == "x86_64" else "aarch64-unknown-linux-gnu", log)
    symbols = data["symbols"]
    availability_data = data
    with_apple = sum(1 for s in symbols.values() if any(d in floors for d in s[4]))
    log(f"{name}: {len(symbols)} public symbols in the symbol graphs of {len(data['graph_counts'])} toolchain modules "
        f"({with_apple} carry {'/'.join(floors)} availability){'' if time.monotonic() - t0 < 1 else f', {time.monotonic() - t0:.1f} s'}")
    # Not vacuous: the graphs must carry Apple availability (a toolchain whose stdlib were built
    # without it would make every reference pass).
    sanity = {"s:15Synchronization5MutexV": ("Mutex", {"macOS": (15, 0), "iOS": (18, 0)}),
              "s:s8DurationV": ("Duration", {"macOS": (13, 0), "iOS": (16, 0)})}
    memo = {}
    for usr_, (title, want) in sanity.items():
        got = effective(symbols, usr_, memo)
        for d, v in want.items():
            if d in floors and (got.get(d, (None,))[0] or ())[:2] != v:
                sys.exit(f"{name}: the symbol graphs do not say {title} is {d} {version_text(v)} "
                         f"(they say {got.get(d)}); the check would be vacuous")

    # 3. What the target references: build it with an index store, read the records. A debug build
    # writes the store by default, so --enable-index-store adds no flag and, after the package's own
    # `swift build` or `swift test`, nothing is compiled again (an added -Xswiftc flag would
    # recompile every target).
    t0 = time.monotonic()
    build_args = ["--package-path", package, "--scratch-path", scratch]
    # In a batch, one build of every target serves them all.
    whole = args.batch_build and run_once([swift, "build", *build_args, "--enable-index-store"])
    build = whole if whole and whole.returncode == 0 else subprocess.run(
        [swift, "build", *build_args, "--target", args.target, "--enable-index-store"], capture_output=True, text=True)
    if build.returncode != 0:
        sys.stderr.write(build.stdout[-4000:] + build.stderr[-4000:])
        sys.exit(f"{name}: building {args.target} failed")
    log(f"{name}: built {args.target} with an index store in {time.monotonic() - t0:.1f} s")
    bin_path = run_once([swift, "build", *build_args, "--show-bin-path"]).stdout.strip()
    store_dir = os.path.join(bin_path, "index", "store")
    if not os.path.isdir(os.path.join(store_dir, "v5")):
        sys.exit(f"{name}: no index store at {store_dir} after the build")
    store = once(("store", store_dir), lambda: CachedStore(store_dir, libindexstore))
    wanted = set(files)
    occurrences = {}  # (file, line, col, usr) -> occurrence
    seen_files = set()
    defined = set()  # USRs the package itself defines (its extensions of stdlib types included)
    # Only the target's module and the package modules it depends on can define what it references:
    # the package's other units (its tests, its commands) are not read.
    by_name = {t["name"]: t for t in desc["targets"]}
    reachable, pending = set(), [args.target]
    while pending:
        t = by_name.get(pending.pop())
        if t is None or t.get("c99name", t["name"]) in reachable:
            continue
        reachable.add(t.get("c99name", t["name"]))
        pending.extend(t.get("target_dependencies", []))
    for unit_name in store.units():
        module, main, system, records, _ = store.unit(unit_name)
        if system or module not in reachable:
            continue
        mine = module == target.get("c99name", args.target) and os.path.realpath(main) in wanted
        if mine:
            seen_files.add(os.path.realpath(main))
        for record, path in records:
            for o in store.occurrences(record):
                sym = o["symbol"]
                if o["roles"] & (ROLE_DECLARATION | ROLE_DEFINITION):
                    defined.add(sym["usr"])
                    continue
                if not mine or os.path.realpath(path) != os.path.realpath(main):
                    continue
                if not o["roles"] & ROLE_REFERENCE:
                    continue
                if sym["properties"] & PROPERTY_LOCAL or sym["kind"] in ("module", "parameter"):
                    continue
                usr_ = sym["usr"]
                # An accessor (getter:x, setter:x) is judged as the property or subscript it belongs to.
                owner = next((rel for roles, rel in o["relations"] if roles & REL_ACCESSOROF), None)
                if owner is not None and usr_ not in symbols:
                    o = dict(o, symbol=dict(owner, kind=owner["kind"]))
                    usr_ = owner["usr"]
                elif usr_ not in symbols:
                    # A reference names the accessor it calls (getter, setter, modify...); the
                    # graph names the property or subscript (USR suffix vp / cip).
                    as_property = ACCESSOR_USR_RE.sub(r"\1p\3", usr_)
                    if as_property in symbols:
                        o = dict(o, symbol=dict(sym, name=sym["name"].split(":", 1)[-1]))
                        usr_ = as_property
                occurrences[(os.path.realpath(main), o["line"], o["column"], usr_)] = o
    missing = wanted - seen_files
    if missing:
        sys.exit(f"{name}: the index store has no unit for {len(missing)} of the target's files "
                 f"(e.g. {os.path.relpath(sorted(missing)[0], package)}); the check would be incomplete")

    regions = {}
    if args.mode == "guarded":
        defines = []
        regions = availability_regions(swiftc, files, defines)

    # 4. Join and judge.
    checked, toolchain_refs, unknown, fallback_hits, guarded_count, older_default = 0, 0, {}, 0, 0, 0
    never_compiled, not_built = {}, 0
    distinct = set()
    listing = []
    for (path, line, col, usr_), o in sorted(occurrences.items()):
        sym = o["symbol"]
        module = usr_module(usr_)
        if module in package_modules or usr_ in defined:
            continue
        checked += 1
        rel = os.path.relpath(path, package)
        entry = symbols.get(usr_)
        implicit = " (implicit)" if o["roles"] & ROLE_IMPLICIT else ""
        fallback = next((why for prefix, why in FOUNDATION_NOT_ON_IOS.items() if usr_.startswith(prefix)), None)
        if entry is None and fallback is None:
            unknown.setdefault((module, sym["name"]), []).append(f"{rel}:{line}")
            continue
        toolchain_refs += 1
        distinct.add(usr_)
        shown = (entry[1] or entry[0]) if entry else sym["name"]
        from_module = module if module[0] != "(" or not entry else entry[3]
        if args.show_references:
            listing.append(f"  {rel}:{line}:{col}: {shown} [{from_module}]{implicit}")
        avail = effective(symbols, usr_, memo)
        for domain, floor in floors.items():
            intro, unavailable = avail.get(domain, (None, False))
            star = avail.get("*", (None, False))[1]
            reason = None
            if unavailable or star:
                reason = f"unavailable on {domain}"
            elif intro and intro > floor:
                reason = f"introduced {domain} {version_text(intro)}"
            elif domain == "iOS" and fallback:
                reason = f"{fallback} [FALLBACK list: corelibs Foundation carries no Apple availability]"
                fallback_hits += 1
            if not reason:
                continue
            if line in never_compiled.setdefault((path, domain), lines_never_compiled_for(path, domain)):
                not_built += 1
                continue
            # A protocol requirement Apple added later (`FixedWidthInteger.&*` became one in Swift
            # 6.0) whose default implementation is older: below the requirement's version the
            # compiler calls that default, so the reference is available at the floor.
            if intro and not unavailable and not star and any(
                    (effective(symbols, impl, memo).get(domain, (None, False))[0] or (0,)) <= floor
                    and not effective(symbols, impl, memo).get(domain, (None, False))[1]
                    for impl in availability_data.get("defaults", {}).get(usr_, [])):
                older_default += 1
                continue
            if args.mode == "guarded" and intro:
                g = guarded_version(regions.get(path, []), line, col, domain)
                if g and g >= intro:
                    guarded_count += 1
                    continue
            what = f"`{shown}` ({entry[2] if entry else sym['kind']}, {from_module}){implicit}"
            problems.setdefault((rel, line, col, what), []).append(
                f"{reason} (floor {domain} {version_text(floor)})" if reason.startswith("introduced") else reason)

    for line in listing:
        log(line)

    elapsed = time.monotonic() - started
    log(f"{name}: {import_count} imports; {checked} references to other modules in {len(files)} files, "
        f"{toolchain_refs} of them to {len(distinct)} distinct toolchain symbols with known availability"
        + (f"; {guarded_count} (reference, platform) pairs above the floor guarded by @available/#available" if args.mode == "guarded" else "")
        + (f"; {older_default} (reference, platform) pairs to a later protocol requirement served by its older default implementation" if older_default else "")
        + (f"; {not_built} (reference, platform) pairs under an #if that platform never compiles" if not_built else ""))
    if unknown:
        names = sorted((f"{m}.{n}" for m, n in unknown), key=lambda t: (t.startswith("("), t))
        log(f"{name}: {sum(len(v) for v in unknown.values())} references to {len(unknown)} symbols not in any "
            f"symbol graph (no availability known; underscored or C): {', '.join(names[:12])}"
            + (" ..." if len(names) > 12 else ""))
    if unchecked:
        log(f"{name}: not compiled on Linux, so not checked against the floor: "
            + ", ".join(f"{os.path.relpath(p, package)} ({n} lines under #if canImport of "
                        f"{'/'.join(sorted(guarded_allowed))})" for p, n in sorted(unchecked.items())))
    if problems:
        for (rel, line, col, what), reasons in sorted(problems.items()):
            where = f"{rel}:{line}:{col}" if col else f"{rel}:{line}"
            log(f"{where}: error: {what}: {'; '.join(reasons)}")
        log(f"{name}: FAIL: {len(problems)} violations of the floor {floor_text} in {args.target} ({elapsed:.1f} s)")
        return 1
    log(f"{name}: OK: {args.target} uses nothing above {floor_text} that the symbol graphs know of "
        f"({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
