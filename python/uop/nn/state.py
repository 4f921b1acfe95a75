"""``uop.nn.state``: tinygrad's state dicts and the safetensors format for
:class:`uop.Tensor` (docs/python.md, "uop.nn and uop.nn.state").

- ``get_state_dict`` / ``get_parameters``: the tensors reachable from a model's
  attributes, lists, tuples and dicts, keyed as tinygrad keys them (``l1.weight``,
  ``layers.0.bias``).
- ``load_state_dict``: checks every key and shape first, then replaces each model
  tensor's value in place (tinygrad's ``Tensor.replace``: the object keeps its
  identity, so lists of parameters taken before see the new values; through
  ``Tensor.assign`` when the dtype is unchanged).
- ``safe_save`` / ``safe_load`` / ``safe_load_metadata``: safetensors files (an 8-byte
  little-endian header length, a JSON header of dtype / shape / data_offsets per
  tensor and an optional ``__metadata__``, then the data), read and written here in
  numpy. A malformed file is a :class:`SafetensorsError` (a ValueError).
- ``torch_load``: ``torch.save``'s zip format (torch >= 1.6's default), unpickled
  without torch.
"""

import collections
import importlib
import json
import math
import os
import pathlib
import pickle
import time
import zipfile

import numpy as np

from .. import dtypes as _dt
from ..tensor import Tensor

__all__ = ["get_state_dict", "get_parameters", "load_state_dict", "safe_save", "safe_load",
           "safe_load_metadata", "torch_load", "replace", "SafetensorsError", "safe_dtypes"]


class SafetensorsError(ValueError):
    """A file that is not a well-formed safetensors file (or a dtype uop lacks)."""


safe_dtypes = {"BOOL": _dt.bool_, "I8": _dt.int8, "U8": _dt.uint8, "I16": _dt.int16, "U16": _dt.uint16,
               "I32": _dt.int32, "U32": _dt.uint32, "I64": _dt.int64, "U64": _dt.uint64,
               "F16": _dt.float16, "BF16": _dt.bfloat16, "F32": _dt.float32, "F64": _dt.float64}
inverse_safe_dtypes = {v: k for k, v in safe_dtypes.items()}


# -- in-place replacement ------------------------------------------------------------------

def replace(target, value):
    """Give ``target`` the value (and dtype) of ``value`` in place (tinygrad's
    ``Tensor.replace``): every reference to ``target`` sees the new value; its
    ``requires_grad`` is kept. The shapes must be equal."""
    if not isinstance(target, Tensor) or not isinstance(value, Tensor):
        raise TypeError(f"replace: expected two Tensors, got {type(target).__name__} and {type(value).__name__}")
    if target.shape != value.shape:
        raise ValueError(f"replace: shape mismatch {target.shape} != {value.shape}")
    rg = target.requires_grad
    target._node = value._node
    if rg is not None and target._node.rg is not rg:
        target.requires_grad = rg
    return target


def _assign(target, value):
    """Set ``target``'s value in place: ``Tensor.assign`` where the Tensor class has it and
    the dtypes agree (it also tells ``uop.jit``), else :func:`replace`."""
    if getattr(Tensor, "assign", None) is not None and value.dtype is target.dtype:
        return target.assign(value)
    return replace(target, value)


# -- state dicts ---------------------------------------------------------------------------

def get_state_dict(obj, prefix="", tensor_type=Tensor):
    """The tensors of ``obj`` by name: attributes (``__dict__``), namedtuples, list and
    tuple items (their index) and dict values (their key), joined with '.'. A tensor
    reached twice (tied weights) appears under each name; a reference cycle is not
    followed."""
    out = {}
    _walk(obj, prefix, tensor_type, out, set())
    return out


def _walk(obj, prefix, tensor_type, out, path):
    if isinstance(obj, tensor_type):
        out[prefix.strip(".")] = obj
        return
    if id(obj) in path:  # a cycle back to an object being walked
        return
    path.add(id(obj))
    try:
        if hasattr(obj, "_asdict"):  # namedtuple
            _walk(obj._asdict(), prefix, tensor_type, out, path)
        elif isinstance(obj, collections.OrderedDict):
            _walk(dict(obj), prefix, tensor_type, out, path)
        elif hasattr(obj, "__dict__"):
            _walk(obj.__dict__, prefix, tensor_type, out, path)
        elif isinstance(obj, (list, tuple)):
            for i, x in enumerate(obj):
                _walk(x, f"{prefix}{i}.", tensor_type, out, path)
        elif isinstance(obj, dict):
            for k, v in obj.items():
                _walk(v, f"{prefix}{k}.", tensor_type, out, path)
    finally:
        path.discard(id(obj))


