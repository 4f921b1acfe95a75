"""First call of a new small program through Python (issue 45 item 3).

In one process per route (clang in process, the default; a compiler process,
UOP_IN_PROCESS=0), after one warm-up program (the library, the compiler module and
OpenMP loaded; its time is the first row), each workload is a program the process
has not seen: its first `.numpy()` is timed end to end (trace, passes, C compile,
load, run), then a second call of the same graph (compiled already). UOP_CACHE_DIR
is unset. Prints the median over --rounds fresh processes.

    UOP_BUILD_DIR=build python3 benchmarks/python/first_call.py [--rounds 5] [--route in-process]
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = r"""
import json, sys, time
import numpy as np
sys.path.insert(0, sys.argv[1])
from uop import Tensor
rng = np.random.default_rng(0)
def elementwise(n): a, b, c = (Tensor(rng.standard_normal((n, n), dtype=np.float32)) for _ in range(3)); return a * b + c
def reduction(n): return Tensor(rng.standard_normal((n, n), dtype=np.float32)).sum(1)
def matmul(n): return Tensor(rng.standard_normal((n, n), dtype=np.float32)) @ Tensor(rng.standard_normal((n, n), dtype=np.float32))
t0 = time.perf_counter(); elementwise(8).exp().numpy()  # warm-up: another program
out = {"warm-up (1st program)": ((time.perf_counter() - t0) * 1e3, float("nan"))}
for name, f, n in (("elementwise 64x64", elementwise, 64), ("row sum 64x64", reduction, 64), ("matmul 64^3", matmul, 64)):
    t0 = time.perf_counter(); g = f(n); g.numpy(); t1 = time.perf_counter()
    g2 = f(n); g2.numpy(); t2 = time.perf_counter()
    out[name] = ((t1 - t0) * 1e3, (t2 - t1) * 1e3)
print(json.dumps(out))
"""


def run(route_env, rounds):
    env = dict(os.environ)
    env.pop("UOP_CACHE_DIR", None)
    env.update(route_env)
    results = []
    for _ in range(rounds):
        p = subprocess.run([sys.executable, "-c", WORKER, str(ROOT / "python")], env=env,
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            sys.exit(f"worker failed: {p.stderr[-2000:]}")
        results.append(json.loads(p.stdout))
    return {k: (statistics.median(r[k][0] for r in results), statistics.median(r[k][1] for r in results))
            for k in results[0]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--route", choices=("both", "in-process", "compiler-process"), default="both")
    args = ap.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f}; median of {args.rounds} processes per route")
    routes = {"in process": {"UOP_IN_PROCESS": "1"}, "compiler process": {"UOP_IN_PROCESS": "0"}}
    if args.route != "both":
        routes = {k: v for k, v in routes.items() if k == args.route.replace("-", " ")}
    table = {name: run(env, args.rounds) for name, env in routes.items()}
    print("| workload | " + " | ".join(f"{r} first ms | {r} again ms" for r in routes) + " |")
    print("|---|" + "---|---|" * len(routes))
    for w in next(iter(table.values())):
        cells = " | ".join(f"{a:.1f} | " + ("-" if b != b else f"{b:.1f}")
                           for a, b in (table[r][w] for r in routes))
        print(f"| {w} | {cells} |")
    print(f"load at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
