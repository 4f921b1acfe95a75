"""Tensor.reference() (the package's numpy evaluator) against plain numpy, op by op."""

import numpy as np
import pytest

import uop
from uop import Tensor

RNG = np.random.default_rng(1234)
A = RNG.standard_normal((2, 3, 4)).astype(np.float32)
B = RNG.standard_normal((3, 1)).astype(np.float32)
P = (RNG.random((3, 4)) + 0.5).astype(np.float32)          # positive, for log / sqrt
I = RNG.integers(-50, 50, (3, 4)).astype(np.int32)
D = RNG.standard_normal((4, 3)).astype(np.float64)
M1 = RNG.standard_normal((5, 7)).astype(np.float32)
M2 = RNG.standard_normal((7, 6)).astype(np.float32)

# name -> (lazy tensor builder, numpy result, expected uop dtype)
CASES = {
    "add": (lambda: Tensor(A) + Tensor(A), A + A, uop.float32),
    "sub": (lambda: Tensor(A) - Tensor(A * 2), A - A * 2, uop.float32),
    "mul": (lambda: Tensor(A) * Tensor(A), A * A, uop.float32),
    "div": (lambda: Tensor(A) / Tensor(P.reshape(3, 4)), A / P, uop.float32),
    "neg": (lambda: -Tensor(A), -A, uop.float32),
    "exp": (lambda: Tensor(A).exp(), np.exp(A), uop.float32),
    "log": (lambda: Tensor(P).log(), np.log(P), uop.float32),
    "sqrt": (lambda: Tensor(P).sqrt(), np.sqrt(P), uop.float32),
    "relu": (lambda: Tensor(A).relu(), np.maximum(A, 0), uop.float32),
    "maximum": (lambda: Tensor(A).maximum(Tensor(B)), np.maximum(A, B), uop.float32),
    "broadcast_trailing": (lambda: Tensor(A) + Tensor(A[0, 0]), A + A[0, 0], uop.float32),
    "broadcast_middle": (lambda: Tensor(A) * Tensor(B), A * B, uop.float32),
    "broadcast_both": (lambda: Tensor(B) + Tensor(P[0]), B + P[0], uop.float32),
    "scalar_add": (lambda: Tensor(A) + 1.5, A + np.float32(1.5), uop.float32),
    "scalar_radd": (lambda: 1.5 + Tensor(A), A + np.float32(1.5), uop.float32),
    "scalar_rsub": (lambda: 2 - Tensor(A), 2 - A, uop.float32),
    "scalar_rmul": (lambda: 3 * Tensor(A), 3 * A, uop.float32),
    "scalar_rdiv": (lambda: 1.0 / Tensor(P), 1.0 / P, uop.float32),
    "scalar_div": (lambda: Tensor(A) / 4, A / 4, uop.float32),
    "ndarray_radd": (lambda: A + Tensor(A), A + A, uop.float32),
    "sum_all": (lambda: Tensor(A).sum(), A.sum(), uop.float32),
    "sum_axis": (lambda: Tensor(A).sum(axis=1), A.sum(axis=1), uop.float32),
    "sum_neg_axis": (lambda: Tensor(A).sum(axis=-1), A.sum(axis=-1), uop.float32),
    "sum_tuple_keepdim": (lambda: Tensor(A).sum(axis=(0, 2), keepdim=True),
                          A.sum(axis=(0, 2), keepdims=True), uop.float32),
    "max_all": (lambda: Tensor(A).max(), A.max(), uop.float32),
    "max_axis_keepdim": (lambda: Tensor(A).max(axis=2, keepdim=True), A.max(axis=2, keepdims=True),
                         uop.float32),
    "mean": (lambda: Tensor(A).mean(axis=0), A.mean(axis=0), uop.float32),
    "matmul": (lambda: Tensor(M1) @ Tensor(M2), M1 @ M2, uop.float32),
    "reshape": (lambda: Tensor(A).reshape(6, 4), A.reshape(6, 4), uop.float32),
    "reshape_infer": (lambda: Tensor(A).reshape((-1, 2)), A.reshape(-1, 2), uop.float32),
    "permute": (lambda: Tensor(A).permute(2, 0, 1), A.transpose(2, 0, 1), uop.float32),
    "transpose_T": (lambda: Tensor(M1).T, M1.T, uop.float32),
    "expand": (lambda: Tensor(B).expand(2, 3, 4), np.broadcast_to(B, (2, 3, 4)), uop.float32),
    "expand_keep": (lambda: Tensor(B).expand(-1, 5), np.broadcast_to(B, (3, 5)), uop.float32),
    "pad": (lambda: Tensor(A).pad([(1, 0), (0, 0), (2, 1)]), np.pad(A, [(1, 0), (0, 0), (2, 1)]),
            uop.float32),
    "pad_none": (lambda: Tensor(A).pad([None, (1, 1), None]), np.pad(A, [(0, 0), (1, 1), (0, 0)]),
                 uop.float32),
    "shrink": (lambda: Tensor(A).shrink([(1, 2), (0, 2), (1, 4)]), A[1:2, 0:2, 1:4], uop.float32),
    "flip": (lambda: Tensor(A).flip((0, 2)), A[::-1, :, ::-1], uop.float32),
    "flip_int_axis": (lambda: Tensor(A).flip(1), A[:, ::-1, :], uop.float32),
    "cast_f64": (lambda: Tensor(A).cast("float64"), A.astype(np.float64), uop.float64),
    "cast_i32": (lambda: (Tensor(A) * 10).cast(uop.int32), (A * 10).astype(np.int32), uop.int32),
    "cast_f32_from_f64": (lambda: Tensor(D).cast(np.float32), D.astype(np.float32), uop.float32),
    "f64_ops": (lambda: (Tensor(D) * 2.5 + 1).exp().sum(axis=0), np.exp(D * 2.5 + 1).sum(axis=0),
                uop.float64),
    "i32_ops": (lambda: Tensor(I) * 3 - Tensor(I) + 7, I * 3 - I + 7, uop.int32),
    "i32_neg": (lambda: -Tensor(I), -I, uop.int32),
    "i32_relu": (lambda: Tensor(I).relu(), np.maximum(I, 0), uop.int32),
    "i32_sum_max": (lambda: Tensor(I).sum(axis=1) + Tensor(I).max(axis=1),
                    I.sum(axis=1) + I.max(axis=1), uop.int32),
    "i32_true_div": (lambda: Tensor(I) / 4, I / 4, uop.float32),
    "i32_exp": (lambda: (Tensor(I) / 50).exp(), np.exp(I / 50), uop.float32),
    "i32_plus_float": (lambda: Tensor(I) + 0.5, I + 0.5, uop.float32),
    "promote_i32_f32": (lambda: Tensor(I) + Tensor(P), I + P, uop.float32),
    "promote_f32_f64": (lambda: Tensor(P) * Tensor(D.T), P * D.T, uop.float64),
    "scalar_tensor": (lambda: Tensor(2.0) * 3 + 1, np.float32(7), uop.float32),
    "zero_d_input": (lambda: Tensor(np.array(3.0, dtype=np.float32)) + Tensor(A), 3.0 + A, uop.float32),
    "contract": (lambda: ((Tensor(M1) @ Tensor(M2) + Tensor(M2[0, :6])).relu()).sum(axis=1),
                 np.maximum(M1 @ M2 + M2[0, :6], 0).sum(axis=1), uop.float32),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reference_matches_numpy(name):
    build, expected, dtype = CASES[name]
    t = build()
    assert t.dtype is dtype
    assert t.shape == np.shape(expected)
    ref = t.reference()
    assert isinstance(ref, np.ndarray)
    assert ref.dtype == dtype.np
    assert ref.shape == np.shape(expected)
    if dtype is uop.int32:
        np.testing.assert_array_equal(ref, expected)
    else:
        np.testing.assert_allclose(ref, np.asarray(expected, dtype=dtype.np), rtol=1e-5, atol=1e-6)


def test_reference_is_float64_then_cast():
    # 1e8 + 1 - 1e8 is 0 in float32 arithmetic but 1 in float64.
    x = Tensor(np.array([1e8], dtype=np.float32))
    r = ((x + 1.0) - x).reference()
    assert r.dtype == np.float32 and r[0] == 1.0


def test_reference_casts_round_at_the_cast():
    x = Tensor(np.array([0.1], dtype=np.float64))
    r = (x.cast("float32").cast("float64") - x).reference()
    assert r[0] == np.float64(np.float32(0.1)) - 0.1


def test_int32_wraps_like_the_hardware():
    x = Tensor(np.array([2 ** 30], dtype=np.int32))
    np.testing.assert_array_equal((x * 4).reference(), np.array([0], dtype=np.int32))


def test_input_array_is_copied():
    a = A.copy()
    t = Tensor(a) * 2
    a[:] = 0
    np.testing.assert_allclose(t.reference(), A * 2)


def test_input_dtypes():
    # Arrays keep their dtype (tinygrad's); lists take the default int / float.
    assert Tensor(np.arange(6)).dtype is uop.int64
    assert Tensor(np.ones(3, dtype=np.float16)).dtype is uop.float16
    assert Tensor(np.ones(3, dtype=bool)).dtype is uop.bool_
    assert Tensor(np.ones(3, dtype=np.longdouble)).dtype is uop.float32
    assert Tensor([1.0, 2.0]).dtype is uop.float32
    assert Tensor([1, 2]).dtype is uop.int32
    assert Tensor(A, dtype="float64").dtype is uop.float64
    assert Tensor(3).dtype is uop.int32 and Tensor(3.0).dtype is uop.float32
    assert Tensor(Tensor(A)).shape == A.shape
