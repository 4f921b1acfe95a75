"""device="cuda": a clear RuntimeError without a GPU; with one, the result of the
program compiled through uop-to-nvvm and run by the C API's uopRun."""

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
    a = np.random.default_rng(0).uniform(-1, 1, (64, 48)).astype(np.float32)
    b = np.random.default_rng(1).uniform(-1, 1, (48, 32)).astype(np.float32)
    t = ((Tensor(a) @ Tensor(b)).relu() + 1).sum(axis=1)
    got = t.numpy(device="cuda")
    np.testing.assert_allclose(got, (np.maximum(a.astype(np.float64) @ b, 0) + 1).sum(axis=1),
                               rtol=1e-5, atol=1e-5)


def test_uop_run_through_the_c_api_on_the_cpu():
    # The same entry point as device="cuda", on the CPU target: checks the
    # buffer plumbing of uopRun where no GPU is.
    from uop import _capi
    a = np.random.default_rng(2).uniform(-1, 1, (8, 5)).astype(np.float32)
    t = Tensor(a).exp().sum(axis=0)
    mlir, inputs = t._emit()
    out = np.empty(t.shape, np.float32)
    ms = _capi.default_compiler().run(mlir, "main", "cpu", None,
                                      [np.ascontiguousarray(x) for x in inputs], [out])
    assert ms >= 0
    np.testing.assert_allclose(out, np.exp(a.astype(np.float64)).sum(axis=0), rtol=1e-5)


def test_uop_run_errors_come_back_as_diagnostics():
    from uop import _capi
    with pytest.raises(_capi.CompileError, match="no function named 'nope'"):
        _capi.default_compiler().run("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                                     "  %c = uop.contiguous %a : tensor<2xf32>\n"
                                     "  return %c : tensor<2xf32>\n}", "nope", "cpu", None,
                                     [np.zeros(2, np.float32)], [np.zeros(2, np.float32)])
    if not HAVE_GPU:
        with pytest.raises(_capi.NoGPUError, match="no GPU"):
            _capi.default_compiler().run("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                                         "  %c = uop.contiguous %a : tensor<2xf32>\n"
                                         "  return %c : tensor<2xf32>\n}", "f", "cuda", None,
                                         [np.zeros(2, np.float32)], [np.zeros(2, np.float32)])
