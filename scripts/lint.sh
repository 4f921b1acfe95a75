#!/usr/bin/env bash
# clang-tidy (.clang-tidy: readability-function-size, 100 lines) over every
# .cpp of lib/ and tools/ in build/compile_commands.json, and over the headers
# of include/uop and lib/ that they include. Fails on a violation that
# scripts/lint-baseline.txt does not list, and on a baseline entry that no
# longer violates, so the baseline only shrinks.
#
#   scripts/lint.sh                    # check (./test.sh runs this)
#   scripts/lint.sh --update-baseline  # rewrite the baseline from this run
#   scripts/lint.sh FILE.cpp...        # report these files only (no baseline check)
#
# A file's result is cached under $UOP_BUILD_DIR/lint-cache, keyed by the hash
# of its content, of every header of this tree it includes (ninja's recorded
# dependencies; all of include/ and lib/ for a file not built yet), of its
# compile command, of .clang-tidy and of the clang-tidy version: an unchanged
# file is not checked again. Environment: UOP_BUILD_DIR, LINT_JOBS (default 2),
# CLANG_TIDY (default clang-tidy-22), LINT_CACHE (the cache directory),
# LINT_PCH=0 (no precompiled header).
set -euo pipefail
root="${LINT_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"  # LINT_ROOT: tests
build="${UOP_BUILD_DIR:-$root/build}"
tidy="${CLANG_TIDY:-clang-tidy-22}"

command -v "$tidy" >/dev/null || {
  echo "lint: $tidy not found (Debian package clang-tidy-22; scripts/bootstrap.sh installs it)" >&2
  exit 2
}
[ -f "$build/compile_commands.json" ] || {
  echo "lint: $build/compile_commands.json missing (configure the build first)" >&2
  exit 2
}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
exec "$py" - "$root" "$build" "$tidy" "${LINT_JOBS:-2}" "$@" <<'PY'
import collections, concurrent.futures as cf, hashlib, json, os, re, subprocess, sys

root, build, tidy, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
args = sys.argv[5:]
update = "--update-baseline" in args
only = [os.path.abspath(a) for a in args if a != "--update-baseline"]
baseline_path = os.path.join(root, "scripts", "lint-baseline.txt")
cache_dir = os.environ.get("LINT_CACHE") or os.path.join(build, "lint-cache")
WARNING = re.compile(r"^(/[^:]+):(\d+):\d+: warning: function '([^']+)' exceeds "
                     r"recommended size/complexity thresholds \[readability-function-size\]")

def sha(data):
    return hashlib.sha256(data).hexdigest()

MEMO = {}

def file_hash(path, memo=None):
    memo = MEMO if memo is None else memo
    if path not in memo:
        try:
            memo[path] = sha(open(path, "rb").read())
        except OSError:
            memo[path] = "missing"
    return memo[path]

def ninja_deps():
    """object (relative to build/) -> the headers of this tree it includes."""
    p = subprocess.run(["ninja", "-C", build, "-t", "deps"], capture_output=True, text=True)
    deps, cur = {}, None
    for line in p.stdout.splitlines():
        if line and not line.startswith(" "):
            cur = line.split(":")[0]
            deps[cur] = []
        elif cur and line.strip().startswith((root + "/", os.path.abspath(build) + "/")):
            deps[cur].append(line.strip())
    return deps

def all_headers():
    out = []
    for top in ["include", "lib", "tools", "build/include"]:
        for d, _, files in os.walk(os.path.join(root, top)):
            out += [os.path.join(d, f) for f in files if f.endswith((".h", ".inc", ".td", ".def"))]
    return sorted(out)

def units():
    entries = json.load(open(os.path.join(build, "compile_commands.json")))
    seen, out = set(), []
    for e in entries:
        f = os.path.normpath(os.path.join(e["directory"], e["file"]))
        rel = os.path.relpath(f, root)
        if not rel.startswith(("lib/", "tools/")) or not f.endswith(".cpp") or f in seen:
            continue
        if not os.path.exists(f) or (only and f not in only):
            continue
        seen.add(f)
        cmd = e.get("command") or " ".join(e.get("arguments", []))
        m = re.search(r"\s-o\s+(\S+)", cmd)
        out.append((f, cmd, m.group(1) if m else None))
    return sorted(out)

def key(unit, deps, salt, memo=None):
    f, cmd, obj = unit
    headers = deps.get(obj) if obj else None
    h = hashlib.sha256((salt + cmd + file_hash(f, memo)).encode())
    for header in sorted(set(headers)) if headers else all_headers():
        h.update((header + file_hash(header, memo)).encode())
    return h.hexdigest()

# Most files share one set of flags: for them a precompiled header of the
# MLIR headers most of them include saves the parsing, about a fifth of
# clang-tidy's time (the rest is the check walking every function, LLVM's
# included); measured 16.8 against 21.6 CPU seconds a file.
PCH_HEADERS = ["mlir/Dialect/Arith/IR/Arith.h", "mlir/Dialect/Math/IR/Math.h",
               "mlir/Dialect/LLVMIR/NVVMDialect.h", "mlir/Dialect/GPU/IR/GPUDialect.h",
               "mlir/Dialect/SCF/IR/SCF.h", "mlir/Dialect/Vector/IR/VectorOps.h",
               "mlir/Dialect/Func/IR/FuncOps.h", "mlir/IR/IRMapping.h", "mlir/IR/Matchers.h",
               "mlir/IR/PatternMatch.h", "mlir/Pass/PassManager.h", "llvm/ADT/TypeSwitch.h"]

def flags_of(cmd):
    return re.sub(r"\s-o\s+\S+|\s-c\s+\S+", "", cmd)

