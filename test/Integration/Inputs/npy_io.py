"""Makes the inputs of npy-io.mlir and checks what uop-run wrote, with numpy.

  npy_io.py make DIR     writes DIR/a.npy (int64 above 2^53), DIR/b.npy
                         (uint32 above 2^31), DIR/c.npy (float64)
  npy_io.py verify DIR   compares DIR/out/<i>.npy with numpy's results:
                         dtype, shape and every value, exactly
"""
import sys

import numpy as np

d = sys.argv[2]
a = np.array([[2**61 + 1, -(2**61) - 3, 2**53 + 1], [7, -8, 2**62 - 1]], dtype=np.int64)
b = np.array([[4000000000, 1, 2**31], [2**32 - 1, 0, 123456789]], dtype=np.uint32)
c = np.array([0.1, 1e-300, -2.5], dtype=np.float64)

if sys.argv[1] == "make":
    np.save(f"{d}/a.npy", a)
    np.save(f"{d}/b.npy", b)
    np.save(f"{d}/c.npy", c)
    sys.exit(0)

with np.errstate(over="ignore"):
    expected = [
        a + a,                                   # i64 add, wraps
        b + b,                                   # u32 add, wraps mod 2^32
        np.broadcast_to(c, (2, 3)).sum(axis=1),  # f64 reduce
        b < np.uint32(2**31),                    # unsigned compare
        a.astype(np.int8),                       # trunci
    ]
for i, want in enumerate(expected):
    got = np.load(f"{d}/out/{i}.npy")
    assert got.dtype == want.dtype, (i, got.dtype, want.dtype)
    assert got.shape == want.shape, (i, got.shape, want.shape)
    assert np.array_equal(got, want), (i, got, want)
print("verified", len(expected), "outputs")
