"""Differences from torch and tinygrad that tinygrad's test_ops.py found (run_suite.py in
tinygrad_suite/): each test here failed before its fix. torch is the reference where it is
installed; the expected values below were computed with torch 1.13."""

import numpy as np
import pytest

from uop import Tensor
from uop.dtypes import dtypes

try:
    import torch
except ImportError:  # the pinned expectations below still check everything
    torch = None


CUM_CASES = [
    # (input, cummax indices, cummin indices) along axis 0, from torch 1.13
    (np.array([1, 3, 3, 2, 5, 5, 1], np.float32), [0, 1, 2, 2, 4, 5, 5], [0, 0, 0, 0, 0, 0, 6]),
    (np.array([1, np.nan, 3, np.nan, 0], np.float32), [0, 1, 1, 3, 3], [0, 1, 1, 3, 3]),
    (np.array([2, 2, 1, 7, 7], np.int32), [0, 1, 1, 3, 4], [0, 1, 2, 2, 2]),
    (np.array([True, False, True]), [0, 0, 2], [0, 1, 1]),
]


@pytest.mark.parametrize("case", range(len(CUM_CASES)))
def test_cummax_cummin_return_values_and_indices(case):
    # Before: cummax/cummin returned the values only, so tinygrad's `t.cummax(0)[0]` was the
    # first element (shape () instead of (n,)) and `[1]` the second: a silent wrong result.
    x, imax, imin = CUM_CASES[case]
    for op, acc, idx in (("cummax", np.maximum.accumulate, imax),
                         ("cummin", np.minimum.accumulate, imin)):
        values, indices = getattr(Tensor(x), op)(0)
        assert values.dtype == Tensor(x).dtype and indices.dtype == dtypes.int32
        np.testing.assert_array_equal(values.numpy(), acc(x))
        np.testing.assert_array_equal(indices.numpy(), np.array(idx, np.int32))
        if torch is not None:
            ref = getattr(torch, op)(torch.tensor(x), dim=0)
            np.testing.assert_array_equal(indices.numpy(), ref.indices.numpy())


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_cummax_cummin_indices_along_any_axis(axis):
    x = np.random.default_rng(7).integers(-3, 4, (3, 5, 4)).astype(np.float32)  # many ties
    for op, acc in (("cummax", np.maximum.accumulate), ("cummin", np.minimum.accumulate)):
        values, indices = getattr(Tensor(x), op)(axis)
        np.testing.assert_array_equal(values.numpy(), acc(x, axis))
        got = indices.numpy()
        # the index points at an element equal to the running extreme, the latest such
        ax = axis % 3
        picked = np.take_along_axis(x, got.astype(np.int64), ax)
        np.testing.assert_array_equal(picked, acc(x, ax))
        pos = np.arange(x.shape[ax]).reshape([-1 if i == ax else 1 for i in range(3)])
        assert (got <= pos).all()
        if torch is not None:
            ref = getattr(torch, op)(torch.tensor(x), dim=axis)
            np.testing.assert_array_equal(got, ref.indices.numpy())


def test_cummax_of_0d_and_empty():
    v, i = Tensor(np.float32(3)).cummax(0)
    assert v.numpy() == np.float32(3) and i.numpy() == 0 and i.dtype == dtypes.int32
    v, i = Tensor(np.zeros((2, 0, 4), np.float32)).cummin(1)
    assert v.numpy().shape == (2, 0, 4) and i.numpy().shape == (2, 0, 4)


def test_dtypes_namespace_min_max():
    assert dtypes.int.max == 2 ** 31 - 1 and dtypes.int.min == -2 ** 31
    assert dtypes.uint8.max == 255 and dtypes.max(dtypes.int8) == 127
    assert dtypes.float.max == float("inf") and dtypes.bool.min is False
    assert dtypes.long is dtypes.int64 and dtypes.half is dtypes.float16


# -- ops and keyword forms tinygrad's tests call (each raised before) -----------------------

