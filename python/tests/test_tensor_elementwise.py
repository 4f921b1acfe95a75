"""Operators and elementwise methods of uop.Tensor against numpy, compiled (CPU) and
in the package's reference, over dtypes, broadcasting, scalars, NaN and inf."""

import math

import numpy as np
import pytest

import uop
from uop import Tensor

from helpers import check, rand_shape

RNG = np.random.default_rng(2024)
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float32, np.float64]


def ints(dt, shape, lo=None, hi=None, nonzero=False):
    info = np.iinfo(dt)
    lo = max(info.min, -100) if lo is None else lo
    hi = min(info.max, 100) if hi is None else hi
    a = RNG.integers(lo, hi + 1, shape, dtype=np.int64)
    if nonzero:
        a[a == 0] = 1
    return a.astype(dt)


def floats(dt, shape, special=False):
    a = (RNG.standard_normal(shape) * 3).astype(dt)
    if special and a.size >= 4:
        f = a.reshape(-1)
        f[0], f[1], f[2] = np.nan, np.inf, -np.inf
    return a


# -- + - * / on every dtype -------------------------------------------------------

@pytest.mark.parametrize("dt", INTS + FLOATS + [np.bool_])
@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_arith_every_dtype(dt, op):
    shape = rand_shape(RNG)
    if dt is np.bool_:
        a, b = RNG.random(shape) < 0.5, RNG.random(shape[-1:]) < 0.5
        exp = {"add": a | b, "sub": a ^ b, "mul": a & b}[op]
    else:
        if np.issubdtype(dt, np.integer):
            info = np.iinfo(dt)
            a = RNG.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
            b = RNG.integers(info.min, info.max, shape[-1:], dtype=dt, endpoint=True)
        else:
            a, b = floats(dt, shape), floats(dt, shape[-1:])
        with np.errstate(all="ignore"):
            exp = getattr(np, {"add": "add", "sub": "subtract", "mul": "multiply"}[op])(a, b)
    t = {"add": Tensor(a) + Tensor(b), "sub": Tensor(a) - Tensor(b), "mul": Tensor(a) * Tensor(b)}[op]
    check(t, exp, dtype=exp.dtype)


@pytest.mark.parametrize("dt", [np.int32, np.uint8, np.float32, np.float64])
def test_truediv(dt):
    shape = rand_shape(RNG)
    if np.issubdtype(dt, np.integer):
        a, b = ints(dt, shape), ints(dt, shape, nonzero=True)
        check(Tensor(a) / Tensor(b), (a / b).astype(np.float32), dtype="float32")
    else:
        a, b = floats(dt, shape, special=True), floats(dt, shape)
        with np.errstate(all="ignore"):
            check(Tensor(a) / Tensor(b), a / b, dtype=dt)


