"""uop-gradient's VJPs of gradient-fd.mlir's functions against torch autograd
(f64). Usage: gradient_torch.py UOP_OPT UOP_RUN gradient-fd.mlir WORKDIR."""
import os, sys
try:
    import torch
except ImportError:
    print("skipped: no torch")
    sys.exit(0)
here = os.path.dirname(os.path.abspath(__file__))
# Reuse gradient_fd.py's runner (`call`, `vjp_path`, `rng`), not its checks.
exec(open(os.path.join(here, "gradient_fd.py")).read().split("worst = 0.0")[0])
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


for fn, shapes in [(elementwise, [(2, 3), (2, 3)]), (movement, [(3, 4)]),
                   (reduce, [(4, 3)])]:
    xs = [rng.uniform(0.5, 1.5, s) for s in shapes]
    ts = [torch.tensor(x, requires_grad=True) for x in xs]
    y = fn(*ts)
    dy = rng.standard_normal(tuple(y.shape))
    y.backward(torch.tensor(dy))
    grads = call(vjp_path, fn.__name__ + "_vjp", xs + [dy])
    err = max(float(np.max(np.abs(g - t.grad.numpy())))
              for g, t in zip(grads, ts))
    print(f"{fn.__name__} max_abs_err={err:.2e}")
    if err > 1e-12:
        sys.exit(f"{fn.__name__}: differs from torch by {err}")
print("all match torch")
