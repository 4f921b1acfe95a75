# -*- Python -*-
# lit configuration of the uop-mlir regression suite.

import os
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "UOP"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.uop_obj_root, "test")
config.excludes = ["Inputs", "Downstream", "CMakeLists.txt", "README.md", "capi-test.c",
                   "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%uop_src_root", config.uop_src_root))
config.substitutions.append(("%uop_obj_root", config.uop_obj_root))
config.substitutions.append(("%uop_libs", config.uop_lib_dir))
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "CCACHE_DIR", "CCACHE_BASEDIR",
                                     "CCACHE_NOHASHDIR"])
llvm_config.use_default_substitutions()
# `not` and `count` at the start of a RUN line come from PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.uop_tools_dir, config.llvm_tools_dir]
tools = [
    "uop-opt",
    "uop-translate",
    "uop-run",
    "uop-fuzz",
    "uop-ptx-forms",
    ToolSubst("mlir-opt", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# ptxas assembles the PTX we produce; tests that need it say REQUIRES: ptxas.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# scripts/lint.sh's own test (test/Style/lint.test) needs clang-tidy-22.
if shutil.which("clang-tidy-22"):
    config.available_features.add("clang-tidy")

# Multi-device programs on MPI ranks (REQUIRES: mpi): uop-run built with MPI
# and an mpirun to start the ranks (uop-run --devices N starts it). mpirun
# reads the run-as-root consent of CI containers from the environment.
if config.uop_have_mpi == "ON" and shutil.which("mpirun"):
    config.available_features.add("mpi")
    # mpirun as the docs show it, plus the flags CI containers need.
    mpirun = "mpirun --oversubscribe --bind-to none"
    if os.geteuid() == 0:
        mpirun += " --allow-run-as-root"
    config.substitutions.append(("%mpirun", mpirun))
    for var in ["OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM",
                "OMPI_MCA_btl", "OMPI_MCA_rmaps_base_oversubscribe"]:
        if var in os.environ:
            config.environment[var] = os.environ[var]

# UOP_CFLAGS reaches the tests: test.sh runs test/Tools/uop-run,
# test/Integration and test/Target/C again with UOP_CFLAGS=-O2, so that the small programs, which compile below -O2 by
# default (the runtime's compile tiers, docs/uop-pipeline.md), also run as
# -O2 code.
if "UOP_CFLAGS" in os.environ:
    config.environment["UOP_CFLAGS"] = os.environ["UOP_CFLAGS"]

# The fake CUDA driver (test/lib/FakeCudaDriver): uop-run --target cuda end to
# end without a GPU, every driver call checked, no kernel run.
config.substitutions.append(
    ("%fake_cuda", os.path.join(config.uop_lib_dir, "libuop-fake-cuda.so")))

# The PTX emulator behind the same driver API (test/lib/PtxEmulator): the
# kernels run (docs/gpu-emulator.md). %emu_run is uop-run on it, with the PTX
# loaded as text.
emu_cuda = os.path.join(config.uop_lib_dir, "libuop-emu-cuda.so")
config.substitutions.append(("%emu_cuda", emu_cuda))
config.substitutions.append(("%uop_bin", config.uop_tools_dir))
config.substitutions.append(
    ("%emu_run", "env UOP_CUDA_DRIVER=%s UOP_CUDA_LOAD=ptx %s" % (
        emu_cuda, os.path.join(config.uop_tools_dir, "uop-run"))))

# nvcc compiles NVIDIA-written CUDA (CUB, inline PTX) for the emulator's
# tests on code our compiler did not write (REQUIRES: nvcc).
nvcc = os.environ.get("UOP_NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
if os.path.exists(nvcc):
    cuda_home = os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    if os.path.exists(os.path.join(cuda_home, "include", "cuda.h")):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))
        config.substitutions.append(
            ("%cuda_include", os.path.join(cuda_home, "include")))

# The fake NCCL (test/lib/FakeNccl): GPU ranks' all-reduces checked without GPUs.
config.substitutions.append(
    ("%fake_nccl", os.path.join(config.uop_lib_dir, "libuop-fake-nccl.so")))

# A real GPU (driver and a device) for REQUIRES: cuda-gpu.
smi = shutil.which("nvidia-smi")
if smi:
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True,
                             timeout=20)
        if out.returncode == 0 and "GPU" in out.stdout:
            config.available_features.add("cuda-gpu")
    except Exception:
        pass

