"""Running compiled tensor programs.

CPU: the tensor module is compiled by the C API's ``uopCompile``, the runtime of
``uop-run`` (lib/Runtime): ``uop-to-program{target=cpu}`` sized for the host's
vector registers and last-level cache, the C translation, the C compiler the
runtime picks (``$CC``, else clang-22 when installed, else ``cc``) with its flags
(``-O2 -march=native``, OpenMP), the ``UOP_CACHE_DIR`` cache of shared objects,
``dlopen``. ``uopExecutableRun`` then runs the loaded program on numpy buffers.
Python compiles no C of its own.

C ABI of a compiled program: the entry is ``void uop_<func>(...)`` (``uop_main``
for tensors), taking one ``const T *`` per argument of the func in order, then one
``T *`` per result, where ``T`` is the C type of the dtype (``float``, ``double``,
``int8_t`` .. ``uint64_t``, ``bool``; float16 and bfloat16 as their 16 bits). Every
buffer is contiguous, C-order; the caller allocates the outputs.
"""

import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile
import threading
import weakref

import numpy as np

from . import _capi
from . import _emit as _emit_mod
from . import dtypes as _dt

ENTRY_PREFIX = "uop_"

_cache_lock = threading.Lock()
_libraries = {}  # sha256 of a C source -> Library
_programs = {}  # tensor-level MLIR text -> Program


class Stats:
    """Counters of the compile cache: ``compiles`` (MLIR -> loaded program),
    ``hits`` (a program found by its MLIR text), ``launches`` (entry calls)."""
    compiles = 0
    hits = 0
    launches = 0

    @classmethod
    def reset(cls):
        cls.compiles = cls.hits = cls.launches = 0


stats = Stats


def clear_cache():
    """Forget the compiled programs (the next run of each compiles again)."""
    with _cache_lock:
        _programs.clear()


def _declare(lib):
    """ctypes signatures of the C API's executables (include/uop-c/Compiler.h)."""
    vp, vpp = ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)
    try:
        for name, res, args in (
                ("uopCompile", ctypes.c_int, [vp, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                                              ctypes.c_char_p, vpp, vpp]),
                ("uopExecutableRun", ctypes.c_int, [vp, vpp, ctypes.c_size_t, vpp, ctypes.c_size_t,
                                                    ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t, vpp]),
                ("uopExecutableTime", ctypes.c_int, [vp, ctypes.c_uint, ctypes.POINTER(ctypes.c_double),
                                                     vpp]),
                ("uopExecutableDestroy", None, [vp]),
                ("uopLoadC", ctypes.c_int, [ctypes.c_char_p, vpp, vpp]),
                ("uopLibrarySymbol", vp, [vp, ctypes.c_char_p]),
                ("uopLibraryDestroy", None, [vp])):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
    except AttributeError as e:
        raise ImportError(f"uop: {_capi.LIBRARY} lacks a C API function ({e}); rebuild it with "
                          f"`ninja -C {_capi.build_dir()} {_capi.BUILD_TARGET}`.") from e


_declare(_capi._lib)


def _take(diag):
    """The text of a diagnostics buffer of the C API, freed."""
    if not diag.value:
        return ""
    try:
        return ctypes.string_at(diag.value).decode("utf-8", "replace")
    finally:
        _capi._lib.uopFree(diag)


# Host buffers start on a cache line, as uop-run's do (python/uop/_host.py).
from ._host import (ALIGN, aligned, aligned_copy, aligned_empty, aligned_full,  # noqa: E402,F401
                    ALIGNED_BYTES, host_copy, is_aligned)


def _host_inputs(inputs):
    """The input buffers of a launch: each C-contiguous (a copy only when it is not,
    made aligned). A contiguous array is read where it is, aligned or not (copying a
    caller's array at every launch would cost more than its misaligned loads); the
    arrays the package makes (outputs, jit recordings, large Tensor inputs) are aligned."""
    return [a if isinstance(a, np.ndarray) and a.flags.c_contiguous else aligned_copy(a)
            for a in inputs]


def _pointers(arrays):
    return (ctypes.c_void_p * max(1, len(arrays)))(*[a.ctypes.data for a in arrays])


