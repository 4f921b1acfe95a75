"""uop.nn.optim (issue 44): tinygrad's optimizers against torch.optim (1.13) and a float64
numpy LAMB, and a training step under uop.jit equal to the same steps without it."""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime
from uop.nn import optim

torch = pytest.importorskip("torch")

RNG = np.random.default_rng(7)
X = RNG.standard_normal((8, 3)).astype(np.float32)
Y = RNG.standard_normal((8, 2)).astype(np.float32)
W0 = RNG.standard_normal((3, 2)).astype(np.float32)
B0 = RNG.standard_normal(2).astype(np.float32)
STEPS = 5


def _uop_steps(make, steps=STEPS, dtype=np.float32):
    w, b = Tensor(W0.astype(dtype)), Tensor(B0.astype(dtype))
    opt = make([w, b])
    for _ in range(steps):
        opt.zero_grad()
        loss = ((Tensor(X.astype(dtype)) @ w + b - Tensor(Y.astype(dtype))) ** 2).mean()
        loss.backward()
        opt.step()
    return w.numpy(), b.numpy()


def _torch_steps(make, steps=STEPS):
    w, b = torch.tensor(W0, requires_grad=True), torch.tensor(B0, requires_grad=True)
    opt = make([w, b])
    for _ in range(steps):
        opt.zero_grad()
        loss = ((torch.tensor(X) @ w + b - torch.tensor(Y)) ** 2).mean()
        loss.backward()
        opt.step()
    return w.detach().numpy(), b.detach().numpy()


CASES = {
    "sgd": (lambda p: optim.SGD(p, lr=0.1), lambda p: torch.optim.SGD(p, lr=0.1)),
    "sgd_wd": (lambda p: optim.SGD(p, lr=0.1, weight_decay=0.2),
               lambda p: torch.optim.SGD(p, lr=0.1, weight_decay=0.2)),
    "momentum": (lambda p: optim.SGD(p, lr=0.1, momentum=0.9),
                 lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9)),
    "nesterov_wd": (lambda p: optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True, weight_decay=0.1),
                    lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True, weight_decay=0.1)),
    "adam": (lambda p: optim.Adam(p, lr=0.05), lambda p: torch.optim.Adam(p, lr=0.05)),
    "adamw": (lambda p: optim.AdamW(p, lr=0.05, b1=0.8, b2=0.99, weight_decay=0.1),
              lambda p: torch.optim.AdamW(p, lr=0.05, betas=(0.8, 0.99), weight_decay=0.1)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_optimizers_match_torch(case):
    mine, theirs = CASES[case]
    for got, want in zip(_uop_steps(mine), _torch_steps(theirs)):
        assert not np.allclose(want, W0 if want.shape == W0.shape else B0)   # the steps moved it
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def _lamb_numpy(steps, lr, b1, b2, eps, wd, adam):
    """tinygrad's LAMB in float64: m, v, bias correction, trust ratio ||w|| / ||up||."""
    ps = [W0.astype(np.float64), B0.astype(np.float64)]
    m = [np.zeros_like(p) for p in ps]
    v = [np.zeros_like(p) for p in ps]
    x, y = X.astype(np.float64), Y.astype(np.float64)
    for t in range(1, steps + 1):
        r = x @ ps[0] + ps[1] - y
        grads = [x.T @ (2 * r / r.size), (2 * r / r.size).sum(0)]
        for i, (p, g) in enumerate(zip(ps, grads)):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            up = (m[i] / (1 - b1 ** t)) / (np.sqrt(v[i] / (1 - b2 ** t)) + eps) + wd * p
            r1, r2 = np.sqrt((p * p).sum()), np.sqrt((up * up).sum())
            ratio = 1.0 if adam else (r1 / r2 if r1 > 0 and r2 > 0 else 1.0)
            ps[i] = p - lr * ratio * up
    return ps


# float64 parameters: float64 state, lr and b1 ** t (tinygrad: float32)
@pytest.mark.parametrize("dtype,tol", [(np.float32, 1e-5), (np.float64, 1e-12)])
def test_lamb_matches_a_float64_reference(dtype, tol):
    got = _uop_steps(lambda p: optim.LAMB(p, lr=0.02, b1=0.85, b2=0.99, eps=1e-6, weight_decay=0.05),
                     dtype=dtype)
    want = _lamb_numpy(STEPS, 0.02, 0.85, 0.99, 1e-6, 0.05, adam=False)
    for g, w in zip(got, want):
        assert g.dtype == dtype
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol)
    # adam=True is AdamW: the trust ratio is 1
    got = _uop_steps(lambda p: optim.LAMB(p, lr=0.02, weight_decay=0.05, adam=True), dtype=dtype)
    for g, w in zip(got, _lamb_numpy(STEPS, 0.02, 0.9, 0.999, 1e-6, 0.05, adam=True)):
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol)