V = np.concatenate([np.linspace(-3, 3, 61), [1e-6, -1e-7, 0.3, 0.75, -0.999, 100, 1e20, -1e30,
                                               np.inf, -np.inf, np.nan]]).astype(np.float32)


def _close(got, exp, rtol=2e-6, atol=0.0):
    np.testing.assert_allclose(got.astype(np.float64), exp, rtol=rtol, atol=atol, equal_nan=True)


@pytest.mark.parametrize("name", ["arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh",
                                  "arccosh", "arctanh", "log10"])
def test_inverse_trig_and_hyperbolic_to_a_few_ulp(name):
    # relative error to numpy in float64: series where the closed forms cancel (asin, asinh,
    # atanh, sinh near 0) or overflow (asinh, acosh, atan of 1e20)
    with np.errstate(all="ignore"):
        exp = getattr(np, name)(V.astype(np.float64))
    ours = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
            "arccosh": "acosh", "arctanh": "atanh"}.get(name, name)
    got = getattr(Tensor(V), ours)().numpy()
    finite = np.isfinite(exp) & (np.abs(exp) < 3e38)
    assert np.array_equal(np.isnan(got), np.isnan(exp)), (V[np.isnan(got) != np.isnan(exp)])
    _close(got[finite], exp[finite], rtol=6e-7)  # a few float32 ulp
    assert np.array_equal(got[~finite & ~np.isnan(exp)], exp[~finite & ~np.isnan(exp)].astype(np.float32))


def test_copysign_logaddexp_isclose_isfinite():
    a = np.array([1, -2, 0, 3, -0.0, np.inf, -np.inf, np.inf], np.float32)
    b = np.array([-1, 0, -0.0, np.nan, 2, -3, -np.inf, np.inf], np.float32)
    np.testing.assert_array_equal(Tensor(a).copysign(Tensor(b)).numpy(), np.copysign(a, b))
    with np.errstate(invalid="ignore"):
        _close(Tensor(a).logaddexp(Tensor(b)).numpy(), np.logaddexp(a.astype(np.float64), b))
    np.testing.assert_array_equal(Tensor(a).isclose(Tensor(b)).numpy(), np.isclose(a, b))
    np.testing.assert_array_equal(Tensor(b).isclose(Tensor(b), equal_nan=True).numpy(),
                                  np.isclose(b, b, equal_nan=True))
    np.testing.assert_array_equal(Tensor(b).isfinite().numpy(), np.isfinite(b))
    np.testing.assert_array_equal(Tensor(a).isinf(detect_negative=False).numpy(), np.isposinf(a))
    np.testing.assert_array_equal(Tensor(a).isinf(detect_positive=False).numpy(), np.isneginf(a))


