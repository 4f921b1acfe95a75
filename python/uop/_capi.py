"""ctypes binding of the native compiler library ``libUOpCAPI.so``.

The library is looked up in ``$UOP_BUILD_DIR/lib`` when the environment variable
``UOP_BUILD_DIR`` is set (a CMake build directory), else, in a copy installed by
``pip install ./python``, in the build directory recorded at install time, else
in the repository's default build directory ``<repo>/build/lib``, found
relative to this file. When it
is missing, importing :mod:`uop` raises :class:`ImportError` that says what to
build.

C API (include/uop-c/Compiler.h)::

    UOpCompiler *uopCompilerCreate(void);
    void uopCompilerDestroy(UOpCompiler *c);
    int uopParseVerify(UOpCompiler *c, const char *mlir, char **out, size_t *outLen, char **diagnostics);
    int uopRunPipeline(UOpCompiler *c, const char *mlir, const char *pipeline,
                       char **out, size_t *outLen, char **diagnostics);
    int uopTranslate(UOpCompiler *c, const char *mlir, const char *target, const char *chip,
                     char **out, size_t *outLen, char **diagnostics);
    void uopFree(void *p);

Each call returns 0 on success; on failure ``*diagnostics`` holds the MLIR
diagnostics. Every returned buffer is released with ``uopFree``.

Threads (include/uop-c/Compiler.h): ctypes releases the GIL during each call,
so threads compile and run in parallel. Calls on one :class:`Compiler` wait for
each other (its lock, and the library's own); ``default_compiler()`` is one
compiler for the whole process, so threads that want to run at once create a
:class:`Compiler` each (python/tests/test_threads.py).
"""

import ctypes
import os
import threading
from pathlib import Path

LIBRARY_NAME = "libUOpCAPI.so"
BUILD_TARGET = "UOpCAPI"

# python/uop/_capi.py -> the repository root is two levels above the package.
REPO_ROOT = Path(__file__).resolve().parent.parent.parent


class CompileError(RuntimeError):
    """The compiler rejected its input; ``diagnostics`` holds MLIR's messages."""

    def __init__(self, what, diagnostics):
        self.diagnostics = diagnostics or ""
        text = self.diagnostics.strip() or "(no diagnostics)"
        super().__init__(f"{what} failed:\n{text}")


def build_dir():
    """The build directory the library is taken from: $UOP_BUILD_DIR, else the one
    recorded when the package was installed (python/setup.py), else the
    repository's build/."""
    env = os.environ.get("UOP_BUILD_DIR")
    if env:
        return Path(env).expanduser().resolve()
    try:
        from ._install import BUILD_DIR  # only in an installed copy
        return Path(BUILD_DIR)
    except ImportError:
        return REPO_ROOT / "build"


def library_path():
    return build_dir() / "lib" / LIBRARY_NAME


def _load():
    path = library_path()
    source = "UOP_BUILD_DIR" if os.environ.get("UOP_BUILD_DIR") else "the default build directory"
    if not path.is_file():
        raise ImportError(
            f"uop: the native library {path} was not found (looked in {source}). "
            f"Build it with `ninja -C {path.parent.parent} {BUILD_TARGET}` "
            f"(from the repository: `ninja -C build {BUILD_TARGET}`), or set UOP_BUILD_DIR "
            f"to a CMake build directory that has lib/{LIBRARY_NAME}.")
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as e:
        raise ImportError(f"uop: cannot load {path}: {e}. Rebuild it with "
                          f"`ninja -C {path.parent.parent} {BUILD_TARGET}`.") from e
    # Output buffers are declared as void** so that ctypes does not convert
    # them to Python bytes (cubin output may hold NULs) and we can free them.
    vpp = ctypes.POINTER(ctypes.c_void_p)
    size_p = ctypes.POINTER(ctypes.c_size_t)
    try:
        lib.uopCompilerCreate.restype = ctypes.c_void_p
        lib.uopCompilerCreate.argtypes = []
        lib.uopCompilerDestroy.restype = None
        lib.uopCompilerDestroy.argtypes = [ctypes.c_void_p]
        lib.uopParseVerify.restype = ctypes.c_int
        lib.uopParseVerify.argtypes = [ctypes.c_void_p, ctypes.c_char_p, vpp, size_p, vpp]
        lib.uopRunPipeline.restype = ctypes.c_int
        lib.uopRunPipeline.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p,
                                       vpp, size_p, vpp]
        lib.uopTranslate.restype = ctypes.c_int
        lib.uopTranslate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p,
                                     ctypes.c_char_p, vpp, size_p, vpp]
        lib.uopRun.restype = ctypes.c_int
        lib.uopRun.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                               ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t,
                               ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t,
                               ctypes.POINTER(ctypes.c_double), vpp]
        lib.uopFree.restype = None
        lib.uopFree.argtypes = [ctypes.c_void_p]
    except AttributeError as e:
        raise ImportError(f"uop: {path} lacks a C API function ({e}); rebuild it with "
                          f"`ninja -C {path.parent.parent} {BUILD_TARGET}`.") from e
    return lib, path


