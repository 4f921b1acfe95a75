"""Error of the generated C's f32 transcendentals against double precision.

Writes one program that applies exp, exp2, log, log2, sin, cos, erf and tanh
to eight inputs (sweeps of each function's domain, random bit patterns in it and the
special values), runs it with `uop-run --target cpu`, and compares every
output with numpy's float64 result: the error in units in the last place of
the float32 nearest the exact value. Inputs where the exact result is NaN
or overflows float32 must give NaN or the infinity. Prints the maximum per
function and exits 1 when one is over its bound.
"""
import argparse
import os
import subprocess
import sys

import math

import numpy as np

# numpy has no erf; math.erf is the double-precision one.
_erf = np.vectorize(math.erf, otypes=[np.float64])

N = 1 << 18
# Max error in ulp (the polynomials measure 0.85-1.9 ulp; see
# docs/performance.md), and the domain each sweep covers.
# sin and cos: the dense sweep covers |x| <= 1e6 (reduction by three parts
# of pi/2), the random bit patterns every finite float (Payne-Hanek beyond
# 2^20), and SPECIAL the hardest reduction (16367173 * 2^72) and 1e30.
WHOLE_RANGE = ("sin", "cos")
FUNCS = {
    "exp": (2.0, np.exp, (-110.0, 90.0)),
    "exp2": (2.0, np.exp2, (-155.0, 130.0)),
    "log": (2.0, np.log, (0.0, 4.0)),
    "log2": (2.5, np.log2, (0.0, 4.0)),
    "sin": (2.0, np.sin, (-1e6, 1e6)),
    "cos": (2.0, np.cos, (-1e6, 1e6)),
    "erf": (2.0, None, (-6.0, 6.0)),
    "tanh": (2.0, np.tanh, (-12.0, 12.0)),
}
SPECIAL = [np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-45, -1e-45, 1.0, -1.0,
           3.4028234663852886e38, 1.1754943508222875e-38,
           88.72283935546875, 88.72283172607422, -103.97208404541016,
           -103.97207641601562, 128.0, -150.0, -149.0, 127.99999237060547,
           16367173.0 * 2.0 ** 72, -16367173.0 * 2.0 ** 72, 1e30, -1e30,
           1048576.0, 1048575.875, 1.7e15, -3.4028234663852886e38]


def inputs(name, rng):
    lo, hi = FUNCS[name][2]
    dense = np.linspace(lo, hi, N // 2, dtype=np.float64).astype(np.float32)
    small = np.linspace(-2.0, 2.0, N // 8).astype(np.float32)
    if name.startswith("log"):
        # every exponent, subnormals included
        bits = rng.integers(0, 0x7F800000, N // 4, dtype=np.uint32)
        small = np.abs(small)
    else:
        bits = rng.integers(0, 1 << 32, N // 4, dtype=np.uint64).astype(np.uint32)
    rand = bits.view(np.float32)
    if name in WHOLE_RANGE:
        rand = rand[np.isfinite(rand)]
    elif not name.startswith("log"):
        rand = rand[(rand >= lo) & (rand <= hi)]
    x = np.concatenate([dense, small, rand, np.array(SPECIAL, np.float32)])
    pad = N - len(x) % N if len(x) % N else 0
    return np.concatenate([x, np.full(pad, 0.5, np.float32)])[:N]


def program(n):
    t = f"tensor<{n}xf32>"
    args = ", ".join(f"%{f}: {t}" for f in FUNCS)
    lines = [f"func.func @math({args}) -> ({', '.join([t] * len(FUNCS))}) {{"]
    for f in FUNCS:
        lines.append(f"  %{f}_r = math.{f} %{f} : {t}")
    lines.append("  return " + ", ".join(f"%{f}_r" for f in FUNCS) + " : " +
                 ", ".join([t] * len(FUNCS)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def ulp_error(x, got, fn):
    bad = 0
    with np.errstate(all="ignore"):
        ref = fn(x.astype(np.float64))
    nan = np.isnan(ref)
    bad += np.count_nonzero(nan != np.isnan(got))
    r32 = ref.astype(np.float32)  # overflow: inf
    inf = ~nan & np.isinf(r32)
    bad += np.count_nonzero(inf & (got != r32))
    fin = ~nan & ~inf
    spacing = np.spacing(np.abs(r32[fin]))
    err = np.abs(got[fin].astype(np.float64) - ref[fin]) / spacing
    worst = int(np.argmax(err)) if err.size else 0
    return (float(err.max()) if err.size else 0.0,
            float(x[fin][worst]) if err.size else 0.0, bad)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--tmp")
    ap.add_argument("--print-program", action="store_true")
    a = ap.parse_args()
    if a.print_program:
        sys.stdout.write(program(64))
        return 0
    os.makedirs(a.tmp, exist_ok=True)
    rng = np.random.default_rng(16)
    src = os.path.join(a.tmp, "math.mlir")
    with open(src, "w") as f:
        f.write(program(N))
    cmd = [os.path.join(a.bin, "uop-run"), src, "--target", "cpu",
           "--repeat", "1", "--output-dir", a.tmp]
    xs = {}
    for i, name in enumerate(FUNCS):
        xs[name] = inputs(name, rng)
        path = os.path.join(a.tmp, f"in_{name}.npy")
        np.save(path, xs[name])
        cmd += ["--input", f"{i}={path}"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    failed = False
    for i, (name, (bound, fn, _)) in enumerate(FUNCS.items()):
        fn = fn or _erf
        got = np.load(os.path.join(a.tmp, f"{i}.npy"))
        err, at, bad = ulp_error(xs[name], got, fn)
        ok = err <= bound and bad == 0
        failed |= not ok
        print(f"{name}: max {err:.3f} ulp at {at!r} (bound {bound}), "
              f"{bad} special-value mismatches: {'ok' if ok else 'FAIL'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