class TinyMLP:
    def __init__(self, seed):
        rng = np.random.default_rng(seed)
        self.w1 = Tensor(rng.standard_normal((4, 8)).astype(np.float32) * 0.5)
        self.b1 = Tensor(np.zeros(8, np.float32))
        self.w2 = Tensor(rng.standard_normal((8, 1)).astype(np.float32) * 0.5)
        self.opt = optim.Adam([self.w1, self.b1, self.w2], lr=0.03)

    def loss(self, x, y):
        return ((x.linear(self.w1, self.b1).relu() @ self.w2 - y) ** 2).mean()

    def step_plain(self, x, y):
        self.opt.zero_grad()
        loss = self.loss(x, y)
        loss.backward()
        self.opt.step()
        return loss

    @uop.jit
    def step(self, x, y):
        return self.step_plain(x, y)


def _batches(n, seed=3):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        x = rng.standard_normal((16, 4)).astype(np.float32)
        out.append((x, np.sin(x.sum(1, keepdims=True)).astype(np.float32)))
    return out


def test_jitted_training_step_compiles_once_and_matches_plain_steps():
    plain, jitted = TinyMLP(0), TinyMLP(0)
    losses = []
    compiles = None
    for i, (x, y) in enumerate(_batches(6)):
        want = plain.step_plain(Tensor(x), Tensor(y)).numpy()
        got = jitted.step(Tensor(x), Tensor(y))
        if i == 1:
            compiles = runtime.stats.compiles
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
        for name in ("w1", "b1", "w2"):
            np.testing.assert_allclose(getattr(jitted, name).numpy(), getattr(plain, name).numpy(),
                                       rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(getattr(jitted, name).grad.numpy(), getattr(plain, name).grad.numpy(),
                                       rtol=1e-5, atol=1e-6)
        losses.append(float(got.numpy()))
    assert jitted.step.traces == 1
    assert runtime.stats.compiles == compiles          # replays compile nothing
    np.testing.assert_allclose(jitted.opt.b1_t.numpy(), [0.9 ** 6], rtol=1e-6)


def test_loss_decreases_on_a_tiny_model():
    model = TinyMLP(1)
    (x, y), = _batches(1, seed=5)
    losses = [float(model.step(Tensor(x), Tensor(y)).numpy()) for _ in range(40)]
    assert model.step.traces == 1
    assert losses[-1] < 0.3 * losses[0], losses


def test_optimizer_params_buffers_lr_and_errors():
    a = Tensor(W0)                              # requires_grad None: becomes a parameter
    frozen = Tensor(B0, requires_grad=False)    # a buffer
    opt = optim.SGD([a, a, frozen], lr=0.5)
    assert opt.params == [a] and opt.buffers == [frozen] and a.requires_grad is True
    with pytest.raises(RuntimeError, match="no .grad"):
        opt.step()
    (a * 2).sum().backward()
    opt.lr.assign([0.25])                       # the learning rate is a tensor
    opt.step()
    np.testing.assert_allclose(a.numpy(), W0 - 0.5, rtol=1e-6)
    opt.zero_grad()
    assert a.grad is None
    s = Tensor(np.float32(3.0))                 # a 0-d parameter
    opt = optim.Adam([s], lr=0.1)
    (s * s).sum().backward()
    opt.step()
    assert s.shape == () and s.numpy() == pytest.approx(2.9, rel=1e-5)
    with pytest.raises(ValueError, match="learning rate"):
        optim.SGD([Tensor(W0)], lr=-1)
    with pytest.raises(ValueError, match="at least one param"):
        optim.Adam([frozen])
    with pytest.raises(TypeError, match="Tensors"):
        optim.SGD([W0])
    with pytest.raises(ValueError, match="momentum"):
        optim.SGD([Tensor(W0)], momentum=-0.5)
    with pytest.raises(TypeError, match="float"):
        optim.SGD([Tensor(np.ones(3, np.int32))])
    g = optim.OptimizerGroup(optim.SGD([Tensor(W0)], lr=0.1), optim.Adam([Tensor(B0)]))
    assert len(g.params) == 2 and isinstance(g[1], optim.LAMB)


def test_jitted_sgd_step_reads_the_learning_rate_each_call():
    w = Tensor(W0)
    opt = optim.SGD([w], lr=0.1, momentum=0.5)

    @uop.jit
    def step(x, y):
        opt.zero_grad()
        loss = ((x @ w - y) ** 2).sum()
        loss.backward()
        opt.step()
        return loss

    ref = torch.tensor(W0, requires_grad=True)
    topt = torch.optim.SGD([ref], lr=0.1, momentum=0.5)
    for k, lr in enumerate((0.1, 0.1, 0.02, 0.05)):
        if k:                                   # a schedule, between jitted steps (not before the trace)
            opt.lr.assign([lr])
        for g in topt.param_groups:
            g["lr"] = lr
        topt.zero_grad()
        ((torch.tensor(X) @ ref - torch.tensor(Y[:, :2])) ** 2).sum().backward()
        topt.step()
        step(Tensor(X), Tensor(Y[:, :2]))
        np.testing.assert_allclose(w.numpy(), ref.detach().numpy(), rtol=1e-5, atol=1e-5)
    assert step.traces == 1


def _newton_schulz_numpy(x, steps, coeffs, eps=1e-7):
    if x.shape[-2] > x.shape[-1]:
        return _newton_schulz_numpy(x.T, steps, coeffs, eps).T
    g = x / (np.sqrt((x * x).sum()) + eps)
    for _ in range(steps):
        g = sum(p * np.linalg.matrix_power(g @ g.T, i) @ g for i, p in enumerate(coeffs))
    return g


def test_muon_matches_a_float64_reference():
    # torch 1.13 has no Muon: tinygrad's formula in numpy (momentum, nesterov, Newton-Schulz on
    # the update reshaped to 2-D, decay after the momentum: t (1 - lr wd) - lr update)
    lr, mu, wd, coeffs = 0.02, 0.9, 0.1, (3.4445, -4.775, 2.0315)
    got = _uop_steps(lambda p: optim.Muon(p, lr=lr, momentum=mu, weight_decay=wd, ns_steps=3), steps=2,
                     dtype=np.float64)
    ps = [W0.astype(np.float64), B0.astype(np.float64)]
    b = [np.zeros_like(p) for p in ps]
    x, y = X.astype(np.float64), Y.astype(np.float64)
    for _ in range(2):
        r = x @ ps[0] + ps[1] - y
        grads = [x.T @ (2 * r / r.size), (2 * r / r.size).sum(0)]
        for i, (p, g) in enumerate(zip(ps, grads)):
            b[i] = mu * b[i] + g
            u = _newton_schulz_numpy((g + mu * b[i]).reshape(g.shape[0], -1), 3, coeffs).reshape(g.shape)
            ps[i] = p - lr * u - lr * wd * p
    for g, w in zip(got, ps):
        np.testing.assert_allclose(g, w, rtol=1e-10, atol=1e-12)