_lib, LIBRARY = _load()


class Compiler:
    """One ``UOpCompiler`` (an MLIRContext with every dialect registered).

    Calls are serialised with a lock: an MLIRContext is not meant to be used
    from several threads at once through this API.
    """

    def __init__(self):
        self._handle = _lib.uopCompilerCreate()
        if not self._handle:
            raise RuntimeError("uopCompilerCreate failed")
        self._lock = threading.Lock()

    def __del__(self):
        h = getattr(self, "_handle", None)
        if h and _lib is not None:
            _lib.uopCompilerDestroy(h)
            self._handle = None

    def _call(self, what, fn, *args, binary=False):
        out = ctypes.c_void_p()
        out_len = ctypes.c_size_t(0)
        diag = ctypes.c_void_p()
        with self._lock:
            rc = fn(self._handle, *args, ctypes.byref(out), ctypes.byref(out_len), ctypes.byref(diag))
        try:
            data = ctypes.string_at(out.value, out_len.value) if out.value else b""
            diagnostics = ctypes.string_at(diag.value).decode("utf-8", "replace") if diag.value else ""
        finally:
            if out.value:
                _lib.uopFree(out)
            if diag.value:
                _lib.uopFree(diag)
        if rc != 0:
            raise CompileError(what, diagnostics)
        return data if binary else data.decode("utf-8", "replace")

    def parse_verify(self, mlir):
        """Parse and verify ``mlir``; return the printed module."""
        return self._call("parsing and verifying", _lib.uopParseVerify, _enc(mlir))

    def run_pipeline(self, mlir, pipeline):
        """Run a textual pass pipeline (``builtin.module(...)``) on ``mlir``."""
        return self._call(f"pass pipeline {pipeline!r}", _lib.uopRunPipeline, _enc(mlir), _enc(pipeline))

    def translate(self, mlir, target, chip=None):
        """Translate to ``"c"``, ``"ptx"`` (str) or ``"cubin"`` (bytes)."""
        return self._call(f"translation to {target}", _lib.uopTranslate, _enc(mlir), _enc(target),
                          _enc(chip) if chip else None, binary=(target == "cubin"))


class NoGPUError(RuntimeError):
    """uopRun found no usable CUDA GPU (status 3)."""


def _run(self, mlir, entry, target, chip, inputs, outputs):
    """``uopRun``: compile ``entry`` for ``target`` and run it once on contiguous numpy
    buffers (outputs are written in place). Returns the time of a timed rerun in ms."""
    ins = (ctypes.c_void_p * max(1, len(inputs)))(*[a.ctypes.data for a in inputs])
    outs = (ctypes.c_void_p * max(1, len(outputs)))(*[o.ctypes.data for o in outputs])
    ms = ctypes.c_double(0.0)
    diag = ctypes.c_void_p()
    with self._lock:
        rc = _lib.uopRun(self._handle, _enc(mlir), _enc(entry) if entry else None, _enc(target),
                         _enc(chip) if chip else None, ins, len(inputs), outs, len(outputs),
                         ctypes.byref(ms), ctypes.byref(diag))
    try:
        text = ctypes.string_at(diag.value).decode("utf-8", "replace") if diag.value else ""
    finally:
        if diag.value:
            _lib.uopFree(diag)
    if rc == 3:
        raise NoGPUError(text)
    if rc != 0:
        raise CompileError(f"running on {target}", text)
    return ms.value


Compiler.run = _run


def _enc(s):
    return s.encode("utf-8") if isinstance(s, str) else s


_default = None
_default_lock = threading.Lock()


def default_compiler():
    """The process-wide :class:`Compiler`, created on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Compiler()
        return _default


def parse_verify(mlir):
    return default_compiler().parse_verify(mlir)


def run_pipeline(mlir, pipeline):
    return default_compiler().run_pipeline(mlir, pipeline)


def translate(mlir, target, chip=None):
    return default_compiler().translate(mlir, target, chip)
