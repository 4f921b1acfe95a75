"""uop.jit's recorded backward() fills the same .grad set, with the same values, as eager
backward() (tinygrad's rule, _autograd.backward_targets: every live float tensor of the
graph whose requires_grad is not False), and a jitted training step leaves the same
parameters as the eager one, call after call (issue 44)."""

import numpy as np

import uop
from uop import Tensor, nn
from uop.nn import optim


def _clone_layer(layer, src):
    """``layer`` with ``src``'s parameter values (fresh tensors: requires_grad None)."""
    for name in ("weight", "bias"):
        setattr(layer, name, Tensor(getattr(src, name).numpy()))
    return layer


class MLP:
    """fc1 trained by SGD (requires_grad None, made True by the optimizer), ``scale`` set
    True and trained, fc2.weight set False (frozen), fc2.bias left None and not trained:
    its .grad sums over the steps, as nothing clears it."""

    def __init__(self, like=None):
        self.fc1, self.fc2 = nn.Linear(6, 8), nn.Linear(8, 3)
        self.scale = Tensor(np.full(3, 1.5, np.float32), requires_grad=True)
        if like is not None:
            _clone_layer(self.fc1, like.fc1), _clone_layer(self.fc2, like.fc2)
        self.fc2.weight.requires_grad = False
        self.opt = optim.SGD([self.fc1.weight, self.fc1.bias, self.scale], lr=0.05, momentum=0.9)

    def params(self):
        return {"fc1.weight": self.fc1.weight, "fc1.bias": self.fc1.bias, "scale": self.scale,
                "fc2.weight": self.fc2.weight, "fc2.bias": self.fc2.bias}

    def step(self, x, y):
        self.opt.zero_grad()
        loss = ((self.fc2(self.fc1(x).relu()) * self.scale - y) ** 2).mean()
        loss.backward()
        self.opt.step()
        return loss


class ConvNet:
    """conv trained by Adam; head left None and not trained (.grad sums); conv.bias of a
    second conv set False."""

    def __init__(self, like=None):
        self.conv, self.conv2 = nn.Conv2d(2, 3, 3), nn.Conv2d(3, 2, 1)
        self.head = nn.Linear(2 * 4 * 4, 2)
        if like is not None:
            for mine, theirs in ((self.conv, like.conv), (self.conv2, like.conv2), (self.head, like.head)):
                _clone_layer(mine, theirs)
        self.conv2.bias.requires_grad = False
        self.opt = optim.Adam([self.conv.weight, self.conv.bias, self.conv2.weight], lr=0.01)

    def params(self):
        return {"conv.weight": self.conv.weight, "conv.bias": self.conv.bias,
                "conv2.weight": self.conv2.weight, "conv2.bias": self.conv2.bias,
                "head.weight": self.head.weight, "head.bias": self.head.bias}

    def step(self, x, y):
        self.opt.zero_grad()
        h = self.conv2(self.conv(x).relu()).flatten(1)
        loss = (self.head(h).log_softmax(-1) * y).sum().neg() / x.shape[0]
        loss.backward()
        self.opt.step()
        return loss


def _same(eager, jitted, what):
    """The same .grad set and values (1e-6), the same parameter values."""
    pe, pj = eager.params(), jitted.params()
    have = {k for k, t in pe.items() if t.grad is not None}
    assert have == {k for k, t in pj.items() if t.grad is not None}, what
    for k in pe:
        np.testing.assert_allclose(pj[k].numpy(), pe[k].numpy(), rtol=1e-6, atol=1e-6, err_msg=f"{what} {k}")
        if k in have:
            np.testing.assert_allclose(pj[k].grad.numpy(), pe[k].grad.numpy(), rtol=1e-6, atol=1e-6,
                                       err_msg=f"{what} {k}.grad")
    return have


def _run(model_cls, make_batch, calls=4):
    rng = np.random.default_rng(7)
    eager = model_cls()
    jitted = model_cls(like=eager)
    jstep = uop.jit(jitted.step)
    for i in range(calls):
        x, y = make_batch(rng)
        xe, xj = Tensor(x), Tensor(x)
        le = eager.step(xe, Tensor(y))
        lj = jstep(xj, Tensor(y))
        np.testing.assert_allclose(lj.numpy(), le.numpy(), rtol=1e-6, atol=1e-6)
        have = _same(eager, jitted, f"call {i}")
        # the argument gets its gradient as eagerly (requires_grad None, float)
        assert xe.grad is not None and xj.grad is not None
        np.testing.assert_allclose(xj.grad.numpy(), xe.grad.numpy(), rtol=1e-6, atol=1e-6)
    return have, jstep


def test_jitted_mlp_step_fills_the_eager_grads():
    have, jstep = _run(MLP, lambda rng: (rng.standard_normal((5, 6)).astype(np.float32),
                                         rng.standard_normal((5, 3)).astype(np.float32)))
    # fc2.bias (None, untrained) has a .grad; fc2.weight (False) has none
    assert have == {"fc1.weight", "fc1.bias", "scale", "fc2.bias"}
    # the trace's backward() found fc2.bias.grad None: the second call (a .grad to sum
    # into) traces again; later calls replay
    assert jstep.traces == 2


def test_jitted_conv_step_fills_the_eager_grads():
    def batch(rng):
        x = rng.standard_normal((2, 2, 6, 6)).astype(np.float32)
        return x, np.eye(2, dtype=np.float32)[rng.integers(0, 2, 2)]
    have, jstep = _run(ConvNet, batch)
    assert have == {"conv.weight", "conv.bias", "conv2.weight", "head.weight", "head.bias"}
    assert jstep.traces == 2


def test_a_cleared_grad_does_not_trace_again():
    # zero_grad() inside the call clears what backward() then fills: no sum, no retrace
    w = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
    opt = optim.SGD([w], lr=0.1)

    @uop.jit
    def step(x):
        opt.zero_grad()
        (x * w).sum().backward()
        opt.step()

    want = w.numpy()
    for k in range(4):
        x = np.full(3, k + 1.0, np.float32)
        step(Tensor(x))
        want = want - 0.1 * x
        np.testing.assert_allclose(w.grad.numpy(), x, rtol=1e-6)
        np.testing.assert_allclose(w.numpy(), want, rtol=1e-6)
    assert step.traces == 1


def test_an_argument_grad_sums_into_the_callers():
    @uop.jit
    def f(x):
        (x * x).sum().backward()

    a = np.array([1.0, 2.0], np.float32)
    x = Tensor(a)
    x.grad = Tensor(np.array([10.0, 20.0], np.float32))
    for k in range(3):
        f(x)
        np.testing.assert_allclose(x.grad.numpy(), [10.0, 20.0] + (k + 1) * 2 * a, rtol=1e-6)
    y = Tensor(a)   # no .grad: the gradient alone, as eagerly
    f(y)
    np.testing.assert_allclose(y.grad.numpy(), 2 * a, rtol=1e-6)
    assert f.traces == 1
