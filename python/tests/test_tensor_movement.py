"""Movement, indexing, cat/stack, cumsum and creation of uop.Tensor against numpy."""

import numpy as np
import pytest

import uop
from uop import Tensor

from helpers import check

RNG = np.random.default_rng(5)
X = RNG.standard_normal((3, 4, 5)).astype(np.float32)


def test_reshape_permute_expand_transpose_flatten():
    t = Tensor(X)
    check(t.reshape(12, 5), X.reshape(12, 5))
    check(t.reshape(-1), X.reshape(-1))
    check(t.view(5, -1), X.reshape(5, -1))
    check(t.permute(2, 0, 1), X.transpose(2, 0, 1))
    check(t.transpose(0, 2), X.swapaxes(0, 2))
    check(t.transpose(-1, -2), X.swapaxes(-1, -2))
    check(t.T, X.T)
    check(t.flatten(), X.reshape(-1))
    check(t.flatten(1), X.reshape(3, 20))
    check(t.flatten(0, 1), X.reshape(12, 5))
    check(t.flatten(-2, -1), X.reshape(3, 20))
    check(t.unflatten(1, (2, 2)), X.reshape(3, 2, 2, 5))
    y = X[:, :1, :]
    check(Tensor(y).expand(3, 6, 5), np.broadcast_to(y, (3, 6, 5)))
    check(Tensor(y).expand(2, -1, 4, -1), np.broadcast_to(y, (2, 3, 4, 5)))
    check(Tensor(X[0]).repeat(2, 1), np.tile(X[0], (2, 1)))
    check(Tensor(X[0]).repeat(2, 3, 2), np.tile(X[0], (2, 3, 2)))


def test_squeeze_unsqueeze():
    a = RNG.standard_normal((1, 3, 1, 2)).astype(np.float32)
    t = Tensor(a)
    check(t.squeeze(), a.squeeze())
    check(t.squeeze(0), a.squeeze(0))
    check(t.squeeze(-2), a.squeeze(-2))
    check(t.squeeze((0, 2)), a.squeeze((0, 2)))
    check(t.unsqueeze(0), a[None])
    check(t.unsqueeze(-1), a[..., None])
    check(t.unsqueeze(2), np.expand_dims(a, 2))
    check(t.squeeze(1), a)  # a dim whose size is not 1 stays (torch, tinygrad)
    check(t.squeeze((0, 1)), a.squeeze(0))


def test_pad_shrink_flip():
    t = Tensor(X)
    check(t.pad([(1, 2), None, (0, 3)]), np.pad(X, [(1, 2), (0, 0), (0, 3)]))
    check(t.pad((1, 2)), np.pad(X, [(0, 0), (0, 0), (1, 2)]))  # flat, last dim first (torch)
    check(t.pad((1, 2, 3, 0)), np.pad(X, [(0, 0), (3, 0), (1, 2)]))
    check(t.pad([(1, 1), None, None], value=-2.5), np.pad(X, [(1, 1), (0, 0), (0, 0)], constant_values=-2.5))
    check(t.pad([None, None, (2, 0)], value=float("-inf")),
          np.pad(X, [(0, 0), (0, 0), (2, 0)], constant_values=-np.inf))
    i = RNG.integers(-5, 5, (2, 3)).astype(np.int32)
    check(Tensor(i).pad([(1, 0), (0, 1)], value=7), np.pad(i, [(1, 0), (0, 1)], constant_values=7))
    check(t.shrink([(1, 3), None, (2, 4)]), X[1:3, :, 2:4])
    check(t.flip(0), X[::-1])
    check(t.flip((0, -1)), X[::-1, :, ::-1])


