"""Tensor.shard: graphs on several CPU ranks (MPI), checked against numpy and the
one-device result (docs/multi-device.md)."""
import shutil

import numpy as np
import pytest

import uop
from uop import Tensor
from uop import runtime

needs_mpi = pytest.mark.skipif(
    shutil.which("mpirun") is None or not runtime.uop_run_path().is_file(),
    reason="needs mpirun (openmpi-bin) and uop-run built with MPI")


def test_shard_builds_multi():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(4, 6))
    s = x.shard(2, axis=1)
    assert s.shape == (4, 6) and s.devices == 2
    text = s.to_mlir()
    assert "uop.shrink" in text
    assert "uop.multi %0, %1 axis 1 : tensor<4x3xf32>, tensor<4x3xf32> -> tensor<4x6xf32>" in text
    np.testing.assert_array_equal(s.reference(), x.numpy())
    rep = x.shard(3)
    assert rep.devices == 3 and "uop.multi %arg0, %arg0, %arg0 :" in rep.to_mlir()


def test_shard_errors():
    x = Tensor(np.zeros((4, 6), np.float32))
    with pytest.raises(ValueError, match="does not split into 4 equal shards"):
        x.shard(4, axis=1)
    with pytest.raises(ValueError, match="positive number of ranks"):
        x.shard(0)
    with pytest.raises(ValueError, match="from Python a sharded graph runs on CPU ranks"):
        x.shard(2, axis=0).exp().numpy(device="cuda")


@needs_mpi
def test_sharded_matmul_bias_relu():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((32, 48)).astype(np.float32)
    b = rng.standard_normal((48, 40)).astype(np.float32)
    bias = rng.standard_normal(40).astype(np.float32)
    # K split: the sum over the sharded axis all-reduces the partial products.
    out = (Tensor(a).shard(2, axis=1) @ Tensor(b).shard(2, axis=0) + Tensor(bias)).relu()
    ref = np.maximum(a.astype(np.float64) @ b + bias, 0)
    got = out.numpy()
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)
    one = (Tensor(a) @ Tensor(b) + Tensor(bias)).relu().numpy()
    np.testing.assert_allclose(got, one, rtol=1e-5, atol=1e-6)


@needs_mpi
def test_sharded_softmax_rows():
    x = np.random.default_rng(4).standard_normal((16, 64)).astype(np.float32)
    got = Tensor(x).shard(2, axis=1).softmax(axis=1).numpy()
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