class Program:
    """A compiled program loaded in this process (the C API's ``UOpExecutable``)."""

    def __init__(self, handle, compiler):
        self._handle = handle
        self._compiler = compiler  # the executable lives in its context: keep it alive

    def __del__(self):
        h = getattr(self, "_handle", None)
        # At interpreter exit the process unmaps everything anyway.
        if h and not sys.is_finalizing():
            _capi._lib.uopExecutableDestroy(h)
            self._handle = None

    def run(self, inputs, out_shapes, out_dtypes):
        """Run on ``inputs`` (made contiguous); return new (aligned) output arrays."""
        ins = _host_inputs(inputs)
        outs = [aligned_empty(s, d) for s, d in zip(out_shapes, out_dtypes)]
        diag = ctypes.c_void_p()
        rc = _capi._lib.uopExecutableRun(self._handle, _pointers(ins), len(ins), _pointers(outs),
                                         len(outs), None, 0, ctypes.byref(diag))
        text = _take(diag)
        if rc != 0:
            raise RuntimeError(f"running the compiled program failed: {text}")
        # time() runs again on these buffers. Weak references: holding the arrays
        # would keep buffers that uop.jit counts as unshared (a KV cache stored in
        # place) alive here too; time() refuses once one is gone.
        self._last = [weakref.ref(a) for a in ins + outs]
        Stats.launches += 1
        return outs

    def time(self, repeat=10):
        """Median milliseconds of ``repeat`` runs on the buffers of the last run, which
        must still be alive (the runs write its outputs again)."""
        last = getattr(self, "_last", None)
        if last is None:
            raise RuntimeError("Program.time needs a run first: it times the last run's buffers")
        if any(r() is None for r in last):
            raise RuntimeError("Program.time: an array of the last run is gone (its memory "
                               "may be reused); run the program again first")
        ms, diag = ctypes.c_double(0), ctypes.c_void_p()
        rc = _capi._lib.uopExecutableTime(self._handle, repeat, ctypes.byref(ms), ctypes.byref(diag))
        text = _take(diag)
        if rc != 0:
            raise RuntimeError(f"timing the compiled program failed: {text}")
        return ms.value


def compile_program(mlir, entry="main", target="cpu"):
    """Compile function ``entry`` of a tensor-level module with ``uopCompile`` (not
    cached); return its :class:`Program`. Raises :class:`uop.CompileError`."""
    compiler = _capi.default_compiler()
    handle, diag = ctypes.c_void_p(), ctypes.c_void_p()
    rc = _capi._lib.uopCompile(compiler._handle, _capi._enc(mlir), _capi._enc(entry),
                               _capi._enc(target), None, ctypes.byref(handle), ctypes.byref(diag))
    text = _take(diag)
    if rc != 0:
        raise _capi.CompileError(f"compiling for {target}", text)
    return Program(handle.value, compiler)


class Library:
    """A shared object built from C source by the runtime (the C API's ``UOpLibrary``)."""

    def __init__(self, handle):
        self._handle = handle

    def __del__(self):
        h = getattr(self, "_handle", None)
        if h and not sys.is_finalizing():
            _capi._lib.uopLibraryDestroy(h)
            self._handle = None

    def symbol(self, name):
        """The address of ``name``, or None."""
        return _capi._lib.uopLibrarySymbol(self._handle, _capi._enc(name))


def build_shared_object(c_source):
    """Compile C source with the runtime's compiler and flags (cached by content in this
    process, and across processes in ``UOP_CACHE_DIR``); return its :class:`Library`."""
    key = hashlib.sha256(c_source.encode("utf-8")).hexdigest()
    with _cache_lock:
        lib = _libraries.get(key)
        if lib is not None:
            return lib
        handle, diag = ctypes.c_void_p(), ctypes.c_void_p()
        rc = _capi._lib.uopLoadC(_capi._enc(c_source), ctypes.byref(handle), ctypes.byref(diag))
        text = _take(diag)
        if rc != 0:
            raise RuntimeError(f"compiling the generated C failed:\n{text.strip()}")
        lib = _libraries[key] = Library(handle.value)
        return lib


def compile_cpu(mlir, tensor=None):
    """Tensor-level MLIR -> loaded :class:`Program`, cached by the MLIR text: the
    text holds the graph's structure, shapes, dtypes and constants (not the input
    data), so a second run of the same graph costs a launch, not a compile."""
    with _cache_lock:
        hit = _programs.get(mlir)
        if hit is not None:
            Stats.hits += 1
            return hit
    try:
        program = compile_program(mlir)
    except _capi.CompileError as e:
        if tensor is None:
            raise
        located_error(tensor, e, compile_program)
        raise
    with _cache_lock:
        Stats.compiles += 1
        _programs[mlir] = program
    return program


def call_entry(lib, func_name, inputs, out_shapes, out_dtypes):
    """Call ``uop_<func_name>`` of a :class:`Library` on contiguous inputs; return
    the output arrays."""
    sym = ENTRY_PREFIX + func_name
    address = lib.symbol(sym)
    if not address:
        raise RuntimeError(f"the compiled program has no entry `{sym}` "
                           f"(C ABI: void {sym}(const T *in..., T *out...))") from None
    fn = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * (len(inputs) + len(out_shapes)))(address)
    ins = _host_inputs(inputs)
    outs = [aligned_empty(s, d) for s, d in zip(out_shapes, out_dtypes)]
    fn(*[a.ctypes.data for a in ins], *[o.ctypes.data for o in outs])
    Stats.launches += 1
    return outs


def _trivial(tensor):
    """The value of a graph that needs no program (an input array, a constant or an
    empty tensor), else None."""
    node = _emit_mod.passthrough_base(tensor._node)  # x.detach() is x's value
    if node.op == "input":
        return host_copy(node.data)
    if tensor.size == 0:  # nothing to compute (the pipeline has no kernels for empty tensors)
        return np.empty(tensor.shape, dtype=tensor.dtype.np)
    if node.op == "const":
        return tensor.reference()
    return None


