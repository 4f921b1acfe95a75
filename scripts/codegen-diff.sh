#!/usr/bin/env bash
# Generated code before and after a change: `--save DIR` writes the C and PTX
# of every example and of every test RUN line that produces C or PTX into DIR;
# `--compare DIR` regenerates them into a temporary directory and diffs,
# exiting 1 with the list of files that differ (docs/contributing.md).
#
#   scripts/codegen-diff.sh --save /tmp/before     # on the old code
#   scripts/codegen-diff.sh --compare /tmp/before  # after the refactor
#
# What is generated (each output one file, named after its source):
# - examples/uop/*.mlir: `--uop-to-program=target=cpu | --uop-to-c`, and
#   `--uop-to-nvvm=chip=C | --mlir-to-ptx --chip=C` for sm_80, sm_90a, sm_100a;
#   a multi-device example (uop.spmd after uop-shard) gives each rank's
#   `--uop-shard=rank=R --uop-outline-collectives` program instead, since
#   its stages are compiled by the runtime, not by one pipeline.
# - examples/tirx/*.mlir: `--tirx-to-nvvm=chip=C | --mlir-to-ptx` per chip.
# - test/**: every RUN line `uop-opt ... | uop-translate --uop-to-c` or
#   `--mlir-to-ptx` (no `not`), cut after the translation; split-file inputs
#   (%t/...) are split first.
# A command that fails is recorded as `<name>.error` (exit status + stderr),
# so a refactor that changes which inputs lower shows up too. Commands run in
# a scratch directory whose `src` links to the tree, so every path in the
# output is relative and a baseline from one checkout compares with another.
#
# Environment: UOP_BUILD_DIR (default build/), CODEGEN_JOBS (default 2),
# CODEGEN_FILTER (a regex: only the outputs whose names match).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"

usage() { echo "usage: $0 --save DIR | --compare DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
mode="$1" dir="$2"
case "$mode" in --save|--compare) ;; *) usage ;; esac
for t in uop-opt uop-translate; do
  [ -x "$build/bin/$t" ] || { echo "error: $build/bin/$t not built" >&2; exit 2; }
done

generate() { # OUTDIR
  local py=python3
  [ -x /usr/bin/python3 ] && py=/usr/bin/python3  # the one with numpy, as in test.sh
  "$py" - "$root" "$build" "$1" "${CODEGEN_JOBS:-2}" <<'PY'
import os, re, subprocess, sys, tempfile, concurrent.futures as cf
root, build, out, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
CHIPS = ["sm_80", "sm_90a", "sm_100a"]
env = dict(os.environ)
env["PATH"] = os.pathsep.join([os.path.join(build, "bin"), "/usr/lib/llvm-22/bin", env["PATH"]])

def example_jobs():
    jobs = []
    for sub in ["uop", "tirx"]:
        d = os.path.join(root, "examples", sub)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".mlir"):
                continue
            rel = f"examples/{sub}/{name}"
            src = f"src/{rel}"
            if sub == "uop" and re.search(r"uop\.(multi|mstack)\b", open(os.path.join(root, rel)).read()):
                for rank in range(devices(name)):
                    jobs.append((f"{rel}.rank{rank}.mlir", f"uop-opt --uop-shard=rank={rank} --uop-outline-collectives {src}"))
                continue
            if sub == "uop":
                jobs.append((f"{rel}.cpu.c", f"uop-opt --uop-to-program=target=cpu {src} | uop-translate --uop-to-c"))
            pipe = "uop-to-nvvm" if sub == "uop" else "tirx-to-nvvm"
            for chip in CHIPS:
                jobs.append((f"{rel}.{chip}.ptx", f"uop-opt --{pipe}=chip={chip} {src} | uop-translate --mlir-to-ptx --chip={chip}"))
    return jobs

def devices(name):
    m = re.search(r"_(\d+)dev", name)
    return int(m.group(1)) if m else 2

def run_lines(path):
    """RUN lines of a test, continuation lines joined."""
    lines, cur = [], None
    for line in open(path, errors="replace"):
        m = re.search(r"RUN:(.*)$", line)
        if not m:
            continue
        text = m.group(1).strip()
        cur = text if cur is None else cur + " " + text
        if cur.endswith("\\"):
            cur = cur[:-1]
            continue
        lines.append(cur)
        cur = None
    return lines

TRANSLATE = re.compile(r"^(env\s+(\w+=\S+\s+)+)?uop-translate\b.*--(uop-to-c|mlir-to-ptx)\b")
TOOL = re.compile(r"^(env\s+(\w+=\S+\s+)+)?(uop-opt|uop-translate)\b")

def subst(cmd, rel):
    reldir = os.path.dirname(rel)
    for k, v in [("%uop_src_root", "src"), ("%s", f"src/{rel}"), ("%S", f"src/{reldir}"),
                 ("%p", f"src/{reldir}"), ("%t", "t")]:
        cmd = cmd.replace(k, v)
    return cmd

