"""Checks uop-gradient's VJPs against central finite differences (f64).

Usage: gradient_fd.py UOP_OPT UOP_RUN FILE.mlir WORKDIR. Every function with
uop.grad_wrt in FILE is run forward at x +- h e_i (uop-run --input) and its
VJP with a random cotangent; <dy, df/dx_i> must match the VJP's output.

Inputs are uniform in [0.5, 1.5] unless FILE says otherwise, on a comment line
  // FD-INPUTS @f: [None, (-1.5, 1.5), [[0.0, 1.0], [2.0, 0.0]]]
one entry per argument: None (the default), (lo, hi) (uniform), or the exact
values (zeros, ties and kinks that random inputs never hit). A line
  // FD-OPTIONS @f: h=1e-2 tol=1e-4 torch_tol=1e-6 fd=0
sets the step, the finite-difference tolerance (relative to max(1, |fd|)), the
torch tolerance (gradient_torch.py) or skips the finite differences (fd=0:
the function's gradient is not its derivative, e.g. DETACH, or infinite)."""
import ast, itertools, os, re, subprocess, sys
import numpy as np

_DTYPES = {"f64": np.float64, "f32": np.float32}


def parse(path):
    """[(name, [(shape, dtype)], (res_shape, res_dtype), wrt, inputs, opts)]."""
    src = open(path).read()
    spec = {m[0]: ast.literal_eval(m[1]) for m in
            re.findall(r"// FD-INPUTS @(\w+): (.*)", src)}
    opts = {m[0]: dict(kv.split("=") for kv in m[1].split()) for m in
            re.findall(r"// FD-OPTIONS @(\w+): (.*)", src)}
    funcs = []
    for m in re.finditer(r"func\.func @(\w+)\((.*?)\) -> tensor<([^>]*)> "
                         r"attributes \{uop.grad_wrt = array<i64: ([0-9, ]+)>",
                         src):
        name, params, res, wrt = m.groups()
        args = [ttype(t) for t in re.findall(r"tensor<([^>]*)>", params)]
        wrt = [int(i) for i in wrt.split(",")]
        o = {"h": 1e-6, "tol": 1e-6, "torch_tol": 1e-12, "fd": 1}
        o.update({k: float(v) for k, v in opts.get(name, {}).items()})
        funcs.append((name, args, ttype(res), wrt, spec.get(name), o))
    return funcs


def ttype(t):
    *dims, elt = t.split("x")
    return tuple(int(d) for d in dims), _DTYPES[elt]


def inputs(rng, args, spec):
    xs = []
    for i, (shape, dt) in enumerate(args):
        s = spec[i] if spec else None
        if isinstance(s, list):
            x = np.array(s, dtype=np.float64).reshape(shape)
        else:
            lo, hi = s if isinstance(s, tuple) else (0.5, 1.5)
            x = rng.uniform(lo, hi, shape)
        xs.append(x.astype(dt))
    return xs


class Runner:
    """uop-run on .npy inputs; each concurrent call has its own folder."""

    def __init__(self, run, work):
        self.run, self.work, self.ids = run, work, itertools.count()
        os.makedirs(work, exist_ok=True)

    def __call__(self, file, entry, args):
        d = os.path.join(self.work, f"call{next(self.ids)}")
        out = os.path.join(d, "out")
        os.makedirs(out, exist_ok=True)
        cmd = [self.run, file, "--entry", entry, "--repeat", "1",
               "--output-dir", out]
        for i, a in enumerate(args):
            p = os.path.join(d, f"in{i}.npy")
            np.save(p, a)
            cmd += ["--input", f"{i}={p}"]
        subprocess.run(cmd, check=True, capture_output=True)
        n = len([f for f in os.listdir(out) if f.endswith(".npy")])
        res = [np.load(os.path.join(out, f"{i}.npy")) for i in range(n)]
        for f in os.listdir(d):
            if f.endswith(".npy"):
                os.remove(os.path.join(d, f))
        for f in os.listdir(out):
            os.remove(os.path.join(out, f))
        return res


def vjp_file(opt, path, work):
    os.makedirs(work, exist_ok=True)
    vjp = subprocess.run([opt, "--uop-gradient", path], check=True,
                         capture_output=True, text=True).stdout
    p = os.path.join(work, "vjp.mlir")
    open(p, "w").write(vjp)
    return p


def batch(path, name, copies):
    """A module whose @fd_batch runs f's body `copies` times, each copy on
    its own arguments (f's renamed), returning every copy's result: one
    uop-run (one compile) for all the finite differences of an argument."""
    src = open(path).read()
    m = re.search(r"func\.func @" + name + r"\((.*?)\) -> (tensor<[^>]*>) "
                  r"attributes \{[^\n]*\{\n(.*?)\n  return (%\w+)", src, re.S)
    params, rtype, body, ret = m.groups()
    ren = lambda j, text: re.sub(r"%(\w+)", rf"%c{j}_\1", text)
    ins = ", ".join(ren(j, params) for j in range(copies))
    lines = [f"func.func @fd_batch({ins}) -> ({', '.join([rtype] * copies)}) {{"]
    for j in range(copies):
        lines.append(ren(j, body))
    rets = ", ".join(ren(j, ret) for j in range(copies))
    lines.append(f"  return {rets} : {', '.join([rtype] * copies)}\n}}\n")
    return "\n".join(lines)


def fd_grad(call, path, name, xs, i, dy, h, work):
    """<dy, df/dx_i> by central differences, the step as the argument's
    dtype rounds it."""
    idxs = list(np.ndindex(*xs[i].shape))
    bpath = os.path.join(work, f"fd_{name}_{i}.mlir")
    open(bpath, "w").write(batch(path, name, 2 * len(idxs)))
    args, steps = [], []
    for idx in idxs:
        up = [x.copy() for x in xs]; up[i][idx] += h
        dn = [x.copy() for x in xs]; dn[i][idx] -= h
        steps.append(float(up[i][idx]) - float(dn[i][idx]))
        args += up + dn
    outs = call(bpath, "fd_batch", args)
    fd = np.zeros(xs[i].shape)
    for k, idx in enumerate(idxs):
        f1, f0 = outs[2 * k], outs[2 * k + 1]
        fd[idx] = np.sum(dy * (f1.astype(np.float64) - f0)) / steps[k]
    return fd


def main():
    opt, run, path, work = sys.argv[1:5]
    vjp_path = vjp_file(opt, path, work)
    call = Runner(run, work)
    rng = np.random.default_rng(0)
    worst = 0.0
    for name, args, (rshape, rdt), wrt, spec, o in parse(path):
        xs = inputs(rng, args, spec)
        dy = rng.standard_normal(rshape).astype(rdt)
        if not o["fd"]:
            print(f"{name} no finite differences (FD-OPTIONS fd=0)")
            continue
        grads = call(vjp_path, name + "_vjp", xs + [dy])
        for gi, i in enumerate(wrt):
            fd = fd_grad(call, path, name, xs, i, dy, o["h"], work)
            err = (np.max(np.abs(fd - grads[gi])) /
                   max(1.0, np.max(np.abs(fd))))
            worst = max(worst, err)
            print(f"{name} arg{i} max_rel_err={err:.2e}")
            if not err <= o["tol"]:
                sys.exit(f"{name}: gradient of argument {i} differs: {err}\n"
                         f"fd={fd}\nvjp={grads[gi]}")
    print(f"all ok worst={worst:.2e}")


if __name__ == "__main__":
    main()
