"""Reductions of uop.Tensor against numpy: axis as int / tuple / None / negative,
keepdim, size-1 and empty axes, unsigned max/min, NaN, argmax/argmin, softmax."""

import numpy as np
import pytest

import uop
from uop import Tensor

from helpers import check

RNG = np.random.default_rng(77)
AXES = [None, 0, -1, 1, (0, 2), (-1, -3), (1,), ()]


def shape3():
    return tuple(int(s) for s in RNG.integers(1, 6, 3))


@pytest.mark.parametrize("axis", AXES, ids=repr)
@pytest.mark.parametrize("keepdim", [False, True])
def test_sum_max_min_mean_prod(axis, keepdim):
    x = RNG.standard_normal(shape3()).astype(np.float32)
    kw = dict(axis=axis, keepdims=keepdim)
    ax = axis if axis != () else ()
    check(Tensor(x).sum(axis, keepdim), np.sum(x, **kw), rtol=1e-5, atol=1e-5)
    check(Tensor(x).max(axis, keepdim), np.max(x, **kw) if ax != () else x)
    check(Tensor(x).min(axis, keepdim), np.min(x, **kw) if ax != () else x)
    check(Tensor(x).mean(axis, keepdim), np.mean(x, **kw) if ax != () else x, atol=1e-5)
    check(Tensor(x).prod(axis, keepdim), np.prod(x, **kw), rtol=1e-4)


@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1)], ids=repr)
@pytest.mark.parametrize("keepdim", [False, True])
def test_var_std(axis, keepdim):
    x = RNG.standard_normal((4, 5, 3)).astype(np.float32)
    check(Tensor(x).var(axis, keepdim), np.var(x, axis=axis, keepdims=keepdim, ddof=1), rtol=1e-4)
    check(Tensor(x).std(axis, keepdim), np.std(x, axis=axis, keepdims=keepdim, ddof=1), rtol=1e-4)
    check(Tensor(x).var(axis, keepdim, correction=0), np.var(x, axis=axis, keepdims=keepdim), rtol=1e-4)
    check(Tensor(x).std(axis, correction=0), np.std(x, axis=axis), rtol=1e-4)


@pytest.mark.parametrize("dt", [np.int8, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64])
def test_integer_reductions(dt):
    info = np.iinfo(dt)
    x = RNG.integers(info.min, info.max, (3, 4, 5), dtype=dt, endpoint=True)
    for axis in (None, 0, -1, (0, 2)):
        check(Tensor(x).max(axis), np.max(x, axis=axis), dtype=dt)
        check(Tensor(x).min(axis), np.min(x, axis=axis), dtype=dt)
        acc = np.uint32 if np.issubdtype(dt, np.unsignedinteger) and info.bits < 32 else (
            np.int32 if info.bits < 32 else dt)
        with np.errstate(over="ignore"):
            check(Tensor(x).sum(axis), np.sum(x.astype(acc), axis=axis, dtype=acc), dtype=acc)
    small = RNG.integers(0 if info.min == 0 else -3, 4, (3, 4), dtype=dt)
    acc = np.uint32 if np.issubdtype(dt, np.unsignedinteger) and info.bits < 32 else (
        np.int32 if info.bits < 32 else dt)
    with np.errstate(over="ignore"):
        check(Tensor(small).prod(1), np.prod(small.astype(acc), axis=1, dtype=acc))


def test_unsigned_max_min_across_the_sign_bit():
    x = np.array([[1, 0x80000000, 0x7FFFFFFF], [0xFFFFFFFF, 0, 5]], np.uint32)
    check(Tensor(x).max(1), x.max(1))
    check(Tensor(x).min(1), x.min(1))
    check(Tensor(x).max(), x.max())
    assert "reduce_axis umax" in Tensor(x).max(1).to_mlir()
    assert "reduce_axis umin" in Tensor(x).min(1).to_mlir()
    assert "reduce_axis max" in Tensor(x.astype(np.int32)).max(1).to_mlir()


def test_bool_reductions_any_all():
    b = RNG.random((4, 6)) < 0.3
    b[0] = False
    b[1] = True
    for axis in (None, 0, 1, -1):
        for kd in (False, True):
            check(Tensor(b).any(axis, kd), np.any(b, axis=axis, keepdims=kd), dtype="bool")
            check(Tensor(b).all(axis, kd), np.all(b, axis=axis, keepdims=kd), dtype="bool")
            check(Tensor(b).max(axis, kd), np.max(b, axis=axis, keepdims=kd), dtype="bool")
            check(Tensor(b).min(axis, kd), np.min(b, axis=axis, keepdims=kd), dtype="bool")
    check(Tensor(b).sum(1), b.sum(1).astype(np.int32), dtype="int32")
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    x[0, 0] = 0
    check(Tensor(x).any(1), np.any(x, 1))
    check(Tensor(x).all(1), np.all(x, 1))
    i = RNG.integers(-2, 3, (5, 3)).astype(np.int32)
    check(Tensor(i).all(0), np.all(i, 0))


def test_nan_propagates_in_max_min():
    x = RNG.standard_normal((3, 5)).astype(np.float32)
    x[1, 2] = np.nan
    check(Tensor(x).max(1), np.max(x, 1))
    check(Tensor(x).min(1), np.min(x, 1))
    check(Tensor(x).sum(1), np.sum(x, 1))
    y = np.array([[-np.inf, 1.0], [np.inf, -np.inf]], np.float32)
    check(Tensor(y).max(1), y.max(1))
    check(Tensor(y).min(0), y.min(0))


