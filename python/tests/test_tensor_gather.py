"""Integer-tensor indexing, gather, one_hot, tril/triu, attention and losses against numpy."""

import numpy as np
import pytest

from uop import Tensor

from helpers import check

RNG = np.random.default_rng(8)
X = RNG.standard_normal((5, 4, 3)).astype(np.float32)


@pytest.mark.parametrize("build", [
    lambda i: (i,), lambda i: (slice(None), i), lambda i: (1, i), lambda i: (i, 2),
    lambda i: (slice(1, 4), slice(None), i), lambda i: (i, slice(None), 1), lambda i: (0, slice(None), i),
], ids=lambda f: "")
def test_tensor_index(build):
    idx = RNG.integers(-3, 3, (2, 3))
    key = build(idx)
    # torch's and tinygrad's rule: ints index first (basic), then the tensor; numpy differs
    # only when a slice separates them (it moves the tensor's dims first)
    ints = [p for p, k in enumerate(key) if isinstance(k, int)]
    exp = X[tuple(k if p in ints else slice(None) for p, k in enumerate(key))]
    exp = exp[tuple(k for p, k in enumerate(key) if p not in ints)]
    got = Tensor(X)[tuple(Tensor(idx.astype(np.int32)) if isinstance(k, np.ndarray) else k for k in key)]
    check(got, exp)


def test_tensor_index_after_an_int_stays_in_place():
    x4 = RNG.standard_normal((2, 3, 4, 5)).astype(np.float32)
    idx = RNG.integers(0, 5, (3,))
    # torch's rule (ints are basic indices): the tensor stays in place after x4[:, 1]
    check(Tensor(x4)[:, 1, :, Tensor(idx.astype(np.int32))], x4[:, 1][:, :, idx])
    check(Tensor(x4)[:, 1, Tensor(idx.astype(np.int32) % 4)], x4[:, 1, idx % 4])


def test_tensor_index_dtypes_and_errors():
    e = RNG.integers(0, 100, (10, 6)).astype(np.int64)  # an embedding table of integers
    ids = np.array([3, 3, 9, 0], np.int32)
    check(Tensor(e)[Tensor(ids)], e[ids])
    check(Tensor(e)[[1, 2]], e[[1, 2]])
    b = RNG.random((4, 2)) < 0.5
    check(Tensor(b)[Tensor(np.array([3, 0], np.int32))], b[[3, 0]])
    f = np.array([np.nan, np.inf, -0.0, 1.0], np.float32)
    check(Tensor(f)[Tensor(np.array([1, 0, 3], np.int32))], f[[1, 0, 3]])  # NaN / inf: no 0 * x
    i0, i1 = ids % 5, ids % 4  # several tensor indices, and with None: numpy's advanced indexing
    check(Tensor(X)[Tensor(i0), Tensor(i1)], X[i0, i1])
    check(Tensor(X)[None, Tensor(i0)], X[None, i0])
    with pytest.raises(TypeError):
        Tensor(X)[Tensor(np.ones(2, np.float32))]


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_gather(dim):
    shape = list(X.shape)
    shape[dim] = 6
    idx = RNG.integers(-X.shape[dim], X.shape[dim], shape)
    idx_shape = [min(s, x) if d != dim % 3 else s for d, (s, x) in enumerate(zip(shape, [3, 2, 2]))]
    idx = idx[tuple(slice(0, s) for s in idx_shape)]
    check(Tensor(X).gather(dim, Tensor(idx.astype(np.int32))), np.take_along_axis(
        X[tuple(slice(0, s) if d != dim % 3 else slice(None) for d, s in enumerate(idx.shape))],
        np.where(idx < 0, idx + X.shape[dim], idx), axis=dim))
    with pytest.raises(ValueError, match="gather"):
        Tensor(X).gather(dim, Tensor(np.zeros((9, 9, 9), np.int32)))


def test_one_hot_tril_triu():
    y = np.array([0, 2, 1, 2], np.int32)
    check(Tensor(y).one_hot(3), np.eye(3, dtype=np.int32)[y])
    m = RNG.standard_normal((2, 4, 5)).astype(np.float32)
    for d in (-1, 0, 2):
        check(Tensor(m).tril(d), np.tril(m, d))
        check(Tensor(m).triu(d), np.triu(m, d))
    i = RNG.integers(-9, 9, (3, 3)).astype(np.int32)
    check(Tensor(i).tril(), np.tril(i))


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_scaled_dot_product_attention():
    q, k, v = (RNG.standard_normal((2, 3, 5, 8)).astype(np.float32) for _ in range(3))
    s = q.astype(np.float64) @ k.swapaxes(-1, -2) / np.sqrt(8)
    check(Tensor(q).scaled_dot_product_attention(Tensor(k), Tensor(v)), _softmax(s) @ v, rtol=1e-4, atol=1e-5)
    causal = np.where(np.tril(np.ones((5, 5), bool)), s, -np.inf)
    check(Tensor(q).scaled_dot_product_attention(Tensor(k), Tensor(v), is_causal=True),
          _softmax(causal) @ v, rtol=1e-4, atol=1e-5)
    mask = RNG.random((5, 5)) < 0.7
    mask[:, 0] = True
    check(Tensor(q).scaled_dot_product_attention(Tensor(k), Tensor(v), attn_mask=Tensor(mask)),
          _softmax(np.where(mask, s, -np.inf)) @ v, rtol=1e-4, atol=1e-5)


def test_losses():
    logits = RNG.standard_normal((6, 4)).astype(np.float32)
    y = np.array([0, 3, 1, 1, 2, 0], np.int32)
    logp = np.log(_softmax(logits.astype(np.float64)))
    check(Tensor(logits).cross_entropy(Tensor(y)), -logp[np.arange(6), y].mean(), rtol=1e-5)
    check(Tensor(logits).cross_entropy(Tensor(y), reduction="none"), -logp[np.arange(6), y], rtol=1e-5)
    onehot = np.eye(4)[y] * 0.9 + 0.1 / 4
    check(Tensor(logits).cross_entropy(Tensor(y), label_smoothing=0.1), -(logp * onehot).sum(1).mean(), rtol=1e-5)
    yi = y.copy()
    yi[2] = -1
    keep = yi != -1
    check(Tensor(logits).sparse_categorical_crossentropy(Tensor(yi)),
          -logp[np.arange(6)[keep], yi[keep]].sum() / keep.sum(), rtol=1e-5)
    p = (RNG.random(10) * 0.9 + 0.05).astype(np.float32)
    t = (RNG.random(10) < 0.5).astype(np.float32)
    bce = -(t * np.log(p) + (1 - t) * np.log(1 - p))
    check(Tensor(p).binary_crossentropy(Tensor(t)), bce.mean(), rtol=1e-5)
    z = (RNG.standard_normal(10) * 5).astype(np.float32)
    sig = 1 / (1 + np.exp(-z.astype(np.float64)))
    check(Tensor(z).binary_crossentropy_logits(Tensor(t), reduction="sum"),
          -(t * np.log(sig) + (1 - t) * np.log(1 - sig)).sum(), rtol=1e-4)
    with pytest.raises(ValueError, match="reduction"):
        Tensor(p).binary_crossentropy(Tensor(t), reduction="avg")
