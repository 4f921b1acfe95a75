"""Issue 41, items 4, 5, 9 and 10: softplus without overflow, cross_entropy's classes on
axis 1, tril/triu of bools, and the errors torch and tinygrad raise. References are numpy
(torch 1.13 too where it is installed)."""

import numpy as np
import pytest

from uop import Tensor

from helpers import check

RNG = np.random.default_rng(41)

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # the numpy references still run
    torch = None


def softplus_ref(x, beta=1.0, threshold=20.0):
    x = x.astype(np.float64)
    bx = beta * x
    return np.where(bx > threshold, x, np.logaddexp(0.0, bx) / beta)


# -- item 4: softplus ---------------------------------------------------------------

@pytest.mark.parametrize("beta,threshold", [(1, 20), (2, 20), (0.5, 20), (3, 5), (1 / 3, 20)])
def test_softplus_is_stable_for_large_inputs(beta, threshold):
    # 89 and above overflowed exp in float32 (44 with beta = 2): the old form gave inf.
    x = np.array([-400, -100, -30, -5, -1e-3, 0, 1e-3, 1, 5, 19.9, 20.1, 30, 44.5, 60, 88.5, 89, 100,
                  300, 1e4, 3e38], np.float32)
    got = check(Tensor(x).softplus(beta, threshold), softplus_ref(x, beta, threshold), rtol=1e-5, atol=1e-6)
    assert np.isfinite(got).all()
    if torch is not None:
        exp = F.softplus(torch.tensor(x), beta=beta, threshold=threshold).numpy()
        np.testing.assert_allclose(got, exp, rtol=1e-5, atol=1e-6)


def test_softplus_random_and_0d():
    x = (RNG.standard_normal((45, 65)) * 50).astype(np.float32)
    check(Tensor(x).softplus(), softplus_ref(x), rtol=1e-5, atol=1e-6)
    check(Tensor(np.float32(100.0)).softplus(), np.float32(100.0))
    big = np.array([45.0, 60.0, 95.0], np.float32)   # beta = 2 overflowed from about 44
    check(Tensor(big).softplus(beta=2), big)
    # small values keep their digits: log1p, not log(1 + e)
    check(Tensor(np.float32(-20.0)).softplus(), softplus_ref(np.float32(-20.0)), rtol=1e-5, atol=0)


def test_mish_uses_the_stable_softplus():
    x = np.array([-5, 0, 3, 100, 500], np.float32)
    x64 = x.astype(np.float64)
    check(Tensor(x).mish(), x64 * np.tanh(np.logaddexp(0.0, x64)), rtol=1e-5, atol=1e-6)


# -- item 5: cross_entropy takes the classes from axis 1 ---------------------------------

def log_softmax_ref(x, axis):
    x = x.astype(np.float64)
    s = x - x.max(axis, keepdims=True)
    return s - np.log(np.exp(s).sum(axis, keepdims=True))


def ce_indices_ref(logits, y, ls=0.0, reduction="mean"):
    c = logits.shape[1] if logits.ndim > 1 else logits.shape[0]
    ax = 1 if logits.ndim > 1 else 0
    hot = np.moveaxis(np.eye(c)[y], -1, ax)
    return ce_probs_ref(logits, hot, ls, reduction)


def ce_probs_ref(logits, p, ls=0.0, reduction="mean"):
    ax = 1 if logits.ndim > 1 else 0
    c = logits.shape[ax]
    p = p * (1 - ls) + ls / c
    r = -(log_softmax_ref(logits, ax) * p).sum(ax)
    return {"mean": r.mean(), "sum": r.sum(), "none": r}[reduction]


