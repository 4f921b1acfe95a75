"""Shared checks of the Tensor tests: a lazy tensor, compiled and run on the CPU and
evaluated by the package's numpy reference, against a result computed with numpy."""

import numpy as np

import uop


def check(t, expected, rtol=1e-5, atol=1e-6, dtype=None, reference=True):
    """``t.numpy()`` (and ``t.reference()``) equal ``expected``: exactly for integers and
    bools, within ``rtol`` / ``atol`` for floats (NaN where expected NaN)."""
    expected = np.asarray(expected)
    if dtype is not None:
        assert t.dtype is uop.dtypes.to_dtype(dtype), (t.dtype, dtype)
    outs = [("numpy", t.numpy())]
    if reference:
        outs.append(("reference", t.reference()))
    for what, got in outs:
        assert got.shape == expected.shape, (what, got.shape, expected.shape)
        assert got.dtype == t.dtype.np, (what, got.dtype, t.dtype)
        if t.dtype.is_float:
            np.testing.assert_allclose(got.astype(np.float64), expected.astype(np.float64),
                                       rtol=rtol, atol=atol, equal_nan=True, err_msg=what)
        else:
            np.testing.assert_array_equal(got, expected.astype(got.dtype), err_msg=what)
    return outs[0][1]


def rand_shape(rng, ndim=None, lo=1, hi=6):
    ndim = int(rng.integers(1, 4)) if ndim is None else ndim
    return tuple(int(s) for s in rng.integers(lo, hi, ndim))


def tinygrad_test_file(suite_module, name):
    """tinygrad's test file ``name`` (e.g. "test_ops.py") in the checkout $UOP_TINYGRAD_DIR,
    found by ``suite_module.find_test_file`` (run_suite / run_nn_suite); skips without a
    checkout or without torch (the tests' reference), fails when the checkout lacks the file."""
    import os

    import pytest
    root = os.environ.get("UOP_TINYGRAD_DIR")
    if not root:
        from run_suite import PINNED_COMMIT
        pytest.skip("set UOP_TINYGRAD_DIR to a tinygrad checkout (pinned commit "
                    f"{PINNED_COMMIT}) to run tinygrad's {name} subset")
    pytest.importorskip("torch", reason=f"tinygrad's {name} needs torch as its reference")
    test_file = suite_module.find_test_file(root)
    if test_file is None:
        pytest.fail(f"UOP_TINYGRAD_DIR={root} holds no test/backend/{name}")
    return test_file