# A C compiler with the undefined-behaviour sanitizer, for tests that prove
# the generated C has none (REQUIRES: ubsan, compiler %ubsan_cc). Clang is
# preferred: GCC narrows `(int16_t)((uint16_t)a * (uint16_t)b)` to a 16-bit
# multiply before sanitizing, so it does not report that int overflow.
def _ubsan_cc():
    import tempfile
    for name in ("clang", "cc"):
        cc = shutil.which(name)
        if not cc:
            continue
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "t.c")
            with open(src, "w") as f:
                f.write("int main(void) { return 0; }\n")
            try:
                r = subprocess.run([cc, "-fsanitize=undefined", src, "-o",
                                    os.path.join(d, "t")],
                                   capture_output=True, timeout=60)
            except Exception:
                continue
            if r.returncode == 0:
                return cc
    return None


# Clang of the LLVM release we build against, which uop-run prefers for the
# generated C: tests of what its builtins do (REQUIRES: clang-cc, compiler
# %clang_cc).
for _name in ("clang-22", "/usr/lib/llvm-22/bin/clang"):
    _clang = shutil.which(_name)
    if _clang:
        config.available_features.add("clang-cc")
        config.substitutions.append(("%clang_cc", _clang))
        break


# %host_cc links C drivers against our libraries; in a sanitizer build
# (-DUOP_SANITIZE=...) they get the same instrumentation, so the runtime is
# loaded first and LeakSanitizer sees the whole process.
_sanitize = getattr(config, "uop_sanitize", "")
if _sanitize:
    config.available_features.add("sanitizer")
    # Generated C is compiled with GCC (libgomp): LeakSanitizer's tracer
    # crashes at exit ("Tracer caught signal 11") in any process with
    # clang's libomp worker threads, ours or a three-line OpenMP library's,
    # so clang-22 (the runtime's first choice) would fail every threaded run
    # for a reason outside our code (docs/reliability.md).
    if "CC" not in os.environ and shutil.which("gcc"):
        config.environment["CC"] = "gcc"
config.substitutions.append(
    ("%host_cc", "cc -fsanitize=" + _sanitize if _sanitize else "cc"))

# %lsan_ranks goes before a command that starts MPI ranks (uop-run
# --devices, %mpirun): in a sanitizer build it suppresses Open MPI's own
# leaks there (lsan-openmpi.supp). Those stacks reach Open MPI's entry points
# only with the full unwinder, six times slower, hence these commands only.
_lsan_ranks = ""
if _sanitize:
    _lsan_ranks = ("env LSAN_OPTIONS=fast_unwind_on_malloc=0:suppressions=" +
                   os.path.join(config.test_source_root, "lsan-openmpi.supp"))
config.substitutions.append(("%lsan_ranks", _lsan_ranks))

_ubsan = _ubsan_cc()
if _ubsan:
    config.available_features.add("ubsan")
    config.substitutions.append(("%ubsan_cc", _ubsan))

# The downstream test builds a second project against our libraries; in a
# sanitizer build that link takes most of an hour on two cores and tests
# packaging, not memory safety, so it is left to the release build.
if shutil.which("ninja") and config.cmake_command and not _sanitize:
    config.available_features.add("cmake-downstream")

# The Python running lit, for RUN lines that make and read .npy files with
# numpy (REQUIRES: numpy); `python3` on PATH may be another one.
config.substitutions.append(("%python", sys.executable))
try:
    import numpy  # noqa: F401
    config.available_features.add("numpy")
except ImportError:
    pass

# Generated C compiles in process (libUOpClangCompiler.so, built where clang's
# libraries were found; lib/Runtime/InProcessC.cpp).
if os.path.exists(os.path.join(config.uop_obj_root, "lib", "libUOpClangCompiler.so")):
    config.available_features.add("clang-in-process")

# Valgrind's memcheck over the release build's host code (REQUIRES: valgrind;
# not with a sanitizer's own instrumentation).
if shutil.which("valgrind") and not _sanitize:
    config.available_features.add("valgrind")
