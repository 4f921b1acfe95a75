"""Python threads through the package's C API binding (issue 42, item 4).

Four threads compile and run an OpenMP program (``Compiler.run``, i.e. uopRun)
three times each: with a compiler of their own and with the process-wide
``default_compiler()``. Before the fix one run's cleanup paused the process-wide
OpenMP runtime while another thread was inside a parallel region, which crashed
the interpreter (7 of 12 runs in the issue's report). The stress runs in a child
process so that a crash fails this test instead of ending pytest.
"""

import subprocess
import sys

from conftest import PYTHON_DIR

STRESS = r"""
import importlib.util, sys, threading
import numpy as np
# The binding module alone: what it does with threads is under test, not
# the rest of the package.
spec = importlib.util.spec_from_file_location("uop_capi", sys.argv[1] + "/uop/_capi.py")
_capi = importlib.util.module_from_spec(spec)
spec.loader.exec_module(_capi)

N = 1024
PROGRAM = f'''
func.func @f(%a: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %m = arith.mulf %a, %a : tensor<{N}x{N}xf32>
  %s = arith.addf %m, %a : tensor<{N}x{N}xf32>
  return %s : tensor<{N}x{N}xf32>
}}
'''
errors = []

def worker(t, runs):
    own = _capi.Compiler()
    for r in range(runs):
        a = (np.arange(N * N, dtype=np.float32).reshape(N, N) + t + r) % 7
        out = np.full((N, N), -1, dtype=np.float32)
        c = own if (t + r) % 2 else _capi.default_compiler()
        try:
            c.run(PROGRAM, "f", "cpu", None, [a], [out])
        except Exception as e:
            errors.append(f"thread {t} run {r}: {e}")
            continue
        if not np.array_equal(out, a * a + a):
            errors.append(f"thread {t} run {r}: wrong result")

threads = [threading.Thread(target=worker, args=(t, 3)) for t in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
print("errors:", errors)
sys.exit(1 if errors else 0)
"""


def test_threads_compile_and_run_concurrently():
    p = subprocess.run([sys.executable, "-c", STRESS, str(PYTHON_DIR)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, (
        f"status {p.returncode} (negative: killed by that signal)\n"
        f"stdout: {p.stdout[-2000:]}\nstderr: {p.stderr[-2000:]}")
    assert "errors: []" in p.stdout
