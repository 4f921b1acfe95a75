"""One runtime for every front end (issue 45, item 2): Python compiles and runs through
the C API's uopCompile / uopExecutableRun, the runtime of uop-run, with its compiler
choice, flags, host configuration, OpenMP and UOP_CACHE_DIR cache."""

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

PYTHON_DIR = Path(__file__).resolve().parent.parent

PROGRAM = """
import numpy as np
from uop import Tensor
a = np.arange(48, dtype=np.float32).reshape(6, 8) / 7
b = np.arange(40, dtype=np.float32).reshape(8, 5) / 3
got = ((Tensor(a) @ Tensor(b)).relu() + 1.0).numpy()
assert np.allclose(got, np.maximum(a @ b, 0) + 1, rtol=1e-5), got
print("ok")
"""


def run_python(code, **env):
    e = dict(os.environ, **env)
    e["PYTHONPATH"] = str(PYTHON_DIR) + os.pathsep + e.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("cc", ["clang-22", "gcc"])
def test_numpy_runs_with_either_c_compiler(cc, tmp_path):
    # Before: the GCC-only -fno-tree-loop-vectorize made every .numpy() fail with clang.
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} is not installed")
    p = run_python(PROGRAM, CC=cc, UOP_CACHE_DIR=str(tmp_path))
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-3000:]


def test_missing_c_compiler_is_reported(tmp_path):
    p = run_python(PROGRAM, CC="no-such-cc-for-uop", UOP_CACHE_DIR=str(tmp_path))
    assert p.returncode != 0
    assert "C compiler 'no-such-cc-for-uop' not found (set CC)" in p.stderr, p.stderr[-3000:]
    assert "Traceback" in p.stderr and "Segmentation" not in p.stderr


def test_host_configuration_is_the_runtimes():
    # The vector width comes from the runtime's host configuration: a malformed
    # UOP_VECTOR_BITS is reported (the old Python path never read it).
    p = run_python(PROGRAM, UOP_VECTOR_BITS="100")
    assert p.returncode != 0
    assert "UOP_VECTOR_BITS must be a power of two" in p.stderr, p.stderr[-3000:]
    # A valid override compiles and runs.
    p = run_python(PROGRAM, UOP_VECTOR_BITS="256")
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-3000:]


def test_programs_run_on_openmp():
    # The runtime builds with -fopenmp: the process maps an OpenMP runtime once a
    # program has run (the old path built serial code). UOP_OPENMP=0 builds serial code.
    code = PROGRAM + """
maps = open("/proc/self/maps").read()
print("omp" if ("libomp" in maps or "libgomp" in maps) else "serial")
"""
    p = run_python(code, UOP_OPENMP="1")
    assert p.returncode == 0 and p.stdout.split() == ["ok", "omp"], (p.stdout, p.stderr[-2000:])
    p = run_python(code, UOP_OPENMP="0")
    assert p.returncode == 0 and p.stdout.split() == ["ok", "serial"], (p.stdout, p.stderr[-2000:])


def test_python_and_uop_run_share_the_cache(tmp_path):
    # The same program compiled by Python and by uop-run is one cache entry: the same
    # C, the same compiler and flags. uop-run's timed runs add one more: the program
    # compiled again at -O2 (a small program starts below it, docs/uop-pipeline.md).
    cache = tmp_path / "cache"
    code = PROGRAM + """
a = np.arange(48, dtype=np.float32).reshape(6, 8) / 7
b = np.arange(40, dtype=np.float32).reshape(8, 5) / 3
print(((Tensor(a) @ Tensor(b)).relu() + 1.0).to_mlir())
"""
    p = run_python(code, UOP_CACHE_DIR=str(cache))
    assert p.returncode == 0, p.stderr[-3000:]
    entries = glob.glob(str(cache / "prog_*"))
    assert len(entries) == 1, os.listdir(cache)
    mlir = p.stdout.split("ok\n", 1)[1]
    (tmp_path / "g.mlir").write_text(mlir)
    exe = runtime.uop_run_path()
    r = subprocess.run([str(exe), str(tmp_path / "g.mlir"), "--check", "--repeat", "1"],
                       env=dict(os.environ, UOP_CACHE_DIR=str(cache)), capture_output=True, text=True)
    assert r.returncode == 0 and "check=pass" in r.stdout, r.stdout + r.stderr
    after = glob.glob(str(cache / "prog_*"))
    assert set(entries) < set(after) and len(after) == 2, os.listdir(cache)


