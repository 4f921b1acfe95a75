#!/usr/bin/python3
"""ResNet-18's convolutions alone: uop-run against PyTorch's F.conv2d, same threads.

    UOP_BUILD_DIR=build /usr/bin/python3 benchmarks/models/conv_layers.py \
        [--threads 1,2] [--batch 1,8] [--rounds 3] [--repeat 5] [--layers c64,c256,...]

Each layer (f32, ResNet-18's shapes: the 7x7 stem, the 3x3 convolutions of each stage,
the strided 3x3 and 1x1 convolutions of the downsample blocks) is a one-convolution
program made by ``uop.Tensor.conv2d(...).to_mlir()`` and run by
``uop-run --target cpu --repeat R --num-threads T`` (compiled once, then the median of
R runs of the program; random inputs). PyTorch runs ``F.conv2d`` on the same shapes in a
process of its own with ``torch.set_num_threads(T)`` (median of R calls after a warm-up),
asked for each layer right after our run of it, so that both sides of a row are timed in
the same minute. Every round runs both sides for every layer; the table gives the medians over
``--rounds`` rounds and ours / PyTorch's time (below 1.0: we are faster). The header
prints the machine, uop's commit and PyTorch's configuration (its convolution backend:
oneDNN/mkldnn when built with it).
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# name: (input channels, input size, output channels, kernel, stride, padding)
LAYERS = {
    "stem": (3, 224, 64, 7, 2, 3),
    "c64": (64, 56, 64, 3, 1, 1),
    "c128s2": (64, 56, 128, 3, 2, 1),
    "c128": (128, 28, 128, 3, 1, 1),
    "c256s2": (128, 28, 256, 3, 2, 1),
    "c256": (256, 14, 256, 3, 1, 1),
    "c512s2": (256, 14, 512, 3, 2, 1),
    "c512": (512, 7, 512, 3, 1, 1),
    "d128": (64, 56, 128, 1, 2, 0),
    "d256": (128, 28, 256, 1, 2, 0),
    "d512": (256, 14, 512, 1, 2, 0),
}

TORCH_WORKER = r"""
import json, statistics, sys, time
import torch, torch.nn.functional as F
threads, repeat = int(sys.argv[1]), int(sys.argv[2])
torch.set_num_threads(threads)
g = torch.Generator().manual_seed(0)
print("ready", flush=True)
for line in sys.stdin:
    n, ci, hw, co, k, s, p = json.loads(line)
    x = torch.randn(n, ci, hw, hw, generator=g)
    w = torch.randn(co, ci, k, k, generator=g)
    with torch.no_grad():
        F.conv2d(x, w, stride=s, padding=p)
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            F.conv2d(x, w, stride=s, padding=p)
            times.append((time.perf_counter() - t0) * 1e3)
    print(statistics.median(times), flush=True)
"""

def torch_config():
    code = ("import torch; print(f'torch {torch.__version__}, mkldnn '"
            "f'{torch.backends.mkldnn.is_available()}, '"
            "f'{torch.__config__.parallel_info().splitlines()[-1].strip()}')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def make_programs(keys, tmp):
    sys.path.insert(0, str(ROOT / "python"))
    import numpy as np
    import uop
    paths = {}
    for key, (n, ci, hw, co, k, s, p) in keys.items():
        x = np.zeros((n, ci, hw, hw), np.float32)
        w = np.zeros((co, ci, k, k), np.float32)
        path = Path(tmp) / (key.replace("/", "_") + ".mlir")
        path.write_text(uop.Tensor(x).conv2d(uop.Tensor(w), stride=s, padding=p).to_mlir())
        paths[key] = path
    return paths


def run_uop(uop_run, path, threads, repeat):
    r = subprocess.run([uop_run, str(path), "--target", "cpu", "--repeat", str(repeat),
                        "--num-threads", str(threads)], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"uop-run failed on {path}:\n{r.stderr}")
    for tok in r.stdout.split():
        if tok.startswith("time_ms_median="):
            return float(tok.split("=", 1)[1])
    raise SystemExit(f"uop-run printed no time for {path}:\n{r.stdout}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="1")
    ap.add_argument("--batch", default="1")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--layers", default=",".join(LAYERS))
    ap.add_argument("--no-torch", action="store_true", help="time ours only")
    args = ap.parse_args()
    build = Path(os.environ.get("UOP_BUILD_DIR", ROOT / "build")).resolve()
    uop_run = str(build / "bin" / "uop-run")
    os.environ["UOP_BUILD_DIR"] = str(build)
    threads = [int(t) for t in args.threads.split(",")]
    batches = [int(b) for b in args.batch.split(",")]
    names = [n for n in args.layers.split(",") if n]
    unknown = [n for n in names if n not in LAYERS]
    if unknown:
        raise SystemExit(f"unknown layers {unknown}; known: {', '.join(LAYERS)}")
    specs = {f"{n}/b{b}": (b, *LAYERS[n]) for n in names for b in batches}

    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip()
    tcfg = None if args.no_torch else torch_config()
    print(f"machine: {cpu}, {os.cpu_count()} CPUs, load {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"uop-mlir {rev}: {uop_run} --target cpu --repeat {args.repeat}")
    print(f"baseline: {tcfg or 'PyTorch not importable: ours only'}; F.conv2d, median of {args.repeat}")
    with tempfile.TemporaryDirectory() as tmp:
        paths = make_programs(specs, tmp)
        ours = {(k, t): [] for k in specs for t in threads}
        theirs = {(k, t): [] for k in specs for t in threads}
        for _ in range(args.rounds):
            for t in threads:
                # One PyTorch process per round and thread count, asked for each
                # layer right after our run of it: both sides share the same
                # minute of this (shared, variable) machine.
                worker = None
                if tcfg:
                    worker = subprocess.Popen(
                        [sys.executable, "-c", TORCH_WORKER, str(t), str(args.repeat)],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                    if worker.stdout.readline().strip() != "ready":
                        raise SystemExit("the PyTorch worker did not start")
                for k in specs:
                    ours[(k, t)].append(run_uop(uop_run, paths[k], t, args.repeat))
                    if worker:
                        worker.stdin.write(json.dumps(specs[k]) + "\n")
                        worker.stdin.flush()
                        theirs[(k, t)].append(float(worker.stdout.readline()))
                if worker:
                    worker.stdin.close()
                    worker.wait()
    print(f"\n| layer | batch | threads | ours ms | PyTorch ms | ours / PyTorch |")
    print("|---|---|---|---|---|---|")
    for t in threads:
        for k in specs:
            name, b = k.split("/b")
            o = statistics.median(ours[(k, t)])
            row = f"| {name} | {b} | {t} | {o:.3f} |"
            if theirs[(k, t)]:
                p = statistics.median(theirs[(k, t)])
                row += f" {p:.3f} | {o / p:.2f} |"
            else:
                row += " | |"
            print(row)


if __name__ == "__main__":
    main()
