"""Compile once, run many: the compile cache keyed by the MLIR text, uop.jit, and
compiler errors located at the Python call that built the op."""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

from conftest import line_of

RNG = np.random.default_rng(3)


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def test_second_run_of_the_same_graph_does_not_compile():
    w = f32(8, 4)

    def model(x):
        return (Tensor(x) @ Tensor(w)).relu().sum(1) * 0.25

    x1, x2 = f32(3, 8), f32(3, 8)
    model(x1).numpy()                      # compiled (or already in the cache)
    before = runtime.stats.compiles
    hits = runtime.stats.hits
    got = model(x2).numpy()                # new data, the same structure: no compile
    assert runtime.stats.compiles == before
    assert runtime.stats.hits == hits + 1
    np.testing.assert_allclose(got, np.maximum(x2 @ w, 0).sum(1) * 0.25, rtol=1e-5, atol=1e-6)
    model(f32(5, 8)).numpy()               # another shape: another program
    assert runtime.stats.compiles == before + 1


def test_different_constants_or_dtypes_compile_again():
    x = f32(4)
    (Tensor(x) * 2).numpy()
    n = runtime.stats.compiles
    (Tensor(x) * 3).numpy()
    (Tensor(x.astype(np.float64)) * 2).numpy()
    assert runtime.stats.compiles == n + 2


def test_jit_traces_once_per_signature():
    w1, w2 = f32(6, 5), f32(5, 2)
    calls = []

    @uop.jit
    def mlp(x):
        calls.append(1)
        return x.linear(Tensor(w1)).relu().linear(Tensor(w2)).softmax()

    def ref(x):
        h = np.maximum(x @ w1, 0) @ w2
        e = np.exp(h - h.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)

    xs = [f32(4, 6) for _ in range(4)]
    out = mlp(Tensor(xs[0]))
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(out.numpy(), ref(xs[0]), rtol=1e-5, atol=1e-6)
    compiles = runtime.stats.compiles
    launches = runtime.stats.launches
    for x in xs[1:]:
        np.testing.assert_allclose(mlp(Tensor(x)).numpy(), ref(x), rtol=1e-5, atol=1e-6)
    assert len(calls) == 1 and mlp.traces == 1          # the Python function ran once
    assert runtime.stats.compiles == compiles            # no compile after the first call
    assert runtime.stats.launches == launches + 3        # one launch per call
    mlp(Tensor(f32(7, 6)))                               # a new shape traces again
    assert mlp.traces == 2
    mlp.reset()
    mlp(Tensor(xs[0]))
    assert mlp.traces == 3


def test_jit_multiple_outputs_args_and_lazy_inputs():
    @uop.jit
    def f(a, b, scale=1.0):
        s = (a + b) * scale
        return s.max(0), s.argmax(0), a

    a, b = f32(3, 4), f32(3, 4)
    for _ in range(2):
        m, i, same = f(Tensor(a), Tensor(b), scale=2.0)
        np.testing.assert_allclose(m.numpy(), ((a + b) * 2).max(0), rtol=1e-6)
        np.testing.assert_array_equal(i.numpy(), ((a + b) * 2).argmax(0))
        np.testing.assert_array_equal(same.numpy(), a)
    assert f.traces == 1
    f(Tensor(a), Tensor(b), scale=3.0)   # another non-tensor argument: another trace
    assert f.traces == 2
    m, _, _ = f(Tensor(a) * 1.0, Tensor(b))   # lazy arguments are realized first
    np.testing.assert_allclose(m.numpy(), (a + b).max(0), rtol=1e-6)


def test_jit_rejects_non_tensor_results_and_gpus():
    with pytest.raises(TypeError, match="must return Tensors"):
        uop.jit(lambda x: 3)(Tensor(f32(2)))
    with pytest.raises(NotImplementedError):
        uop.jit(device="cuda")(lambda x: x)


def test_compile_error_names_the_python_line():
    i = Tensor(np.arange(6, dtype=np.int32))
    j = Tensor(np.arange(6, dtype=np.int32) % 3)
    t = (i ** j) + 1  # MARK-IPOWI
    with pytest.raises(uop.CompileError) as e:
        uop.compile(t, target="ptx")
    line = line_of(__file__, "MARK-IPOWI")
    assert f"test_tensor_jit.py\":{line}" in t.to_mlir(locations=True)
    assert f"test_tensor_jit.py:{line}:0: error" in e.value.diagnostics
    assert "math.ipowi" in e.value.diagnostics


def test_located_error_after_a_failed_cpu_compile(monkeypatch):
    # The CPU path compiles the location-free text (the cache key); on an error it
    # compiles the graph again with locations and raises that located error.
    t = Tensor(f32(4)) * 2  # MARK-CPU
    real = uop._capi.run_pipeline

    def failing(text, pipeline):
        if "loc(" not in text:
            raise uop.CompileError("pass pipeline", "input:3:5: error: injected")
        raise uop.CompileError("pass pipeline", text.split("loc(")[1].split(")")[0] + ": error: injected")

    monkeypatch.setattr(uop._capi, "run_pipeline", failing)
    runtime.clear_cache()
    with pytest.raises(uop.CompileError) as e:
        t.numpy()
    assert f"test_tensor_jit.py\":{line_of(__file__, 'MARK-CPU')}" in e.value.diagnostics
    monkeypatch.setattr(uop._capi, "run_pipeline", real)


def test_graph_build_errors_name_the_call():
    x = Tensor(f32(2, 3))
    with pytest.raises(ValueError, match=r"^\+: shapes \(2, 3\) and \(1, 4\)"):
        x + Tensor(f32(4))
    with pytest.raises(ValueError, match="^where: shapes"):
        (x > 0).where(x, Tensor(f32(5)))
    with pytest.raises(ValueError, match="^matmul"):
        x @ x
    with pytest.raises(TypeError, match=r"^\^: not defined on float32"):
        x ^ 1
    with pytest.raises(ValueError, match="^conv2d"):
        x.conv2d(x)


def test_jit_keyword_tensors_are_inputs_and_arrays_are_refused():
    @uop.jit
    def f(a, b=None):
        return a * b

    x, y1, y2 = f32(3), f32(3), f32(3)
    np.testing.assert_allclose(f(Tensor(x), b=Tensor(y1)).numpy(), x * y1, rtol=1e-6)
    np.testing.assert_allclose(f(Tensor(x), b=Tensor(y2)).numpy(), x * y2, rtol=1e-6)  # replayed
    assert f.traces == 1
    with pytest.raises(TypeError, match="numpy array"):
        f(x, b=Tensor(y1))
    with pytest.raises(NotImplementedError, match="container"):
        uop.jit(lambda ts: ts[0])([Tensor(x)])
