#!/usr/bin/env python3
"""Run the CI recipes of the docs as a vendor would paste them, against a local release.

Every ```yaml block of the given Markdown files that is a GitHub Actions workflow (`jobs:`) or a
GitLab pipeline (jobs with `script:`) is executed job by job, step by step, in a fresh copy of a
vendor repository, with the recipe's own variables. Only what a CI service provides is simulated:
`actions/checkout` (a copy of the vendor repository), artifact upload and download (a directory),
`mikepenz/action-junit-report` (the JUnit file must validate), `sudo` (a shim), the release
download (the URL prefix is served from 127.0.0.1) and `/usr/local/bin` (a temporary directory).
Each recipe must end with every job passing, and every `sl-conformance run` in it must pass `--adapter`.
With --explore-runs N, every `--runs` of an explore command plays N histories instead of the
recipe's number: the jobs, shards and merges are the recipe's, only shorter (CI's time budget).

Usage: recipes_check.py --tarball FILE --vendor DIR --adapter CMD --xsd-dir DIR [--explore-runs N] FILE.md...
"""
import argparse
import fnmatch
import http.server
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading

import yaml

PLACEHOLDER = "https://github.com/sl-conformance/sl-conformance"


class Runner:
    def __init__(self, work, server, vendor, adapter, xsd_dir, explore_runs=None):
        self.work, self.server, self.vendor, self.adapter, self.xsd_dir = work, server, vendor, adapter, xsd_dir
        self.explore_runs = explore_runs
        self.bin = work / "usr-local-bin"
        self.bin.mkdir(parents=True, exist_ok=True)
        shim = work / "shims"
        shim.mkdir(exist_ok=True)
        (shim / "sudo").write_text('#!/bin/sh\nexec "$@"\n')
        (shim / "sudo").chmod(0o755)
        self.path = f"{self.bin}:{shim}:/usr/bin:/bin"

    def shell(self, command, cwd, env):
        command = command.replace(PLACEHOLDER, self.server).replace("/usr/local/bin", str(self.bin))
        if self.explore_runs is not None and "sl-conformance explore " in command:
            command, count = re.subn(r"--runs \d+", f"--runs {self.explore_runs}", command)
            assert count, f"an explore command without --runs: {command}"
        result = subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def junit_valid(self, path):
        """Checked with our JUnit checker, outside the recipe's minimal environment."""
        checker = pathlib.Path(__file__).with_name("junit_check.py")
        result = subprocess.run([sys.executable, str(checker), "--xsd-dir", str(self.xsd_dir), str(path)], capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def environment(self, variables):
        env = {"PATH": self.path, "HOME": str(self.work / "home"), "GITHUB_STEP_SUMMARY": str(self.work / "summary.md")}
        for key, value in variables.items():
            env[key] = str(value)
        if "ADAPTER" in env:
            env["ADAPTER"] = self.adapter
        return env

    def fresh_workspace(self, name):
        workspace = self.work / "workspaces" / name
        if workspace.exists():
            shutil.rmtree(workspace)
        shutil.copytree(self.vendor, workspace)
        return workspace

    def github(self, workflow):
        artifacts = self.work / "artifacts"
        artifacts.mkdir(exist_ok=True)
        for job_name, job in workflow["jobs"].items():
            matrix = (job.get("strategy") or {}).get("matrix") or {}
            keys = list(matrix)
            combinations = [{}] if not keys else [{keys[0]: value} for value in matrix[keys[0]]]
            for combination in combinations:
                label = job_name + "".join(f" {value}" for value in combination.values())
                workspace = self.work / "workspaces" / label.replace(" ", "-")
                workspace.mkdir(parents=True, exist_ok=True)
                env = self.environment({**(workflow.get("env") or {}), **(job.get("env") or {})})
                failed = False
                for step in job["steps"]:
                    if failed and "always()" not in str(step.get("if", "")):
                        continue
                    def expand(text):
                        return re.sub(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", lambda m: str(combination[m.group(1)]), str(text))
                    uses = step.get("uses", "")
                    with_ = {key: expand(value) for key, value in (step.get("with") or {}).items()}
                    if uses.startswith("actions/checkout"):
                        workspace = self.fresh_workspace(label.replace(" ", "-"))
                        continue
                    if uses.startswith("actions/upload-artifact"):
                        source = workspace / with_["path"].rstrip("/")
                        if source.exists():
                            shutil.copytree(source, artifacts / with_["name"], dirs_exist_ok=True)
                        continue
                    if uses.startswith("actions/download-artifact"):
                        target = workspace / with_["path"]
                        for artifact in sorted(artifacts.iterdir()):
                            if fnmatch.fnmatch(artifact.name, with_["pattern"]):
                                shutil.copytree(artifact, target / artifact.name, dirs_exist_ok=True)
                        continue
                    if uses.startswith("mikepenz/action-junit-report"):
                        status, output = self.junit_valid(workspace / with_["report_paths"])
                        if status != 0:
                            return f"{label}: the published report does not validate:\n{output}"
                        continue
                    if uses:
                        return f"{label}: no simulation for '{uses}'"
                    status, output = self.shell(expand(step["run"]), workspace, env)
                    if status != 0:
                        return f"{label}: step `{step.get('name', step['run'][:60])}` exited {status}:\n{output[-3000:]}"
                print(f"  github job '{label}' passed")
        return None

    def gitlab(self, pipeline):
        variables = pipeline.get("variables") or {}
        templates = {name: job for name, job in pipeline.items() if name.startswith(".")}
        workspace = self.fresh_workspace("gitlab")
        for name, job in pipeline.items():
            if name.startswith(".") or name == "variables" or not isinstance(job, dict) or "script" not in job:
                continue
            merged = dict(templates.get(job.get("extends", ""), {}))
            merged.update(job)
            total = int(merged.get("parallel", 0) or 0)
            for index in range(1, total + 1) if total else [None]:
                env = self.environment({**variables, **(merged.get("variables") or {})})
                if index is not None:
                    env.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(total))
                for line in list(merged.get("before_script", [])) + list(merged["script"]):
                    status, output = self.shell(line, workspace, env)
                    if status != 0:
                        return f"gitlab job '{name}' {index or ''}: `{line[:80]}` exited {status}:\n{output[-3000:]}"
                junit = ((merged.get("artifacts") or {}).get("reports") or {}).get("junit")
                for report in ([junit] if isinstance(junit, str) else junit or []):
                    status, output = self.junit_valid(workspace / report)
                    if status != 0:
                        return f"gitlab job '{name}': its JUnit report {report} does not validate:\n{output}"
                print(f"  gitlab job '{name}'{f' {index}/{total}' if index else ''} passed")
        return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(directory):
    handler = lambda *a, **k: QuietHandler(*a, directory=str(directory), **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tarball", required=True, type=pathlib.Path)
    parser.add_argument("--vendor", required=True, type=pathlib.Path)
    parser.add_argument("--adapter", required=True)
    parser.add_argument("--xsd-dir", required=True, type=pathlib.Path)
    parser.add_argument("--explore-runs", type=int, help="histories for each explore command instead of its --runs")
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    arguments = parser.parse_args()
    failures = 0
    for file in arguments.files:
        for number, block in enumerate(re.findall(r"```yaml\n(.*?)```", file.read_text(), re.S), start=1):
            document = yaml.safe_load(block)
            kind = "github" if isinstance(document, dict) and "jobs" in document else "gitlab" if isinstance(document, dict) and any(isinstance(v, dict) and "script" in v for v in document.values()) else None
            if kind is None:
                continue
            # No silent demo: a recipe that runs without --adapter tests the bundled reference app.
            silent = [line.strip() for line in block.splitlines() if re.search(r"sl-conformance run\b", line) and "--adapter" not in line]
            if silent:
                failures += 1
                print(f"FAIL {file} recipe {number}: 'sl-conformance run' without --adapter tests the bundled reference app: {silent[0]}", file=sys.stderr)
                continue
            versions = set(re.findall(r'SL_CONFORMANCE_VERSION: "([^"]+)"', block))
            with tempfile.TemporaryDirectory() as directory:
                work = pathlib.Path(directory)
                release = work / "release"
                for version in versions or {"0.0.0"}:
                    # The tarball of this build, under the name the recipe asks for.
                    target = release / "releases" / "download" / f"v{version}"
                    target.mkdir(parents=True, exist_ok=True)
                    for platform in ("linux-x86_64", "linux-aarch64"):
                        shutil.copy(arguments.tarball, target / f"sl-conformance-{version}-{platform}.tar.gz")
                server = serve(release)
                runner = Runner(work, f"http://127.0.0.1:{server.server_address[1]}", arguments.vendor, arguments.adapter, arguments.xsd_dir, arguments.explore_runs)
                print(f"{file} recipe {number} ({kind}):")
                problem = runner.github(document) if kind == "github" else runner.gitlab(document)
                server.shutdown()
            if problem:
                failures += 1
                print(f"FAIL {file} recipe {number}: {problem}", file=sys.stderr)
            else:
                print(f"ok   {file} recipe {number}: every job passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