def get_parameters(obj):
    """The tensors of ``get_state_dict(obj)``, in its order."""
    return list(get_state_dict(obj).values())


def load_state_dict(model, state_dict, strict=True, verbose=True, consume=False, realize=True):
    """Load ``state_dict`` into ``model``'s tensors in place; returns the loaded tensors.

    Every key and shape is checked before anything is loaded: with ``strict`` a model
    key missing from ``state_dict`` is a KeyError; a shape mismatch is a ValueError
    (except () against (1,), which is reshaped, as tinygrad). Keys of ``state_dict``
    that the model lacks are ignored (tinygrad's rule). ``consume`` deletes each loaded
    key from ``state_dict``; ``realize`` computes each value now (lazy otherwise)."""
    if not isinstance(state_dict, dict):
        raise TypeError(f"load_state_dict: state_dict must be a dict, not {type(state_dict).__name__}")
    start = time.perf_counter()
    model_sd = get_state_dict(model)
    missing = [k for k in model_sd if k not in state_dict]
    if strict and missing:
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        raise KeyError(f"load_state_dict: the state dict lacks {len(missing)} of the model's "
                       f"{len(model_sd)} keys: {missing[:8]}{more}")
    plan = []
    for k, v in model_sd.items():
        if k not in state_dict:
            continue
        new = state_dict[k]
        if isinstance(new, np.ndarray):
            new = Tensor(new)
        if not isinstance(new, Tensor):
            raise TypeError(f"load_state_dict: `{k}` is a {type(new).__name__}, not a Tensor")
        if v.shape != new.shape:
            if {(), (1,)} == {new.shape, v.shape}:
                new = new.reshape(v.shape)
            else:
                raise ValueError(f"Shape mismatch in layer `{k}`: Expected shape {v.shape}, but found "
                                 f"{new.shape} in state dict.")
        plan.append((k, v, new))
    ret, nbytes = [], 0
    for k, v, new in plan:
        _assign(v, new.realize() if realize else new)
        nbytes += v.nbytes()
        if consume:
            state_dict.pop(k, None)
        ret.append(v)
    if verbose:
        ms = (time.perf_counter() - start) * 1e3
        print(f"loaded {len(ret)} tensors ({nbytes / 1e6:.2f} MB) in {ms:.2f} ms")
    return ret


# -- safetensors ---------------------------------------------------------------------------

def _read_bytes(fn, what):
    """The bytes of a file name / path, a uint8 Tensor or a bytes-like object."""
    if isinstance(fn, Tensor):
        if fn.ndim != 1 or fn.dtype is not _dt.uint8:
            raise TypeError(f"{what}: a Tensor source must be 1-D uint8, got {fn.shape} {fn.dtype.name}")
        return fn.numpy().tobytes()
    if isinstance(fn, (bytes, bytearray, memoryview)):
        return bytes(fn)
    if isinstance(fn, (str, os.PathLike)):
        return pathlib.Path(fn).read_bytes()
    raise TypeError(f"{what}: expected a file name, a uint8 Tensor or bytes, got {type(fn).__name__}")


