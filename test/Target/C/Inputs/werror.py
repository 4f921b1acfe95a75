"""Compiles the C of every CPU test program with -Wall -Wextra -Werror.

The programs: every .mlir under examples/uop, and every program of
test/Integration that a RUN line sends through the CPU pipeline (a whole
file run with `uop-run` for the CPU or `--uop-to-program=target=cpu`, or
the `//--- name.mlir` parts of a split file that such a RUN line names).
Each goes through `uop-opt --uop-to-program=target=cpu | uop-translate
--uop-to-c` and `cc -std=c11 -Wall -Wextra -Werror -c`. Prints one line per
program with a warning and a summary; the exit status is 1 on any warning or
pipeline failure, or when fewer than --min programs were found.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

p = argparse.ArgumentParser()
p.add_argument("--src", required=True)
p.add_argument("--bin", required=True)
p.add_argument("--tmp", required=True)
p.add_argument("--cc", default="cc")
p.add_argument("--min", type=int, default=1)
a = p.parse_args()
os.makedirs(a.tmp, exist_ok=True)

def cpu_run(line):
    """A RUN line that compiles for the CPU (uop-run's default target)."""
    if "RUN:" not in line:
        return False
    if re.search(r"--uop-to-program=\"?target=cpu", line):
        return True
    return (re.search(r"\buop-run\b", line) is not None and
            re.search(r"--target[ =]cuda", line) is None)


def programs():
    for f in sorted(glob.glob(os.path.join(a.src, "examples/uop/*.mlir"))):
        yield os.path.relpath(f, a.src), open(f).read()
    for f in sorted(glob.glob(os.path.join(a.src, "test/Integration/*.mlir"))):
        text = open(f).read()
        runs = [l for l in text.splitlines() if cpu_run(l)]
        if not runs:
            continue
        rel = os.path.relpath(f, a.src)
        parts = re.split(r"^//--- (\S+)\n", text, flags=re.M)
        if len(parts) == 1:
            yield rel, text
            continue
        named = dict(zip(parts[1::2], parts[2::2]))
        for name, body in named.items():
            if name.endswith(".mlir") and any("%t/" + name in r for r in runs):
                yield rel + ":" + name, body


def rank_stages(name, text):
    """A multi-device program's one-device stages, per rank (uop-shard{rank},
    uop-outline-collectives): each stage function as a module of its own (the
    schedule that calls them and all-reduces is the runtime's, not C)."""
    if not re.search(r"uop\.(multi|mstack)\b", text):
        yield name, text
        return
    src = os.path.join(a.tmp, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".multi.mlir")
    with open(src, "w") as out:
        out.write(text)
    for rank in (0, 1):
        r = subprocess.run([os.path.join(a.bin, "uop-opt"), src,
                            "--uop-shard=rank=%d" % rank, "--uop-outline-collectives"],
                           capture_output=True, text=True)
        # Top-level functions: from "  func.func @x" to the next one or the end.
        funcs = re.split(r"^(?=  func\.func )", r.stdout.rsplit("\n}", 1)[0], flags=re.M)[1:]
        stages = [f for f in funcs if re.match(r"  func\.func @\w+_s\d+\(", f)]
        if r.returncode or not funcs:
            yield "%s:rank%d" % (name, rank), text  # fails in the pipeline, visibly
            continue
        for f in stages or funcs:
            stage = re.match(r"  func\.func @(\w+)", f).group(1)
            yield "%s:rank%d:%s" % (name, rank, stage), "module {\n" + f + "}\n"


count = bad = 0
for name, text in (p for prog in programs() for p in rank_stages(*prog)):
    count += 1
    stem = os.path.join(a.tmp, re.sub(r"[^A-Za-z0-9_.-]", "_", name))
    src = stem + ".mlir"
    with open(src, "w") as out:
        out.write(text)
    opt = subprocess.run([os.path.join(a.bin, "uop-opt"), src,
                          "--uop-to-program=target=cpu"],
                         capture_output=True, text=True)
    c = subprocess.run([os.path.join(a.bin, "uop-translate"), "--uop-to-c"],
                       input=opt.stdout, capture_output=True, text=True)
    if opt.returncode or c.returncode:
        bad += 1
        print("pipeline failed: %s\n%s%s" % (name, opt.stderr, c.stderr))
        continue
    with open(stem + ".c", "w") as out:
        out.write(c.stdout)
    cc = subprocess.run([a.cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-c",
                         stem + ".c", "-o", stem + ".o"],
                        capture_output=True, text=True)
    if cc.returncode:
        bad += 1
        print("warnings: %s\n%s" % (name, cc.stderr))
print("checked %d programs, %d failed" % (count, bad))
sys.exit(1 if bad or count < a.min else 0)
