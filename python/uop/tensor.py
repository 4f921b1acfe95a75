"""``uop.Tensor``: a lazy tensor whose graph lowers to the tensor-level uop MLIR form.

Every operation builds a node of a DAG; nothing is computed until
:meth:`Tensor.numpy` (compiled and run) or :meth:`Tensor.reference` (evaluated
with numpy). :meth:`Tensor.to_mlir` prints the graph as one ``func.func @main``
whose arguments are the input arrays in order of first use and whose result is
the tensor: the contract with the ``uop-rangeify`` pass (docs/python.md).
"""

import numbers
import operator

import numpy as np

from . import dtypes as _dt
from .dtypes import bfloat16, bool_, float32, float64, int32, to_dtype

__all__ = ["Tensor"]


# ---------------------------------------------------------------------------
# Graph nodes
# ---------------------------------------------------------------------------

_BINARY = ("add", "sub", "mul", "div", "max")
_UNARY = ("neg", "exp", "log", "sqrt")
_MOVEMENT = ("reshape", "permute", "expand", "pad", "shrink", "flip")


class _Node:
    """One op of the graph. ``arg`` holds the op's static parameters."""

    __slots__ = ("op", "srcs", "arg", "shape", "dtype", "data", "__weakref__")

    def __init__(self, op, srcs, arg, shape, dtype, data=None):
        self.op = op
        self.srcs = tuple(srcs)
        self.arg = arg
        self.shape = tuple(int(s) for s in shape)
        self.dtype = dtype
        self.data = data  # the array of an "input" node


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


def _broadcast_shape(a, b):
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
            raise ValueError(f"shapes {a} and {b} cannot be broadcast together")
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
        if not -ndim <= a < ndim:
            raise ValueError(f"{what}: axis {a} is out of range for a tensor of rank {ndim}")
        a %= ndim
        if a in out:
            raise ValueError(f"{what}: axis {a} repeated")
        out.append(a)
    return tuple(sorted(out))


def _pair(p, what):
    """A ``(low, high)`` pair of integers."""
    if not isinstance(p, (tuple, list)) or len(p) != 2:
        raise ValueError(f"{what}: expected a (low, high) pair or None, got {p!r}")
    for x in p:
        if not isinstance(x, (numbers.Integral, np.integer)):
            raise TypeError(f"{what}: {x!r} is not an integer")
    return int(p[0]), int(p[1])