def test_div_rounding_modes_and_fmod():
    x = np.array([5, 6, 7, 0, -5, -6, -7], np.int32)
    y = np.array([3, -3, 2, 5, 3, -2, 2], np.int32)
    trunc = (np.trunc(x / y)).astype(np.int32)
    np.testing.assert_array_equal(Tensor(x).div(Tensor(y), rounding_mode="trunc").numpy(), trunc)
    np.testing.assert_array_equal(Tensor(x).div(Tensor(y), rounding_mode="floor").numpy(), x // y)
    xf = x.astype(np.float32)
    np.testing.assert_array_equal(Tensor(xf).div(Tensor(y), rounding_mode="trunc").numpy(),
                                  np.trunc(xf / y))
    np.testing.assert_array_equal(Tensor(x).fmod(Tensor(y)).numpy(), np.fmod(x, y))
    _close(Tensor(xf * 1.3).fmod(0.7).numpy(), np.fmod(xf * 1.3, np.float32(0.7)))
    with pytest.raises(RuntimeError):
        Tensor(x).div(Tensor(y), rounding_mode="typo")


def test_keyword_and_none_shapes():
    x = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    t = Tensor(x)
    np.testing.assert_array_equal(t.reshape(None, 20).numpy(), x.reshape(3, 20))
    np.testing.assert_array_equal(t.reshape(shape=(12, 5)).numpy(), x.reshape(12, 5))
    np.testing.assert_array_equal(t.permute(order=(2, 0, 1)).numpy(), x.transpose(2, 0, 1))
    np.testing.assert_array_equal(t.permute(-1, 0, 1).numpy(), x.transpose(2, 0, 1))
    np.testing.assert_array_equal(t.squeeze(1).numpy(), x)       # not size 1: unchanged
    np.testing.assert_array_equal(Tensor(np.float32(2)).sum(0).numpy(), np.float32(2))
    with pytest.raises(IndexError):
        Tensor(np.float32(2)).sum(1)
    with pytest.raises(RuntimeError):                           # shape errors are RuntimeErrors too
        t.permute(0, 1)
    with pytest.raises(AttributeError):                         # tinygrad's class for a bad dtype
        t.sum(dtype="")


@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
def test_pad_modes_and_negative_padding(mode):
    x = np.random.default_rng(3).standard_normal((2, 3, 4, 5)).astype(np.float32)
    np_mode = {"replicate": "edge", "circular": "wrap"}.get(mode, mode)
    got = Tensor(x).pad((1, 2, 3, 1), mode=mode).numpy()
    np.testing.assert_array_equal(got, np.pad(x, [(0, 0), (0, 0), (3, 1), (1, 2)], mode=np_mode))
    # negative amounts crop (torch's F.pad)
    np.testing.assert_array_equal(Tensor(x).pad(padding=(-1, 2, 0, -2), value=5).numpy(),
                                  np.pad(x[:, :, :2, 1:], [(0, 0), (0, 0), (0, 0), (0, 2)],
                                         constant_values=5))


def test_movement_extras():
    x = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    t = Tensor(x)
    np.testing.assert_array_equal(t.roll((2, -1), (0, 2)).numpy(), np.roll(x, (2, -1), (0, 2)))
    np.testing.assert_array_equal(t.roll(7).numpy(), np.roll(x, 7))
    for off in (-2, 0, 1, 3, 9):
        np.testing.assert_array_equal(t.diagonal(off, 1, 2).numpy(), np.diagonal(x, off, 1, 2))
    np.testing.assert_array_equal(t[0, :, 0].diag().numpy(), np.diag(x[0, :, 0]))
    np.testing.assert_array_equal(t.repeat_interleave(2, 1).numpy(), np.repeat(x, 2, 1))
    np.testing.assert_array_equal(t.repeat_interleave(3).numpy(), np.repeat(x, 3))
    a, b = Tensor(np.arange(3, dtype=np.float32)), Tensor(np.arange(4, dtype=np.float32))
    for indexing in ("ij", "xy"):
        for g, e in zip(a.meshgrid(b, indexing=indexing), np.meshgrid(np.arange(3), np.arange(4),
                                                                       indexing=indexing)):
            np.testing.assert_array_equal(g.numpy(), e)
    s = Tensor.stack((a, a * 2), dim=1)
    np.testing.assert_array_equal(s.numpy(), np.stack([np.arange(3), np.arange(3) * 2], 1))
    with pytest.raises(IndexError):
        Tensor(np.float32(1)).cat(Tensor(np.float32(1)))


def test_creation_and_losses():
    np.testing.assert_allclose(Tensor.linspace(-1, 5, 7).numpy(), np.linspace(-1, 5, 7, dtype=np.float32))
    assert Tensor.arange(2 ** 31, 2 ** 31 + 3).dtype == dtypes.int64
    np.testing.assert_array_equal(Tensor.arange(2 ** 31, 2 ** 31 + 3).numpy(), np.arange(2 ** 31, 2 ** 31 + 3))
    np.testing.assert_array_equal(Tensor.arange(-128, 128, dtype=dtypes.int8).numpy(),
                                  np.arange(-128, 128).astype(np.int8))
    with pytest.raises(OverflowError):
        Tensor.arange(129, dtype=dtypes.int8)
    assert Tensor.empty(2, 3).numpy().shape == (2, 3)
    rng = np.random.default_rng(0)
    logits = rng.standard_normal((4, 5)).astype(np.float32)
    lp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    y = np.array([1, 0, 4, 2], np.int32)
    w = rng.random(5).astype(np.float32)
    picked = lp[np.arange(4), y]
    _close(Tensor(lp).nll_loss(Tensor(y)).numpy(), -picked.mean(), rtol=1e-6)
    keep = y != 0
    exp = -(picked * w[y] * keep).sum() / (w[y] * keep).sum()
    _close(Tensor(lp).nll_loss(Tensor(y), weight=Tensor(w), ignore_index=0).numpy(), exp, rtol=1e-6)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    _close(Tensor(x).normalize(dim=1).numpy(), x / np.linalg.norm(x, axis=1, keepdims=True), rtol=1e-6)
    e = np.exp(-x - (-x).max(1, keepdims=True))
    _close(Tensor(x).softmin(1).numpy(), e / e.sum(1, keepdims=True), rtol=1e-6)
    from math import erf, sqrt
    _close(Tensor(x).gelu(approximate="none").numpy(),
           np.vectorize(lambda v: 0.5 * v * (1 + erf(v / sqrt(2))))(x.astype(np.float64)), rtol=1e-6, atol=1e-7)


# -- convolutions over any count of dims, ceil_mode pooling, transposed conv, interpolate ----
# (expected values from scipy-free numpy loops: direct sums over the windows)

def _conv_ref(x, w, stride, pad):
    """Direct N-D cross-correlation, zero padding, groups 1."""
    n = w.ndim - 2
    x = np.pad(x, [(0, 0), (0, 0)] + [(pad, pad)] * n)
    out_sp = [(x.shape[2 + i] - w.shape[2 + i]) // stride + 1 for i in range(n)]
    out = np.zeros((x.shape[0], w.shape[0], *out_sp), np.float64)
    for idx in np.ndindex(*out_sp):
        sl = tuple(slice(o * stride, o * stride + k) for o, k in zip(idx, w.shape[2:]))
        win = x[(slice(None), slice(None)) + sl]                      # (N, Cin, *k)
        out[(slice(None), slice(None)) + idx] = np.tensordot(win, w, axes=(list(range(1, 2 + n)),
                                                                           list(range(1, 2 + n))))
    return out


@pytest.mark.parametrize("shape,wshape", [((2, 3, 9), (4, 3, 3)), ((1, 2, 5, 6, 4), (3, 2, 2, 3, 2))])
def test_conv_1d_and_3d(shape, wshape):
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal(shape).astype(np.float32), rng.standard_normal(wshape).astype(np.float32)
    got = Tensor(x).conv2d(Tensor(w), stride=2, padding=1).numpy()
    np.testing.assert_allclose(got, _conv_ref(x, w, 2, 1), rtol=1e-5, atol=1e-5)


def test_conv_transpose_is_the_adjoint_of_conv():
    # <conv(x, w), y> == <x, conv_transpose(y, w)> for every stride and padding
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 3, 7, 8))
    w = rng.standard_normal((4, 3, 3, 2))
    for stride, pad in ((1, 0), (2, 1), (3, 0)):
        y_shape = Tensor(x.astype(np.float32)).conv2d(Tensor(w.astype(np.float32)), stride=stride,
                                                      padding=pad).shape
        y = rng.standard_normal(y_shape)
        lhs = (_conv_ref(x, w, stride, pad) * y).sum()
        xt = Tensor(y).conv_transpose2d(Tensor(w), stride=stride, padding=pad).numpy()
        extra = [x.shape[i] - xt.shape[i] for i in (2, 3)]           # rows no window reached
        xt = np.pad(xt, [(0, 0), (0, 0), (0, extra[0]), (0, extra[1])])
        np.testing.assert_allclose((x * xt).sum(), lhs, rtol=1e-9)