def precompiled_db(pending):
    """A compile database whose commands of the commonest flags include a PCH."""
    groups = collections.Counter(flags_of(u[1]) for u in pending)
    db = os.path.join(cache_dir, "db")
    if not groups or groups.most_common(1)[0][1] < int(os.environ.get("LINT_PCH_MIN", 8)) or os.environ.get("LINT_PCH") == "0":
        return build
    flags = groups.most_common(1)[0][0]
    pch_dir = os.path.join(cache_dir, "pch")
    pch = os.path.join(pch_dir, sha((flags + version + " ".join(PCH_HEADERS)).encode())[:16] + ".pch")
    if not os.path.exists(pch):
        os.makedirs(pch_dir, exist_ok=True)
        for old in os.listdir(pch_dir):
            os.remove(os.path.join(pch_dir, old))
        header = pch[:-4] + ".h"
        open(header, "w").writelines(f'#include "{h}"\n' for h in PCH_HEADERS)
        argv = flags.split()[1:]
        p = subprocess.run(["clang++-22", "-Wno-unknown-warning-option", "-x", "c++-header", *argv,
                            header, "-o", pch + ".tmp"], capture_output=True, text=True)
        if p.returncode != 0:
            print("lint: no precompiled header (clang++-22 failed), checking without", flush=True)
            return build
        os.replace(pch + ".tmp", pch)
    entries = json.load(open(os.path.join(build, "compile_commands.json")))
    for e in entries:
        if "command" in e and flags_of(e["command"]) == flags:
            e["command"] = e["command"].replace(" -o ", f" -include-pch {pch} -o ", 1)
    os.makedirs(db, exist_ok=True)
    json.dump(entries, open(os.path.join(db, "compile_commands.json"), "w"))
    return db

def tidy_run(path, db):
    p = subprocess.run([tidy, "-p", db, "--quiet", "--extra-arg=-Wno-unknown-warning-option", path],
                       capture_output=True, text=True, cwd=root)
    found = sorted({(os.path.relpath(m.group(1), root), int(m.group(2)), m.group(3))
                    for m in map(WARNING.match, p.stdout.splitlines()) if m})
    bad = p.returncode != 0 and not found or "error:" in p.stdout + p.stderr
    return found, (p.stdout + p.stderr)[-3000:] if bad else None

def check(unit, k, db):
    """-> (violations [(path, line, function)], error text or None)."""
    cached = os.path.join(cache_dir, k + ".json")
    if os.path.exists(cached):
        return json.load(open(cached)), None
    found, err = tidy_run(unit[0], db)
    if err and db != build:  # a stale PCH: the plain command decides
        found, err = tidy_run(unit[0], build)
    if err:
        return found, err
    # A file (or header) edited while it was checked: report, do not cache.
    if key(unit, deps, salt, memo={}) != k:
        return found, None
    os.makedirs(cache_dir, exist_ok=True)
    with open(cached + ".tmp", "w") as out:
        json.dump(found, out)
    os.replace(cached + ".tmp", cached)
    return found, None

version = subprocess.run([tidy, "--version"], capture_output=True, text=True).stdout
salt = sha(version.encode()) + file_hash(os.path.join(root, ".clang-tidy"))
todo = units()
deps = ninja_deps()
keys = [key(u, deps, salt) for u in todo]
fresh = sum(not os.path.exists(os.path.join(cache_dir, k + ".json")) for k in keys)
print(f"lint: {len(todo)} files, {fresh} to check ({len(todo) - fresh} cached), {jobs} jobs", flush=True)
pending = [u for u, k in zip(todo, keys) if not os.path.exists(os.path.join(cache_dir, k + ".json"))]
db = precompiled_db(pending)
with cf.ThreadPoolExecutor(jobs) as ex:
    results = list(ex.map(check, todo, keys, [db] * len(todo)))

failed = False
for unit, (_, err) in zip(todo, results):
    if err:
        failed = True
        print(f"lint: clang-tidy failed on {os.path.relpath(unit[0], root)}:\n{err}")
# A header's function is reported once per file that includes it; the test
# libraries' headers (test/lib) that tools include are not ours to check.
violations = sorted({v for found, _ in results for v in map(tuple, found)
                     if v[0].startswith(("lib/", "tools/", "include/"))})
for path, line, fn in violations:
    print(f"{path}:{line}: function '{fn}' is over 100 lines [readability-function-size]")
if only:
    sys.exit(1 if failed or violations else 0)

current = collections.Counter(f"{path}:{fn}" for path, _, fn in violations)
if update:
    if failed:
        sys.exit("lint: not updating the baseline: clang-tidy failed")
    with open(baseline_path, "w") as out:
        out.write("# Functions over 100 lines that scripts/lint.sh tolerates, one `path:function`\n"
                  "# per violation. Only shrinks: split a function, then run\n"
                  "# `scripts/lint.sh --update-baseline`. Do not add entries.\n")
        out.writelines(f"{e}\n" for e in sorted(current.elements()))
    print(f"lint: baseline rewritten, {sum(current.values())} entries")
    sys.exit(1 if failed else 0)

lines = open(baseline_path).readlines() if os.path.exists(baseline_path) else []
baseline = collections.Counter(l.strip() for l in lines if l.strip() and not l.startswith("#"))
new, gone = current - baseline, baseline - current
for e in sorted(new.elements()):
    print(f"lint: NEW violation {e}: split the function (scripts/lint-baseline.txt only shrinks)")
for e in sorted(gone.elements()):
    print(f"lint: {e} is no longer over 100 lines: run scripts/lint.sh --update-baseline")
ok = not (failed or new or gone)
print(f"lint: {sum(current.values())} violations, all in the baseline" if ok else "lint: FAILED")
sys.exit(0 if ok else 1)
PY
