"""The graph under ``uop.Tensor``: its node, the shape and axis helpers, and the exception
classes, shared by ``tensor.py`` and the method mixins (``_ops.py``, ``_ops_compat.py``,
``_mutable.py``) without those importing each other.
"""

import itertools
import numbers
import os
import sys

import numpy as np

from . import dtypes as _dt
from .dtypes import bfloat16, bool_, float32, int32, to_dtype


def _is_int(x):
    return isinstance(x, (numbers.Integral, np.integer)) and not isinstance(x, (bool, np.bool_))


class AxisError(ValueError, IndexError):
    """An axis out of range: a ValueError, and an IndexError as torch and tinygrad raise
    (numpy's ``AxisError`` is both too)."""


class IndexTypeError(TypeError, IndexError):
    """An index of the wrong type (a float tensor): a TypeError, and the IndexError torch
    and tinygrad raise."""


class OpTypeError(TypeError, RuntimeError):
    """An op on a dtype it is not defined for (a bitwise op on floats): a TypeError, and
    the RuntimeError torch and tinygrad raise."""


class ArgumentError(ValueError, RuntimeError):
    """An argument the op does not define a result for: a ValueError, and a RuntimeError
    as torch and tinygrad raise."""


def _axis(axis, ndim, what):
    if not _is_int(axis):
        raise TypeError(f"{what}: axis must be an integer, not {axis!r}")
    if not -ndim <= axis < ndim:
        raise AxisError(f"{what}: axis {axis} is out of range for a tensor of rank {ndim}")
    return int(axis) % ndim


def _tuple(x, n, what):
    if _is_int(x):
        return (int(x),) * n
    x = tuple(x)
    if len(x) != n or not all(_is_int(v) for v in x):
        raise ArgumentError(f"{what}: expected an int or {n} ints, got {x!r}")
    return tuple(int(v) for v in x)


# ---------------------------------------------------------------------------
# Graph nodes
# ---------------------------------------------------------------------------

# How the operators are named in error messages.
_OP_NAMES = {"add": "+", "sub": "-", "mul": "*", "div": "/", "max": "maximum", "min": "minimum",
             "and": "&", "or": "|", "xor": "^", "shl": "<<", "shr": ">>", "cmplt": "<",
             "cmpeq": "==", "cmpne": "!="}


_NODE_SEQ = itertools.count()


class _Node:
    """One op of the graph. ``arg`` holds the op's static parameters."""

    __slots__ = ("op", "srcs", "arg", "shape", "dtype", "data", "loc", "rg", "seq", "__weakref__")

    def __init__(self, op, srcs, arg, shape, dtype, data=None):
        self.seq = next(_NODE_SEQ)  # creation order: uop.jit tells nodes made during a trace
        self.op = op
        self.srcs = tuple(srcs)
        self.arg = arg
        self.shape = tuple(int(s) for s in shape)
        self.dtype = dtype
        self.data = data  # the array of an "input" node
        self.loc = _caller()  # (file, line) of the user's call that made the node
        # requires_grad (tinygrad's three states): a leaf starts unset (None); an op's
        # result is True if a source is, else None if a source is, else False.
        self.rg = _derived_requires_grad(self.srcs) if op != "detach" else False


def _derived_requires_grad(srcs):
    if not srcs:
        return None
    rgs = [getattr(s, "rg", None) for s in srcs]
    if True in rgs:
        return True
    return None if None in rgs else False


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _caller():
    """The first frame outside the uop package: the user's call that built a node."""
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename.startswith(_PACKAGE_DIR):
        f = f.f_back
    return (f.f_code.co_filename, f.f_lineno) if f is not None else None


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _is_scalar(x):
    return isinstance(x, (numbers.Number, np.generic)) and not isinstance(x, complex)


def _scalar_dtype(x):
    if isinstance(x, (bool, np.bool_)):
        return bool_
    if isinstance(x, (numbers.Integral, np.integer)):
        return int32
    if isinstance(x, (numbers.Real, np.floating)):
        return float32
    raise TypeError(f"unsupported scalar {x!r}")