def _shape_args(args, what):
    """``f(2, 3)`` and ``f((2, 3))`` both mean the shape (2, 3)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    for s in args:
        if not isinstance(s, (numbers.Integral, np.integer)):
            raise TypeError(f"{what}: {s!r} is not an integer")
    return tuple(int(s) for s in args)


# ---------------------------------------------------------------------------
# Tensor
# ---------------------------------------------------------------------------

class Tensor:
    """A lazily evaluated tensor of any dtype in :mod:`uop.dtypes` (bool, int8..int64,
    uint8..uint64, float16, bfloat16, float32, float64).

    ``Tensor(np.ndarray)`` becomes an input of the program; the array keeps its dtype
    (other float arrays become float32). A Python scalar becomes a constant; a list
    becomes an input array (float32, bool or int32). ``dtype=`` converts.
    """

    __slots__ = ("_node",)
    __array_ufunc__ = None  # ``ndarray + Tensor`` calls Tensor.__radd__

    def __init__(self, data, dtype=None):
        if isinstance(data, Tensor):
            node = data._node
            if dtype is not None:
                node = data.cast(dtype)._node
            self._node = node
            return
        if isinstance(data, _Node):
            self._node = data
            return
        if _is_scalar(data):
            d = to_dtype(dtype) if dtype is not None else _scalar_dtype(data)
            self._node = _const_node(data, (), d)
            return
        if isinstance(data, np.ndarray):
            arr = data
            d = to_dtype(dtype) if dtype is not None else _array_dtype(arr)
        elif isinstance(data, (list, tuple)):
            arr = np.asarray(data)
            if dtype is not None:
                d = to_dtype(dtype)
            elif arr.dtype.kind == "f":
                d = float32
            elif arr.dtype.kind == "b":
                d = bool_
            else:
                d = int32  # a list of Python ints: the default int, as in tinygrad
        else:
            raise TypeError(f"cannot make a Tensor from {type(data).__name__}")
        if arr.dtype.kind not in "fiub":
            raise TypeError(f"unsupported array dtype {arr.dtype}")
        if d.is_int and arr.dtype.kind in "iu" and arr.size:
            info = np.iinfo(d.np)
            if int(arr.min()) < info.min or int(arr.max()) > info.max:
                raise ValueError(f"integer array values do not fit in {d.name}")
        # np.array, not np.ascontiguousarray: the latter makes 0-d arrays 1-d.
        stored = np.array(arr, dtype=d.np, order="C", copy=True)
        if d is bfloat16:
            stored = _dt.round_bfloat16(stored)
        stored.setflags(write=False)
        self._node = _Node("input", (), None, stored.shape, d, data=stored)

    # -- properties --------------------------------------------------------
    @property
    def shape(self):
        return self._node.shape

    @property
    def dtype(self):
        return self._node.dtype

    @property
    def ndim(self):
        return len(self._node.shape)

    @property
    def size(self):
        return _prod(self._node.shape)

    def __repr__(self):
        return f"<uop.Tensor {self._node.op} shape={self.shape} dtype={self.dtype.name}>"

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __bool__(self):
        raise TypeError("the truth value of a uop.Tensor is not defined (it is lazy); "
                        "use .numpy() or .reference()")

    # -- element-wise ------------------------------------------------------
    def cast(self, dtype):
        d = to_dtype(dtype)
        if d is self.dtype:
            return self
        return Tensor(_Node("cast", (self._node,), d, self.shape, d))

    def _unary(self, op):
        t = self if self.dtype.is_float else self.cast(float32)
        return Tensor(_Node(op, (t._node,), None, t.shape, t.dtype))

    def __neg__(self):
        if self.dtype.is_float:
            return Tensor(_Node("neg", (self._node,), None, self.shape, self.dtype))
        return self._binary(0, "sub", reverse=True)

    def __pos__(self):
        return self

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("log")

    def sqrt(self):
        return self._unary("sqrt")

    def relu(self):
        return self._binary(0, "max")

    def maximum(self, other):
        """Element-wise maximum (NaN propagates), with broadcasting."""
        if isinstance(other, (list, tuple)):
            other = Tensor(other)
        r = self._binary(other, "max")
        if r is NotImplemented:  # a plain method, not an operator: no reflected fallback
            raise TypeError(f"maximum: unsupported operand {type(other).__name__}")
        return r

    def _binary(self, other, op, reverse=False):
        if isinstance(other, np.ndarray):
            other = Tensor(other)
        if isinstance(other, Tensor):
            dtype = _dt.promote(self.dtype, other.dtype)
            if op == "div" and not dtype.is_float:
                dtype = float32
            shape = _broadcast_shape(self.shape, other.shape)
            b = other.cast(dtype)._broadcast(shape)._node
        elif _is_scalar(other):
            sd = _scalar_dtype(other)
            dtype = self.dtype
            if sd.is_float and not dtype.is_float:
                dtype = float32
            elif sd.is_int and dtype.is_bool:
                dtype = int32
            if op == "div" and not dtype.is_float:
                dtype = float32
            shape = self.shape
            b = _const_node(other, shape, dtype)
        else:
            return NotImplemented
        a = self.cast(dtype)._broadcast(shape)._node
        if reverse:
            a, b = b, a
        return Tensor(_Node(op, (a, b), None, shape, dtype))

    def __add__(self, o):
        return self._binary(o, "add")

    def __radd__(self, o):
        return self._binary(o, "add", reverse=True)

    def __sub__(self, o):
        return self._binary(o, "sub")

    def __rsub__(self, o):
        return self._binary(o, "sub", reverse=True)

    def __mul__(self, o):
        return self._binary(o, "mul")

    def __rmul__(self, o):
        return self._binary(o, "mul", reverse=True)

    def __truediv__(self, o):
        return self._binary(o, "div")

    def __rtruediv__(self, o):
        return self._binary(o, "div", reverse=True)

    # -- reductions ----------------------------------------------------------
    def _reduce(self, kind, axis, keepdim):
        axes = _norm_axes(axis, self.ndim, kind)
        if not axes:
            return self
        out_shape = tuple(s for i, s in enumerate(self.shape) if i not in axes)
        if self.size == 0:
            # A reduction over an empty axis is its identity; no kernel reads the empty input.
            r = Tensor(_const_node(_reduce_identity(kind, self.dtype), out_shape, self.dtype))
        else:
            r = Tensor(_Node("reduce", (self._node,), (kind, axes), out_shape, self.dtype))
        if keepdim:
            r = r.reshape(tuple(1 if i in axes else s for i, s in enumerate(self.shape)))
        return r

    def sum(self, axis=None, keepdim=False, keepdims=None):
        """Sum over ``axis`` (int, tuple or None for all axes). As in tinygrad, it
        accumulates bools and small integers in int32 (unsigned ones in uint32) and
        returns that; float16/bfloat16 accumulate in float32 and return their dtype."""
        keep = keepdim if keepdims is None else keepdims
        acc = _sum_acc_dtype(self.dtype)
        r = self.cast(acc)._reduce("add", axis, keep)
        return r.cast(self.dtype) if self.dtype in (_dt.float16, bfloat16) else r

    def max(self, axis=None, keepdim=False, keepdims=None):
        """Maximum over ``axis`` (int, tuple or None for all axes)."""
        return self._reduce("max", axis, keepdim if keepdims is None else keepdims)

    def mean(self, axis=None, keepdim=False, keepdims=None):
        keep = keepdim if keepdims is None else keepdims
        axes = _norm_axes(axis, self.ndim, "mean")
        n = _prod(self.shape[a] for a in axes)
        t = self if self.dtype.is_float else self.cast(float32)
        return t.sum(axes, keep) / float(n) if axes else t

    # -- matmul --------------------------------------------------------------
    def matmul(self, other):
        if not isinstance(other, Tensor):
            other = Tensor(other)
        if self.ndim != 2 or other.ndim != 2:
            raise ValueError(f"matmul needs two 2-D tensors, got shapes {self.shape} and {other.shape}")
        (m, k), (k2, n) = self.shape, other.shape
        if k != k2:
            raise ValueError(f"matmul: inner dimensions differ: {self.shape} @ {other.shape}")
        dtype = _dt.promote(self.dtype, other.dtype)
        a = self.cast(dtype).reshape(m, 1, k).expand(m, n, k)
        b = other.cast(dtype).permute(1, 0).reshape(1, n, k).expand(m, n, k)
        return (a * b).sum(axis=2)

    def __matmul__(self, o):
        return self.matmul(o)

    def __rmatmul__(self, o):
        return Tensor(o).matmul(self)

    # -- movement ------------------------------------------------------------
    def reshape(self, *shape):
        shape = list(_shape_args(shape, "reshape"))
        if shape.count(-1) > 1:
            raise ValueError("reshape: at most one -1")
        if -1 in shape:
            rest = _prod(s for s in shape if s != -1)
            if rest == 0 or self.size % rest:
                raise ValueError(f"reshape: cannot reshape {self.shape} into {tuple(shape)}")
            shape[shape.index(-1)] = self.size // rest
        shape = tuple(shape)
        if any(s < 0 for s in shape) or _prod(shape) != self.size:
            raise ValueError(f"reshape: cannot reshape {self.shape} ({self.size} elements) into {shape}")
        if shape == self.shape:
            return self
        return Tensor(_Node("reshape", (self._node,), shape, shape, self.dtype))

    def permute(self, *order):
        order = _shape_args(order, "permute")
        if sorted(order) != list(range(self.ndim)):
            raise ValueError(f"permute: {order} is not a permutation of the {self.ndim} axes")
        if order == tuple(range(self.ndim)):
            return self
        shape = tuple(self.shape[i] for i in order)
        return Tensor(_Node("permute", (self._node,), order, shape, self.dtype))

    def transpose(self, a=0, b=1):
        order = list(range(self.ndim))
        a, b = _norm_axes(a, self.ndim, "transpose")[0], _norm_axes(b, self.ndim, "transpose")[0]
        order[a], order[b] = order[b], order[a]
        return self.permute(order)

    @property
    def T(self):
        return self.permute(tuple(reversed(range(self.ndim))))

    def expand(self, *shape):
        """Broadcast size-1 dims to ``shape`` (-1 keeps a dim); new leading dims are added."""
        shape = _shape_args(shape, "expand")
        if len(shape) < self.ndim:
            raise ValueError(f"expand: {shape} has fewer dims than {self.shape}")
        src = (1,) * (len(shape) - self.ndim) + self.shape
        shape = tuple(s if t == -1 else t for s, t in zip(src, shape))
        for s, t in zip(src, shape):
            if s != t and s != 1:
                raise ValueError(f"expand: cannot expand {self.shape} to {shape} (only size-1 dims broadcast)")
        t = self.reshape(src)
        if shape == src:
            return t
        return Tensor(_Node("expand", (t._node,), shape, shape, self.dtype))

    def _broadcast(self, shape):
        if self.shape == tuple(shape):
            return self
        return self.expand(shape)

    def pad(self, pads):
        """Zero padding; ``pads`` holds one ``(low, high)`` (or None) per dim."""
        pads = list(pads)
        if len(pads) != self.ndim:
            raise ValueError(f"pad: {len(pads)} (low, high) pairs for a tensor of rank {self.ndim}")
        norm = []
        for p in pads:
            lo, hi = (0, 0) if p is None else _pair(p, "pad")
            if lo < 0 or hi < 0:
                raise ValueError(f"pad: negative padding {p}")
            norm.append((lo, hi))
        if all(p == (0, 0) for p in norm):
            return self
        shape = tuple(s + lo + hi for s, (lo, hi) in zip(self.shape, norm))
        if self.size == 0:  # only padding: zeros
            return Tensor(_const_node(0, shape, self.dtype))
        return Tensor(_Node("pad", (self._node,), tuple(norm), shape, self.dtype))

    def shrink(self, bounds):
        """Keep ``[start, end)`` of each dim; ``bounds`` holds one pair (or None) per dim."""
        bounds = list(bounds)
        if len(bounds) != self.ndim:
            raise ValueError(f"shrink: {len(bounds)} (start, end) pairs for a tensor of rank {self.ndim}")
        norm = []
        for b, s in zip(bounds, self.shape):
            lo, hi = (0, s) if b is None else _pair(b, "shrink")
            if not 0 <= lo <= hi <= s:
                raise ValueError(f"shrink: ({lo}, {hi}) is not within [0, {s}]")
            norm.append((lo, hi))
        if all(b == (0, s) for b, s in zip(norm, self.shape)):
            return self
        shape = tuple(hi - lo for lo, hi in norm)
        return Tensor(_Node("shrink", (self._node,), tuple(norm), shape, self.dtype))

    def flip(self, axis=None):
        axes = _norm_axes(axis, self.ndim, "flip")
        if not axes:
            return self
        flags = tuple(i in axes for i in range(self.ndim))
        return Tensor(_Node("flip", (self._node,), flags, self.shape, self.dtype))

    # -- output ----------------------------------------------------------------
    def _emit(self):
        return _Emitter().module(self._node)

    def to_mlir(self):
        """The tensor-level uop module: ``func.func @main(inputs...) -> result``."""
        return self._emit()[0]

    def inputs(self):
        """The input arrays, in the order of ``@main``'s arguments."""
        return self._emit()[1]

    def reference(self):
        """The value computed with numpy (float64 / int64 arithmetic, then cast to ``dtype``)."""
        return _reference(self._node)

    def numpy(self, device="cpu"):
        """Compile, run on ``device`` ("cpu" or "cuda") and return an ndarray."""
        from . import runtime
        return runtime.realize(self, device)

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)


