"""One framework's process of benchmarks/models/run.py (see there).

    worker.py FRAMEWORK DATA_DIR THREADS REPEAT MODELS [TINYGRAD_DIR]

Loads each model's input and weights from DATA_DIR, times the first and the warm
calls, saves the output as DATA_DIR/out.FRAMEWORK.MODEL.npy and prints one line
``RESULT_TAG + json`` with the configuration and the times.
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RESULT_TAG = "@@result "


def load(data_dir, name):
    d = Path(data_dir) / name
    W = {p.name[2:-4]: np.load(p) for p in sorted(d.glob("w.*.npy"))}
    return np.load(d / "input.npy"), W


def setup_uop(threads):
    sys.path.insert(0, str(HERE.parents[1] / "python"))
    import uop
    from uop import Tensor, _capi
    rev = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip() or "?"
    cfg = f"uop-mlir {rev}, C compiler {os.environ.get('CC') or 'runtime default'}, " \
          f"OMP_NUM_THREADS={threads}, lib {_capi.library_path()}"

    def make(f):
        jf = uop.jit(f)
        return lambda x: jf(Tensor(x)).numpy()
    return Tensor, make, cfg


def setup_tinygrad(threads, checkout):
    sys.path.insert(0, checkout)
    from tinygrad import Device, Tensor, TinyJit
    rev = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip() or "no git metadata"
    ver = next((ln.split('"')[1] for ln in (Path(checkout) / "pyproject.toml").read_text().splitlines()
                if ln.startswith("version")), "?")
    cfg = f"tinygrad {ver} at {checkout} ({rev}), device {Device.DEFAULT}, " \
          f"renderer {type(Device[Device.DEFAULT].renderer).__name__}, NUM_CPU_THREADS={threads}"

    def make(f):
        jf = TinyJit(lambda x: f(x).realize())
        return lambda x: jf(Tensor(x)).numpy()
    return Tensor, make, cfg


def setup_torch(threads):
    import torch
    torch.set_num_threads(threads)
    par = [ln.strip() for ln in torch.__config__.parallel_info().splitlines()
           if "backend" in ln.lower() or "MKL" in ln or "OpenMP" in ln]
    # Debian's torch takes its matmuls from whatever libblas.so.3 the system points at.
    blas = sorted({ln.split()[-1] for ln in Path("/proc/self/maps").read_text().splitlines()
                   if "blas" in ln.rsplit("/", 1)[-1]})
    cfg = f"torch {torch.__version__}, {torch.get_num_threads()} threads, " + "; ".join(par[:3]) \
        + f"; BLAS {', '.join(os.path.realpath(b) for b in blas) or 'none loaded'}"
    return torch, cfg


def bench(call, x, repeat):
    t0 = time.perf_counter()
    out = call(x)
    first = time.perf_counter() - t0
    call(x)   # tinygrad's TinyJit captures on the second call
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = call(x)
        times.append(time.perf_counter() - t0)
    return np.asarray(out), first, statistics.median(times) * 1e3


def main(argv):
    fw, data_dir, threads, repeat, names = argv[:5]
    threads, repeat = int(threads), int(repeat)
    sys.path.insert(0, str(HERE))
    import models
    if fw == "torch":
        torch, cfg = setup_torch(threads)
    elif fw in ("uop", "tinygrad"):
        T, make, cfg = setup_uop(threads) if fw == "uop" else setup_tinygrad(threads, argv[5])
    else:
        raise SystemExit(f"unknown framework {fw}")
    result = {"config": cfg, "models": {}}
    for name in names.split(","):
        x, W = load(data_dir, name)
        if fw == "torch":
            f = models.torch_forward(torch, name, W)

            def call(x, f=f):
                with torch.no_grad():
                    return f(torch.from_numpy(x)).numpy()
        else:
            call = make(models.tiny_forward(T, name, W))
        out, first, warm = bench(call, x, repeat)
        np.save(Path(data_dir) / f"out.{fw}.{name}.npy", out)
        result["models"][name] = {"first_s": first, "warm_ms": warm}
        print(f"{fw} {name}: first {first:.2f} s, warm {warm:.1f} ms", file=sys.stderr, flush=True)
    print(RESULT_TAG + json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