def test_compiled_program_runs_many_times_and_times():
    t = Tensor(np.ones((64, 64), np.float32)) @ Tensor(np.ones((64, 32), np.float32))
    mlir, _ = t._emit()
    prog = runtime.compile_program(mlir)
    for k in (1.0, 2.0):
        a = np.full((64, 64), k, np.float32)
        b = np.ones((64, 32), np.float32)
        (out,) = prog.run([a, b], [(64, 32)], [np.float32])
        np.testing.assert_array_equal(out, np.full((64, 32), 64 * k, np.float32))
    assert prog.time(3) >= 0
    with pytest.raises(RuntimeError, match="takes 2 inputs and 1 outputs, got 1 and 1"):
        prog.run([a], [(64, 32)], [np.float32])


def test_program_time_refuses_once_the_last_runs_buffers_are_gone():
    # time() reruns on the last run's buffers: after an array was collected that
    # was a use-after-free (heap corruption, a crash at exit after timing a model).
    import gc
    t = Tensor(np.ones((64, 64), np.float32)) @ Tensor(np.ones((64, 32), np.float32))
    mlir, _ = t._emit()
    prog = runtime.compile_program(mlir)
    with pytest.raises(RuntimeError, match="needs a run first"):
        prog.time(1)
    a, b = np.ones((64, 64), np.float32), np.ones((64, 32), np.float32)
    (out,) = prog.run([a, b], [(64, 32)], [np.float32])
    out[:] = 0
    assert prog.time(2) >= 0
    np.testing.assert_array_equal(out, np.full((64, 32), 64, np.float32))
    del out
    gc.collect()
    with pytest.raises(RuntimeError, match="is gone"):
        prog.time(1)


def test_compile_errors_are_compile_errors():
    with pytest.raises(uop.CompileError) as e:
        runtime.compile_program("func.func @main() {\n  %x = uop.bogus\n}\n")
    assert "input:2:" in e.value.diagnostics
    with pytest.raises(uop.CompileError, match="no function named 'nope'"):
        runtime.compile_program("func.func @main() { return }\n", entry="nope")


def _aligned(a):
    return a.ctypes.data % runtime.ALIGN == 0


def test_program_buffers_start_on_a_cache_line():
    # uop-run's host buffers are 64-byte aligned; numpy's large arrays start 16 bytes into a
    # line, and the GPT-2 block ran ~20% slower per uop.jit call on them (misaligned
    # 512-bit row loads). The arrays the package makes for programs are aligned (a
    # Tensor's input array from runtime.ALIGNED_BYTES on).
    rng = np.random.default_rng(0)
    raw = np.empty(4096 * 4 + 64, np.uint8)
    off = (16 - raw.ctypes.data) % 64  # a float32 view that is 16 bytes into a cache line
    w_np = raw[off:off + 4096 * 4].view(np.float32).reshape(64, 64)
    w_np[...] = rng.standard_normal((64, 64))
    assert not _aligned(w_np)
    w = Tensor(w_np)
    assert _aligned(w._node.data) and not w._node.data.flags.writeable
    np.testing.assert_array_equal(w._node.data, w_np)
    for a in (np.array(2.5), np.arange(6).reshape(2, 3)[:, ::2], np.zeros((0, 3))):
        t = Tensor(a)
        assert t._node.data.shape == np.shape(a)
        np.testing.assert_array_equal(t._node.data, np.asarray(a, t.dtype.np))
    bits = uop.dtypes.to_bfloat16_bits(w_np)
    assert _aligned(bits) and bits.dtype == np.uint16

    @uop.jit
    def f(x):
        return (x @ Tensor(w_np)).relu()

    x = rng.standard_normal((32, 64)).astype(np.float32)  # 8 KiB: aligned (ALIGNED_BYTES)
    for _ in range(3):
        got = f(Tensor(x))
        np.testing.assert_allclose(got.numpy(), np.maximum(x @ w_np, 0), rtol=1e-4, atol=1e-4)
        assert _aligned(got._node.data)
    (entry, _, _), = f._plans.values()
    (plan,) = entry.plans
    assert all(_aligned(a) for s, _, a in plan.sources if s is None)
    assert _aligned((Tensor(x) + 1).numpy())  # an output
    # A non-contiguous input is copied (into an aligned buffer) for the launch.
    prog = runtime.compile_cpu(Tensor(x[:8, :8]).relu().to_mlir())
    (y,) = prog.run([x[:8, ::8]], [(8, 8)], [np.float32])
    np.testing.assert_array_equal(y, np.maximum(x[:8, ::8], 0))
