"""Issue 41, items 11 and 12: integer division and remainder by zero, INT_MIN // -1 and
shift counts of the width or more give numpy's results (docs/uop-dialect.md, "Edge
cases"), compiled (the C raised SIGFPE, which killed the Python process) and in the
package's reference."""

import warnings

import numpy as np
import pytest

from uop import Tensor

from helpers import check


def numpy_quiet(fn, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return fn(*args)


@pytest.mark.parametrize("dt", [np.int8, np.int16, np.int32, np.int64])
def test_floordiv_and_mod_by_zero_and_min_over_minus_one(dt):
    lo = np.iinfo(dt).min
    a = np.array([7, -7, lo, lo, 5, 0, -5, 9], dt)
    b = np.array([0, 0, -1, 0, -2, 0, 3, -1], dt)
    check(Tensor(a) // Tensor(b), numpy_quiet(np.floor_divide, a, b))
    check(Tensor(a) % Tensor(b), numpy_quiet(np.remainder, a, b))


@pytest.mark.parametrize("dt", [np.uint8, np.uint32])
def test_unsigned_floordiv_and_mod_by_zero(dt):
    a = np.array([7, 0, np.iinfo(dt).max, 3], dt)
    b = np.array([0, 0, 0, 2], dt)
    check(Tensor(a) // Tensor(b), numpy_quiet(np.floor_divide, a, b))
    check(Tensor(a) % Tensor(b), numpy_quiet(np.remainder, a, b))


def test_shift_counts_of_the_width_or_more():
    x = np.array([1, -1, 5, -5, 3, -3], np.int32)
    s = np.array([32, 40, 31, 100, 0, 33], np.int32)
    check(Tensor(x) << Tensor(s), numpy_quiet(np.left_shift, x, s))
    check(Tensor(x) >> Tensor(s), numpy_quiet(np.right_shift, x, s))
