#!/usr/bin/env python3
"""tinygrad's codegen time per kernel on the workloads of uop_pipeline.sh.

The five examples of examples/uop (same shapes, float32) are built with
tinygrad's Tensor; each kernel tinygrad schedules goes through its
`to_program` (optimize, expand, devectorize, linearize, render: its
counterpart of our uop pipeline) with the C compiler stubbed out, so the time
is tinygrad's codegen only. One process per workload: a warm-up kernel of
another shape first (pattern matchers, imports), then the workload's kernels,
each timed on its first lowering and again with tinygrad's program cache
cleared (the steady cost, like uop_pipeline.sh's "x20 ms/kernel").

  UOP_TINYGRAD_DIR=/path/to/tinygrad benchmarks/compile/tinygrad_codegen.py [--rounds N]

Prints per workload: kernels, codegen ms per kernel, first and again
(medians over rounds).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

WORKLOADS = ["elementwise", "reduce", "matmul", "softmax", "matmul_bias_relu"]


def build(name, Tensor):
    """The example's computation, with tinygrad's Tensor (inputs random)."""
    r = lambda *s: Tensor.rand(*s).realize()  # noqa: E731
    if name == "elementwise":
        a, b, c = r(256, 384), r(256, 384), r(384)
        return a.exp() * b + c - 2.0
    if name == "reduce":
        return r(512, 256).sum(axis=1)
    if name == "matmul":
        return r(256, 192) @ r(192, 320)
    if name == "softmax":
        x = r(256, 384)
        e = (x - x.max(axis=1, keepdim=True)).exp()
        return e / e.sum(axis=1, keepdim=True)
    if name == "matmul_bias_relu":
        return (r(256, 192) @ r(192, 320) + r(320)).relu()
    raise ValueError(name)


def one_process(name):
    """Runs in a child: codegen ms of each of the workload's kernels."""
    from tinygrad import Device, Tensor
    from tinygrad.codegen import to_program
    from tinygrad.engine.realize import _get_call_to_compile
    from tinygrad.uop.ops import Ops

    renderer = Device["CPU"].renderer
    renderer.compiler.compile_cached = lambda src: b""  # codegen only

    def kernels_of(t):
        linear, _ = t.linear_with_vars()
        calls = [c for c in linear.toposort() if c.op is Ops.CALL]
        return [a[0] for c in calls if (a := _get_call_to_compile(c))]

    # Warm-up: another shape, so nothing below hits a program cache.
    for ast in kernels_of((Tensor.rand(33, 17).realize().exp() * 3).sum(axis=0)):
        to_program(ast, renderer)
    import tinygrad.codegen as codegen
    first, warm = [], []
    for ast in kernels_of(build(name, Tensor)):
        for times in (first, warm):
            codegen.to_program_cache.clear()
            t0 = time.perf_counter()
            to_program(ast, renderer)
            times.append((time.perf_counter() - t0) * 1000)
    return first, warm


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tsv", action="store_true",
                    help="print 'workload first again' lines only (for uop_pipeline.sh)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    tg = os.environ.get("UOP_TINYGRAD_DIR")
    if not tg or not os.path.isdir(os.path.join(tg, "tinygrad")):
        print("tinygrad_codegen.py: set UOP_TINYGRAD_DIR to a tinygrad checkout", file=sys.stderr)
        return 2
    if args.child:
        sys.path.insert(0, tg)
        print(json.dumps(one_process(args.child)))
        return 0
    env = dict(os.environ, DEV="CPU", CPU="1", PYTHONPATH=tg)
    say = (lambda *a: None) if args.tsv else print
    say("tinygrad at %s, renderer: CPU (C, compiler stubbed out), %d rounds" % (tg, args.rounds))
    say("SPEC=%s (tinygrad's default 1 type-checks the graph between stages)"
        % os.environ.get("SPEC", "1"))
    say("%-20s %8s %16s %16s" % ("workload", "kernels", "first ms/kernel", "again ms/kernel"))
    for name in WORKLOADS:
        per_round = []
        for _ in range(args.rounds):
            res = subprocess.run([sys.executable, __file__, "--child", name], env=env,
                                 capture_output=True, text=True)
            if res.returncode != 0:
                print("%s: tinygrad failed:\n%s" % (name, res.stderr[-2000:]), file=sys.stderr)
                return 1
            first, warm = json.loads(res.stdout.strip().splitlines()[-1])
            per_round.append((len(first), sum(first) / len(first), sum(warm) / len(warm)))
        first = statistics.median(r[1] for r in per_round)
        again = statistics.median(r[2] for r in per_round)
        if args.tsv:
            print("%s %.3f %.3f" % (name, first, again))
        else:
            print("%-20s %8d %16.2f %16.2f" % (name, per_round[0][0], first, again))
    return 0


if __name__ == "__main__":
    sys.exit(main())
