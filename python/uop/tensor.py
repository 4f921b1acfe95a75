"""``uop.Tensor``: a lazy tensor whose graph lowers to the tensor-level uop MLIR form.

Every operation builds a node of a DAG; nothing is computed until
:meth:`Tensor.numpy` (compiled and run) or :meth:`Tensor.reference` (evaluated
with numpy). :meth:`Tensor.to_mlir` prints the graph as one ``func.func @main``
whose arguments are the input arrays in order of first use and whose result is
the tensor: the contract with the ``uop-rangeify`` pass (docs/python.md).
"""

import functools
import inspect
import numbers

import numpy as np

from . import dtypes as _dt
from ._host import host_copy
from ._emit import Emitter, format_scalar, tensor_type  # noqa: F401 - re-exported
from ._mutable import MutableOps
from ._graph import ArgumentError, AxisError, OpTypeError  # noqa: F401 - re-exported
from ._graph import (  # noqa: F401 - re-exported: the graph lived here
    _OP_NAMES, _NODE_SEQ, _Node, _derived_requires_grad, _PACKAGE_DIR, _caller, _prod, _is_scalar,
    _scalar_dtype, _array_dtype, _broadcast_shape, _norm_axes, _pair, _ShapeTypeError, _shape_args,
    _kw_shape, _sum_acc_dtype, _reduce_identity, _const_node)
from ._ops import TensorOps
from ._ops_compat import CompatOps
from .dtypes import bfloat16, bool_, float32, int32, to_dtype

__all__ = ["Tensor"]


# ---------------------------------------------------------------------------
# Tensor
# ---------------------------------------------------------------------------