INDEXES = [
    (1,), (-1,), (slice(None),), (slice(1, 3),), (slice(None, None, 2),), (slice(1, None, 2),),
    (slice(None, None, -1),), (slice(None, None, -2),), (slice(3, 0, -2),), (0, 1), (0, -1, 2),
    (Ellipsis, 1), (Ellipsis, slice(None, None, 3)), (None, 1), (slice(None), None, slice(1, 2)),
    (1, Ellipsis, None), (slice(-3, -1), slice(4, 0, -1), slice(None, None, 4)),
    (slice(10, 20),), (slice(2, 1),), (0, slice(None, None, -3), -1),
]


@pytest.mark.parametrize("idx", INDEXES, ids=repr)
def test_getitem(idx):
    exp = X[idx]
    t = Tensor(X)[idx]
    if exp.size == 0:
        assert t.shape == exp.shape
        assert t.numpy().shape == exp.shape
    else:
        check(t, exp)


def test_getitem_errors():
    t = Tensor(X)
    with pytest.raises(IndexError):
        t[3]
    with pytest.raises(IndexError):
        t[0, 0, 0, 0]
    check(t[Tensor([0, 1]), [1, 2]], X[[0, 1], [1, 2]])  # several advanced indices: supported
    with pytest.raises(IndexError, match="too many"):
        t[0, 0, 0, 0]
    with pytest.raises(TypeError):
        t[1.5]


def test_cat_stack():
    a = RNG.standard_normal((2, 3)).astype(np.float32)
    b = RNG.standard_normal((4, 3)).astype(np.float32)
    c = RNG.standard_normal((2, 5)).astype(np.float32)
    check(Tensor(a).cat(Tensor(b)), np.concatenate([a, b]))
    check(Tensor(a).cat(Tensor(c), dim=1), np.concatenate([a, c], 1))
    check(Tensor(a).cat(Tensor(c), Tensor(a), dim=-1), np.concatenate([a, c, a], -1))
    check(Tensor.cat(Tensor(a), Tensor(b), Tensor(a)), np.concatenate([a, b, a]))
    check(Tensor(a).stack(Tensor(a * 2)), np.stack([a, a * 2]))
    check(Tensor.stack(Tensor(a), Tensor(a), Tensor(a), dim=-1), np.stack([a, a, a], -1))
    check(Tensor(a).stack(Tensor(a), dim=1), np.stack([a, a], 1))
    i = RNG.integers(0, 9, (2, 3)).astype(np.int32)
    check(Tensor(i).cat(Tensor(a)), np.concatenate([i.astype(np.float32), a]), dtype="float32")
    bb = RNG.random((2, 2)) < 0.5
    check(Tensor(bb).cat(Tensor(~bb), dim=1), np.concatenate([bb, ~bb], 1), dtype="bool")
    z = np.array([-0.0, np.nan, np.inf], np.float32)
    got = Tensor(z).cat(Tensor(z)).numpy()
    np.testing.assert_array_equal(np.signbit(got), np.signbit(np.concatenate([z, z])))  # exact: no adds
    check(Tensor(a).cat(Tensor(np.zeros((0, 3), np.float32))), a)
    with pytest.raises(ValueError, match="cat: shapes"):
        Tensor(a).cat(Tensor(c))
    with pytest.raises(ValueError, match="stack: shapes"):
        Tensor(a).stack(Tensor(b))
    ch = Tensor(b).chunk(2)
    for got, exp in zip(ch, np.split(b, 2)):
        check(got, exp)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_cumsum(axis):
    x = RNG.standard_normal((4, 7, 3)).astype(np.float32)
    check(Tensor(x).cumsum(axis), np.cumsum(x, axis), rtol=1e-5, atol=1e-5)
    i = RNG.integers(-9, 9, (5, 6)).astype(np.int8)
    check(Tensor(i).cumsum(axis % 2), np.cumsum(i.astype(np.int32), axis % 2), dtype="int32")
    b = RNG.random(9) < 0.5
    check(Tensor(b).cumsum(), np.cumsum(b).astype(np.int32))
    check(Tensor(np.ones((1, 1), np.float32)).cumsum(axis % 2), np.ones((1, 1), np.float32))