def run_cpu(tensor):
    r = _trivial(tensor)
    if r is not None:
        return r
    mlir, inputs = tensor._emit()
    return run_cpu_mlir(mlir, inputs, tensor)


def located_error(tensor, error, compile_fn):
    """After ``error`` (a CompileError of the graph of ``tensor`` printed without
    locations), compile the graph again with the Python call site of every op as its
    location and raise that run's CompileError, whose diagnostics name the call."""
    try:
        compile_fn(tensor.to_mlir(locations=True))
    except _capi.CompileError as located:
        raise located from None


def run_cpu_mlir(mlir, inputs, tensor):
    """Run the module ``mlir`` (the graph of ``tensor``) on ``inputs``."""
    out = compile_cpu(mlir, tensor).run(inputs, [tensor.shape], [tensor.dtype.storage])[0]
    return _from_storage(out, tensor.dtype)


def _from_storage(out, dtype):
    """The numpy array of an output buffer (bfloat16 bits become float32)."""
    if dtype is _dt.bfloat16:
        return _dt.from_bfloat16_bits(out).reshape(out.shape)
    return out


# ---------------------------------------------------------------------------
# CUDA
# ---------------------------------------------------------------------------

def cuda_status():
    """``(device_count, reason)``: the number of CUDA devices the driver reports."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return 0, "the CUDA driver library libcuda.so.1 was not found"
    rc = cuda.cuInit(0)
    if rc != 0:
        return 0, f"cuInit failed with CUresult {rc}"
    count = ctypes.c_int(0)
    rc = cuda.cuDeviceGetCount(ctypes.byref(count))
    if rc != 0:
        return 0, f"cuDeviceGetCount failed with CUresult {rc}"
    if count.value == 0:
        return 0, "the CUDA driver reports no devices"
    return count.value, ""


def cuda_available():
    return cuda_status()[0] > 0


def run_cuda(tensor, chip=None):
    """Compile the tensor's program with uop-to-nvvm and run it on the GPU through the
    C API's ``uopRun`` (the CUDA driver, opened at run time)."""
    n, why = cuda_status()
    if n == 0:
        raise RuntimeError(f"device='cuda': no CUDA GPU is available ({why}); use device='cpu'")
    r = _trivial(tensor)
    if r is not None:
        return r
    mlir, inputs = tensor._emit(locations=True)
    ins = [np.ascontiguousarray(a) for a in inputs]
    out = np.empty(tensor.shape, dtype=tensor.dtype.storage)
    try:
        _capi.default_compiler().run(mlir, "main", "cuda", chip, ins, [out])
    except _capi.NoGPUError as e:
        raise RuntimeError(f"device='cuda': no CUDA GPU is available ({e})") from None
    return _from_storage(out, tensor.dtype)


# ---------------------------------------------------------------------------
# Several devices: CPU ranks of an MPI job
# ---------------------------------------------------------------------------

def uop_run_path():
    return _capi.build_dir() / "bin" / "uop-run"


def run_devices(tensor, devices):
    """Run a graph with sharded tensors on ``devices`` MPI ranks: ``uop-run --devices``
    on the graph's module, its inputs and output through .npy files (the ranks are
    processes; docs/multi-device.md)."""
    exe = uop_run_path()
    if not exe.is_file():
        raise RuntimeError(f"a sharded graph runs through {exe}, which is not built "
                           f"(ninja -C {exe.parent.parent} uop-run)")
    emitter = _emit_mod.Emitter(locations=True)
    mlir, _ = emitter.module(tensor._node)
    with tempfile.TemporaryDirectory(prefix="uop-devices-") as d:
        prog = os.path.join(d, "graph.mlir")
        with open(prog, "w") as f:
            f.write(mlir)
        cmd = [str(exe), prog, "--devices", str(devices), "--repeat", "1",
               "--output-dir", os.path.join(d, "out")]
        for i, node in enumerate(emitter.input_nodes):
            path = os.path.join(d, f"in{i}.npy")
            # bfloat16 travels as float32 (its values are bfloat16 already).
            np.save(path, node.data.astype(np.float32) if node.dtype is _dt.bfloat16 else node.data)
            cmd += ["--input", f"{i}={path}"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"the sharded graph failed on {devices} ranks "
                               f"(uop-run exit {r.returncode}):\n{r.stderr.strip()}")
        Stats.launches += 1
        out = np.load(os.path.join(d, "out", "0.npy"))
    return out.astype(tensor.dtype.np) if tensor.dtype is not _dt.bfloat16 else out


def realize(tensor, device):
    dev = str(device).lower()
    devices = tensor.devices
    if devices > 1:
        if dev != "cpu":
            raise ValueError(f"device={device!r}: from Python a sharded graph runs on "
                             f"CPU ranks (device='cpu'); GPU ranks run with "
                             f"`uop-run --devices N --target cuda`")
        return run_devices(tensor, devices)
    if dev == "cpu":
        return run_cpu(tensor)
    if dev in ("cuda", "gpu") or dev.startswith("cuda:"):
        return run_cuda(tensor)
    raise ValueError(f"unknown device {device!r}: use 'cpu' or 'cuda'")