def test_size_one_and_empty_axes():
    x = RNG.standard_normal((1, 4, 1)).astype(np.float32)
    check(Tensor(x).sum(0), x.sum(0))
    check(Tensor(x).max((0, 2), keepdim=True), x.max((0, 2), keepdims=True))
    e = np.zeros((0, 3), np.float32)
    check(Tensor(e).sum(0), np.zeros(3, np.float32))
    check(Tensor(e).prod(0), np.ones(3, np.float32))
    check(Tensor(e).max(0), np.full(3, -np.inf, np.float32))
    check(Tensor(e).min(0), np.full(3, np.inf, np.float32))
    check(Tensor(e).any(0), np.zeros(3, bool))
    check(Tensor(e).all(0), np.ones(3, bool))
    check(Tensor(np.zeros((0, 3), np.int32)).max(0), np.full(3, np.iinfo(np.int32).min, np.int32))


def test_float16_and_bfloat16_sums():
    x = RNG.standard_normal((8, 16)).astype(np.float16)
    check(Tensor(x).sum(1), x.astype(np.float32).sum(1).astype(np.float16), rtol=2e-3, atol=2e-3,
          dtype="float16")
    check(Tensor(x).max(1), x.max(1), dtype="float16")
    check(Tensor(x).mean(0), x.astype(np.float32).mean(0).astype(np.float16), rtol=2e-3, atol=2e-3)
    b = Tensor(x.astype(np.float32), dtype="bfloat16")
    exp = uop.dtypes.round_bfloat16(uop.dtypes.round_bfloat16(x.astype(np.float32)).sum(1))
    check(b.sum(1), exp, rtol=1e-2, atol=1e-2, dtype="bfloat16")


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32, np.int8, np.uint8, np.uint32])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdim", [False, True])
def test_argmax_argmin(dt, axis, keepdim):
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        x = RNG.integers(max(info.min, -4), min(info.max, 4), (5, 7), dtype=dt, endpoint=True)  # ties
    else:
        x = np.round(RNG.standard_normal((5, 7)) * 2).astype(dt)  # ties
    kw = dict(axis=axis, keepdims=keepdim)
    check(Tensor(x).argmax(axis, keepdim), np.argmax(x, **kw).astype(np.int32), dtype="int32")
    check(Tensor(x).argmin(axis, keepdim), np.argmin(x, **kw).astype(np.int32), dtype="int32")


def test_argmax_nan_inf_and_extremes():
    x = np.array([[1.0, np.nan, 3.0, np.nan], [-np.inf, -np.inf, -np.inf, -np.inf],
                  [np.inf, 2.0, np.inf, 0.0]], np.float32)
    check(Tensor(x).argmax(1), np.argmax(x, 1).astype(np.int32))
    check(Tensor(x).argmin(1), np.argmin(x, 1).astype(np.int32))
    u = np.array([0, 0xFFFFFFFF, 0x80000000, 0xFFFFFFFF], np.uint32)
    check(Tensor(u).argmax(), np.int32(1))
    check(Tensor(u).argmin(), np.int32(0))
    i = np.array([np.iinfo(np.int32).min, np.iinfo(np.int32).max, 0], np.int32)
    check(Tensor(i).argmin(), np.int32(0))
    check(Tensor(i).argmax(), np.int32(1))
    with pytest.raises(ValueError, match="empty"):
        Tensor(np.zeros((0, 2), np.float32)).argmax(0)


def _softmax(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_softmax_log_softmax(axis):
    x = (RNG.standard_normal((4, 6, 3)) * 5).astype(np.float32)
    x[0, 0, 0] = 80.0  # large: the max subtraction matters
    check(Tensor(x).softmax(axis), _softmax(x.astype(np.float64), axis), rtol=1e-5, atol=1e-6)
    check(Tensor(x).log_softmax(axis), np.log(_softmax(x.astype(np.float64), axis)), rtol=1e-5, atol=1e-5)


def _logsumexp(x, axis, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isinf(m), 0, m)
    r = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return r if keepdims else np.squeeze(r, axis=axis)


@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1)], ids=repr)
@pytest.mark.parametrize("keepdim", [False, True])
def test_logsumexp(axis, keepdim):
    x = (RNG.standard_normal((3, 5)) * 30).astype(np.float32)
    with np.errstate(divide="ignore"):
        check(Tensor(x).logsumexp(axis, keepdim), _logsumexp(x.astype(np.float64), axis, keepdim),
              rtol=1e-5, atol=1e-5)
    y = np.array([[-np.inf, -np.inf], [1000.0, 1000.0]], np.float32)
    with np.errstate(divide="ignore"):
        check(Tensor(y).logsumexp(1), np.array([-np.inf, 1000 + np.log(2)], np.float32))


def test_softmax_of_integers_is_float():
    i = RNG.integers(-3, 3, (2, 5)).astype(np.int32)
    check(Tensor(i).softmax(), _softmax(i.astype(np.float64), -1), dtype="float32")


def test_reduction_errors_name_the_call():
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match="max: axis 2"):
        x.max(2)
    with pytest.raises(ValueError, match="prod: axis 0 repeated"):
        x.prod((0, -2))
    with pytest.raises(TypeError, match="argmax: axis"):
        x.argmax("a")
