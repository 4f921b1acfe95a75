"""Host arrays as the compiled programs read them: C-order and 64-byte aligned.

uop-run's host buffers start on a cache line (HostData.h: PyTorch's CPU allocator
aligns to 64 bytes too). numpy's large arrays come from malloc and start 16 bytes
into a line, so every 512-bit load of a row straddles two lines: the GPT-2 block of
benchmarks/models ran 5-6 ms (about 20%) slower per call on numpy's own arrays than on
aligned copies of them. The arrays the package makes for programs are allocated here:
a program's outputs, the arrays a uop.jit recording reads at every replay (made
aligned once), the bfloat16 bits, and, from ALIGNED_BYTES on, a Tensor's input array
and a replay's state and results.

No imports from the package: tensor.py and dtypes.py use it at import time.
"""

import numpy as np

ALIGN = 64

# host_copy aligns arrays from this size on: below it the aligned allocation's Python
# cost (about 3 us, as much again as the copy) outweighs what a few cache lines save.
ALIGNED_BYTES = 4096


def aligned_empty(shape, dtype):
    """An uninitialised C-order array whose data starts on a cache line, as uop-run's
    buffers do (a large malloc block is 16-byte aligned: every 512-bit row access
    would straddle two lines)."""
    dtype = np.dtype(dtype)
    shape = tuple(shape) if np.ndim(shape) else (int(shape),)
    n = dtype.itemsize
    for s in shape:
        n *= int(s)
    raw = np.empty(n + ALIGN, dtype=np.uint8)
    start = -raw.ctypes.data % ALIGN
    return raw[start:start + n].view(dtype).reshape(shape)


def is_aligned(arr):
    """Whether ``arr`` is C-contiguous and starts on a cache line."""
    return arr.flags.c_contiguous and arr.ctypes.data % ALIGN == 0


def aligned_copy(arr, dtype=None):
    """A C-order copy of ``arr`` (converted to ``dtype`` as ``np.array(arr, dtype)``
    converts: unsafe casting) in memory that starts on a cache line."""
    arr = np.asarray(arr)
    out = aligned_empty(arr.shape, arr.dtype if dtype is None else dtype)
    np.copyto(out, arr, casting="unsafe")
    return out


def host_copy(arr, dtype=None):
    """A C-order copy of ``arr`` (converted to ``dtype``; 0-d stays 0-d) that a program
    reads in place: aligned from ALIGNED_BYTES on (``np.array``'s copy below that)."""
    arr = np.asarray(arr)
    d = arr.dtype if dtype is None else np.dtype(dtype)
    if arr.size * d.itemsize >= ALIGNED_BYTES:
        return aligned_copy(arr, d)
    return np.array(arr, dtype=d, order="C", copy=True)


def aligned(arr, dtype=None):
    """``arr`` itself when it is already C-contiguous, aligned and of ``dtype``, else
    an aligned copy (converted to ``dtype``)."""
    arr = np.asarray(arr)
    if (dtype is None or arr.dtype == np.dtype(dtype)) and is_aligned(arr):
        return arr
    return aligned_copy(arr, dtype)


def aligned_full(shape, value, dtype):
    """``np.full(shape, value, dtype)`` in memory that starts on a cache line."""
    out = aligned_empty(shape, dtype)
    out.fill(value)
    return out
