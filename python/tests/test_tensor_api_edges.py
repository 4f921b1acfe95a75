"""Edge cases across the Tensor API: large unsigned constants, bfloat16 and float16
arithmetic, integer tensors through movement / nn ops, 0-d tensors, chains that mix
everything."""

import numpy as np
import pytest

import uop
from uop import Tensor

from helpers import check

RNG = np.random.default_rng(31)


def test_large_unsigned_constants():
    u = np.array([0, 1, 2 ** 63, 2 ** 64 - 1], np.uint64)
    with np.errstate(over="ignore"):
        check(Tensor(u) + (2 ** 63 + 5), u + np.uint64(2 ** 63 + 5))
        check(Tensor(u) ^ (2 ** 64 - 1), u ^ np.uint64(2 ** 64 - 1))
    check(Tensor(u) < 2 ** 63, u < np.uint64(2 ** 63))
    check(Tensor(u).max(), u.max())
    u32 = np.array([5, 0xFFFFFFF0], np.uint32)
    check((Tensor(u32) > 0x80000000).where(Tensor(u32), 0xFFFFFFFF),
          np.where(u32 > 0x80000000, u32, np.uint32(0xFFFFFFFF)))
    check(Tensor(u32) // 3, u32 // 3)
    check(Tensor(u32) % 7, u32 % 7)


def test_bfloat16_arithmetic_rounds_each_op():
    r = uop.dtypes.round_bfloat16
    a = r(RNG.standard_normal(16).astype(np.float32))
    b = r(RNG.standard_normal(16).astype(np.float32))
    ta, tb = Tensor(a, dtype="bfloat16"), Tensor(b, dtype="bfloat16")
    check(ta * tb + ta, r(r(a * b) + a), rtol=0, atol=0, dtype="bfloat16")
    check(ta.maximum(tb), np.maximum(a, b), rtol=0, atol=0)
    check(ta < tb, a < b)
    check((ta * 4).exp2(), r(np.exp2(r(a * 4))), rtol=1e-2)


def test_float16_specials_and_comparisons():
    h = np.array([np.inf, -np.inf, np.nan, 65504, -0.0, 6e-8], np.float16)
    with np.errstate(over="ignore"):
        check(Tensor(h) * 2, h * np.float16(2), dtype="float16")
    check(Tensor(h) == Tensor(h), h == h)
    check(Tensor(h).isnan(), np.isnan(h))
    check(Tensor(h).cast("float32").max(), np.float32(np.nan))


def test_integer_tensors_through_movement_and_nn():
    i = RNG.integers(-50, 50, (2, 3, 6, 6)).astype(np.int32)
    w = RNG.integers(-3, 3, (4, 3, 3, 3)).astype(np.int32)
    out = np.zeros((2, 4, 4, 4), np.int64)
    for y in range(4):
        for x in range(4):
            out[:, :, y, x] = np.einsum("ncij,ocij->no", i[:, :, y:y + 3, x:x + 3].astype(np.int64), w)
    check(Tensor(i).conv2d(Tensor(w)), out.astype(np.int32), dtype="int32")
    check(Tensor(i)[:, 1, ::2, ::-3], i[:, 1, ::2, ::-3])
    u = RNG.integers(0, 255, (3, 4)).astype(np.uint8)
    check(Tensor(u).cat(Tensor(u[:1])).flip(0), np.concatenate([u, u[:1]])[::-1])
    check(Tensor(u).cumsum(1), np.cumsum(u.astype(np.uint32), 1), dtype="uint32")
    check(Tensor(u).argmax(1), u.argmax(1).astype(np.int32))


def test_zero_dim_tensors():
    s = Tensor(np.float32(2.5))
    check(s * 2, np.float32(5.0))
    check(s.sum(), np.float32(2.5))
    check(s.reshape(1, 1), np.full((1, 1), 2.5, np.float32))
    check(Tensor(np.arange(6, dtype=np.float32))[3], np.float32(3.0))
    check((s > 1).where(1.0, 0.0), np.float32(1.0))
    check(Tensor(np.int32(-7)) // 2, np.int32(-4))
    with pytest.raises(ValueError):
        s.cat(s)


def test_a_chain_that_mixes_everything():
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    t = Tensor(x)
    idx = (t.abs() > 0.5).cast("int32").sum(1)                    # int32 counts
    y = (t - t.mean(1, keepdim=True)) / (t.std(1, keepdim=True) + 1e-3)
    z = y[:, ::2].softmax() * idx.reshape(4, 1) + Tensor.arange(3).cast("float32")
    exp_idx = (np.abs(x) > 0.5).astype(np.int32).sum(1)
    yy = (x - x.mean(1, keepdims=True)) / (x.std(1, ddof=1, keepdims=True) + 1e-3)
    e = np.exp(yy[:, ::2] - yy[:, ::2].max(1, keepdims=True))
    exp = e / e.sum(1, keepdims=True) * exp_idx.reshape(4, 1) + np.arange(3)
    check(z, exp, rtol=1e-5, atol=1e-5)
    check(z.argmax(1), exp.argmax(1).astype(np.int32))


def test_conveniences():
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    t = Tensor(x)
    assert t.int().dtype is uop.int32 and t.half().dtype is uop.float16 and t.double().dtype is uop.float64
    assert t.bool().dtype is uop.bool_ and t.long().dtype is uop.int64 and t.int().float().dtype is uop.float32
    check(t.int(), x.astype(np.int32))
    assert t.numel() == 24 and t.element_size() == 4 and t.nbytes() == 96
    assert t.sum().item() == pytest.approx(float(x.sum()), rel=1e-5)
    assert Tensor([1, 2]).tolist() == [1, 2]
    with pytest.raises(ValueError, match="item"):
        t.item()
    r = (t * 2).realize()
    assert r._node.op == "input"
    np.testing.assert_array_equal(r.numpy(), x * 2)
    for got, exp in zip(t.split(4, dim=1), np.split(x, [4], axis=1)):
        check(got, exp)
    for got, exp in zip(t.split([1, 3], dim=0), np.split(x, [1], axis=0)):
        check(got, exp)
    m = x > 0.5
    check(t.masked_fill(Tensor(m), -1.0), np.where(m, np.float32(-1), x))
    assert t.dropout(0.5) is t
    d = Tensor.ones(100, 100).dropout(0.25, training=True).numpy()
    assert set(np.unique(d)) <= {0.0, np.float32(1 / 0.75)} and abs((d == 0).mean() - 0.25) < 0.03
    v, mu = t.var_mean(1)
    check(v, x.var(1, ddof=1), rtol=1e-5)
    check(mu, x.mean(1), rtol=1e-5, atol=1e-6)
    s, _ = t.std_mean(0, correction=0)
    check(s, x.std(0), rtol=1e-5)


ACTS = {
    "hardsigmoid": lambda x: np.clip(x / 6 + 0.5, 0, 1),
    "hardswish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "logsigmoid": lambda x: -np.log1p(np.exp(-x)),
    "mish": lambda x: x * np.tanh(np.log1p(np.exp(x))),
    "softsign": lambda x: x / (1 + np.abs(x)),
    "celu": lambda x: np.maximum(x, 0) + np.minimum(0, np.exp(x) - 1),
    "selu": lambda x: 1.0507 * np.where(x >= 0, x, 1.67326 * (np.exp(x) - 1)),
    "quick_gelu": lambda x: x / (1 + np.exp(-1.702 * x)),
    "swish": lambda x: x / (1 + np.exp(-x)),
    "hardtanh": lambda x: np.clip(x, -1, 1),
}


@pytest.mark.parametrize("name", sorted(ACTS))
def test_more_activations(name):
    x = (RNG.standard_normal((5, 7)) * 4).astype(np.float32)
    check(getattr(Tensor(x), name)(), ACTS[name](x.astype(np.float64)), rtol=1e-5, atol=1e-6)
