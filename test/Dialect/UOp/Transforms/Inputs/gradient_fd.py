"""Checks uop-gradient's VJPs against central finite differences (f64).

Usage: gradient_fd.py UOP_OPT UOP_RUN FILE.mlir WORKDIR. Every function with
uop.grad_wrt in FILE is run forward at x +- h e_i (uop-run --input) and its
VJP with a random cotangent; <dy, df/dx_i> must match the VJP's output."""
import os, re, subprocess, sys
import numpy as np

opt, run, path, work = sys.argv[1:5]
os.makedirs(work, exist_ok=True)
src = open(path).read()
vjp = subprocess.run([opt, "--uop-gradient", path], check=True,
                     capture_output=True, text=True).stdout
vjp_path = os.path.join(work, "vjp.mlir")
open(vjp_path, "w").write(vjp)
rng = np.random.default_rng(0)


def call(file, entry, args):
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    cmd = [run, file, "--entry", entry, "--repeat", "1", "--output-dir", out]
    for i, a in enumerate(args):
        p = os.path.join(work, f"in{i}.npy")
        np.save(p, a)
        cmd += ["--input", f"{i}={p}"]
    subprocess.run(cmd, check=True, capture_output=True)
    n = len([f for f in os.listdir(out) if f.endswith(".npy")])
    res = [np.load(os.path.join(out, f"{i}.npy")) for i in range(n)]
    for f in os.listdir(out):
        os.remove(os.path.join(out, f))
    return res


def shape(t):
    dims = t.split("x")[:-1]
    return tuple(int(d) for d in dims)


worst = 0.0
for m in re.finditer(r"func\.func @(\w+)\((.*?)\) -> tensor<([^>]*)> "
                     r"attributes \{uop.grad_wrt = array<i64: ([0-9, ]+)>", src):
    name, params, res, wrt = m.groups()
    shapes = [shape(t) for t in re.findall(r"tensor<([^>]*)>", params)]
    wrt = [int(i) for i in wrt.split(",")]
    xs = [rng.uniform(0.5, 1.5, s) for s in shapes]
    dy = rng.standard_normal(shape(res))
    grads = call(vjp_path, name + "_vjp", xs + [dy])
    for gi, i in enumerate(wrt):
        fd = np.zeros(shapes[i])
        for idx in np.ndindex(*shapes[i]):
            h = 1e-6
            up = [x.copy() for x in xs]; up[i][idx] += h
            dn = [x.copy() for x in xs]; dn[i][idx] -= h
            f1, f0 = call(path, name, up)[0], call(path, name, dn)[0]
            fd[idx] = np.sum(dy * (f1 - f0)) / (2 * h)
        err = np.max(np.abs(fd - grads[gi])) / max(1.0, np.max(np.abs(fd)))
        worst = max(worst, err)
        print(f"{name} arg{i} max_rel_err={err:.2e}")
        if err > 1e-6:
            sys.exit(f"{name}: gradient of argument {i} differs: {err}")
print(f"all ok worst={worst:.2e}")