def test_pool_ceil_mode_and_3d():
    x = np.arange(1 * 1 * 5 * 5, dtype=np.float32).reshape(1, 1, 5, 5)
    # kernel 3, stride 3, padding 1: floor gives 2 windows per dim; ceil keeps a third only if
    # it starts inside the input or its low padding (it would start at 6 - 1 = 5: dropped)
    assert Tensor(x).max_pool2d(3, stride=3, padding=1, ceil_mode=True).shape == (1, 1, 2, 2)
    y = np.arange(36, dtype=np.float32).reshape(1, 1, 6, 6)
    got = Tensor(y).max_pool2d(4, stride=3, ceil_mode=True).numpy()
    np.testing.assert_array_equal(got, [[[[21, 23], [33, 35]]]])      # the second window is partial
    got = Tensor(y).avg_pool2d(4, stride=3, ceil_mode=True).numpy()
    exp = [[np.mean(y[0, 0, r:r + 4, c:c + 4]) for c in (0, 3)] for r in (0, 3)]
    np.testing.assert_allclose(got[0, 0], exp, rtol=1e-6)              # divisor: the real elements
    z = np.arange(64, dtype=np.float32).reshape(1, 1, 4, 4, 4)
    np.testing.assert_allclose(Tensor(z).avg_pool2d((2, 2, 2)).numpy()[0, 0, 0, 0, 0],
                               z[0, 0, :2, :2, :2].mean())


