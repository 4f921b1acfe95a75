"""Lane masks in the generated C: every cmpf predicate on f32 vectors, a select
on each, and and / or / xor of masks, against numpy bit for bit.

Writes a program (two 64x64 f32 inputs, one output per predicate and one for
the combined mask), inputs rich in NaN, infinities, signed zeros and equal
pairs, runs it with `uop-run --target cpu`, and compares every output with
numpy's. Prints one line per output; exits 1 on any difference.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

PREDS = {
    "oeq": lambda a, b: a == b, "ogt": lambda a, b: a > b,
    "oge": lambda a, b: a >= b, "olt": lambda a, b: a < b,
    "ole": lambda a, b: a <= b,
    "one": lambda a, b: (a < b) | (a > b),
    "ord": lambda a, b: ~np.isnan(a) & ~np.isnan(b),
    "ueq": lambda a, b: ~((a < b) | (a > b)),
    "ugt": lambda a, b: ~(a <= b), "uge": lambda a, b: ~(a < b),
    "ult": lambda a, b: ~(a >= b), "ule": lambda a, b: ~(a > b),
    "une": lambda a, b: a != b,
    "uno": lambda a, b: np.isnan(a) | np.isnan(b),
}
T, M = "tensor<64x64xf32>", "tensor<64x64xi1>"


def program():
    out = [f"func.func @main(%a: {T}, %b: {T}) -> ({', '.join([T] * (len(PREDS) + 1))}) {{"]
    for p in PREDS:
        out.append(f"  %m_{p} = arith.cmpf {p}, %a, %b : {T}")
        out.append(f"  %s_{p} = arith.select %m_{p}, %a, %b : {M}, {T}")
    out += [f"  %x = arith.ori %m_olt, %m_oeq : {M}",
            f"  %y = arith.andi %x, %m_ord : {M}",
            f"  %z = arith.xori %y, %m_ugt : {M}",
            f"  %e = math.exp %a : {T}",
            f"  %w = arith.select %z, %e, %b : {M}, {T}"]
    res = [f"%s_{p}" for p in PREDS] + ["%w"]
    out.append(f"  return {', '.join(res)} : {', '.join([T] * len(res))}")
    return "\n".join(out + ["}"]) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--tmp")
    ap.add_argument("--print-program", action="store_true")
    a = ap.parse_args()
    if a.print_program:
        sys.stdout.write(program())
        return 0
    os.makedirs(a.tmp, exist_ok=True)
    rng = np.random.default_rng(7)
    special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.5],
                       np.float32)
    x = rng.choice(special, 64 * 64).astype(np.float32)
    y = rng.choice(special, 64 * 64).astype(np.float32)
    mix = rng.random(64 * 64) < 0.3  # some ordinary values too
    x[mix] = rng.standard_normal(mix.sum()).astype(np.float32)
    x, y = x.reshape(64, 64), y.reshape(64, 64)
    src = os.path.join(a.tmp, "masks.mlir")
    with open(src, "w") as f:
        f.write(program())
    np.save(os.path.join(a.tmp, "a.npy"), x)
    np.save(os.path.join(a.tmp, "b.npy"), y)
    subprocess.run([os.path.join(a.bin, "uop-run"), src, "--target", "cpu",
                    "--repeat", "1", "--output-dir", a.tmp,
                    "--input", "0=" + os.path.join(a.tmp, "a.npy"),
                    "--input", "1=" + os.path.join(a.tmp, "b.npy")],
                   check=True, stdout=subprocess.DEVNULL)
    bad_total = 0
    with np.errstate(all="ignore"):
        refs = {p: np.where(f(x, y), x, y) for p, f in PREDS.items()}
        z = ((((x < y) | (x == y)) & PREDS["ord"](x, y)) ^ PREDS["ugt"](x, y))
        refs["combined"] = np.where(z, np.exp(x.astype(np.float64)).astype(np.float32), y)
    for i, (name, ref) in enumerate(refs.items()):
        got = np.load(os.path.join(a.tmp, f"{i}.npy"))
        if name == "combined":  # exp's polynomial: within 2 ulp where exp was taken
            close = np.isclose(got, ref, rtol=3e-7, atol=0, equal_nan=True)
            bad = int(np.count_nonzero(~close))
        else:
            bad = int(np.count_nonzero(got.view(np.uint32) != ref.view(np.uint32)))
        bad_total += bad
        print(f"{name}: {bad} bad")
    print("ok" if bad_total == 0 else "FAIL")
    return 1 if bad_total else 0


if __name__ == "__main__":
    sys.exit(main())