class Tensor(MutableOps, TensorOps):
    """A lazily evaluated tensor of any dtype in :mod:`uop.dtypes` (bool, int8..int64,
    uint8..uint64, float16, bfloat16, float32, float64).

    ``Tensor(np.ndarray)`` becomes an input of the program; the array keeps its dtype
    (other float arrays become float32). A Python scalar becomes a constant; a list
    becomes an input array (float32, bool or int32). ``dtype=`` converts.
    """

    __slots__ = ("_node", "_grad", "_view")
    __array_ufunc__ = None  # ``ndarray + Tensor`` calls Tensor.__radd__

    def __init__(self, data, dtype=None, requires_grad=None):
        self._grad = None  # set by backward() (docs/python.md, "Autograd")
        self._view = None  # (base Tensor, index) of a basic-indexing view: assign writes through
        self._node = self._make_node(data, dtype)
        if requires_grad is not None:
            self.requires_grad = requires_grad
        elif self._node.rg is True:
            _autograd().track(self)
        _autograd().live(self)  # backward() may fill its .grad (tinygrad's all_tensors)

    def _make_node(self, data, dtype):
        if isinstance(data, Tensor):
            node = data._node
            if dtype is not None:
                node = data.cast(dtype)._node
            return node
        if isinstance(data, _Node):
            return data
        if _is_scalar(data):
            d = to_dtype(dtype) if dtype is not None else _scalar_dtype(data)
            return _const_node(data, (), d)
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
                raise ArgumentError(f"integer array values do not fit in {d.name}")
        # A copy (np.array's conversion; 0-d stays 0-d) that starts on a cache line, as
        # uop-run's buffers: the programs read it in place (_host.py).
        stored = host_copy(arr, d.np)
        if d is bfloat16:
            stored = _dt.round_bfloat16(stored)
        stored.setflags(write=False)
        return _Node("input", (), None, stored.shape, d, data=stored)

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
        """Convert to ``dtype`` (tinygrad's semantics: to bool is ``!= 0``, float to
        integer truncates; out-of-range values and NaN give 0 on the C target)."""
        d = to_dtype(dtype)
        if d is self.dtype:
            return self
        return Tensor(_Node("cast", (self._node,), d, self.shape, d))

    def bitcast(self, dtype):
        """Reinterpret the bits as ``dtype`` of the same width (``arith.bitcast``)."""
        d = to_dtype(dtype)
        if d is self.dtype:
            return self
        if d.is_bool or self.dtype.is_bool:
            raise TypeError(f"bitcast: bool has no bit pattern to reinterpret ({self.dtype.name} -> {d.name})")
        if d.bits != self.dtype.bits:
            raise NotImplementedError(f"bitcast: {self.dtype.name} -> {d.name} changes the element width "
                                      "(only same-width bitcasts are supported)")
        return Tensor(_Node("bitcast", (self._node,), d, self.shape, d))

    def _float(self):
        return self if self.dtype.is_float else self.cast(float32)

    def _unary(self, op):
        t = self._float()
        return Tensor(_Node(op, (t._node,), None, t.shape, t.dtype))

    def __neg__(self):
        if self.dtype.is_float:
            return Tensor(_Node("neg", (self._node,), None, self.shape, self.dtype))
        if self.dtype.is_bool:  # tinygrad: -bool is logical not
            return self.logical_not()
        return self._binary(0, "sub", reverse=True)

    def __pos__(self):
        return self

    def exp(self):
        return self._unary("exp")

    def exp2(self):
        return self._unary("exp2")

    def log(self):
        return self._unary("log")

    def log2(self):
        return self._unary("log2")

    def sqrt(self):
        return self._unary("sqrt")

    def rsqrt(self):
        return self._unary("rsqrt")

    def sin(self):
        return self._unary("sin")

    def cos(self):
        return self._unary("cos")

    def tan(self):
        return self.sin() / self.cos()

    def tanh(self):
        return self._unary("tanh")

    def erf(self):
        return self._unary("erf")

    def abs(self):
        if self.dtype.is_float:
            return self._unary("abs")
        if self.dtype.is_unsigned or self.dtype.is_bool:
            return self
        return Tensor(_Node("abs", (self._node,), None, self.shape, self.dtype))

    def __abs__(self):
        return self.abs()

    def _rounding(self, op):
        return self._unary(op) if self.dtype.is_float else self

    def floor(self):
        return self._rounding("floor")

    def ceil(self):
        return self._rounding("ceil")

    def trunc(self):
        return self._rounding("trunc")

    def round(self):
        """Round half to even (numpy's and tinygrad's ``round``)."""
        return self._rounding("round")

    def isnan(self):
        return self != self if self.dtype.is_float else self._full_like(False, bool_)

    def isinf(self, detect_positive=True, detect_negative=True):
        if not self.dtype.is_float or not (detect_positive or detect_negative):
            return self._full_like(False, bool_)
        if detect_positive and detect_negative:
            return self.abs() == float("inf")
        return self == (float("inf") if detect_positive else float("-inf"))

    def logical_not(self):
        return self.cast(bool_) ^ True

    def __invert__(self):
        d = self.dtype
        if d.is_float:
            raise TypeError(f"~: {d.name} has no bitwise not (integers and bools only)")
        return self ^ (True if d.is_bool else (int(np.iinfo(d.np).max) if d.is_unsigned else -1))

    def _scalar_operand(self, x):
        """The dtype a binary op computes in when one operand is the Python scalar ``x``."""
        sd = _scalar_dtype(x)
        d = self.dtype
        if sd.is_float and not d.is_float:
            return float32
        if sd.is_int and d.is_bool:
            return int32
        return d

    def _operands(self, other, what, reverse=False):
        """``(a, b)``: self and other promoted to one dtype and broadcast to one shape."""
        if isinstance(other, (np.ndarray, list, tuple)):
            other = Tensor(other)
        if isinstance(other, Tensor):
            dtype = _dt.promote(self.dtype, other.dtype)
            shape = _broadcast_shape(self.shape, other.shape, what)
            b = other.cast(dtype)._broadcast(shape)
        elif _is_scalar(other):
            dtype = self._scalar_operand(other)
            shape = self.shape
            b = Tensor(_const_node(other, shape, dtype))
        else:
            return None
        a = self.cast(dtype)._broadcast(shape)
        return (b, a) if reverse else (a, b)

    @staticmethod
    def _node_op(op, a, b, dtype=None):
        return Tensor(_Node(op, (a._node, b._node), None, a.shape, dtype or a.dtype))

    def _binary(self, other, op, reverse=False):
        ab = self._operands(other, _OP_NAMES.get(op, op), reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        if op == "div" and not a.dtype.is_float:
            a, b = a.cast(float32), b.cast(float32)
        return Tensor._node_op(op, a, b)

    def _method_binary(self, other, op, what):
        r = self._binary(other, op)
        if r is NotImplemented:  # a plain method, not an operator: no reflected fallback
            raise TypeError(f"{what}: unsupported operand {type(other).__name__}")
        return r

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

    def add(self, o):
        return self._method_binary(o, "add", "add")

    def sub(self, o):
        return self._method_binary(o, "sub", "sub")

    def mul(self, o):
        return self._method_binary(o, "mul", "mul")

    def div(self, o, reverse=False, rounding_mode=None):
        """``/``; torch's ``rounding_mode``: ``"trunc"`` or ``"floor"`` rounds the quotient
        (integers stay integers: truncating ``divsi`` or floor division)."""
        if rounding_mode is None:
            return self._binary(o, "div", reverse) if reverse else self._method_binary(o, "div", "div")
        if rounding_mode not in ("trunc", "floor"):
            raise ArgumentError(f"div: rounding_mode must be None, 'trunc' or 'floor', got {rounding_mode!r}")
        a, b = self._operands(o, "div", reverse)
        if a.dtype.is_bool:
            a, b = a.cast(int32), b.cast(int32)
        if a.dtype.is_float:
            q = a / b
            return q.trunc() if rounding_mode == "trunc" else q.floor()
        if rounding_mode == "floor":
            return a // b
        # truncation: floor division, plus one where a remainder is left and the signs differ
        f = a // b
        return ((f * b != a) & ((a < 0) ^ (b < 0))).where(f + 1, f)

    def maximum(self, other):
        """Element-wise maximum (NaN propagates), with broadcasting."""
        return self._method_binary(other, "max", "maximum")

    def minimum(self, other):
        """Element-wise minimum (NaN propagates), with broadcasting."""
        return self._method_binary(other, "min", "minimum")

    def relu(self):
        # maximum(x, 0), one op, so that a matmul's relu epilogue stays in the matmul
        # kernels' matcher (a select form costs three ops and breaks its single-use
        # chain). Marked "relu": the module given to uop-gradient computes it so that its
        # gradient at 0 is 0 (torch's, tinygrad's), not maximum's tie split (_emit.py).
        r = self.maximum(0)
        if r.dtype.is_float:
            r._node.arg = "relu"
        return r

    # floor division and modulo, as Python's // and % (and numpy's)
    def _floordiv(self, other, reverse):
        ab = self._operands(other, "//", reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        if a.dtype.is_bool:
            a, b = a.cast(int32), b.cast(int32)
        if a.dtype.is_float:
            return (a / b).floor()
        return Tensor._node_op("idiv", a, b)  # floordivsi / divui

    def _mod(self, other, reverse):
        ab = self._operands(other, "%", reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        if a.dtype.is_bool:
            a, b = a.cast(int32), b.cast(int32)
        r = Tensor._node_op("rem", a, b)  # remf / remsi / remui: the sign of a
        if a.dtype.is_unsigned:
            return r
        # Python's modulo has the sign of b: add b where r != 0 and the signs differ.
        fix = (r != 0) & ((r < 0) ^ (b < 0))
        return fix.where(r + b, r)

    def __floordiv__(self, o):
        return self._floordiv(o, False)

    def __rfloordiv__(self, o):
        return self._floordiv(o, True)

    def __mod__(self, o):
        return self._mod(o, False)

    def __rmod__(self, o):
        return self._mod(o, True)

    def _pow(self, other, reverse):
        if not reverse and isinstance(other, (numbers.Integral, np.integer)) \
                and not isinstance(other, (bool, np.bool_)) and other < 0 and not self.dtype.is_float:
            # torch and tinygrad raise: 1 / x ** n is not an integer
            from ._ops import ArgumentError
            raise ArgumentError(f"**: {self.dtype.name} to the negative integer power {int(other)} "
                                "(integers to negative integer powers are not allowed; cast to a float first)")
        if not reverse and _is_scalar(other) and not isinstance(other, (bool, np.bool_)) \
                and np.isfinite(other) and float(other) == int(other) and 0 <= int(other) <= 64 and not self.dtype.is_bool:
            # x ** n, n a small non-negative integer: exact multiplications (integers wrap)
            n = int(other)
            if _scalar_dtype(other).is_float and not self.dtype.is_float:
                return self._float()._pow(other, False)
            result, base = None, self
            while n:
                if n & 1:
                    result = base if result is None else result * base
                n >>= 1
                if n:
                    base = base * base
            return result if result is not None else self._full_like(1, self.dtype)
        ab = self._operands(other, "**", reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        if a.dtype.is_bool:
            a, b = a.cast(int32), b.cast(int32)
        return Tensor._node_op("pow", a, b)  # powf / ipowi

    def __pow__(self, o):
        return self._pow(o, False)

    def __rpow__(self, o):
        return self._pow(o, True)

    def pow(self, o):
        r = self._pow(o, False)
        if r is NotImplemented:
            raise TypeError(f"pow: unsupported operand {type(o).__name__}")
        return r

    def _bitwise(self, other, op, reverse=False, shift=False):
        what = _OP_NAMES[op]
        if (not shift and self.dtype.is_int and not self.dtype.is_unsigned and _is_scalar(other)
                and isinstance(other, (int, np.integer)) and not isinstance(other, bool)
                and 2 ** (self.dtype.bits - 1) <= other < 2 ** self.dtype.bits):
            other -= 2 ** self.dtype.bits  # a bit pattern (x | 0xFFFFFFFF on int32): its signed value
        ab = self._operands(other, what, reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        if a.dtype.is_float or (shift and a.dtype.is_bool):
            raise OpTypeError(f"{what}: not defined on {a.dtype.name} "
                            f"({'integers' if shift else 'integers and bools'} only)")
        return Tensor._node_op(op, a, b)

    def __and__(self, o):
        return self._bitwise(o, "and")

    def __rand__(self, o):
        return self._bitwise(o, "and", True)

    def __or__(self, o):
        return self._bitwise(o, "or")

    def __ror__(self, o):
        return self._bitwise(o, "or", True)

    def __xor__(self, o):
        return self._bitwise(o, "xor")

    def __rxor__(self, o):
        return self._bitwise(o, "xor", True)

    def __lshift__(self, o):
        return self._bitwise(o, "shl", shift=True)

    def __rlshift__(self, o):
        return self._bitwise(o, "shl", True, shift=True)

    def __rshift__(self, o):
        return self._bitwise(o, "shr", shift=True)

    def __rrshift__(self, o):
        return self._bitwise(o, "shr", True, shift=True)

    def bitwise_and(self, o):
        return self & o

    def bitwise_or(self, o):
        return self | o

    def bitwise_xor(self, o):
        return self ^ o

    def bitwise_not(self):
        return ~self

    # comparisons: bool tensors (NaN compares unequal and unordered, as in numpy)
    def _compare(self, other, op, reverse=False):
        ab = self._operands(other, _OP_NAMES[op], reverse)
        if ab is None:
            return NotImplemented
        a, b = ab
        return Tensor._node_op(op, a, b, bool_)

    def __lt__(self, o):
        return self._compare(o, "cmplt")

    def __gt__(self, o):
        return self._compare(o, "cmplt", reverse=True)

    def __le__(self, o):
        return self._compare(o, "cmplt") | self._compare(o, "cmpeq")

    def __ge__(self, o):
        return self._compare(o, "cmplt", reverse=True) | self._compare(o, "cmpeq")

    def __eq__(self, o):  # noqa: D105 - elementwise, as in tinygrad
        return self._compare(o, "cmpeq")

    def __ne__(self, o):
        return self._compare(o, "cmpne")

    __hash__ = object.__hash__

    def eq(self, o):
        return self == o

    def ne(self, o):
        return self != o

    def lt(self, o):
        return self < o

    def le(self, o):
        return self <= o

    def gt(self, o):
        return self > o

    def ge(self, o):
        return self >= o

    def where(self, x, y):
        """``x`` where self (cast to bool) is true, else ``y``; all three broadcast."""
        cond = self.cast(bool_)
        xt, yt = isinstance(x, Tensor), isinstance(y, Tensor)
        if isinstance(x, (np.ndarray, list, tuple)):
            x, xt = Tensor(x), True
        if isinstance(y, (np.ndarray, list, tuple)):
            y, yt = Tensor(y), True
        for v in (x, y):
            if not isinstance(v, Tensor) and not _is_scalar(v):
                raise TypeError(f"where: unsupported operand {type(v).__name__}")
        if xt and yt:
            dtype = _dt.promote(x.dtype, y.dtype)
        elif xt:
            dtype = x._scalar_operand(y)
        elif yt:
            dtype = y._scalar_operand(x)
        else:
            sx, sy = _scalar_dtype(x), _scalar_dtype(y)
            dtype = float32 if (sx.is_float or sy.is_float) else (
                int32 if (sx.is_int or sy.is_int) else bool_)
        shape = cond.shape
        for v in (x, y):
            if isinstance(v, Tensor):
                shape = _broadcast_shape(shape, v.shape, "where")

        def operand(v):
            if isinstance(v, Tensor):
                return v.cast(dtype)._broadcast(shape)
            return Tensor(_const_node(v, shape, dtype))

        a, b = operand(x), operand(y)
        c = cond._broadcast(shape)
        return Tensor(_Node("where", (c._node, a._node, b._node), None, shape, dtype))

    # -- reductions ----------------------------------------------------------
    def _reduce(self, kind, axis, keepdim, what=None):
        axes = _norm_axes(axis, self.ndim, what or kind)
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

    def sum(self, axis=None, keepdim=False, keepdims=None, dtype=None):
        """Sum over ``axis`` (int, tuple or None for all axes). As in tinygrad, it
        accumulates bools and small integers in int32 (unsigned ones in uint32) and
        returns that; float16/bfloat16 accumulate in float32 and return their dtype."""
        keep = keepdim if keepdims is None else keepdims
        if dtype is not None:
            return self.cast(dtype)._reduce("add", axis, keep, "sum")
        acc = _sum_acc_dtype(self.dtype)
        r = self.cast(acc)._reduce("add", axis, keep, "sum")
        return r.cast(self.dtype) if self.dtype in (_dt.float16, bfloat16) else r

    def prod(self, axis=None, keepdim=False, keepdims=None, dtype=None):
        """Product over ``axis``; accumulates like :meth:`sum` (integers wrap)."""
        keep = keepdim if keepdims is None else keepdims
        if dtype is not None:
            return self.cast(dtype)._reduce("mul", axis, keep, "prod")
        acc = _sum_acc_dtype(self.dtype)
        r = self.cast(acc)._reduce("mul", axis, keep, "prod")
        return r.cast(self.dtype) if self.dtype in (_dt.float16, bfloat16) else r

    def _minmax(self, kind, axis, keepdim, keepdims):
        keep = keepdim if keepdims is None else keepdims
        if self.dtype.is_bool:  # through uint8 (umax / umin)
            return self.cast(_dt.uint8)._reduce(kind, axis, keep, kind).cast(bool_)
        return self._reduce(kind, axis, keep, kind)

    def max(self, axis=None, keepdim=False, keepdims=None):
        """Maximum over ``axis`` (int, tuple or None for all axes); NaN propagates."""
        return self._minmax("max", axis, keepdim, keepdims)

    def min(self, axis=None, keepdim=False, keepdims=None):
        """Minimum over ``axis`` (int, tuple or None for all axes); NaN propagates."""
        return self._minmax("min", axis, keepdim, keepdims)

    def any(self, axis=None, keepdim=False, keepdims=None):
        return self.cast(bool_).max(axis, keepdim, keepdims)

    def all(self, axis=None, keepdim=False, keepdims=None):
        return self.cast(bool_).min(axis, keepdim, keepdims)

    # -- movement ------------------------------------------------------------
    def reshape(self, *shape, **kw):
        """One -1 infers a dim; None keeps the dim at that position (tinygrad's
        ``reshape(None, 6)``); ``shape=`` is the keyword form."""
        shape = _kw_shape(shape, kw, "shape", "reshape")
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = tuple(self.shape[i] if s is None and i < self.ndim else s for i, s in enumerate(shape))
        shape = list(_shape_args(shape, "reshape"))
        if shape.count(-1) > 1:
            raise ArgumentError("reshape: at most one -1")
        if -1 in shape:
            rest = _prod(s for s in shape if s != -1)
            if rest == 0 or self.size % rest:
                raise ArgumentError(f"reshape: cannot reshape {self.shape} into {tuple(shape)}")
            shape[shape.index(-1)] = self.size // rest
        shape = tuple(shape)
        if any(s < 0 for s in shape) or _prod(shape) != self.size:
            raise ArgumentError(f"reshape: cannot reshape {self.shape} ({self.size} elements) into {shape}")
        if shape == self.shape:
            return self
        return self._moved(Tensor(_Node("reshape", (self._node,), shape, shape, self.dtype)))

    def permute(self, *order, **kw):
        """Axes in their new order (negative count from the end; ``order=`` as keyword)."""
        order = _shape_args(_kw_shape(order, kw, "order", "permute"), "permute")
        if len(order) == self.ndim and all(-self.ndim <= o < self.ndim for o in order):
            order = tuple(o % self.ndim for o in order)
        if sorted(order) != list(range(self.ndim)):
            raise ArgumentError(f"permute: {order} is not a permutation of the {self.ndim} axes")
        if order == tuple(range(self.ndim)):
            return self
        shape = tuple(self.shape[i] for i in order)
        return self._moved(Tensor(_Node("permute", (self._node,), order, shape, self.dtype)))

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
            raise ArgumentError(f"expand: {shape} has fewer dims than {self.shape}")
        src = (1,) * (len(shape) - self.ndim) + self.shape
        shape = tuple(s if t == -1 else t for s, t in zip(src, shape))
        for s, t in zip(src, shape):
            if s != t and s != 1:
                raise ArgumentError(f"expand: cannot expand {self.shape} to {shape} (only size-1 dims broadcast)")
        t = self.reshape(src)
        if shape == src:
            return t
        return Tensor(_Node("expand", (t._node,), shape, shape, self.dtype))

    def _broadcast(self, shape):
        if self.shape == tuple(shape):
            return self
        return self.expand(shape)

    def _pad(self, pads, value=0):
        """Padding with ``value`` (zero: ``uop.pad``; another value: a mask and ``where``),
        by one ``(low, high)`` (or None) per dim; :meth:`pad` is the public form."""
        norm = self._pad_pairs(pads)
        for p in norm:
            if p[0] < 0 or p[1] < 0:
                raise ArgumentError(f"pad: negative padding {p}")
        if all(p == (0, 0) for p in norm):
            return self
        shape = tuple(s + lo + hi for s, (lo, hi) in zip(self.shape, norm))
        if not (isinstance(value, (int, float, bool, np.number, np.bool_)) and value == 0
                and not (isinstance(value, float) and np.signbit(value))):
            if self.size == 0:
                return self._full_like(value, None, shape)
            inside = self._full_like(True, bool_)._pad(norm)
            return inside.where(self._pad(norm), Tensor(_const_node(value, shape, self.dtype)))
        if self.size == 0:  # only padding: zeros
            return Tensor(_const_node(0, shape, self.dtype))
        return Tensor(_Node("pad", (self._node,), tuple(norm), shape, self.dtype))

    def _full_like(self, value, dtype=None, shape=None):
        d = self.dtype if dtype is None else to_dtype(dtype)
        return Tensor(_const_node(value, self.shape if shape is None else shape, d))

    def shrink(self, bounds):
        """Keep ``[start, end)`` of each dim; ``bounds`` holds one pair (or None) per dim."""
        bounds = list(bounds)
        if len(bounds) != self.ndim:
            raise ArgumentError(f"shrink: {len(bounds)} (start, end) pairs for a tensor of rank {self.ndim}")
        norm = []
        for b, s in zip(bounds, self.shape):
            lo, hi = (0, s) if b is None else _pair(b, "shrink")
            if not 0 <= lo <= hi <= s:
                raise ArgumentError(f"shrink: ({lo}, {hi}) is not within [0, {s}]")
            norm.append((lo, hi))
        if all(b == (0, s) for b, s in zip(norm, self.shape)):
            return self
        shape = tuple(hi - lo for lo, hi in norm)
        return self._moved(Tensor(_Node("shrink", (self._node,), tuple(norm), shape, self.dtype)))

    def flip(self, axis=None):
        axes = _norm_axes(axis, self.ndim, "flip")
        if not axes:
            return self
        flags = tuple(i in axes for i in range(self.ndim))
        return self._moved(Tensor(_Node("flip", (self._node,), flags, self.shape, self.dtype)))

    # -- devices ---------------------------------------------------------------
    def shard(self, devices, axis=None):
        """This tensor on ``devices`` CPU ranks (an int), split along ``axis`` (device i
        holds slice i; the size must divide evenly) or, with ``axis=None``, whole on each
        (replicated): a ``uop.multi`` (docs/multi-device.md). Ops on it run on the shards;
        a reduction over the sharded axis all-reduces the partial results. A graph with a
        sharded tensor runs on that many MPI ranks (``uop-run --devices``; ``numpy()``
        returns the whole result)."""
        if isinstance(devices, bool) or not isinstance(devices, (int, np.integer)) or devices < 1:
            raise ArgumentError(f"shard: devices must be a positive number of ranks, got {devices!r}")
        n = int(devices)
        if axis is None:
            srcs = (self._node,) * n
        else:
            (a,) = _norm_axes(axis, self.ndim, "shard")
            if self.shape[a] % n:
                raise ArgumentError(f"shard: axis {a} of size {self.shape[a]} does not split "
                                 f"into {n} equal shards")
            step = self.shape[a] // n
            srcs = tuple(self.shrink([(k * step, (k + 1) * step) if d == a else None
                                      for d in range(self.ndim)])._node for k in range(n))
            axis = a
        return Tensor(_Node("multi", srcs, axis, self.shape, self.dtype))

    @property
    def devices(self):
        """The number of devices the graph of this tensor runs on (1 without shards)."""
        n, seen, stack = 1, set(), [self._node]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if node.op == "multi":
                n = max(n, len(node.srcs))
            stack.extend(node.srcs)
        return n

    @property
    def device(self):
        """tinygrad's device name: "CPU", or for a sharded graph one "CPU:i" per rank (a
        tuple, as tinygrad's multi-device tensors). Where it runs is numpy(device=)'s choice."""
        n = self.devices
        return "CPU" if n == 1 else tuple(f"CPU:{i}" for i in range(n))

    # -- autograd (through the uop-gradient pass; python/uop/_autograd.py) -------
    @property
    def requires_grad(self):
        """None (unset, the default of a leaf), True or False. An op's result is True if
        one of its sources is, else None if one is, else False. The pinned tinygrad has no
        requires_grad: ``backward()`` fills ``.grad`` of every live float tensor in the
        graph, as it does, except those whose value is False (docs/python.md, "Autograd")."""
        return self._node.rg

    @requires_grad.setter
    def requires_grad(self, value):
        if value is not None and not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"requires_grad must be True, False or None, not {value!r}")
        value = None if value is None else bool(value)
        self._node.rg = value
        if value:
            _autograd().track(self)

    @property
    def grad(self):
        """The gradient backward() filled (summed into), or None."""
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is None:  # uop.jit tells a .grad cleared in its trace from one never set
            from .jit import note_grad_cleared
            note_grad_cleared(self)
        self._grad = value

    def requires_grad_(self, requires_grad=True):
        self.requires_grad = requires_grad
        return self

    def detach(self):
        """The same value, cut from the autograd graph: no gradient flows through it
        (tinygrad's DETACH; its ``requires_grad`` is False)."""
        return Tensor(_Node("detach", (self._node,), None, self.shape, self.dtype))

    def contiguous_backward(self):
        """The same value; in the backward pass it marks the gradient contiguous (the
        pass passes the gradient through unchanged)."""
        return Tensor(_Node("contiguous_backward", (self._node,), None, self.shape, self.dtype))

    def gradient(self, *targets, gradient=None):
        """The gradients of ``self`` with respect to each of ``targets`` (a list of
        realized Tensors; zeros for a target ``self`` does not depend on). ``gradient``
        is the cotangent ``dy`` (default 1 for a scalar). Computed by the MLIR pass
        ``uop-gradient`` on this graph's module (docs/python.md, "Autograd")."""
        from .jit import _TRACES, traced_gradient  # the module, not the decorator
        if _TRACES:  # recorded for the jit's replays
            return traced_gradient(self, targets, gradient)
        return _autograd().gradient(self, targets, gradient)

    def backward(self, gradient=None):
        """Fill ``.grad`` of every live float tensor in ``self``'s graph whose
        ``requires_grad`` is not False (summing into an existing ``.grad``; zeros where no
        gradient reaches it); returns ``self``."""
        from .jit import _TRACES, traced_backward
        if _TRACES:
            return traced_backward(self, gradient)
        return _autograd().backward(self, gradient)

    # -- output ----------------------------------------------------------------
    def _emit(self, locations=False):
        return Emitter(locations).module(self._node)

    def to_mlir(self, locations=False):
        """The tensor-level uop module: ``func.func @main(inputs...) -> result``.
        ``locations=True`` gives each op the ``loc("file.py":line:0)`` of the Python
        call that made it, so that the compiler's diagnostics name that call."""
        return self._emit(locations)[0]

    def inputs(self):
        """The input arrays, in the order of ``@main``'s arguments."""
        return self._emit()[1]

    def reference(self):
        """The value computed with numpy (float64 / int64 arithmetic, then cast to ``dtype``)."""
        from ._reference import reference
        return reference(self._node)

    def numpy(self, device="cpu"):
        """Compile, run on ``device`` ("cpu" or "cuda") and return an ndarray."""
        from . import runtime
        return runtime.realize(self, device)

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)


def _autograd():
    from . import _autograd as ag
    return ag


CompatOps._tensor_cls = Tensor


# tinygrad's creation functions take ``requires_grad=`` (``Tensor.randn(3, requires_grad=True)``).
def _with_requires_grad(fn):
    @functools.wraps(fn)
    def wrapper(first, *args, requires_grad=None, **kwargs):
        r = fn(first, *args, **kwargs)
        if requires_grad is not None:
            r.requires_grad = requires_grad
        return r
    return wrapper


for _name in ("full", "zeros", "ones", "arange", "eye", "rand", "uniform", "randn", "randint",
              "empty", "normal", "scaled_uniform", "glorot_uniform", "kaiming_uniform",
              "kaiming_normal", "linspace", "full_like", "zeros_like", "ones_like", "rand_like",
              "randn_like"):
    _raw = inspect.getattr_static(Tensor, _name, None)
    if isinstance(_raw, classmethod):
        setattr(Tensor, _name, classmethod(_with_requires_grad(_raw.__func__)))
    elif callable(_raw):
        setattr(Tensor, _name, _with_requires_grad(_raw))
