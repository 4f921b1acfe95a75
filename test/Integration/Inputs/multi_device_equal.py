"""Data and comparison for multi-device-equal.test.

  multi_device_equal.py DIR            writes the inputs and their shards
  multi_device_equal.py DIR --compare  compares the outputs with numpy
"""
import sys

import numpy as np

d = sys.argv[1]
rng = np.random.default_rng(5)
a = rng.standard_normal((128, 192)).astype(np.float32)
b = rng.standard_normal((192, 160)).astype(np.float32)
bias = rng.standard_normal(160).astype(np.float32)
x = (4 * rng.standard_normal((256, 384))).astype(np.float32)

if "--compare" not in sys.argv:
    for name, v in dict(a=a, b=b, bias=bias, x=x, a0=a[:, :96], a1=a[:, 96:],
                        b0=b[:96], b1=b[96:], x0=x[:128], x1=x[128:]).items():
        np.save(f"{d}/{name}.npy", np.ascontiguousarray(v))
    sys.exit(0)


def close(got, ref, tol):
    got = got.astype(np.float64)
    scale = max(np.abs(ref).max(), 1e-30)
    return got.shape == ref.shape and np.abs(got - ref).max() <= tol * scale


mm = np.maximum(a.astype(np.float64) @ b.astype(np.float64) + bias, 0)
xd = x.astype(np.float64)
e = np.exp(xd - xd.max(axis=1, keepdims=True))
sm = e / e.sum(axis=1, keepdims=True)
ok = True
for name, ref, one, two in [("matmul_bias_relu", mm, "one", "two"),
                            ("softmax", sm, "sm1", "sm2")]:
    r1 = close(np.load(f"{d}/{one}/0.npy"), ref, 1e-5)
    r2 = close(np.load(f"{d}/{two}/0.npy"), ref, 1e-5)
    ok &= r1 and r2
    print(f"{name}: one-device vs numpy {'ok' if r1 else 'FAIL'}, "
          f"two-device vs numpy {'ok' if r2 else 'FAIL'}")
sys.exit(0 if ok else 1)