@pytest.mark.parametrize("args", [(5,), (0,), (1,), (2, 9), (9, 2), (-3, 10, 4), (10, -3, -3),
                                  (0, 1, 0.25), (1.5, 4.0), (0.5, -1.0, -0.3), (1000,), (4097,)], ids=repr)
def test_arange(args):
    exp = np.arange(*args)
    t = Tensor.arange(*args)
    exp = exp.astype(np.int32 if exp.dtype.kind == "i" else np.float32)
    assert t.dtype is (uop.int32 if exp.dtype.kind == "i" else uop.float32)
    if exp.size == 0:
        assert t.shape == exp.shape
    else:
        check(t, exp, rtol=1e-6, atol=1e-6)


def test_arange_needs_no_input_array():
    t = Tensor.arange(100)
    assert t.inputs() == []
    check(Tensor.arange(10, dtype="float64"), np.arange(10, dtype=np.float64))
    check(Tensor.arange(6, dtype="uint8"), np.arange(6, dtype=np.uint8))
    with pytest.raises(ValueError, match="step"):
        Tensor.arange(0, 5, 0)


def test_zeros_ones_full_eye_likes():
    check(Tensor.zeros(2, 3), np.zeros((2, 3), np.float32))
    check(Tensor.zeros((2, 3), dtype="int8"), np.zeros((2, 3), np.int8))
    check(Tensor.ones(4), np.ones(4, np.float32))
    check(Tensor.ones(2, 2, dtype=uop.bool_), np.ones((2, 2), bool))
    check(Tensor.full((3, 1), 7), np.full((3, 1), 7, np.int32), dtype="int32")
    check(Tensor.full((2,), 2.5), np.full(2, 2.5, np.float32))
    check(Tensor.full((2,), float("nan")), np.full(2, np.nan, np.float32))
    check(Tensor.full((2, 2), 3, dtype="float16"), np.full((2, 2), 3, np.float16))
    check(Tensor.eye(3), np.eye(3, dtype=np.float32))
    check(Tensor.eye(2, 4, dtype="int32"), np.eye(2, 4, dtype=np.int32))
    t = Tensor(X)
    check(t.zeros_like(), np.zeros_like(X))
    check(t.ones_like(dtype="int32"), np.ones(X.shape, np.int32))
    check(t.full_like(-1.0), np.full_like(X, -1.0))
    check(Tensor.zeros(2, 3) + Tensor(X[0, 0, :3]), np.broadcast_to(X[0, 0, :3], (2, 3)))
    assert Tensor.zeros(0, 3).numpy().shape == (0, 3)


def test_movement_errors_name_the_call():
    t = Tensor(X)
    with pytest.raises(ValueError, match="reshape"):
        t.reshape(7, 7)
    with pytest.raises(ValueError, match="flatten"):
        t.flatten(2, 1)
    with pytest.raises(ValueError, match="unsqueeze: axis 5"):
        t.unsqueeze(5)
    with pytest.raises(ValueError, match="pad"):
        t.pad((1, 2, 3))
    with pytest.raises(ValueError, match="cumsum: axis 3"):
        t.cumsum(3)


def _random_index(rng, shape):
    idx = []
    for n in shape:
        r = rng.random()
        if r < 0.25:
            idx.append(int(rng.integers(-n, n)))
        elif r < 0.35:
            idx.append(None)
            idx.append(slice(None))
        else:
            lo = int(rng.integers(-n - 2, n + 2)) if rng.random() < 0.7 else None
            hi = int(rng.integers(-n - 2, n + 2)) if rng.random() < 0.7 else None
            st = int(rng.choice([1, 2, 3, -1, -2, -3])) if rng.random() < 0.6 else None
            idx.append(slice(lo, hi, st))
    if rng.random() < 0.3:
        k = int(rng.integers(0, len(idx) + 1))
        idx = idx[:k] + [Ellipsis] + [i for i in idx[k:] if i is not None][:max(0, len(shape) - k - 1)]
    return tuple(idx)