def test_interpolate_linear_and_nearest():
    x = np.array([[[0.0, 10.0, 20.0]]], np.float32)
    np.testing.assert_allclose(Tensor(x).interpolate((5,), align_corners=True).numpy(),
                               [[[0, 5, 10, 15, 20]]])
    # half-pixel centres: output i samples input (i + 0.5) * 3/6 - 0.5, clamped
    np.testing.assert_allclose(Tensor(x).interpolate((6,)).numpy(),
                               [[[0, 2.5, 7.5, 12.5, 17.5, 20]]])
    np.testing.assert_array_equal(Tensor(x).interpolate((6,), mode="nearest").numpy(),
                                  [[[0, 0, 10, 10, 20, 20]]])


def test_advanced_indexing_with_several_tensors_lists_and_none():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((2, 5, 6, 5, 3)).astype(np.float32)
    i = rng.integers(-2, 2, (1, 1, 1)).astype(np.int32)
    j = rng.integers(-5, 5, (1, 2, 1)).astype(np.int32)
    k = rng.integers(-6, 6, (3, 1, 1)).astype(np.int32)
    # (ours, numpy's equivalent): ints are basic indices, as torch and tinygrad (numpy would
    # count them as advanced, and move B first when a slice separates an int and a tensor)
    cases = [
        (lambda a, i, j, k: a[i, j, k], None),                 # adjacent: B in place
        (lambda a, i, j, k: a[:, j, :, (1, 2, 3)], None),      # separated: B first
        (lambda a, i, j, k: a[1, (2, 1, 0), None, k], None),   # an int, a tuple, None
        (lambda a, i, j, k: a[None, 1, ..., j], lambda a, i, j, k: a[1][None, ..., j]),
        (lambda a, i, j, k: a[((0,),)], None),
        (lambda a, i, j, k: a[1:, j, ::2, -1], lambda a, i, j, k: a[:, :, :, -1][1:, j, ::2]),
    ]
    for f, ref in cases:
        exp = (ref or f)(x, i, j, k)
        got = f(Tensor(x), Tensor(i), Tensor(j), Tensor(k)).numpy()
        assert got.shape == exp.shape
        np.testing.assert_array_equal(got, exp)
    with pytest.raises(IndexError):                  # float and bool indices: tinygrad's class
        Tensor(x)[[1.5]]
    with pytest.raises(IndexError, match="single ellipsis"):
        Tensor(x)[..., ...]