def _parse_header(buf, what):
    if len(buf) < 8:
        raise SafetensorsError(f"{what}: {len(buf)} bytes is too short for a safetensors file "
                               "(the header length alone takes 8)")
    n = int.from_bytes(buf[:8], "little")
    if n > len(buf) - 8:
        raise SafetensorsError(f"{what}: the header length {n} runs past the end of the file "
                               f"({len(buf)} bytes)")
    try:
        header = json.loads(buf[8:8 + n].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise SafetensorsError(f"{what}: the {n}-byte header is not valid JSON ({e})") from None
    if not isinstance(header, dict):
        raise SafetensorsError(f"{what}: the header is a JSON {type(header).__name__}, not an object")
    return header, 8 + n


def safe_load_metadata(fn):
    """``(t, data_start, header)``: the file as a 1-D uint8 Tensor, the offset of its data
    and its parsed JSON header (with ``__metadata__`` if present), as tinygrad's."""
    buf = _read_bytes(fn, "safe_load_metadata")
    header, start = _parse_header(buf, "safe_load_metadata")
    return Tensor(np.frombuffer(buf, dtype=np.uint8)), start, header


def _entry_array(buf, start, name, entry):
    """The numpy array of one header entry, every field checked."""
    def bad(msg):
        return SafetensorsError(f"safe_load: tensor {name!r}: {msg}")
    if not isinstance(entry, dict) or not {"dtype", "shape", "data_offsets"} <= set(entry):
        raise bad(f"expected an object with dtype, shape and data_offsets, got {entry!r}")
    code, shape, offsets = entry["dtype"], entry["shape"], entry["data_offsets"]
    if code not in safe_dtypes:
        raise bad(f"dtype {code!r} is not one uop supports ({', '.join(safe_dtypes)})")
    if not isinstance(shape, list) or not all(type(s) is int and s >= 0 for s in shape):
        raise bad(f"shape {shape!r} is not a list of non-negative integers")
    if not (isinstance(offsets, list) and len(offsets) == 2 and all(type(o) is int for o in offsets)):
        raise bad(f"data_offsets {offsets!r} is not a [begin, end] pair of integers")
    dt = safe_dtypes[code]
    itemsize = dt.storage.itemsize
    lo, hi = offsets
    if not 0 <= lo <= hi <= len(buf) - start:
        raise bad(f"data_offsets {offsets} are outside the {len(buf) - start} data bytes")
    if hi - lo != math.prod(shape) * itemsize:
        raise bad(f"data_offsets {offsets} hold {hi - lo} bytes, but {code} {shape} needs "
                  f"{math.prod(shape) * itemsize}")
    raw = np.frombuffer(buf, dtype=np.dtype(dt.storage).newbyteorder("<"), count=math.prod(shape),
                        offset=start + lo).reshape(shape)
    if dt is _dt.bfloat16:
        return _dt.from_bfloat16_bits(raw), dt
    if dt is _dt.bool_:
        return raw != 0, dt
    return raw.astype(dt.np), dt   # native byte order


def safe_load(fn):
    """The tensors of a safetensors file (a name / path, a uint8 Tensor or bytes), by name,
    as realized tensors of the file's dtypes."""
    buf = _read_bytes(fn, "safe_load")
    header, start = _parse_header(buf, "safe_load")
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        arr, dt = _entry_array(buf, start, name, entry)
        out[name] = Tensor(arr, dtype=dt)
    return out


def _tensor_bytes(name, t):
    if not isinstance(t, Tensor):
        raise TypeError(f"safe_save: {name!r} is a {type(t).__name__}, not a Tensor")
    if t.dtype not in inverse_safe_dtypes:
        raise TypeError(f"safe_save: {name!r} has dtype {t.dtype.name}, which safetensors lacks")
    a = np.asarray(t.numpy())
    if t.dtype is _dt.bfloat16:
        a = _dt.to_bfloat16_bits(a)
    elif t.dtype is _dt.bool_:
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a, dtype=a.dtype.newbyteorder("<")).tobytes()


