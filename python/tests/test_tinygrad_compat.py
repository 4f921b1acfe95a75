"""Differences from torch and tinygrad that tinygrad's test_ops.py found (run_suite.py in
tinygrad_suite/): each test here failed before its fix. torch is the reference where it is
installed; the expected values below were computed with torch 1.13."""

import numpy as np
import pytest

from uop import Tensor
from uop.dtypes import dtypes

try:
    import torch
except ImportError:  # the pinned expectations below still check everything
    torch = None


CUM_CASES = [
    # (input, cummax indices, cummin indices) along axis 0, from torch 1.13
    (np.array([1, 3, 3, 2, 5, 5, 1], np.float32), [0, 1, 2, 2, 4, 5, 5], [0, 0, 0, 0, 0, 0, 6]),
    (np.array([1, np.nan, 3, np.nan, 0], np.float32), [0, 1, 1, 3, 3], [0, 1, 1, 3, 3]),
    (np.array([2, 2, 1, 7, 7], np.int32), [0, 1, 1, 3, 4], [0, 1, 2, 2, 2]),
    (np.array([True, False, True]), [0, 0, 2], [0, 1, 1]),
]


@pytest.mark.parametrize("case", range(len(CUM_CASES)))
def test_cummax_cummin_return_values_and_indices(case):
    # Before: cummax/cummin returned the values only, so tinygrad's `t.cummax(0)[0]` was the
    # first element (shape () instead of (n,)) and `[1]` the second: a silent wrong result.
    x, imax, imin = CUM_CASES[case]
    for op, acc, idx in (("cummax", np.maximum.accumulate, imax),
                         ("cummin", np.minimum.accumulate, imin)):
        values, indices = getattr(Tensor(x), op)(0)
        assert values.dtype == Tensor(x).dtype and indices.dtype == dtypes.int32
        np.testing.assert_array_equal(values.numpy(), acc(x))
        np.testing.assert_array_equal(indices.numpy(), np.array(idx, np.int32))
        if torch is not None:
            ref = getattr(torch, op)(torch.tensor(x), dim=0)
            np.testing.assert_array_equal(indices.numpy(), ref.indices.numpy())


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_cummax_cummin_indices_along_any_axis(axis):
    x = np.random.default_rng(7).integers(-3, 4, (3, 5, 4)).astype(np.float32)  # many ties
    for op, acc in (("cummax", np.maximum.accumulate), ("cummin", np.minimum.accumulate)):
        values, indices = getattr(Tensor(x), op)(axis)
        np.testing.assert_array_equal(values.numpy(), acc(x, axis))
        got = indices.numpy()
        # the index points at an element equal to the running extreme, the latest such
        ax = axis % 3
        picked = np.take_along_axis(x, got.astype(np.int64), ax)
        np.testing.assert_array_equal(picked, acc(x, ax))
        pos = np.arange(x.shape[ax]).reshape([-1 if i == ax else 1 for i in range(3)])
        assert (got <= pos).all()
        if torch is not None:
            ref = getattr(torch, op)(torch.tensor(x), dim=axis)
            np.testing.assert_array_equal(got, ref.indices.numpy())


def test_cummax_of_0d_and_empty():
    v, i = Tensor(np.float32(3)).cummax(0)
    assert v.numpy() == np.float32(3) and i.numpy() == 0 and i.dtype == dtypes.int32
    v, i = Tensor(np.zeros((2, 0, 4), np.float32)).cummin(1)
    assert v.numpy().shape == (2, 0, 4) and i.numpy().shape == (2, 0, 4)


def test_dtypes_namespace_min_max():
    assert dtypes.int.max == 2 ** 31 - 1 and dtypes.int.min == -2 ** 31
    assert dtypes.uint8.max == 255 and dtypes.max(dtypes.int8) == 127
    assert dtypes.float.max == float("inf") and dtypes.bool.min is False
    assert dtypes.long is dtypes.int64 and dtypes.half is dtypes.float16
