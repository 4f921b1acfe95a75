#!/usr/bin/python3
"""Forward passes of real models on uop.Tensor, tinygrad and PyTorch, one process each.

    UOP_BUILD_DIR=build /usr/bin/python3 benchmarks/models/run.py \
        [--threads 1] [--repeat 5] [--tinygrad /work/tinygrad] [--models mnist,resnet18,...]
        [--frameworks uop,tinygrad,torch] [--data DIR] [--tol 1e-3]

The driver writes each model's input and weights as .npy files (seeded, so every run
and every framework reads the same bytes), then starts one process per framework with
the same thread count (OMP_NUM_THREADS for uop's OpenMP code and PyTorch,
NUM_CPU_THREADS for tinygrad's CPU device, ``torch.set_num_threads``). Each process
prints its version and configuration and, per model, the first call (trace, compile
and run: uop through ``uop.jit``, tinygrad through ``TinyJit`` with its disk cache off,
uop with no ``UOP_CACHE_DIR``) and the median of ``--repeat`` warm calls, each call
end to end (the input made a Tensor, the output fetched as a numpy array). The driver
then compares every framework's outputs with PyTorch's (else the first framework's)
and exits 1 when the largest difference, relative to the reference's largest magnitude,
exceeds ``--tol``. tinygrad runs only with a checkout (``--tinygrad`` or
``UOP_TINYGRAD_DIR``) that imports; otherwise it is skipped with a message.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import models  # noqa: E402
import worker  # noqa: E402


def write_data(data_dir, names):
    for name in names:
        d = data_dir / name
        d.mkdir(parents=True, exist_ok=True)
        x, W = models.make_data(name)
        np.save(d / "input.npy", x)
        for k, v in W.items():
            np.save(d / f"w.{k}.npy", v)


def machine():
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} logical CPUs, load average {load}"


def run_framework(fw, args, data_dir):
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), NUM_CPU_THREADS=str(args.threads),
               MKL_NUM_THREADS=str(args.threads), OPENBLAS_NUM_THREADS=str(args.threads))
    env.pop("UOP_CACHE_DIR", None)   # first calls compile; nothing comes from an earlier run
    env["CACHELEVEL"] = "0"          # tinygrad's disk cache off, for the same reason
    cmd = [sys.executable, str(HERE / "worker.py"), fw, str(data_dir), str(args.threads),
           str(args.repeat), ",".join(args.models)]
    if fw == "tinygrad":
        cmd.append(args.tinygrad)
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    result = None
    for line in p.stdout.splitlines():
        if line.startswith(worker.RESULT_TAG):
            result = json.loads(line[len(worker.RESULT_TAG):])
    if p.returncode != 0 or result is None:
        msg = (p.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"{fw}: failed (exit {p.returncode}): {msg}"
    return result, None


def compare(results, data_dir, names, tol):
    ref_fw = "torch" if "torch" in results else next(iter(results))
    ok = True
    for name in names:
        ref = np.load(data_dir / f"out.{ref_fw}.{name}.npy").astype(np.float64)
        scale = max(float(np.max(np.abs(ref))), 1e-30)
        for fw in results:
            if fw == ref_fw or name not in results[fw]["models"]:
                continue
            out = np.load(data_dir / f"out.{fw}.{name}.npy")
            if out.shape != ref.shape:
                print(f"check {name}: {fw} shape {out.shape} != {ref_fw} {ref.shape}: FAIL")
                ok = False
                continue
            diff = float(np.max(np.abs(out - ref)))
            bad = not np.isfinite(diff) or diff / scale > tol
            ok &= not bad
            print(f"check {name}: {fw} vs {ref_fw}: max abs diff {diff:.3g} "
                  f"(relative to max |ref| {scale:.3g}: {diff / scale:.2e}) {'FAIL' if bad else 'ok'}")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="warm calls; their median is printed")
    ap.add_argument("--tinygrad", default=os.environ.get("UOP_TINYGRAD_DIR"))
    ap.add_argument("--models", default=",".join(models.MODELS))
    ap.add_argument("--frameworks", default="uop,tinygrad,torch")
    ap.add_argument("--data", help="directory for the .npy inputs and outputs (default: a temporary one)")
    ap.add_argument("--tol", type=float, default=1e-3)
    args = ap.parse_args()
    args.models = [m for m in args.models.split(",") if m]
    bad = [m for m in args.models if m not in models.MODELS]
    if bad or args.threads < 1 or args.repeat < 1:
        ap.error(f"unknown model {bad}" if bad else "--threads and --repeat must be positive")
    with tempfile.TemporaryDirectory(prefix="uop-models-") as tmp:
        data_dir = Path(args.data or tmp)
        write_data(data_dir, args.models)
        print(f"machine: {machine()}; threads: {args.threads}; warm: median of {args.repeat}")
        results = {}
        for fw in args.frameworks.split(","):
            if fw == "tinygrad" and not args.tinygrad:
                print("tinygrad: skipped (no checkout: --tinygrad DIR or UOP_TINYGRAD_DIR)")
                continue
            res, err = run_framework(fw, args, data_dir)
            if err:
                print(err if fw != "tinygrad" else f"tinygrad: skipped, it does not run here: {err}")
                if fw != "tinygrad" and fw != "torch":
                    return 1
                continue
            results[fw] = res
            print(f"{fw}: {res['config']}")
        print(f"\n| model | {' | '.join(f'{fw} first s | {fw} warm ms' for fw in results)} |")
        print("|---|" + "---|---|" * len(results))
        for name in args.models:
            cells = []
            for fw in results:
                m = results[fw]["models"].get(name)
                cells += [f"{m['first_s']:.2f}", f"{m['warm_ms']:.1f}"] if m else ["-", "-"]
            print(f"| {name} | {' | '.join(cells)} |")
        print(f"\nload average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        return 0 if len(results) < 2 or compare(results, data_dir, args.models, args.tol) else 1


if __name__ == "__main__":
    sys.exit(main())