def _sum_acc_dtype(d):
    if d.is_float:
        return _dt.promote(d, float32)
    return _dt.promote(d, _dt.uint32 if d.is_unsigned else int32)


def _reduce_identity(kind, dtype):
    if kind == "add":
        return 0
    if dtype.is_float:
        return -np.inf
    if dtype.is_bool:
        return 0
    return int(np.iinfo(dtype.np).min)


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
                raise ValueError(f"cannot make an {dtype.name} constant of {value!r}")
            value = int(value)  # truncates, as a cast does
        v = int(value)
        info = np.iinfo(dtype.np)
        if not info.min <= v <= info.max:
            # numpy would silently wrap (or refuse); arrays that do not fit are a ValueError too.
            raise ValueError(f"integer {v} does not fit in {dtype.name}")
    return _Node("const", (), v, shape, dtype)


# ---------------------------------------------------------------------------
# MLIR emission
# ---------------------------------------------------------------------------

def tensor_type(shape, dtype):
    return "tensor<" + "".join(f"{s}x" for s in shape) + dtype.mlir + ">"


def format_scalar(value, dtype):
    """A value for ``dense<...>`` that parses back to exactly the same number."""
    if dtype.is_bool:
        return "true" if value else "false"
    if not dtype.is_float:
        return str(int(value))
    if dtype.bits == 16:  # f16 / bf16: the exact bits
        bits = (np.float16(value).view(np.uint16) if dtype is _dt.float16
                else _dt.to_bfloat16_bits(np.float32(value)).reshape(()))
        return "0x%04X" % int(bits)
    if dtype is float32:
        v = np.float32(value)
        if not np.isfinite(v):
            return "0x%08X" % v.view(np.uint32)
        return "%.8e" % float(v)
    v = np.float64(value)
    if not np.isfinite(v):
        return "0x%016X" % v.view(np.uint64)
    return "%.16e" % float(v)


