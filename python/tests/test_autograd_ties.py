"""Gradients at tie points (kinks, bounds, equal operands, NaN) against torch 1.13's autograd.

Each case runs on inputs that hit the ties exactly; the value is compared too, so a rewrite
for the gradient cannot change the forward result. Before these rules, relu6, hardtanh,
clip/clamp (scalar and Tensor bounds), hardsigmoid, hardswish, leaky_relu, selu, sign and
maximum/minimum (at NaN, uop-gradient's rule) failed here; relu, abs, elu and celu passed
and stay as guards.

torch 1.13's CPU kernels disagree with themselves: the vectorized loop and its scalar tail
(the last elements, or a tensor of fewer than 8) give different gradients at NaN for
hardtanh/relu6 (0 / 1) and elu/celu/selu/hardswish (NaN / 1), and at 3 for hardswish (1 / 1.5).
We follow the vectorized kernels, what nearly every element of a real tensor gets: the
reference repeats each input 64 times (a multiple of every vector width, so no scalar tail).
"""

import numpy as np
import pytest

from uop import Tensor

torch = pytest.importorskip("torch")
F = torch.nn.functional
NAN, INF = float("nan"), float("inf")

# every bound used below (-6, -3, -1, 0, 1, 3, 6), each side of it, signed zeros, NaN, +-inf
X = np.array([-7, -6, -3.5, -3, -1.5, -1, -0.5, -0.0, 0.0, 0.5, 1, 1.5, 3, 3.5, 6, 7,
              NAN, INF, -INF], np.float32)

UNARY = {
    "relu": (lambda t: t.relu(), F.relu),
    "relu6": (lambda t: t.relu6(), F.relu6),
    "hardtanh": (lambda t: t.hardtanh(), F.hardtanh),
    "hardtanh_-6_6": (lambda t: t.hardtanh(-6, 6), lambda t: F.hardtanh(t, -6, 6)),
    "leaky_relu": (lambda t: t.leaky_relu(0.1), lambda t: F.leaky_relu(t, 0.1)),
    "elu": (lambda t: t.elu(0.7), lambda t: F.elu(t, 0.7)),
    "celu": (lambda t: t.celu(0.7), lambda t: F.celu(t, 0.7)),
    # torch's constants: tinygrad's defaults are rounded to 6 digits
    "selu": (lambda t: t.selu(1.6732632423543772, 1.0507009873554805), F.selu),
    "abs": (lambda t: t.abs(), torch.abs),
    "clip": (lambda t: t.clip(-1, 6), lambda t: t.clamp(-1, 6)),
    "clamp_min": (lambda t: t.clamp(-1), lambda t: t.clamp(min=-1)),
    "clamp_max": (lambda t: t.clamp(None, 6), lambda t: t.clamp(max=6)),
    "clip_inverted": (lambda t: t.clip(6, -1), lambda t: t.clamp(6, -1)),
    "hardsigmoid": (lambda t: t.hardsigmoid(), F.hardsigmoid),
    "hardswish": (lambda t: t.hardswish(), F.hardswish),
    "sign_grad": (lambda t: t.sign(), torch.sign),
}


REPEAT = 64


def _torch_grad(fn, *arrays):
    """torch's value and gradients of each element, each computed in a run of REPEAT
    copies (torch's vectorized kernels)."""
    ts = [torch.tensor(np.repeat(a, REPEAT), requires_grad=True) for a in arrays]
    out = fn(*ts)
    n = out.numel() // REPEAT
    dy = np.linspace(0.5, 1.5, n).astype(arrays[0].dtype)
    out.backward(torch.tensor(np.repeat(dy, REPEAT)))
    first = lambda a: a.reshape(n, REPEAT)[:, 0]
    return first(out.detach().numpy()), [first(t.grad.numpy()) for t in ts], dy


def _uop_grad(fn, dy, *arrays):
    ts = [Tensor(a) for a in arrays]
    out = fn(*ts)
    return out.numpy(), [g.numpy() for g in out.gradient(*ts, gradient=Tensor(dy))]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_tie_gradients_match_torch(name, dtype):
    ours, ref = UNARY[name]
    x = X.astype(dtype)
    want, (gwant,), dy = _torch_grad(ref, x)
    got, (ggot,) = _uop_grad(ours, dy, x)
    if name != "sign_grad":  # torch's sign(NaN) is 0; ours keeps NaN (tinygrad's)
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7, equal_nan=True)
    np.testing.assert_allclose(ggot, gwant, rtol=1e-6, atol=1e-7, equal_nan=True,
                               err_msg=f"{name} gradient at {x}")


# lanes: ties (+-0 included), a NaN, b NaN, both NaN, a wins, b wins, infinities
A = np.array([1, 0, -0.0, 0.0, NAN, 2, NAN, 3, -1, INF, -INF, INF], np.float32)
B = np.array([1, 0, 0.0, -0.0, 2, NAN, NAN, -1, 3, INF, 1, 1], np.float32)

BINARY = {
    "maximum": (lambda a, b: a.maximum(b), torch.maximum),
    "minimum": (lambda a, b: a.minimum(b), torch.minimum),
    "clip_tensor": (lambda a, b: a.clip(b, b + 3), lambda a, b: a.clamp(b, b + 3)),
    "clamp_min_tensor": (lambda a, b: a.clip(b), lambda a, b: a.clamp(min=b)),
    "clamp_max_tensor": (lambda a, b: a.clip(None, b), lambda a, b: a.clamp(max=b)),
    "clip_tensor_equal_bounds": (lambda a, b: a.clip(b, b), lambda a, b: a.clamp(b, b)),
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_tie_gradients_match_torch(name):
    ours, ref = BINARY[name]
    want, gwant, dy = _torch_grad(ref, A, B)
    got, ggot = _uop_grad(ours, dy, A, B)
    np.testing.assert_allclose(got, want, equal_nan=True)
    for i, (g, w) in enumerate(zip(ggot, gwant)):
        np.testing.assert_allclose(g, w, equal_nan=True, err_msg=f"{name} operand {i}")


def test_clip_inverted_tensor_bounds():
    """hi < lo takes hi (value and hi's gradient); where x is NaN the value stays NaN and,
    unlike torch, hi gets no gradient there (a select cannot give both)."""
    x = np.array([-5, 0, 5, NAN], np.float32)
    lo = np.array([1, 1, 1, 1], np.float32)
    hi = np.array([-1, -1, -1, -1], np.float32)
    want, gwant, dy = _torch_grad(lambda a, b, c: a.clamp(b, c), x, lo, hi)
    got, ggot = _uop_grad(lambda a, b, c: a.clip(b, c), dy, x, lo, hi)
    np.testing.assert_allclose(got, want, equal_nan=True)
    np.testing.assert_allclose(ggot[0], gwant[0])
    np.testing.assert_allclose(ggot[1], gwant[1])
    np.testing.assert_allclose(ggot[2][:3], gwant[2][:3])
    assert ggot[2][3] == 0 and gwant[2][3] == dy[3]


def test_relu6_and_clip_of_ints_keep_their_dtype():
    x = Tensor(np.array([-3, 0, 4, 6, 9], np.int32))
    np.testing.assert_array_equal(x.relu6().numpy(), [0, 0, 4, 6, 6])
    np.testing.assert_array_equal(x.clip(0, 5).numpy(), [0, 0, 4, 5, 5])
    assert x.relu6().dtype == x.dtype and x.clip(0, 5).dtype == x.dtype
