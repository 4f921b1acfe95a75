"""Running compiled tensor programs.

CPU: the tensor module goes through ``builtin.module(uop-to-program{target=cpu})``
and is translated to C; the C is compiled with the system C compiler
(``$CC``, default ``cc``) into a shared object, loaded with ctypes and called.

C ABI of a compiled program: the entry is ``void uop_<func>(...)`` (``uop_main``
for tensors), taking one ``const T *`` per argument of the func in order, then one
``T *`` per result, where ``T`` is the C type of the dtype (``float``, ``double``,
``int8_t`` .. ``uint64_t``, ``bool``; float16 and bfloat16 as their 16 bits). Every
buffer is contiguous, C-order; the caller allocates the outputs.
"""

import atexit
import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading

import numpy as np

from . import _capi
from . import _emit as _emit_mod
from . import dtypes as _dt

CPU_PIPELINE = "builtin.module(uop-to-program{target=cpu})"
ENTRY_PREFIX = "uop_"
# -fno-tree-loop-vectorize: GCC 12 miscompiles permuted in-order float reductions
# (GCC PR 110381); see test/Target/C/gcc12-miscompiles.mlir.
CFLAGS = ("-std=c11", "-O2", "-fno-tree-loop-vectorize", "-shared", "-fPIC")

_cache_lock = threading.Lock()
_cache_dir = None
_loaded = {}  # sha256 of the C source -> ctypes.CDLL
_programs = {}  # tensor-level MLIR text -> (C source, ctypes.CDLL)


class Stats:
    """Counters of the compile cache: ``compiles`` (MLIR -> C -> shared object),
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


def _work_dir():
    global _cache_dir
    if _cache_dir is None:
        base = os.environ.get("UOP_CACHE_DIR")
        if base:
            os.makedirs(base, exist_ok=True)
            _cache_dir = base
        else:
            _cache_dir = tempfile.mkdtemp(prefix="uop-")
            atexit.register(shutil.rmtree, _cache_dir, True)
    return _cache_dir


def _valid_shared_object(path):
    """True when ``path`` holds a whole ELF file: the magic, and the section
    header table (which linkers write last) within the file. A truncated entry
    (a process killed while writing it, a full disk) fails this."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return False
    if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2):
        return False
    order = "little" if head[5] == 1 else "big"
    if head[4] == 2:
        if len(head) < 64:
            return False
        shoff = int.from_bytes(head[40:48], order)
        shentsize, shnum = (int.from_bytes(head[58 + 2 * i:60 + 2 * i], order) for i in range(2))
    else:
        shoff = int.from_bytes(head[32:36], order)
        shentsize, shnum = (int.from_bytes(head[46 + 2 * i:48 + 2 * i], order) for i in range(2))
    return shoff > 0 and shoff + shentsize * shnum <= size


def _compile_to(c_source, d, key, so):
    """Compile into a temporary file of this process and rename it to ``so``
    (atomic: another process sees the old entry, none, or the whole new one)."""
    fd, src = tempfile.mkstemp(dir=d, prefix=f"prog_{key[:16]}.", suffix=".c")
    with os.fdopen(fd, "w") as f:
        f.write(c_source)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=f"prog_{key[:16]}.", suffix=".so.tmp")
    os.close(fd)
    cc = os.environ.get("CC", "cc")
    cmd = [cc, *CFLAGS, "-o", tmp, src, "-lm"]
    try:
        try:
            p = subprocess.run(cmd, capture_output=True, text=True)
        except FileNotFoundError as e:
            raise RuntimeError(f"no C compiler: {cc!r} was not found (set CC)") from e
        if p.returncode != 0:
            kept = os.path.join(d, f"prog_{key[:16]}.c")
            os.replace(src, kept)
            raise RuntimeError(f"compiling the generated C failed ({' '.join(cmd)}):\n"
                               f"{p.stderr.strip()}\n(source kept at {kept})")
        if not _valid_shared_object(tmp):
            raise RuntimeError(f"the C compiler ({cc}) wrote no valid shared object")
        os.replace(tmp, so)
    finally:
        for path in (src, tmp):
            if os.path.exists(path):
                os.unlink(path)


def build_shared_object(c_source):
    """Compile C source into a shared object (cached by content); return the CDLL.

    With ``UOP_CACHE_DIR`` the cache is shared by processes: each compiles into a
    file of its own and renames it into place, and an entry that is not a whole
    ELF file, or that the loader rejects, is compiled again (docs/python.md)."""
    key = hashlib.sha256(c_source.encode("utf-8")).hexdigest()
    with _cache_lock:
        if key in _loaded:
            return _loaded[key]
        d = _work_dir()
        so = os.path.join(d, f"prog_{key[:16]}.so")
        lib = None
        if _valid_shared_object(so):
            try:
                lib = ctypes.CDLL(so)
            except OSError:
                lib = None
        if lib is None:
            _compile_to(c_source, d, key, so)
            lib = ctypes.CDLL(so)
        _loaded[key] = lib
        return lib


def compile_cpu(mlir, tensor=None):
    """Tensor-level MLIR -> (C source, loaded library), cached by the MLIR text: the
    text holds the graph's structure, shapes, dtypes and constants (not the input
    data), so a second run of the same graph costs a launch, not a compile."""
    with _cache_lock:
        hit = _programs.get(mlir)
        if hit is not None:
            Stats.hits += 1
            return hit
    try:
        program = _capi.run_pipeline(mlir, CPU_PIPELINE)
        c_source = _capi.translate(program, "c")
    except _capi.CompileError as e:
        if tensor is None:
            raise
        located_error(tensor, e, lambda text: _capi.translate(_capi.run_pipeline(text, CPU_PIPELINE), "c"))
        raise
    lib = build_shared_object(c_source)
    with _cache_lock:
        Stats.compiles += 1
        _programs[mlir] = (c_source, lib)
    return c_source, lib


def call_entry(lib, func_name, inputs, out_shapes, out_dtypes):
    """Call ``uop_<func_name>`` on contiguous inputs; return the output arrays."""
    sym = ENTRY_PREFIX + func_name
    try:
        fn = getattr(lib, sym)
    except AttributeError:
        raise RuntimeError(f"the compiled program has no entry `{sym}` "
                           f"(C ABI: void {sym}(const T *in..., T *out...))") from None
    fn.restype = None
    fn.argtypes = [ctypes.c_void_p] * (len(inputs) + len(out_shapes))
    ins = [np.ascontiguousarray(a) for a in inputs]
    outs = [np.empty(s, dtype=d) for s, d in zip(out_shapes, out_dtypes)]
    fn(*[a.ctypes.data for a in ins], *[o.ctypes.data for o in outs])
    Stats.launches += 1
    return outs


def _trivial(tensor):
    """The value of a graph that needs no program (an input array, a constant or an
    empty tensor), else None."""
    node = tensor._node
    if node.op == "input":
        return node.data.copy()
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
    _, lib = compile_cpu(mlir, tensor)
    out = call_entry(lib, "main", inputs, [tensor.shape], [tensor.dtype.storage])[0]
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
