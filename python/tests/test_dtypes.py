"""Every dtype through uop.Tensor: inputs, outputs, arithmetic, reductions and casts
on the CPU, compared with numpy; tinygrad's promotion lattice.
"""

import numpy as np
import pytest

import uop
from uop import CompileError, Tensor
from uop import dtypes as dt

RNG = np.random.default_rng(12)
INTS = [dt.int8, dt.uint8, dt.int16, dt.uint16, dt.int32, dt.uint32, dt.int64, dt.uint64]
FLOATS = [dt.float32, dt.float64]
HALVES = [dt.float16, dt.bfloat16]


def sample(d, shape):
    """Random values of ``d``: the full range for integers (so adds and products wrap),
    [-4, 4) for floats, 0/1 for bools."""
    if d.is_bool:
        return RNG.integers(0, 2, shape).astype(bool)
    if d.is_int:
        info = np.iinfo(d.np)
        return RNG.integers(info.min, info.max, shape, dtype=d.np, endpoint=True)
    a = RNG.uniform(-4, 4, shape).astype(np.float32 if d is dt.bfloat16 else d.np)
    return dt.round_bfloat16(a) if d is dt.bfloat16 else a


def np_of(d):
    return np.float32 if d is dt.bfloat16 else d.np


# -- promotion ---------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, want", [
    (dt.int32, dt.float32, dt.float32), (dt.int8, dt.uint8, dt.int16),
    (dt.uint8, dt.uint16, dt.uint16), (dt.int32, dt.uint32, dt.int64),
    (dt.int64, dt.uint64, dt.float16), (dt.float16, dt.bfloat16, dt.float32),
    (dt.bool_, dt.int8, dt.int8), (dt.bool_, dt.uint8, dt.uint8), (dt.bool_, dt.bool_, dt.bool_),
    (dt.uint32, dt.float16, dt.float16), (dt.float32, dt.float64, dt.float64),
    (dt.int16, dt.bfloat16, dt.bfloat16),
])
def test_promotion_is_tinygrads_lattice(a, b, want):
    assert dt.promote(a, b) is want and dt.promote(b, a) is want


def test_numpy_arrays_keep_their_dtype():
    for d in [dt.bool_, *INTS, dt.float16, *FLOATS]:
        assert Tensor(np.zeros(3, d.np)).dtype is d
    assert Tensor([1, 2]).dtype is dt.int32 and Tensor([True]).dtype is dt.bool_
    assert Tensor(np.zeros(2, np.float32), dtype="bfloat16").dtype is dt.bfloat16
    assert uop.uint32 is dt.uint32 and dt.to_dtype("u64") is dt.uint64


def test_bfloat16_bits_round_to_nearest_even():
    # f32 1/3 = 0x3EAAAAAB rounds up to 0x3EAB; 1 + 2^-8 (a tie) to 1.0 (even).
    bits = dt.to_bfloat16_bits(np.array([1 / 3, 1 + 2 ** -8, 1 + 3 * 2 ** -8, -2.0], np.float32))
    assert list(bits) == [0x3EAB, 0x3F80, 0x3F82, 0xC000]
    assert dt.from_bfloat16_bits(np.uint16(0x3EAB)) == np.float32(0.333984375)


def test_unsigned_interface_in_the_mlir():
    t = Tensor(np.zeros(4, np.uint16)) + Tensor(np.ones(4, np.uint16))
    text = t.to_mlir()
    assert "%arg0: tensor<4xi16> {uop.unsigned}" in text
    assert "-> (tensor<4xi16> {uop.unsigned})" in text
    uop.parse_verify(text)  # the dialect accepts it


# -- arithmetic and reductions on the CPU ------------------------------------------------