@pytest.mark.parametrize("shape", [(32, 4, 4, 4), (5, 3, 7), (6, 10), (2, 5, 1, 3)])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_classes_on_axis_1(shape, reduction):
    logits = RNG.standard_normal(shape).astype(np.float32)
    probs = RNG.random(shape).astype(np.float32)
    y = RNG.integers(0, shape[1], shape[:1] + shape[2:]).astype(np.int32)
    for ls in (0.0, 0.3):
        t = Tensor(logits).cross_entropy(Tensor(probs), reduction=reduction, label_smoothing=ls)
        got_p = check(t, ce_probs_ref(logits, probs, ls, reduction), rtol=1e-5, atol=1e-5)
        t = Tensor(logits).cross_entropy(Tensor(y), reduction=reduction, label_smoothing=ls)
        got_i = check(t, ce_indices_ref(logits, y, ls, reduction), rtol=1e-5, atol=1e-5)
        if torch is not None:
            tl = torch.tensor(logits)
            exp_p = F.cross_entropy(tl, torch.tensor(probs), reduction=reduction, label_smoothing=ls).numpy()
            exp_i = F.cross_entropy(tl, torch.tensor(y).long(), reduction=reduction, label_smoothing=ls).numpy()
            np.testing.assert_allclose(got_p, exp_p, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(got_i, exp_i, rtol=1e-5, atol=1e-5)


def test_cross_entropy_1d_logits():
    logits = RNG.standard_normal(7).astype(np.float32)
    probs = RNG.random(7).astype(np.float32)
    check(Tensor(logits).cross_entropy(Tensor(probs)), ce_probs_ref(logits, probs), rtol=1e-5)
    check(Tensor(logits).cross_entropy(Tensor(np.int32(3))), ce_indices_ref(logits, np.int64(3)), rtol=1e-5)


# -- item 9: tril / triu of bools -----------------------------------------------------

@pytest.mark.parametrize("d", [-1, 0, 1])
def test_tril_triu_keep_the_dtype(d):
    b = RNG.random((3, 4, 5)) > 0.3
    check(Tensor(b).tril(d), np.tril(b, d), dtype="bool")
    check(Tensor(b).triu(d), np.triu(b, d), dtype="bool")
    i8 = RNG.integers(-5, 5, (4, 4)).astype(np.int8)
    check(Tensor(i8).tril(d), np.tril(i8, d), dtype="int8")
    check(Tensor(i8).triu(d), np.triu(i8, d), dtype="int8")


# -- item 10: errors where torch and tinygrad raise ---------------------------------------

@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "cummin"])
def test_cumulative_axis_out_of_range_raises(op):
    s = Tensor(np.array(2.5, np.float32))
    for axis in (1, -2, 5):
        with pytest.raises(IndexError, match=f"{op}: axis {axis} is out of range"):
            getattr(s, op)(axis)
        with pytest.raises(ValueError):           # it is a ValueError too
            getattr(s, op)(axis)
    with pytest.raises(IndexError):
        getattr(Tensor(np.ones(20, np.float32)), op)(1)
    with pytest.raises(IndexError):
        getattr(Tensor(np.ones(20, np.float32)), op)(-2)
    # axis 0 and -1 of a 0-d tensor: the tensor itself (as torch)
    for axis in (0, -1):
        r = getattr(s, op)(axis)
        check(r[0] if op in ("cummax", "cummin") else r, np.float32(2.5))  # (values, indices)
    if torch is not None and op in ("cumsum", "cumprod"):  # torch 1.13's cummax/cummin of 0-d do not check
        with pytest.raises(IndexError):
            getattr(torch.tensor(2.5), op)(1)


def test_cumsum_0d_accumulates_like_sum():
    check(Tensor(np.array(3, np.int8)).cumsum(), np.int32(3), dtype="int32")
    check(Tensor(np.array(2, np.float16)).cumsum(), np.float16(2), dtype="float16")
    check(Tensor(np.array(True)).cumsum(0), np.int32(1), dtype="int32")


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.uint8, np.int64, np.bool_])
def test_integer_to_negative_integer_power_raises(dtype):
    x = Tensor(np.array([-2, 0, 2]).astype(dtype))
    for n in (-1, -2, np.int32(-3)):
        with pytest.raises(RuntimeError, match="negative integer power"):
            x ** n
        with pytest.raises(ValueError, match="negative integer power"):
            x.pow(n)
    # floats and float exponents are fine
    check(Tensor(np.array([1, 2, 4], np.int32)) ** -1.0, np.array([1, 0.5, 0.25], np.float32))
    check(Tensor(np.array([1, 2, 4], np.float32)) ** -2, np.array([1, 0.25, 0.0625], np.float32))
    if torch is not None:
        with pytest.raises(RuntimeError):
            torch.tensor([-2, 0, 2]) ** -2


def test_one_hot_negative_num_classes_raises():
    y = Tensor(np.array([1, 2, 4], np.int32))
    with pytest.raises(ValueError, match="num_classes must be non-negative"):
        y.one_hot(-1)
    with pytest.raises(TypeError, match="num_classes must be an int"):
        y.one_hot(2.5)
    check(y.one_hot(6), np.eye(6, dtype=np.int32)[[1, 2, 4]])
    # out-of-range class values give a row of zeros (tinygrad's; the values are not checked)
    check(Tensor(np.array([1, -1, 3], np.int32)).one_hot(3), np.array([[0, 1, 0], [0, 0, 0], [0, 0, 0]], np.int32))


@pytest.mark.parametrize("target_dtype", [np.int32, np.float32])
def test_cross_entropy_rejects_a_target_that_would_broadcast(target_dtype):
    logits = Tensor(RNG.standard_normal((32, 10)).astype(np.float32))
    with pytest.raises(RuntimeError, match="cross_entropy"):
        logits.cross_entropy(Tensor(np.zeros((32, 1), target_dtype)))
    with pytest.raises(ValueError, match="cross_entropy"):
        logits.cross_entropy(Tensor(np.zeros((1, 10), target_dtype)))
    with pytest.raises(ValueError, match="cross_entropy"):
        logits.cross_entropy(Tensor(np.zeros((10,), target_dtype)))
    with pytest.raises(ValueError, match="cross_entropy"):   # classes on axis 1, not the last
        Tensor(np.zeros((4, 3, 5), np.float32)).cross_entropy(Tensor(np.zeros((4, 3), np.int32)))
    with pytest.raises(ValueError, match="label_smoothing"):
        logits.cross_entropy(Tensor(np.zeros(32, np.int32)), label_smoothing=1.5)
    if torch is not None:
        with pytest.raises(RuntimeError):
            F.cross_entropy(torch.zeros(32, 10), torch.zeros((32, 1), dtype=torch.long))
        with pytest.raises(RuntimeError):
            F.cross_entropy(torch.zeros(32, 10), torch.zeros((32, 1)))