def _list(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


class _Emitter:
    def __init__(self):
        self.lines = []
        self.args = []       # (name, type)
        self.inputs = []     # arrays
        self.names = {}      # node -> ssa name
        self.cse = {}        # key -> ssa name
        self.count = 0

    def _new(self):
        n = f"%{self.count}"
        self.count += 1
        return n

    def module(self, root):
        # Iterative post-order: sources left to right, each node once.
        stack = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if node in self.names:
                continue
            if expanded or not node.srcs:
                self._emit(node)
                continue
            stack.append((node, True))
            for s in reversed(node.srcs):
                if s not in self.names:
                    stack.append((s, False))
        res = self.names[root]
        rtype = tensor_type(root.shape, root.dtype)
        sig = ", ".join(f"{n}: {t}" for n, t in self.args)
        # Unsigned integers say so at the interface (MLIR integers are signless).
        rsig = f"({rtype} {{uop.unsigned}})" if root.dtype.is_unsigned else rtype
        out = ["module {", f"  func.func @main({sig}) -> {rsig} {{"]
        out += ["    " + l for l in self.lines]
        out += [f"    return {res} : {rtype}", "  }", "}", ""]
        return "\n".join(out), list(self.inputs)

    def _emit(self, node):
        t = tensor_type(node.shape, node.dtype)
        if node.op == "input":
            name = f"%arg{len(self.args)}"
            self.args.append((name, t + (" {uop.unsigned}" if node.dtype.is_unsigned else "")))
            # What the program reads: bfloat16 as its bits.
            self.inputs.append(_dt.to_bfloat16_bits(node.data).reshape(node.data.shape)
                               if node.dtype is bfloat16 else node.data)
            self.names[node] = name
            return
        srcs = [self.names[s] for s in node.srcs]
        if node.op == "cast" and node.srcs[0].dtype.mlir == node.dtype.mlir:
            # int32 <-> uint32 and the like: the same bits, no op.
            self.names[node] = srcs[0]
            return
        key = (node.op, tuple(srcs), repr(node.arg), node.shape, node.dtype.name)
        if key in self.cse:
            self.names[node] = self.cse[key]
            return
        name = self._new()
        self.lines.append(f"{name} = {self._op_text(node, srcs, t)}")
        self.names[node] = name
        self.cse[key] = name

    def _op_text(self, node, srcs, t):
        op, fl, d = node.op, node.dtype.is_float, node.dtype
        if op == "const":
            return f"arith.constant dense<{format_scalar(node.arg, node.dtype)}> : {t}"
        if op in _BINARY:
            if op == "div" and not fl:
                raise AssertionError("integer division is done in float32")
            if fl:
                mn = {"add": "addf", "sub": "subf", "mul": "mulf", "div": "divf",
                      "max": "maximumf"}[op]
            elif d.is_bool:  # numpy's bool arithmetic: or, xor, and
                mn = {"add": "ori", "sub": "xori", "mul": "andi", "max": "ori"}[op]
            else:
                mn = {"add": "addi", "sub": "subi", "mul": "muli",
                      "max": "maxui" if d.is_unsigned else "maxsi"}[op]
            return f"arith.{mn} {srcs[0]}, {srcs[1]} : {t}"
        if op == "neg":
            return f"arith.negf {srcs[0]} : {t}"
        if op in ("exp", "log", "sqrt"):
            return f"math.{op} {srcs[0]} : {t}"
        src = node.srcs[0]
        st = tensor_type(src.shape, src.dtype)
        if op == "cast":
            return self._cast_text(src, node, srcs[0], st, t)
        if op == "reshape":
            return f"uop.reshape {srcs[0]} : {st} -> {t}"
        if op == "permute":
            return f"uop.permute {srcs[0]} {_list(node.arg)} : {st} -> {t}"
        if op == "expand":
            return f"uop.expand {srcs[0]} : {st} -> {t}"
        if op == "pad":
            lo = [p[0] for p in node.arg]
            hi = [p[1] for p in node.arg]
            return f"uop.pad {srcs[0]} low {_list(lo)} high {_list(hi)} : {st} -> {t}"
        if op == "shrink":
            lo = [p[0] for p in node.arg]
            hi = [p[1] for p in node.arg]
            return f"uop.shrink {srcs[0]} {_list(lo)} to {_list(hi)} : {st} -> {t}"
        if op == "flip":
            flags = "[" + ", ".join("true" if f else "false" for f in node.arg) + "]"
            return f"uop.flip {srcs[0]} {flags} : {t}"
        if op == "reduce":
            kind, axes = node.arg
            if kind in ("max", "min") and d.is_unsigned and d.bits > 1:
                kind = "u" + kind  # umax / umin compare unsigned
            return f"uop.reduce_axis {kind} {srcs[0]} {_list(axes)} : {st} -> {t}"
        raise AssertionError(f"unknown op {op}")

    def _cast_text(self, src, node, x, st, t):
        """arith casts between every pair of dtypes (tinygrad's semantics: a cast to
        bool is ``!= 0``, float to integer truncates)."""
        a, b = src.dtype, node.dtype
        if b.is_bool:
            zero = self._new()
            self.lines.append(f"{zero} = arith.constant dense<{'0.0' if a.is_float else '0'}> : {st}")
            return (f"arith.cmpf une, {x}, {zero} : {st}" if a.is_float
                    else f"arith.cmpi ne, {x}, {zero} : {st}")
        if a.is_float and b.is_float:
            if a.bits == b.bits:  # float16 <-> bfloat16: through float32
                mid = self._new()
                mt = t.replace(b.mlir + ">", "f32>")
                self.lines.append(f"{mid} = arith.extf {x} : {st} to {mt}")
                return f"arith.truncf {mid} : {mt} to {t}"
            return f"arith.{'extf' if b.bits > a.bits else 'truncf'} {x} : {st} to {t}"
        if b.is_float:
            return f"arith.{'uitofp' if a.is_unsigned or a.is_bool else 'sitofp'} {x} : {st} to {t}"
        if a.is_float:
            return f"arith.{'fptoui' if b.is_unsigned else 'fptosi'} {x} : {st} to {t}"
        if a.bits < b.bits:
            return f"arith.{'extui' if a.is_unsigned or a.is_bool else 'extsi'} {x} : {st} to {t}"
        if a.bits > b.bits:
            return f"arith.trunci {x} : {st} to {t}"
        # Same width (int32 <-> uint32): the same bits; an identity op keeps one
        # SSA value per node.
        return f"arith.bitcast {x} : {st} to {t}"


# ---------------------------------------------------------------------------
# numpy reference
# ---------------------------------------------------------------------------

def _wide(dtype):
    if dtype.is_float:
        return np.float64
    return np.uint64 if dtype is _dt.uint64 else np.int64


def _round(x, dtype):
    """Round a wide value to ``dtype`` and widen it again (integers wrap, bools are
    ``!= 0``)."""
    x = np.asarray(x)
    if dtype is bfloat16:
        return _dt.round_bfloat16(x.astype(np.float32)).astype(np.float64)
    if dtype.is_bool:
        return (x != 0).astype(np.int64)
    return x.astype(dtype.np).astype(_wide(dtype))


def _reference(root):
    memo = {}
    stack = [(root, False)]
    with np.errstate(all="ignore"):
        while stack:
            node, expanded = stack.pop()
            if node in memo:
                continue
            if node.srcs and not expanded:
                stack.append((node, True))
                for s in reversed(node.srcs):
                    if s not in memo:
                        stack.append((s, False))
                continue
            memo[node] = _ref_op(node, [memo[s] for s in node.srcs])
        out = memo[root]
        if root.dtype is bfloat16:
            return _dt.round_bfloat16(np.asarray(out, np.float32)).reshape(root.shape)
        return np.asarray(out).astype(root.dtype.np).reshape(root.shape)


def _ref_op(node, xs):
    op, d = node.op, node.dtype
    w = _wide(d)
    if op == "input":
        return node.data.astype(w)  # bool inputs become 0/1
    if op == "const":
        return np.full(node.shape, node.arg, dtype=w)
    if op in _BINARY:
        a, b = xs
        if op == "max":
            r = np.maximum(a, b)
        else:
            r = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
                 "div": operator.truediv}[op](a, b)
        # Integers wrap; float16/bfloat16 round every result, as their programs do.
        return r if d.is_float and d.bits >= 32 else _round(r, d)
    if op == "neg":
        return -xs[0]
    if op in ("exp", "log", "sqrt"):
        r = getattr(np, op)(xs[0])
        return r if d.bits >= 32 else _round(r, d)
    x = xs[0]
    if op == "cast":
        src = node.srcs[0].dtype
        if d.is_bool:
            return (x != 0).astype(np.int64)
        if d.is_float:
            return x.astype(np.float64) if d is float64 else _round(x, d)
        return _round(np.trunc(x) if src.is_float else x, d)
    if op == "reshape":
        return x.reshape(node.shape)
    if op == "permute":
        return np.transpose(x, node.arg)
    if op == "expand":
        return np.broadcast_to(x, node.shape)
    if op == "pad":
        return np.pad(x, node.arg, mode="constant", constant_values=0)
    if op == "shrink":
        return x[tuple(slice(lo, hi) for lo, hi in node.arg)]
    if op == "flip":
        axes = tuple(i for i, f in enumerate(node.arg) if f)
        return np.flip(x, axes)
    if op == "reduce":
        kind, axes = node.arg
        if kind == "add":
            r = np.sum(x, axis=axes)
            return r if d.is_float and d.bits >= 32 else _round(r, d)
        init = -np.inf if d.is_float else 0 if d.is_bool else np.iinfo(d.np).min
        return np.max(x, axis=axes, initial=init)
    raise AssertionError(op)