def test_bitwise_patterns_shift_errors_pad_modes_normalize():
    # a Python int that is a bit pattern of the width (0xFFFFFFFF on int32) is its signed value
    assert (Tensor(np.array([0], np.int32)) | 0xFFFFFFFF).numpy()[0] == -1
    with pytest.raises(RuntimeError):                # torch's class for << on floats
        Tensor(np.ones(2, np.float32)) << 2
    x = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)
    # grow from the whole input, then crop (torch): reflect 3 on the left, crop 3 on the right
    exp = np.pad(x, [(0, 0), (0, 0), (0, 0), (3, 0)], mode="reflect")[..., :5]
    np.testing.assert_array_equal(Tensor(x).pad((3, -3), mode="reflect").numpy(), exp)
    with pytest.raises(NotImplementedError):
        Tensor(x).pad((1, 1), mode="typo")
    v = np.array([[0.0, 2.0, -3.0], [1.0, 0.0, 0.0]], np.float32)
    np.testing.assert_allclose(Tensor(v).normalize(p=0).numpy(), v / np.array([[2.0], [1.0]]))


def test_scatter_and_scatter_reduce():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 5)).astype(np.float32)
    idx = rng.integers(0, 5, (3, 4)).astype(np.int32)
    src = rng.standard_normal((3, 4)).astype(np.float32)

    def ref(reduce, include_self=True):
        out, seen = x.astype(np.float64).copy(), np.zeros(x.shape, bool)
        acc = {}
        for r in range(3):
            for c in range(4):
                acc.setdefault((r, idx[r, c]), []).append(src[r, c])
        for (r, t), vals in acc.items():
            base = [x[r, t]] if include_self else []
            out[r, t] = {"last": lambda v: v[-1], "sum": np.sum, "prod": np.prod, "mean": np.mean,
                         "amax": np.max, "amin": np.min}[reduce](base + vals if reduce != "last" else vals)
            seen[r, t] = True
        return out
    got = Tensor(x).scatter(1, Tensor(idx), Tensor(src)).numpy()   # repeated targets: the last
    np.testing.assert_allclose(got, ref("last"), rtol=1e-6)
    for reduce in ("sum", "prod", "mean", "amax", "amin"):
        for inc in (True, False):
            got = Tensor(x).scatter_reduce(1, Tensor(idx), Tensor(src), reduce, include_self=inc).numpy()
            np.testing.assert_allclose(got, ref(reduce, inc), rtol=1e-5, err_msg=f"{reduce} {inc}")
    with pytest.raises(TypeError):
        Tensor(x).scatter(1, Tensor(idx), Tensor(src), reduce="add")


def test_sort_argsort_topk_stable_with_nan():
    v = np.array([1.0, np.nan, -2.0, 1.0, np.nan, 0.0, -2.0], np.float32)
    vals, idx = Tensor(v).sort()
    order = np.argsort(v, kind="stable")                             # numpy: NaN last too
    np.testing.assert_array_equal(idx.numpy(), order)
    np.testing.assert_array_equal(vals.numpy(), v[order])
    vals, idx = Tensor(v).sort(descending=True)
    # descending, stable: NaN first (in order), then the rest largest first, ties in order
    exp = [1, 4, 0, 3, 5, 2, 6]
    np.testing.assert_array_equal(idx.numpy(), exp)
    x = np.random.default_rng(6).standard_normal((4, 5, 3)).astype(np.float32)
    np.testing.assert_array_equal(Tensor(x).argsort(1).numpy(), np.argsort(x, 1, kind="stable"))
    tv, ti = Tensor(np.array([1, 1, 0, 1, 0, 1, 0], np.int32)).topk(3)
    np.testing.assert_array_equal(ti.numpy(), [0, 1, 3])
    with pytest.raises(RuntimeError):
        Tensor(x).topk(9, 1)


def test_logcumsumexp_masked_select_nonzero():
    x = np.array([[0.0, 100.0, -3.0], [1.0, -np.inf, 2.0]], np.float32)
    exp = np.logaddexp.accumulate(x.astype(np.float64), axis=1)
    np.testing.assert_allclose(Tensor(x).logcumsumexp(1).numpy(), exp, rtol=1e-6)
    m = x > 0.5
    np.testing.assert_array_equal(Tensor(x).masked_select(Tensor(m)).numpy(), x[m])
    np.testing.assert_array_equal(Tensor(x).masked_select(Tensor(m), size=4, fill_value=-1).numpy(),
                                  np.concatenate([x[m], [-1]]))  # 3 selected, 1 filled
    np.testing.assert_array_equal(Tensor(x).nonzero().numpy(), np.argwhere(x != 0))
    assert Tensor(np.int32(5)).nonzero(size=4).shape == (4, 0)