def clean(seg):
    seg = re.sub(r"\s2>&1", "", seg)
    seg = re.sub(r"\s2?>\s*\S+", "", seg)
    seg = re.sub(r"\s-o\s+\S+", "", seg)  # the output to stdout
    return seg.strip()

# RUN lines that only make inputs for later lines (split-file, a pipeline
# written to %t...): replayed in order; anything that checks, compiles or runs
# is not.
SETUP_TOOLS = {"uop-opt", "uop-translate", "split-file", "mkdir", "rm", "sed", "cat", "cp", "echo",
               "printf", "%python"}

def is_setup(line):
    """Only writes files (no check, compiler or runner); %python only as a generator."""
    for cmd in re.split(r"\|\|?|&&|;", line):
        words = cmd.split()
        while words and re.match(r"^(env|\w+=\S*)$", words[0]):
            words = words[1:]
        derive = words[:1] == ["%uop_src_root/benchmarks/gpu/run.sh"] and "--derive-only" in words
        if words and words[0] not in SETUP_TOOLS and not derive:
            return False
    return "%python" not in line or re.search(r"> *%t\S*$", line) is not None

def test_jobs():
    jobs = []
    for dirpath, dirnames, files in os.walk(os.path.join(root, "test")):
        dirnames.sort()
        for name in sorted(files):
            if not name.endswith((".mlir", ".test")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            steps = []  # (output name or None, command)
            for i, line in enumerate(run_lines(path), 1):
                segs = [s.strip() for s in line.split("|")]
                cut = next((k for k, s in enumerate(segs) if TRANSLATE.match(s)), None)
                if cut is not None and all(TOOL.match(s) for s in segs[:cut + 1]):
                    cmd = subst(" | ".join(clean(s) for s in segs[:cut + 1]), rel)
                    if "%" not in cmd:
                        ext = "c" if "--uop-to-c" in segs[cut] else "ptx"
                        steps.append((f"{rel}.run{i}.{ext}", cmd))
                setup = subst(line.replace("%python", sys.executable), rel)
                if is_setup(line) and "%" not in setup:
                    steps.append((None, setup))
            if any(out for out, _ in steps):
                jobs.append(steps)
    return jobs

def run_test(steps):
    """Runs one test's steps in order in one scratch directory."""
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        os.symlink(root, os.path.join(scratch, "src"))
        for name, cmd in steps:
            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=scratch, env=env,
                               capture_output=True, text=True)
            if name:
                results.append(save(name, cmd, p))
    return results

def save(name, cmd, p):
    dest = os.path.join(out, name if p.returncode == 0 else name + ".error")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "w") as f:
        if p.returncode == 0:
            f.write(p.stdout)
        else:
            f.write(f"$ {cmd}\nexit {p.returncode}\n{p.stderr}")
    return p.returncode == 0

all_jobs = [[job] for job in example_jobs()] + test_jobs()
only = os.environ.get("CODEGEN_FILTER")  # a regex of output names (tests)
if only:
    all_jobs = [[s for s in steps if s[0] is None or re.search(only, s[0])] for steps in all_jobs]
    all_jobs = [steps for steps in all_jobs if any(s[0] for s in steps)]
with cf.ThreadPoolExecutor(jobs) as ex:
    results = [r for rs in ex.map(run_test, all_jobs) for r in rs]
print(f"{len(results)} outputs ({len(results) - sum(results)} of them errors) in {out}")
PY
}

if [ "$mode" = --save ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  generate "$dir"
  exit 0
fi

[ -d "$dir" ] || { echo "error: no baseline directory $dir" >&2; exit 2; }
base="$dir"
new="$(mktemp -d "${TMPDIR:-/tmp}/codegen-diff.XXXXXX")"
trap 'rm -rf "$new"' EXIT
if [ -n "${CODEGEN_FILTER:-}" ]; then  # compare with the matching part of the baseline
  mkdir "$new.base"
  trap 'rm -rf "$new" "$new.base"' EXIT
  (cd "$dir" && find . -type f | sed 's|^\./||' | grep -E "$CODEGEN_FILTER" || true) |
    while read -r f; do mkdir -p "$new.base/$(dirname "$f")" && cp "$dir/$f" "$new.base/$f"; done
  dir="$new.base"
fi
generate "$new"
if diff -r -q "$dir" "$new" >/dev/null; then
  echo "codegen-diff: no difference from $base"
  exit 0
fi
echo "codegen-diff: generated code differs from $base:"
diff -r -q "$dir" "$new" | sed -e "s|$dir|BASE|g" -e "s|$new|NEW|g"
echo "(diff -r $base <new> for details; rerun with --save to keep the new output)"
exit 1
