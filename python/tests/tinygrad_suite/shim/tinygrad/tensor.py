"""tinygrad.tensor's names that test_ops.py imports."""

from uop import Tensor


def _to_np_dtype(dtype):
    return dtype.np