def test_initialisers_and_pos_weight():
    for name, std in (("normal", 1.0), ("scaled_uniform", (1 / 3) ** 0.5 / (64 * 32) ** 0.5),
                      ("glorot_uniform", (1 / 3) ** 0.5 * (6 / 96) ** 0.5),
                      ("kaiming_uniform", (2 / 1.0001 / 32) ** 0.5), ("kaiming_normal", (2 / 1.0001 / 32) ** 0.5)):
        t = getattr(Tensor, name)(64, 32, seed=3).numpy()
        assert t.shape == (64, 32) and abs(t.std() / std - 1) < 0.1, (name, t.std(), std)
        with pytest.raises(ValueError):                  # tinygrad: negative dims are ValueErrors
            getattr(Tensor, name)(-3, 2)
    with pytest.raises(ValueError):                      # before: endless recursion
        Tensor.randn(-3, 2)
    with pytest.raises(ValueError):                      # a malformed shape (tinygrad's class)
        Tensor.kaiming_uniform((-3, 3), 3)
    rng = np.random.default_rng(7)
    x, y = rng.standard_normal((6, 4)).astype(np.float32), rng.random((6, 4)).astype(np.float32)
    pw = np.array([0.25, 1.0, 2.0, 7.0], np.float32)
    sp = lambda v: np.logaddexp(0, v.astype(np.float64))  # softplus  # noqa: E731
    exp = (pw * y * sp(-x) + (1 - y) * sp(x)).mean()
    got = Tensor(x).binary_crossentropy_logits(Tensor(y), pos_weight=Tensor(pw)).numpy()
    np.testing.assert_allclose(got, exp, rtol=1e-6)


def test_einsum_diagonals_ellipsis_and_unfold():
    rng = np.random.default_rng(9)
    a = rng.standard_normal((3, 5, 5)).astype(np.float32)
    b = rng.standard_normal((5, 6)).astype(np.float32)
    for f, ops in (("ii->", [a[0]]), ("...ii->...i", [a]), ("...ij,jk->...ik", [a, b]), ("bii", [a]),
                   ("iij->j", [a.transpose(1, 2, 0)])):
        got = Tensor.einsum(f, *[Tensor(o) for o in ops]).numpy()
        np.testing.assert_allclose(got, np.einsum(f, *ops), rtol=1e-5, atol=1e-5, err_msg=f)
    x = np.arange(8, dtype=np.float32)
    np.testing.assert_array_equal(Tensor(x).unfold(0, 3, 2).numpy(), np.stack([x[0:3], x[2:5], x[4:7]]))
    y = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    exp = np.stack([y[:, i:i + 2] for i in (0, 1, 2)], 1).transpose(0, 1, 3, 2)  # (3, 3, 5, 2)
    np.testing.assert_array_equal(Tensor(y).unfold(1, 2, 1).numpy(), exp)
    with pytest.raises(RuntimeError):
        Tensor(x).unfold(0, 9, 1)


def test_max_pool_return_indices_and_unpool():
    x = np.array([[[[1, 5, 2, 2], [3, 0, 2, 7], [9, 9, 1, 1], [4, 8, 1, 0]]]], np.float32)
    v, i = Tensor(x).max_pool2d(2, return_indices=True)
    np.testing.assert_array_equal(v.numpy(), [[[[5, 7], [9, 1]]]])
    np.testing.assert_array_equal(i.numpy(), [[[[1, 7], [8, 10]]]])   # ties: the first (9 at 8, 1 at 10)
    u = Tensor.max_unpool2d(v, i, 2).numpy()
    exp = np.zeros(16, np.float32)
    exp[[1, 7, 8, 10]] = [5, 7, 9, 1]
    np.testing.assert_array_equal(u, exp.reshape(1, 1, 4, 4))
