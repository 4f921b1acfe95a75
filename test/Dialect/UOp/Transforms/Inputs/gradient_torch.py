"""uop-gradient's VJPs of gradient-fd.mlir's functions against torch autograd
(f64). Usage: gradient_torch.py UOP_OPT UOP_RUN gradient-fd.mlir WORKDIR.
Every function of the file needs its torch counterpart here, under its name;
inputs as gradient_fd.py draws them (FD-INPUTS), FD-OPTIONS torch_tol the
tolerance (relative to max(1, |torch's|); infinities must match)."""
import os, sys
try:
    import torch
except ImportError:
    print("skipped: no torch")
    sys.exit(0)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
import gradient_fd as fd

F = torch.nn.functional


def elementwise(a, b):
    n = torch.sin(torch.tanh(torch.exp(a) / b -
                             torch.maximum(torch.log(b), torch.sqrt(a))))
    return torch.where(a > b, n, a)


def movement(a):
    q = F.pad(torch.flip(a, [0]).permute(1, 0)[1:4, 0:3], (0, 0, 1, 1))
    return q * q


def reduce(a):
    return torch.exp(a - a.amax(1, keepdim=True)).sum(1, keepdim=True)


def arith(a, b):
    s = a + b
    mn, xn, nn = torch.minimum(a, b), torch.maximum(a, b), torch.minimum(a, b)
    return mn * xn + nn * torch.fmod(s, b) - (-s)


def math(a):
    e2, l2, rs = torch.exp2(a), torch.log2(a), torch.rsqrt(a)
    c, er = torch.cos(a), torch.erf(a)
    return (torch.floor(e2) * l2 + torch.ceil(l2) * rs +
            (torch.trunc(rs) * c + torch.round(er) * er) + e2)


def abs_ties(a, b):
    mx, mn = torch.maximum(a, b), torch.minimum(a, b)
    xn, nn = torch.maximum(a, b), torch.minimum(a, b)
    return torch.abs(a) + mx + (mn * mn + xn * xn * xn) + nn * nn


def minmax_nan(a, b, p, q):
    # maxnumf/minnumf: torch.fmax/fmin where an operand is NaN; the tie split as
    # torch.maximum/minimum (torch.fmax gives a tie to its first operand)
    an, bn = a + (p - p), b + (q - q)
    nan = an.isnan() | bn.isnan()
    xn = torch.where(nan, torch.fmax(an, bn), torch.maximum(an, bn))
    nn = torch.where(nan, torch.fmin(an, bn), torch.minimum(an, bn))
    return torch.maximum(an, bn) + 2 * torch.minimum(an, bn) + 4 * xn + 8 * nn

def pow(b, e):
    return torch.pow(b, e)


pow_base0 = pow_exp0 = pow_exp0_neg = pow


def reduce_min(a):
    return torch.exp(a.amin(1, keepdim=True) - a).sum(1)


def reduce_ties(a, b):
    e = a.expand(3, 4)
    p = e.amax(1) * e.amin(1)
    return torch.cat([p, b.amax(1) * b.amin(1)])


def prod(a):
    return a.prod(0) + a.prod()


def prod_zeros(a):
    return a.prod(1)


def casts(a):
    t = a.float()
    return (t * t).double() + a


def passthrough(a, b):
    k = a.clone().contiguous()
    return k * b * k


def stop(a, b):
    return a * a.detach()


def matmul(a, b):
    return torch.tanh(a @ b)


def main():
    opt, run, path, work = sys.argv[1:5]
    vjp_path = fd.vjp_file(opt, path, work)
    call = fd.Runner(run, work)
    rng = np.random.default_rng(0)
    for name, args, (rshape, rdt), wrt, spec, o in fd.parse(path):
        fn = globals().get(name)
        if fn is None:
            sys.exit(f"{name}: no torch counterpart in gradient_torch.py")
        xs = fd.inputs(rng, args, spec)
        dy = rng.standard_normal(rshape).astype(rdt)
        ts = [torch.tensor(x, requires_grad=True) for x in xs]
        fn(*ts).backward(torch.tensor(dy))
        grads = call(vjp_path, name + "_vjp", xs + [dy])
        err = 0.0
        for gi, i in enumerate(wrt):
            ref = (ts[i].grad.numpy() if ts[i].grad is not None
                   else np.zeros(args[i][0]))
            fin = np.isfinite(ref)
            if not np.array_equal(ref[~fin], grads[gi][~fin], equal_nan=True):
                sys.exit(f"{name} arg{i}: torch {ref}, uop {grads[gi]}")
            if fin.any():
                d = np.abs(grads[gi][fin] - ref[fin])
                err = max(err, float(np.max(d)) /
                          max(1.0, float(np.max(np.abs(ref[fin])))))
        print(f"{name} max_rel_err={err:.2e}")
        if not err <= o["torch_tol"]:
            sys.exit(f"{name}: differs from torch by {err}")
    print("all match torch")


if __name__ == "__main__":
    main()