def test_random_indexing_against_numpy():
    rng = np.random.default_rng(1234)
    done = 0
    for _ in range(150):
        shape = tuple(int(s) for s in rng.integers(1, 7, int(rng.integers(1, 4))))
        x = rng.standard_normal(shape).astype(np.float32)
        idx = _random_index(rng, shape)
        try:
            exp = x[idx]
        except IndexError:
            continue
        got = Tensor(x)[idx]
        assert got.shape == exp.shape, (shape, idx)
        if exp.size:
            np.testing.assert_array_equal(got.numpy(), exp, err_msg=repr((shape, idx)))
            done += 1
    assert done > 50


@pytest.mark.parametrize("axis", [0, -1])
def test_cumprod_cummax_cummin(axis):
    x = (RNG.standard_normal((4, 6)) * 0.5 + 1).astype(np.float32)
    x[1, 2] = np.nan
    with np.errstate(invalid="ignore"):
        check(Tensor(x).cumprod(axis), np.cumprod(x, axis), rtol=1e-5, atol=1e-6)
        check(Tensor(x).cummax(axis)[0], np.maximum.accumulate(x, axis))
        check(Tensor(x).cummin(axis)[0], np.minimum.accumulate(x, axis))
    u = RNG.integers(0, 2 ** 32, (3, 5), dtype=np.uint64).astype(np.uint32)
    check(Tensor(u).cummax(axis)[0], np.maximum.accumulate(u, axis))
    check(Tensor(u).cummin(axis)[0], np.minimum.accumulate(u, axis))
    b = RNG.random((3, 5)) < 0.3
    check(Tensor(b).cummax(axis)[0], np.maximum.accumulate(b, axis))
    i = RNG.integers(-3, 4, (3, 5)).astype(np.int16)
    check(Tensor(i).cumprod(axis), np.cumprod(i.astype(np.int32), axis), dtype="int32")


@pytest.mark.parametrize("formula,shapes", [
    ("ij,jk->ik", [(3, 4), (4, 5)]), ("ij,jk", [(3, 4), (4, 5)]), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ij->ji", [(3, 4)]), ("ij->", [(3, 4)]), ("i,j->ij", [(3,), (4,)]), ("i,i->", [(5,), (5,)]),
    ("bhqd,bhkd->bhqk", [(2, 3, 4, 5), (2, 3, 6, 5)]), ("ijk->kj", [(2, 3, 4)]),
], ids=lambda v: str(v))
def test_einsum(formula, shapes):
    ops = [RNG.standard_normal(s).astype(np.float32) for s in shapes]
    check(Tensor.einsum(formula, *[Tensor(o) for o in ops]), np.einsum(formula, *ops), rtol=1e-5, atol=1e-5)


def test_einsum_and_setitem_errors():
    m = RNG.standard_normal((3, 2, 2)).astype(np.float32)   # diagonals and ... are supported
    check(Tensor.einsum("...ii->...i", Tensor(m)), np.einsum("...ii->...i", m))
    check(Tensor.einsum("...i->i", Tensor(m)), m.sum((0, 1)), rtol=1e-5, atol=1e-6)  # torch sums ... away
    with pytest.raises(ValueError, match="letter 'i'"):
        Tensor.einsum("ii->i", Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(ValueError, match="letter 'j'"):
        Tensor.einsum("ij,jk->ik", Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 2), np.float32)))
    t = Tensor(np.ones(3, np.float32))
    t[0] = 5.0  # item assignment writes through, as tinygrad's
    t[1:] = Tensor(np.array([2.0, 3.0], np.float32))
    np.testing.assert_array_equal(t.numpy(), [5.0, 2.0, 3.0])
    with pytest.raises(NotImplementedError):
        t[Tensor(np.array([0, 1], np.int32))] = 1.0  # not through a tensor index
