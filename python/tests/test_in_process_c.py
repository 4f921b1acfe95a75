"""Generated C compiled in process (issue 45 item 3): clang's front end parses the
leading #include / #define block once per set of flags (a precompiled preamble) from
the second compile on; a preamble must never serve a source whose block differs.
Each case runs in a fresh process (the preamble lives for the process)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
BUILD_DIR = Path(os.environ.get("UOP_BUILD_DIR", PYTHON_DIR.parent / "build"))

pytestmark = pytest.mark.skipif(not (BUILD_DIR / "lib" / "libUOpClangCompiler.so").is_file(),
                                reason="built without clang's libraries (libUOpClangCompiler.so)")

WORKER = r"""
import ctypes, sys
sys.path.insert(0, sys.argv[1])
from uop import runtime
def value(src):
    lib = runtime.build_shared_object(src)
    return ctypes.CFUNCTYPE(ctypes.c_int)(lib.symbol("f"))()
# Groups of three sources that share a preamble (the second and third compile
# from it), the groups' preambles differing only in a macro's value or in the
# header; a preamble reused across groups returns the wrong K.
got = []
for k in (2, 3, 2, 5):
    for j in range(3):
        got.append(value("#include <stdint.h>\n#define K %d\nint f(void) { return K + %d; }\n" % (k, j)))
for j in range(2):
    got.append(value("#include <string.h>\nint f(void) { return (int)strlen(\"abcd\") + %d; }\n" % j))
    got.append(value("#include <math.h>\nint f(void) { return (int)sqrt(49.0) + %d; }\n" % j))
print(got)
"""


def run_in_process(code, cache_dir=None):
    """Runs `code` (given the package's directory as argv[1]) in a fresh Python on the
    in-process route, with `cache_dir` as UOP_CACHE_DIR or no cache."""
    env = dict(os.environ, UOP_IN_PROCESS="1")
    env.pop("UOP_CACHE_DIR", None)
    if cache_dir is not None:
        env["UOP_CACHE_DIR"] = str(cache_dir)
    return subprocess.run([sys.executable, "-c", code, str(PYTHON_DIR)], env=env,
                          capture_output=True, text=True, timeout=300)

def test_preamble_reuse_follows_the_source():
    p = run_in_process(WORKER)
    assert p.returncode == 0, p.stderr[-2000:]
    want = [k + j for k in (2, 3, 2, 5) for j in range(3)] + [4, 7, 5, 8]
    assert p.stdout.strip() == str(want)


def test_compile_error_in_process_names_the_line():
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from uop import runtime\n"
            "for src in ('#include <stdint.h>\\nint f(void) { return 1; }\\n',"
            " '#include <stdint.h>\\nint f(void) { return undefined_name; }\\n'):\n"
            "    runtime.build_shared_object(src)\n")
    p = run_in_process(code)
    assert p.returncode != 0
    assert "C compiler failed (clang, in process)" in p.stderr, p.stderr[-2000:]
    assert "program.c:2:" in p.stderr and "undefined_name" in p.stderr, p.stderr[-2000:]


LEAK_WORKER = r"""
import ctypes, sys
sys.path.insert(0, sys.argv[1])
from uop import _capi
class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = MallInfo2
def in_use():
    m = libc.mallinfo2()
    return m.uordblks + m.hblkhd
def compile_and_free(i):
    src = "#include <math.h>\n#include <stdint.h>\nfloat f%d(const float *x) { float s = 0; for (int64_t i = 0; i < 64; ++i) s += expf(x[i]) * %d; return s; }\n" % (i, i)
    handle, diag = ctypes.c_void_p(), ctypes.c_void_p()
    assert _capi._lib.uopLoadC(_capi._enc(src), ctypes.byref(handle), ctypes.byref(diag)) == 0
    _capi._lib.uopLibraryDestroy(handle.value)
for i in range(4):
    compile_and_free(i)
before = in_use()
for i in range(4, 24):
    compile_and_free(i)
print((in_use() - before) // 1024)
"""


def test_compiles_free_their_memory():
    # The driver's cc1 arguments say -disable-free (leak the AST, the LLVM module and
    # the target machine: a compiler process exits next); in process each compile
    # leaked ~1 MiB of heap that way.
    p = run_in_process(LEAK_WORKER)
    assert p.returncode == 0, p.stderr[-2000:]
    assert int(p.stdout) < 4096, f"20 compiles kept {p.stdout.strip()} KiB of heap"


CACHE_WORKER = r"""
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from uop import Tensor
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
print((x * 2 + 1).sum(1).numpy().tolist())
print("compiler loaded" if "libUOpClangCompiler.so" in open("/proc/self/maps").read() else "compiler not loaded")
"""


def test_cached_object_links_without_the_compiler(tmp_path):
    # A fresh process links the object of UOP_CACHE_DIR without loading the compiler
    # module (which registers the native target the JIT needs); the first JIT used
    # to fail there, silently, and every cache hit compiled the program again.
    runs = [run_in_process(CACHE_WORKER, tmp_path / "cache") for _ in range(2)]
    for p in runs:
        assert p.returncode == 0, p.stderr[-2000:]
    assert runs[0].stdout.split("\n")[:2] == ["[16.0, 48.0, 80.0]", "compiler loaded"]
    assert runs[1].stdout.split("\n")[:2] == ["[16.0, 48.0, 80.0]", "compiler not loaded"]
    assert [f.suffix for f in (tmp_path / "cache").iterdir()] == [".o"]
