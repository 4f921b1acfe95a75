"""The compile cache shared by processes (UOP_CACHE_DIR, issue 42 item 5; the
runtime's, lib/Runtime/CompileCache.cpp, since issue 45 item 2).

Several processes compile the same program into one directory at once; each must
get the right result, and the directory must hold one whole entry and no
temporary file. A truncated or garbage entry is compiled again, not served. Both
routes: clang in process (object files, the default where the build has
libUOpClangCompiler.so) and a compiler process (shared objects, UOP_IN_PROCESS=0)."""

import glob
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
BUILD_DIR = Path(os.environ.get("UOP_BUILD_DIR", PYTHON_DIR.parent / "build"))
IN_PROCESS = (BUILD_DIR / "lib" / "libUOpClangCompiler.so").is_file()


@pytest.fixture(params=["in-process", "compiler-process"])
def route(request):
    """(UOP_IN_PROCESS value, the entries' suffix) of one route."""
    if request.param == "in-process":
        if not IN_PROCESS:
            pytest.skip("built without clang's libraries (libUOpClangCompiler.so)")
        return "1", ".o"
    return "0", ".so"

PROGRAM = """
import numpy as np
from uop import Tensor
x = np.arange(12, dtype=np.float32).reshape(3, 4)
got = (Tensor(x) * 2.0 + 1.0).sum(1).numpy()
assert np.allclose(got, (x * 2 + 1).sum(1)), got
print("ok")
"""


def whole_elf(path):
    """The ELF magic, and the section header table within the file (the runtime's check,
    uop::isWholeELFFile, for 64-bit little-endian files)."""
    data = Path(path).read_bytes()
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return False
    shoff = int.from_bytes(data[40:48], "little")
    shentsize, shnum = (int.from_bytes(data[58 + 2 * i:60 + 2 * i], "little") for i in range(2))
    return 0 < shoff and shoff + shentsize * shnum <= len(data)


def run_program(cache, route):
    env = dict(os.environ, UOP_CACHE_DIR=str(cache), UOP_IN_PROCESS=route[0])
    env["PYTHONPATH"] = str(PYTHON_DIR) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True,
                          timeout=300)


def check_ok(p):
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-2000:]


def entries(cache, route):
    return sorted(glob.glob(os.path.join(cache, "prog_*" + route[1])))


def test_concurrent_processes_share_the_cache(tmp_path, route):
    for round_ in range(3):
        cache = tmp_path / f"cache{round_}"
        with ThreadPoolExecutor(6) as pool:
            results = list(pool.map(lambda _: run_program(cache, route), range(6)))
        for p in results:
            check_ok(p)
        # One whole entry, no temporary or source file left over.
        assert len(entries(cache, route)) == 1, os.listdir(cache)
        assert all(f.endswith(route[1]) for f in os.listdir(cache)), os.listdir(cache)
        # A later process is served from the cache.
        check_ok(run_program(cache, route))


@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty"])
def test_bad_entry_is_rebuilt(tmp_path, damage, route):
    cache = tmp_path / "cache"
    check_ok(run_program(cache, route))
    [so] = entries(cache, route)
    data = Path(so).read_bytes()
    bad = {"truncate": data[:len(data) // 2], "garbage": b"not a shared object" * 10, "empty": b""}[damage]
    Path(so).write_bytes(bad)
    check_ok(run_program(cache, route))
    assert entries(cache, route) == [so] and whole_elf(so)
    assert Path(so).read_bytes()[:4] == b"\x7fELF" and Path(so).stat().st_size > len(data) // 2
