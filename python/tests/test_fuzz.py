"""Seeded random tensor programs: compiled C (through the whole uop pipeline)
against numpy. Each program chains movement ops, elementwise ops and
reductions on small random shapes, which exercises rangeify's index
arithmetic, the symbolic simplifier's div/mod rules, kernel splitting,
upcast/unroll expansion and linearization together."""

import numpy as np
import pytest

from uop import Tensor


def _random_program(rng):
    """Returns (tensor, numpy_value) for a random program."""
    shape = tuple(int(s) for s in rng.integers(1, 9, size=rng.integers(1, 4)))
    a = rng.uniform(-1, 1, size=shape).astype(np.float32)
    t, ref = Tensor(a), a.astype(np.float64)
    for _ in range(int(rng.integers(2, 7))):
        choice = rng.integers(0, 9)
        nd = ref.ndim
        if choice == 0 and nd >= 2:  # permute
            order = tuple(int(i) for i in rng.permutation(nd))
            t, ref = t.permute(*order), ref.transpose(order)
        elif choice == 1:  # reshape (flatten or split the last dim)
            if nd >= 2:
                new = ref.shape[:-2] + (ref.shape[-2] * ref.shape[-1],)
            else:
                n = ref.shape[0]
                d = next((k for k in (4, 3, 2) if n % k == 0 and n > k), 1)
                new = (n // d, d)
            t, ref = t.reshape(*new), ref.reshape(new)
        elif choice == 2:  # pad
            pads = [(int(rng.integers(0, 3)), int(rng.integers(0, 3))) for _ in range(nd)]
            t, ref = t.pad(pads), np.pad(ref, pads)
        elif choice == 3:  # shrink
            bounds = []
            for s in ref.shape:
                lo = int(rng.integers(0, s))
                hi = int(rng.integers(lo + 1, s + 1))
                bounds.append((lo, hi))
            t = t.shrink(bounds)
            ref = ref[tuple(slice(lo, hi) for lo, hi in bounds)]
        elif choice == 4:  # flip
            axis = int(rng.integers(0, nd))
            t, ref = t.flip(axis), np.flip(ref, axis)
        elif choice == 5 and nd >= 1:  # reduction, keeping the rank sometimes
            axis = int(rng.integers(0, nd))
            keep = bool(rng.integers(0, 2)) or nd == 1
            if rng.integers(0, 2):
                t, ref = t.sum(axis=axis, keepdim=keep), ref.sum(axis=axis, keepdims=keep)
            else:
                t, ref = t.max(axis=axis, keepdim=keep), ref.max(axis=axis, keepdims=keep)
        elif choice == 6:  # broadcast against a new input
            b = rng.uniform(-1, 1, size=ref.shape[-1:]).astype(np.float32)
            t, ref = t * Tensor(b), ref * b.astype(np.float64)
        elif choice == 7:  # elementwise unary
            if rng.integers(0, 2):
                t, ref = t.relu(), np.maximum(ref, 0)
            else:
                t, ref = (t * 0.5).exp(), np.exp(ref * 0.5)
        else:  # a value used twice: softmax-like normalisation over the last axis
            m = t.max(axis=nd - 1, keepdim=True)
            mr = ref.max(axis=nd - 1, keepdims=True)
            t, ref = t - m, ref - mr
    return t, ref


@pytest.mark.parametrize("seed", range(100))
def test_random_program_matches_numpy(seed):
    rng = np.random.default_rng(seed)
    t, ref = _random_program(rng)
    got = t.numpy(device="cpu")
    assert got.shape == ref.shape, (got.shape, ref.shape, t.to_mlir())
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5, err_msg=t.to_mlir())


_PTXAS = next((p for p in ("/usr/local/cuda/bin/ptxas",) if __import__("os").path.exists(p)),
              __import__("shutil").which("ptxas"))


@pytest.mark.skipif(_PTXAS is None, reason="ptxas (CUDA toolkit) not found")
@pytest.mark.parametrize("seed", range(30))
def test_random_program_assembles_for_sm80(seed, tmp_path):
    import subprocess
    import uop

    rng = np.random.default_rng(seed)
    t, _ = _random_program(rng)
    ptx = uop.compile(t, target="ptx", chip="sm_80")
    assert ".entry" in ptx
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    res = subprocess.run([_PTXAS, "-arch=sm_80", str(path), "-o", str(tmp_path / "k.cubin")],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr + "\n" + t.to_mlir()