def test_scalars_and_reflected():
    a = floats(np.float32, (3, 4))
    i = ints(np.int32, (3, 4), nonzero=True)
    check(2 - Tensor(a), 2 - a)
    check(2.5 * Tensor(i), 2.5 * i.astype(np.float32), dtype="float32")
    check(Tensor(i) + 3, i + 3, dtype="int32")
    check(7 // Tensor(i), 7 // i)
    check(7 % Tensor(i), 7 % i)
    check(2 ** Tensor(np.abs(i) % 8), 2 ** (np.abs(i) % 8))
    check(3.0 ** Tensor(a), np.float32(3.0) ** a, rtol=1e-5)
    check(-Tensor(a), -a)
    check(-Tensor(i), -i)
    b = RNG.random((3, 4)) < 0.5
    check(-Tensor(b), ~b)  # tinygrad: -bool is logical not
    check(Tensor(b) + 1, b.astype(np.int32) + 1, dtype="int32")


# -- // and % (floor division, Python's modulo) ---------------------------------

@pytest.mark.parametrize("dt", INTS)
def test_floordiv_mod_int(dt):
    shape = rand_shape(RNG)
    a, b = ints(dt, shape), ints(dt, shape, nonzero=True)
    check(Tensor(a) // Tensor(b), np.floor_divide(a, b), dtype=dt)
    check(Tensor(a) % Tensor(b), np.mod(a, b), dtype=dt)
    # a row of signs that exercises every case of the correction
    if not np.issubdtype(dt, np.unsignedinteger):
        x = np.array([7, -7, 7, -7, 0, 6, -6], dt)
        y = np.array([2, 2, -2, -2, 3, -3, 3], dt)
        check(Tensor(x) // Tensor(y), x // y)
        check(Tensor(x) % Tensor(y), x % y)


def test_floordiv_mod_int_extremes():
    for dt in (np.int32, np.int64, np.int8):
        info = np.iinfo(dt)
        x = np.array([info.min, info.max, info.min + 1, -1, 1], dt)
        y = np.array([3, -3, 7, info.max, info.min], dt)
        check(Tensor(x) // Tensor(y), x // y)
        check(Tensor(x) % Tensor(y), x % y)


@pytest.mark.parametrize("dt", FLOATS)
def test_floordiv_mod_float(dt):
    a = floats(dt, (5, 6))
    b = floats(dt, (6,))
    b[b == 0] = 1
    check(Tensor(a) // Tensor(b), np.floor(a / b), dtype=dt)
    check(Tensor(a) % Tensor(b), np.mod(a, b), dtype=dt, atol=1e-5)
    x = np.array([5.5, -5.5, 5.5, -5.5, 0.0, np.inf, 1.0, np.nan], dt)
    y = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 2.0, np.inf, 1.0], dt)
    with np.errstate(all="ignore"):
        check(Tensor(x) % Tensor(y), np.mod(x, y))


def test_mod_by_scalar_int_and_bool():
    i = ints(np.int32, (4, 5))
    check(Tensor(i) % 3, i % 3)
    check(Tensor(i) % -3, i % -3)
    check(Tensor(i) // -4, i // -4)
    b = RNG.random(6) < 0.5
    check(Tensor(b) // 1, b.astype(np.int32) // 1, dtype="int32")


# -- ** ---------------------------------------------------------------------------

def test_pow():
    a = (RNG.random((4, 5)) * 3 + 0.1).astype(np.float32)
    e = (RNG.standard_normal((5,))).astype(np.float32)
    check(Tensor(a) ** Tensor(e), a ** e, rtol=1e-5)
    check(Tensor(a) ** 0.5, np.sqrt(a), rtol=1e-5)
    check(Tensor(a) ** -1.5, a ** -1.5, rtol=1e-5)
    for n in (0, 1, 2, 3, 7):
        check(Tensor(a) ** n, a ** n, rtol=1e-5)
    neg = np.array([-2.0, -0.5, 0.0, -3.0], np.float32)
    check(Tensor(neg) ** 3, neg ** 3)
    check(Tensor(neg) ** 2.0, neg ** 2.0)
    check(Tensor(neg).pow(Tensor(np.float32([3, 2, 2, -1]))), neg ** np.float32([3, 2, 2, -1]))
    with np.errstate(all="ignore"):
        check(Tensor(neg) ** 0.5, neg ** 0.5)  # NaN for a negative base


@pytest.mark.parametrize("dt", [np.int32, np.int64, np.uint8, np.int8])
def test_int_pow(dt):
    a = ints(dt, (3, 7), 0 if np.issubdtype(dt, np.unsignedinteger) else -9, 9)
    e = ints(dt, (7,), 0, 9)
    with np.errstate(all="ignore"):
        check(Tensor(a) ** Tensor(e), np.power(a, e), dtype=dt)
        check(Tensor(a) ** 5, np.power(a, dt(5)), dtype=dt)


# -- comparisons --------------------------------------------------------------------

CMPS = {"lt": lambda x, y: x < y, "le": lambda x, y: x <= y, "gt": lambda x, y: x > y,
        "ge": lambda x, y: x >= y, "eq": lambda x, y: x == y, "ne": lambda x, y: x != y}


@pytest.mark.parametrize("dt", [np.int8, np.int32, np.int64, np.uint8, np.uint32, np.uint64,
                                np.float32, np.float64, np.float16, np.bool_])
@pytest.mark.parametrize("op", sorted(CMPS))
def test_comparisons(dt, op):
    shape = rand_shape(RNG, 2)
    if dt is np.bool_:
        a, b = RNG.random(shape) < 0.5, RNG.random(shape[-1:]) < 0.5
    elif np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        a = RNG.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
        b = RNG.integers(info.min, info.max, shape[-1:], dtype=dt, endpoint=True)
        a.reshape(-1)[0] = b[0]  # some equal pairs
    else:
        a, b = floats(dt, shape, special=True), floats(dt, shape[-1:], special=True)
        a.reshape(-1)[-1] = b[-1]
    f = CMPS[op]
    check(f(Tensor(a), Tensor(b)), f(a, b), dtype="bool")


def test_comparisons_with_scalars_and_mixed_dtypes():
    i = ints(np.int32, (4, 4))
    a = floats(np.float32, (4, 4), special=True)
    u = ints(np.uint8, (4,), 0, 255)
    check(Tensor(i) < 0.5, i < 0.5)
    check(Tensor(a) >= 0, a >= 0)
    check(3 < Tensor(i), 3 < i)
    check(Tensor(i) == Tensor(u), i == u.astype(np.int32))
    check(Tensor(a) != Tensor(a), a != a)  # NaN
    check(Tensor(i).eq(5) | Tensor(i).lt(-5), (i == 5) | (i < -5))


# -- bitwise -------------------------------------------------------------------------

@pytest.mark.parametrize("dt", INTS + [np.bool_])
def test_bitwise(dt):
    shape = rand_shape(RNG, 2)
    if dt is np.bool_:
        a, b = RNG.random(shape) < 0.5, RNG.random(shape) < 0.5
    else:
        info = np.iinfo(dt)
        a = RNG.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
        b = RNG.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
    check(Tensor(a) & Tensor(b), a & b, dtype=dt)
    check(Tensor(a) | Tensor(b), a | b, dtype=dt)
    check(Tensor(a) ^ Tensor(b), a ^ b, dtype=dt)
    check(~Tensor(a), ~a, dtype=dt)
    if dt is not np.bool_:
        bits = np.dtype(dt).itemsize * 8
        s = RNG.integers(0, bits, shape).astype(dt)
        check(Tensor(a) << Tensor(s), a << s, dtype=dt)
        check(Tensor(a) >> Tensor(s), a >> s, dtype=dt)  # arithmetic for signed, logical for unsigned
        check(Tensor(a) >> 3, a >> dt(3))
        check(Tensor(a) & 0x0F, a & dt(0x0F))


def test_bitwise_rejects_floats():
    x = Tensor(np.ones(3, np.float32))
    for f in (lambda: x & x, lambda: x | 1, lambda: ~x, lambda: x << 1, lambda: Tensor([True]) << Tensor([True])):
        with pytest.raises(TypeError):
            f()


# -- where, maximum, minimum -----------------------------------------------------------

def test_where():
    a, b = floats(np.float32, (3, 1, 4)), floats(np.float32, (5, 1))
    c = RNG.random((5, 4)) < 0.5
    check(Tensor(c).where(Tensor(a), Tensor(b)), np.where(c, a, b))
    check(Tensor(c).where(Tensor(a), 0.0), np.where(c, a, np.float32(0)))
    check(Tensor(c).where(1.5, Tensor(b)), np.where(c, np.float32(1.5), b))
    check(Tensor(c).where(1, 0), np.where(c, 1, 0).astype(np.int32), dtype="int32")
    i = ints(np.int32, (5, 4))
    check(Tensor(i).where(Tensor(i), -1), np.where(i != 0, i, -1))  # non-bool condition: != 0
    check(Tensor(c).where(Tensor(i), Tensor(a[0, 0])), np.where(c, i.astype(np.float32), a[0, 0]))
    nan = np.array([np.nan, 1.0, -0.0], np.float32)
    check(Tensor(nan).where(1, 2), np.array([1, 1, 2], np.int32))  # NaN is true, -0.0 false


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32, np.uint32, np.int8, np.uint64, np.bool_])
def test_maximum_minimum(dt):
    shape = rand_shape(RNG, 2)
    if dt is np.bool_:
        a, b = RNG.random(shape) < 0.5, RNG.random(shape[-1:]) < 0.5
    elif np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        a = RNG.integers(info.min, info.max, shape, dtype=dt, endpoint=True)
        b = RNG.integers(info.min, info.max, shape[-1:], dtype=dt, endpoint=True)
    else:
        a, b = floats(dt, shape, special=True), floats(dt, shape[-1:])
    check(Tensor(a).maximum(Tensor(b)), np.maximum(a, b), dtype=dt)
    check(Tensor(a).minimum(Tensor(b)), np.minimum(a, b), dtype=dt)


def test_clip_relu_family():
    a = floats(np.float32, (4, 7), special=True)
    check(Tensor(a).relu(), np.maximum(a, 0))
    check(Tensor(a).clip(-1, 2), np.clip(a, -1, 2))
    check(Tensor(a).leaky_relu(0.1), np.where(a < 0, a * np.float32(0.1), a))
    check(Tensor(a).relu6(), np.minimum(np.maximum(a, 0), 6))
    check(Tensor(a).sign(), np.sign(a))
    i = ints(np.int32, (9,))
    check(Tensor(i).sign(), np.sign(i))
    check(Tensor(i).clip(-3, 3), np.clip(i, -3, 3))


# -- unary math ---------------------------------------------------------------------

def _gelu(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


UNARY = {
    "exp": (np.exp, "any"), "exp2": (np.exp2, "any"), "log": (np.log, "pos"),
    "log2": (np.log2, "pos"), "sqrt": (np.sqrt, "pos"), "rsqrt": (lambda x: 1 / np.sqrt(x), "pos"),
    "sin": (np.sin, "any"), "cos": (np.cos, "any"), "tan": (np.tan, "small"),
    "tanh": (np.tanh, "any"), "sigmoid": (_sigmoid, "any"),
    "relu": (lambda x: np.maximum(x, 0), "any"), "gelu": (_gelu, "any"),
    "silu": (lambda x: x * _sigmoid(x), "any"), "abs": (np.abs, "any"),
    "floor": (np.floor, "any"), "ceil": (np.ceil, "any"), "trunc": (np.trunc, "any"),
    "round": (np.round, "halves"), "square": (np.square, "any"),
    "reciprocal": (lambda x: 1 / x, "pos"), "erf": (np.vectorize(math.erf), "any"),
    "softplus": (lambda x: np.log1p(np.exp(x)), "any"),
    "elu": (lambda x: np.where(x > 0, x, np.exp(x) - 1), "any"),
}


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary(name, dt):
    f, dom = UNARY[name]
    shape = rand_shape(RNG)
    x = RNG.standard_normal(shape) * 3
    if dom == "pos":
        x = np.abs(x) + 0.05
    elif dom == "small":
        x = x / 3
    elif dom == "halves":
        x = np.round(x * 2) / 2  # ties: round half to even
    x = x.astype(dt)
    tol = dict(rtol=2e-5, atol=2e-6) if dt is np.float32 else dict(rtol=1e-12, atol=1e-12)
    check(getattr(Tensor(x), name)(), f(x.astype(np.float64)).astype(dt), dtype=dt, **tol)


@pytest.mark.parametrize("name", ["exp", "log", "sqrt", "sin", "tanh", "sigmoid", "abs", "exp2", "log2"])
def test_unary_specials(name):
    f, _ = UNARY[name]
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0], np.float32)
    with np.errstate(all="ignore"):
        exp = f(x.astype(np.float64)).astype(np.float32)
    check(getattr(Tensor(x), name)(), exp)


def test_unary_on_integers():
    i = ints(np.int32, (3, 5))
    check(Tensor(i).exp2(), np.exp2(i.astype(np.float32)), dtype="float32")
    check(Tensor(i).abs(), np.abs(i), dtype="int32")
    ext = np.array([np.iinfo(np.int8).min, -1, 0, 5], np.int8)
    check(Tensor(ext).abs(), np.abs(ext))
    u = ints(np.uint16, (4,), 0, 60000)
    check(Tensor(u).abs(), u)
    check(Tensor(i).floor(), i)
    f = np.array([np.nan, 1.0, np.inf, -np.inf], np.float32)
    check(Tensor(f).isnan(), np.isnan(f))
    check(Tensor(f).isinf(), np.isinf(f))
    check(Tensor(i).isnan(), np.zeros(i.shape, bool))


def test_float16_elementwise():
    a = (RNG.standard_normal((4, 6))).astype(np.float16)
    b = (RNG.standard_normal((6,))).astype(np.float16)
    check(Tensor(a) * Tensor(b) + 1, a * b + np.float16(1), rtol=1e-3, atol=1e-3, dtype="float16")
    check(Tensor(a).exp(), np.exp(a), rtol=1e-3, atol=1e-3, dtype="float16")
    check(Tensor(a) < Tensor(b), a < b)


# -- cast and bitcast over every dtype --------------------------------------------

ALL = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
       "float16", "float32", "float64"]


@pytest.mark.parametrize("src", ALL)
def test_cast_every_pair(src):
    # values every dtype holds (0..100, and a sign for signed/float), so numpy's cast is the spec
    base = np.array([0, 1, 2, 7, 100, 42, 3], np.int64)
    if src == "bool":
        x = base % 2 == 1
    else:
        x = base.astype(src)
        if src.startswith("int") or src.startswith("float"):
            x = np.concatenate([x, -x[1:4]])
        if src.startswith("float"):
            x = np.concatenate([x, np.array([2.75, -2.75, 0.5], src)])
    t = Tensor(x)
    for dst in ALL:
        if dst.startswith("uint") and src.startswith(("int", "float")):
            xs, tt = np.abs(x), Tensor(np.abs(x))  # negative to unsigned: out of range
        else:
            xs, tt = x, t
        if dst == "bool":
            exp = xs != 0
        elif dst.startswith("float"):
            exp = xs.astype(dst)
        else:
            exp = np.trunc(xs).astype(dst) if src.startswith("float") else xs.astype(dst)
        check(tt.cast(dst), exp, dtype=dst, rtol=1e-3 if dst == "float16" else 1e-6)


def test_cast_bfloat16():
    x = np.array([1.0, -2.5, 3.140625, 1e10, np.inf, np.nan], np.float32)
    t = Tensor(x).cast("bfloat16")
    got = t.numpy()
    np.testing.assert_array_equal(got, uop.dtypes.round_bfloat16(x))
    check(t.cast("float32"), uop.dtypes.round_bfloat16(x))
    check(Tensor(np.array([3, -7], np.int32)).cast("bfloat16").cast("int32"), np.array([3, -7], np.int32))


SAME_WIDTH = {8: ["int8", "uint8"], 16: ["int16", "uint16", "float16", "bfloat16"],
              32: ["int32", "uint32", "float32"], 64: ["int64", "uint64", "float64"]}


@pytest.mark.parametrize("bits", sorted(SAME_WIDTH))
def test_bitcast_every_same_width_pair(bits):
    names = SAME_WIDTH[bits]
    raw = RNG.integers(0, 2 ** bits, 17, dtype=np.uint64).astype(f"uint{bits}")
    # no float NaN / inf patterns (the reference's float64 round trip quiets NaN payloads)
    raw &= np.array(~(1 << (bits - 2)) & (2 ** bits - 1), raw.dtype)
    for src in names:
        for dst in names:
            if src == "bfloat16":
                # keep bit patterns that survive the float32 round trip (no NaN payloads)
                r = raw & np.uint16(0x7F7F)
                xin = uop.dtypes.from_bfloat16_bits(r)
            else:
                r = raw
                xin = r.view(src)
            t = Tensor(xin, dtype=src).bitcast(dst)
            if dst == "bfloat16":
                exp = uop.dtypes.from_bfloat16_bits(r.view(np.uint16))
            else:
                exp = r.view(dst)
            got = t.numpy()
            np.testing.assert_array_equal(got.view(np.uint8), exp.view(np.uint8), err_msg=f"{src}->{dst}")
            np.testing.assert_array_equal(t.reference().view(np.uint8), exp.view(np.uint8))


def test_bitcast_errors():
    with pytest.raises(NotImplementedError, match="width"):
        Tensor(np.ones(4, np.float32)).bitcast("int16")
    with pytest.raises(TypeError, match="bool"):
        Tensor([True]).bitcast("int8")