def check_ops(d):
    a, b = sample(d, (3, 17)), sample(d, (3, 17))
    ta, tb = Tensor(a, dtype=d), Tensor(b, dtype=d)
    with np.errstate(all="ignore"):
        if d.is_bool:
            want = [a | b, a & b, a | b, np.any(a, axis=1)]
            got = [ta + tb, ta * tb, ta.maximum(tb), ta.max(axis=1)]
        else:
            want = [a + b, a * b, np.maximum(a, b), a.max(axis=1)]
            got = [ta + tb, ta * tb, ta.maximum(tb), ta.max(axis=1)]
    if d is dt.bfloat16:
        # numpy computes bfloat16 (float32 on the host) in float32: round each
        # result to bfloat16 as the program does.
        want = [dt.from_bfloat16_bits(dt.to_bfloat16_bits(w.astype(np.float32)))
                for w in want]
    for g, w in zip(got, want):
        out = g.numpy()
        assert out.dtype == np_of(d) and out.shape == w.shape, (g, out.dtype)
        if d.is_float:
            np.testing.assert_allclose(out, w, rtol=1e-6 if d is dt.float32 else 1e-12)
        else:
            np.testing.assert_array_equal(out, w)  # integers wrap exactly as numpy's
        # The numpy reference of the graph says the same.
        np.testing.assert_array_equal(g.reference(), out)


@pytest.mark.parametrize("d", [dt.bool_, *INTS, *FLOATS], ids=lambda d: d.name)
def test_elementwise_and_max_every_dtype(d):
    check_ops(d)


@pytest.mark.parametrize("d", HALVES, ids=lambda d: d.name)
def test_elementwise_and_max_half(d):
    check_ops(d)


@pytest.mark.parametrize("d", [dt.bool_, *INTS], ids=lambda d: d.name)
def test_sum_accumulates_like_tinygrad(d):
    a = sample(d, (4, 9))
    s = Tensor(a).sum(axis=1)
    want_dtype = dt.promote(d, dt.uint32 if d.is_unsigned else dt.int32)
    assert s.dtype is want_dtype
    with np.errstate(all="ignore"):
        want = a.astype(want_dtype.np).sum(axis=1, dtype=want_dtype.np)
    np.testing.assert_array_equal(s.numpy(), want)


def test_64_bit_integers_are_exact():
    a = np.array([2 ** 62 + 1, -(2 ** 61) - 3, 2 ** 53 + 1], np.int64)
    np.testing.assert_array_equal((Tensor(a) + Tensor(a)).numpy(), a + a)
    u = np.array([2 ** 64 - 1, 2 ** 63 + 5, 7], np.uint64)
    v = np.array([1, 2 ** 63, 2 ** 64 - 2], np.uint64)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal((Tensor(u) + Tensor(v)).numpy(), u + v)
    assert Tensor(u).max().numpy() == 2 ** 64 - 1  # unsigned, not -1
    assert Tensor(u).maximum(Tensor(v)).numpy()[1] == 2 ** 63 + 5


def test_unsigned_max_reduction_above_the_sign_bit():
    a = np.array([[4000000000, 5, 2 ** 31], [1, 0, 2 ** 31 - 1]], np.uint32)
    np.testing.assert_array_equal(Tensor(a).max(axis=1).numpy(), a.max(axis=1))


# -- casts -----------------------------------------------------------------------------

CAST_TYPES = [dt.bool_, *INTS, *FLOATS]


def cast_source(src):
    """Values every destination holds: 0..100 with fractions for floats, plus zeros."""
    if src.is_bool:
        return np.array([True, False, True, True])
    if src.is_float:
        return np.array([0.0, 1.75, 99.5, 42.25, 0.5], np_of(src))
    return np.array([0, 1, 100, 42, 7], src.np)


def check_cast(src, dst):
    a = cast_source(src)
    got = Tensor(a, dtype=src).cast(dst).numpy()
    want = (a != 0) if dst.is_bool else a.astype(np_of(dst))
    assert got.dtype == np_of(dst)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("src", CAST_TYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("dst", CAST_TYPES, ids=lambda d: d.name)
def test_cast_every_pair(src, dst):
    check_cast(src, dst)


@pytest.mark.parametrize("src, dst", [(dt.float32, dt.float16), (dt.float16, dt.float32),
                                      (dt.float32, dt.bfloat16), (dt.float16, dt.bfloat16),
                                      (dt.int32, dt.float16), (dt.bfloat16, dt.int8)],
                         ids=lambda d: d.name)
def test_cast_half(src, dst):
    check_cast(src, dst)


def test_half_reference_rounds_every_op():
    # The numpy reference of a float16 graph rounds each result: 2048 + 1 is 2048.
    t = Tensor(np.array([2048.0], np.float16)) + 1.0
    assert t.dtype is dt.float16 and t.reference()[0] == 2048.0
    b = Tensor(np.array([1.0], np.float32), dtype="bfloat16") / 3.0
    assert b.reference()[0] == np.float32(0.333984375)
