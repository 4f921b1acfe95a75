"""Inputs and numpy/Python references for bit-ops-cpu.mlir."""
import sys

import numpy as np

out = sys.argv[2]
A = np.array([0, 1, 2, 3, 0x80000000, 0xFFFFFFFF, 0x00F0F000, 12345678, 7, -5],
             dtype=np.int64).astype(np.uint32).view(np.int32)
B = np.array([0, 1, 0x80, 0xFF, 0x10, 3, 0x7F, 0x40, 9, 0xFE],
             dtype=np.uint8).view(np.int8)
P = np.array([0, 1, 2, 3, 4, 5, 31, -1, -2, -3], dtype=np.int32)


def ctlz(v, w):
    u = int(v) & ((1 << w) - 1)
    return w - u.bit_length()


def cttz(v, w):
    u = int(v) & ((1 << w) - 1)
    return w if u == 0 else (u & -u).bit_length() - 1


def ctpop(v, w):
    return bin(int(v) & ((1 << w) - 1)).count("1")


def ipowi(b, p, w):
    b, p = int(b), int(p)
    if p < 0:
        r = 1 if b == 1 else ((-1 if p & 1 else 1) if b == -1 else 0)
    else:
        r = pow(b, p, 1 << w)
    r &= (1 << w) - 1
    return r - (1 << w) if r >> (w - 1) else r


if sys.argv[1] == "make":
    np.save(f"{out}/a.npy", A)
    np.save(f"{out}/b.npy", B)
    np.save(f"{out}/p.npy", P)
else:
    # Bases: A (i32) and 1 + B (i8, so base 0 with a negative power, undefined, is avoided).
    B1 = (B.astype(np.int64) | 1).astype(np.int8)
    want = [
        [ctlz(v, 32) for v in A], [cttz(v, 32) for v in A], [ctpop(v, 32) for v in A],
        [ctlz(v, 8) for v in B], [cttz(v, 8) for v in B], [ctpop(v, 8) for v in B],
        [ipowi(b, p, 32) for b, p in zip(A, P)],
        [ipowi(b, p, 8) for b, p in zip(B1, P.astype(np.int8))],
    ]
    for i, w in enumerate(want):
        got = np.load(f"{out}/out/{i}.npy").astype(np.int64)
        assert list(got) == list(w), (i, list(got), w)
    print(f"verified {len(want)} outputs")
