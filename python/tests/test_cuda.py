"""device="cuda": a clear RuntimeError without a GPU; with one, a result or NotImplementedError."""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

HAVE_GPU = runtime.cuda_available()


@pytest.mark.skipif(HAVE_GPU, reason="a CUDA GPU is present")
def test_cuda_without_gpu_raises_runtime_error():
    t = Tensor(np.ones((4,), np.float32)) + 1
    with pytest.raises(RuntimeError, match="no CUDA GPU"):
        t.numpy(device="cuda")


def test_cuda_status_is_consistent():
    n, why = runtime.cuda_status()
    assert (n > 0) == HAVE_GPU == uop.cuda_available()
    assert n > 0 or why


@pytest.mark.skipif(not HAVE_GPU, reason="needs a CUDA GPU")
def test_cuda_with_gpu():
    a = np.arange(4, dtype=np.float32)
    t = Tensor(a) + 1
    try:
        got = t.numpy(device="cuda")
    except NotImplementedError as e:
        assert "cuda" in str(e)
    else:
        np.testing.assert_allclose(got, a + 1)
