"""Tensor.numpy(device="cpu"): compiled through uop-to-program, translated to C, run.

These need the compiler's CPU pipeline (uop-to-program{target=cpu}) and the C
translation; they do not skip without them.
"""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

from test_tensor_reference import CASES


@pytest.mark.parametrize("name", sorted(CASES))
def test_numpy_cpu_matches_numpy(name):
    build, expected, dtype = CASES[name]
    t = build()
    got = t.numpy(device="cpu")
    assert got.dtype == dtype.np
    assert got.shape == np.shape(expected)
    if dtype is uop.int32:
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, np.asarray(expected, dtype=dtype.np), rtol=1e-5, atol=1e-6)


def test_numpy_cpu_matches_reference():
    rng = np.random.default_rng(7)
    a = rng.standard_normal((8, 16)).astype(np.float32)
    b = rng.standard_normal((16, 4)).astype(np.float32)
    t = ((Tensor(a) @ Tensor(b)).exp() / (Tensor(a) @ Tensor(b)).exp().sum(axis=1, keepdim=True))
    np.testing.assert_allclose(t.numpy(), t.reference(), rtol=1e-5, atol=1e-6)


def test_contract_as_written():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 3)).astype(np.float32)
    b = rng.standard_normal((3, 5)).astype(np.float32)
    c = rng.standard_normal((5,)).astype(np.float32)
    out = ((Tensor(a) @ Tensor(b) + Tensor(c)).relu()).sum(axis=1)
    text = out.to_mlir()
    res = out.numpy(device="cpu")
    assert "func.func @main" in text
    np.testing.assert_allclose(res, np.maximum(a @ b + c, 0).sum(axis=1), rtol=1e-5, atol=1e-6)


def test_compile_tensor_to_c_has_the_entry():
    t = Tensor(np.ones((2, 2), np.float32)) * 2
    c = uop.compile(t, target="c")
    assert isinstance(c, str)
    assert "uop_main" in c


def test_input_leaf_needs_no_compilation():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    got = Tensor(a).numpy()
    np.testing.assert_array_equal(got, a)


# -- The C ABI of compiled programs, on a hand-written program ---------------

ABI_PROGRAM = r"""
#include <stdint.h>
/* func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xi32>) -> tensor<2x3xf32> */
void uop_main(const float *a, const int32_t *b, float *out) {
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      out[i * 3 + j] = a[i * 3 + j] * (float)b[j];
}
"""


def test_c_abi_of_compiled_programs():
    lib = runtime.build_shared_object(ABI_PROGRAM)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1, 2, 3], dtype=np.int32)
    (out,) = runtime.call_entry(lib, "main", [a, b], [(2, 3)], [np.float32])
    np.testing.assert_array_equal(out, a * b)
    # Non-contiguous inputs are made contiguous first.
    (out,) = runtime.call_entry(lib, "main", [np.asfortranarray(a), b], [(2, 3)], [np.float32])
    np.testing.assert_array_equal(out, a * b)
    # The same source is compiled once.
    assert runtime.build_shared_object(ABI_PROGRAM) is lib


def test_missing_entry_is_reported():
    lib = runtime.build_shared_object("void something_else(void) {}\n")
    with pytest.raises(RuntimeError, match="uop_main"):
        runtime.call_entry(lib, "main", [], [(1,)], [np.float32])


def test_c_compile_errors_are_reported():
    with pytest.raises(RuntimeError, match="compiling the generated C failed"):
        runtime.build_shared_object("this is not C\n")