def _array_dtype(arr):
    """The uop dtype an input array is stored in: its own (bool, int8..uint64, float16,
    float32, float64); other floats become float32."""
    try:
        return to_dtype(arr.dtype)
    except TypeError:
        if arr.dtype.kind == "f":
            return float32
        raise TypeError(f"unsupported array dtype {arr.dtype}: uop tensors support bool, "
                        "int8..int64, uint8..uint64, float16, bfloat16, float32 and "
                        "float64") from None


def _broadcast_shape(a, b, what="broadcast"):
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            raise ArgumentError(f"{what}: shapes {a} and {b} cannot be broadcast together")
    return tuple(out)


def _norm_axes(axis, ndim, what):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (numbers.Integral, np.integer)):
        axis = (axis,)
    if not isinstance(axis, (tuple, list)):
        raise TypeError(f"{what}: axis must be an int, a tuple of ints or None, not {axis!r}")
    out = []
    for a in axis:
        if not isinstance(a, (numbers.Integral, np.integer)):
            raise TypeError(f"{what}: axis {a!r} is not an integer")
        a = int(a)
        if ndim == 0 and a in (0, -1):
            continue  # torch and tinygrad: a 0-d tensor has the axes 0 and -1, reducing nothing
        if not -ndim <= a < ndim:
            raise AxisError(f"{what}: axis {a} is out of range for a tensor of rank {ndim}")
        a %= ndim
        if a in out:
            raise ArgumentError(f"{what}: axis {a} repeated")
        out.append(a)
    return tuple(sorted(out))


def _pair(p, what):
    """A ``(low, high)`` pair of integers."""
    if not isinstance(p, (tuple, list)) or len(p) != 2:
        raise ArgumentError(f"{what}: expected a (low, high) pair or None, got {p!r}")
    for x in p:
        if not isinstance(x, (numbers.Integral, np.integer)):
            raise TypeError(f"{what}: {x!r} is not an integer")
    return int(p[0]), int(p[1])


class _ShapeTypeError(TypeError, ValueError):
    """A dim that is not an integer: a TypeError, and the ValueError tinygrad raises for a
    malformed shape (``kaiming_uniform((-3, 3), 3)``)."""


def _shape_args(args, what):
    """``f(2, 3)`` and ``f((2, 3))`` both mean the shape (2, 3)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    for s in args:
        if not isinstance(s, (numbers.Integral, np.integer)):
            raise _ShapeTypeError(f"{what}: {s!r} is not an integer")
    return tuple(int(s) for s in args)


def _kw_shape(args, kw, name, what):
    """tinygrad's keyword form ``reshape(shape=...)`` / ``permute(order=...)``."""
    if name in kw:
        if args:
            raise TypeError(f"{what}: {name} given both positionally and as a keyword")
        args = (kw.pop(name),)
    if kw:
        raise TypeError(f"{what}: unexpected keyword arguments {sorted(kw)}")
    return args


def _sum_acc_dtype(d):
    if d.is_float:
        return _dt.promote(d, float32)
    return _dt.promote(d, _dt.uint32 if d.is_unsigned else int32)


def _reduce_identity(kind, dtype):
    if kind == "add":
        return 0
    if kind == "mul":
        return 1
    if dtype.is_float:
        return -np.inf if kind == "max" else np.inf
    if dtype.is_bool:
        return 0 if kind == "max" else 1
    info = np.iinfo(dtype.np)
    return int(info.min) if kind == "max" else int(info.max)


def _const_node(value, shape, dtype):
    if dtype.is_float:
        v = float(dtype.np.type(value))
        if dtype is bfloat16:
            v = float(_dt.round_bfloat16(np.float32(v)))
    elif dtype.is_bool:
        if isinstance(value, (float, np.floating)) and np.isnan(value):
            v = 1
        else:
            v = int(bool(value))
    else:
        if isinstance(value, (float, np.floating)):
            if not np.isfinite(value):
                raise ArgumentError(f"cannot make an {dtype.name} constant of {value!r}")
            value = int(value)  # truncates, as a cast does
        v = int(value)
        info = np.iinfo(dtype.np)
        if not info.min <= v <= info.max:
            # numpy would silently wrap (or refuse); arrays that do not fit are a ValueError too.
            raise ArgumentError(f"integer {v} does not fit in {dtype.name}")
    return _Node("const", (), v, shape, dtype)
