#!/usr/bin/python3
"""``uop.jit`` matmul against ``uop-run`` on the same program, in the same run.

Builds ``A @ B`` (float32, N x N by N x N) with ``uop.Tensor``, jits it, and times
warm calls of the jitted function (end to end: inputs handed over, the output
allocated and wrapped in a Tensor). Then writes the same graph's MLIR to a file and
runs ``uop-run FILE --repeat R`` on it, which prints the median time of its
compiled program. Prints both, in ms and GFLOP/s, and their ratio.

    UOP_BUILD_DIR=build /usr/bin/python3 benchmarks/python/jit_matmul.py \
        [--n 1024] [--repeat 10] [--rounds 3] [--threads T]

``--threads`` sets OMP_NUM_THREADS for both (default: the OpenMP runtime's, every core).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

import uop  # noqa: E402
from uop import Tensor, runtime  # noqa: E402


def time_jit(n, repeat):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    mm = uop.jit(lambda x, y: x @ y)
    ta, tb = Tensor(a), Tensor(b)
    t0 = time.perf_counter()
    out = mm(ta, tb)  # the first call traces and compiles
    first = time.perf_counter() - t0
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = np.max(np.abs(out.numpy() - ref)) / np.max(np.abs(ref))
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        mm(ta, tb)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3, first, err, (ta @ tb).to_mlir()


def time_uop_run(mlir, repeat):
    exe = runtime.uop_run_path()
    with tempfile.TemporaryDirectory(prefix="uop-bench-") as d:
        path = os.path.join(d, "matmul.mlir")
        with open(path, "w") as f:
            f.write(mlir)
        p = subprocess.run([str(exe), path, "--repeat", str(repeat)], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"uop-run failed ({p.returncode}):\n{p.stderr}")
    m = re.search(r"time_ms_median=([0-9.]+)", p.stdout + p.stderr)
    if not m:
        sys.exit(f"no median time in uop-run's output:\n{p.stdout}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=10, help="timed calls per round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of both (medians reported)")
    ap.add_argument("--threads", type=int, default=0, help="OpenMP threads of both (0: all cores)")
    args = ap.parse_args()
    if args.threads:
        # Read by the OpenMP runtime when the first program runs, here and in uop-run.
        os.environ["OMP_NUM_THREADS"] = str(args.threads)
    print(f"host: {os.cpu_count()} cores, OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}, "
          f"CC={os.environ.get('CC', 'unset (the runtime picks clang-22 when installed)')}")
    n = args.n
    flop = 2.0 * n ** 3
    jit_ms, run_ms = [], []
    for r in range(args.rounds):
        ms, first, err, mlir = time_jit(n, args.repeat)
        jit_ms.append(ms)
        run_ms.append(time_uop_run(mlir, args.repeat))
        print(f"round {r}: uop.jit {ms:.2f} ms (first call {first * 1e3:.0f} ms, rel. error {err:.1e}), "
              f"uop-run {run_ms[-1]:.2f} ms")
    j, u = statistics.median(jit_ms), statistics.median(run_ms)
    print(f"matmul {n}x{n}x{n} f32, medians of {args.rounds} rounds x {args.repeat} calls:")
    print(f"  uop.jit : {j:8.2f} ms  {flop / j / 1e6:7.1f} GFLOP/s")
    print(f"  uop-run : {u:8.2f} ms  {flop / u / 1e6:7.1f} GFLOP/s")
    print(f"  uop.jit / uop-run time: {j / u:.3f}")


if __name__ == "__main__":
    main()