def safe_save(tensors, fn, metadata=None):
    """Write ``tensors`` (name -> Tensor) to the safetensors file ``fn``, with the JSON
    ``metadata`` as ``__metadata__``; the header is padded with spaces to 8 bytes."""
    if not isinstance(tensors, dict):
        raise TypeError(f"safe_save: tensors must be a dict of name -> Tensor, not {type(tensors).__name__}")
    if metadata is not None and not isinstance(metadata, dict):
        raise TypeError(f"safe_save: metadata must be a dict, not {type(metadata).__name__}")
    header, blobs, offset = {}, [], 0
    if metadata:
        header["__metadata__"] = metadata
    for name, t in tensors.items():
        if not isinstance(name, str) or name == "__metadata__":
            raise ValueError(f"safe_save: {name!r} is not a valid tensor name")
        data = _tensor_bytes(name, t)
        header[name] = {"dtype": inverse_safe_dtypes[t.dtype], "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    try:
        j = json.dumps(header, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError) as e:
        raise TypeError(f"safe_save: the metadata is not JSON-serialisable ({e})") from None
    j += b" " * (-len(j) % 8)
    with open(fn, "wb") as f:
        f.write(len(j).to_bytes(8, "little"))
        f.write(j)
        for b in blobs:
            f.write(b)


# -- torch.save files ----------------------------------------------------------------------

_TORCH_STORAGES = {"HalfStorage": np.float16, "FloatStorage": np.float32, "DoubleStorage": np.float64,
                   "BFloat16Storage": "bf16", "CharStorage": np.int8, "ByteStorage": np.uint8,
                   "ShortStorage": np.int16, "IntStorage": np.int32, "LongStorage": np.int64,
                   "BoolStorage": np.bool_}


# the globals a pickled numpy array or scalar needs (torch's weights-only unpickler allows them)
_NUMPY_GLOBALS = {("numpy.core.multiarray", "_reconstruct"), ("numpy.core.multiarray", "scalar"),
                  ("numpy", "ndarray"), ("numpy", "dtype"), ("_codecs", "encode")}


class _Opaque:
    """An object of a class outside torch / collections in the pickle: kept as its state."""

    def __init__(self, *args, **kwargs):
        self.args = args

    def __setstate__(self, state):
        self.state = state


def _rebuild_tensor(storage, offset, size, stride, *_rest):
    arr, bf16 = storage
    if math.prod(size):
        need = offset + sum((n - 1) * st for n, st in zip(size, stride)) + 1
        if need > arr.size:
            raise ValueError(f"torch_load: a tensor of size {tuple(size)} at offset {offset} runs past "
                             f"its storage of {arr.size} elements")
    view = np.lib.stride_tricks.as_strided(arr[offset:], shape=tuple(size),
                                           strides=tuple(s * arr.itemsize for s in stride))
    view = np.array(view)  # a copy: the strided view reads the storage
    return Tensor(_dt.from_bfloat16_bits(view), dtype=_dt.bfloat16) if bf16 else Tensor(view)


def torch_load(fn):
    """The object ``torch.save`` wrote (a state dict of Tensors) from its zip format, read
    without torch. Other torch classes than tensors, storages and parameters load as
    opaque placeholders; the legacy (pre-1.6, tar / raw pickle) formats are not read."""
    path = pathlib.Path(fn)
    if not zipfile.is_zipfile(path):
        raise NotImplementedError(f"torch_load: {path} is not a zip file; only torch.save's zip format "
                                  "(the default since torch 1.6) is read")
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        pkl = [n for n in names if n.endswith("/data.pkl") or n == "data.pkl"]
        if not pkl:
            raise ValueError(f"torch_load: {path} has no data.pkl (not a torch.save file)")
        base = pkl[0][:-len("data.pkl")]
        storages = {}

        def load_storage(pid):
            if not (isinstance(pid, tuple) and len(pid) >= 5 and pid[0] == "storage"):
                raise pickle.UnpicklingError(f"torch_load: unknown persistent id {pid!r}")
            kind, key = pid[1], str(pid[2])
            if key not in storages:
                if kind not in _TORCH_STORAGES:
                    raise pickle.UnpicklingError(f"torch_load: storage type {kind!r} is not supported")
                np_dt = _TORCH_STORAGES[kind]
                raw = z.read(f"{base}data/{key}")
                if np_dt == "bf16":
                    storages[key] = (np.frombuffer(raw, dtype="<u2"), True)
                else:
                    storages[key] = (np.frombuffer(raw, dtype=np.dtype(np_dt).newbyteorder("<")), False)
            return storages[key]

        class _Unpickler(pickle.Unpickler):
            def find_class(self, module, name):
                if module == "torch._utils" and name in ("_rebuild_tensor", "_rebuild_tensor_v2"):
                    return _rebuild_tensor
                if module == "torch._utils" and name == "_rebuild_parameter":
                    return lambda data, *_a: data
                if module == "torch" and name in _TORCH_STORAGES:
                    return name
                if module == "collections" and name == "OrderedDict":
                    return collections.OrderedDict
                if (module, name) in _NUMPY_GLOBALS:  # numpy arrays and scalars in a checkpoint
                    return getattr(importlib.import_module(module), name)
                if module.split(".")[0] in ("torch", "numpy", "_codecs", "builtins", "collections"):
                    raise pickle.UnpicklingError(f"torch_load: {module}.{name} is not supported")
                return _Opaque

            def persistent_load(self, pid):
                return load_storage(pid)

        with z.open(pkl[0]) as f:
            return _Unpickler(f).load()
