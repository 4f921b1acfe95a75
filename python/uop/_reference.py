"""``Tensor.reference()``: the graph evaluated with numpy.

Floats are computed in float64 (float16 / bfloat16 rounded after every op, as
their programs do), integers in int64 / uint64 and wrapped to their dtype after
every op, bools as 0 / 1.
"""

import math

import numpy as np

from . import dtypes as _dt
from ._emit import BINARY, COMPARE, UNARY
from .dtypes import bfloat16, float64


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
    if dtype.is_int and x.dtype.kind == "f":
        x = np.trunc(x)
    return x.astype(dtype.np).astype(_wide(dtype))


def _stored(x, dtype):
    """The wide value as the program stores it (bfloat16: its bits as uint16)."""
    if dtype is bfloat16:
        return _dt.to_bfloat16_bits(np.asarray(x, np.float32)).reshape(np.shape(x))
    if dtype.is_bool:
        return np.asarray(x != 0)
    return np.asarray(x).astype(dtype.np)


def _unstored(a, dtype):
    if dtype is bfloat16:
        return _dt.from_bfloat16_bits(a).astype(np.float64)
    return a.astype(_wide(dtype))


def reference(root):
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
            memo[node] = np.asarray(_ref_op(node, [memo[s] for s in node.srcs]))
        out = memo[root]
        if root.dtype is bfloat16:
            return _dt.round_bfloat16(np.asarray(out, np.float32)).reshape(root.shape)
        return np.asarray(out).astype(root.dtype.np).reshape(root.shape)


_ERF = np.vectorize(math.erf, otypes=[np.float64])


def _unary(op, x):
    if op == "neg":
        return -x
    if op == "rsqrt":
        return 1.0 / np.sqrt(x)
    if op == "erf":
        return _ERF(x) if x.size else x.astype(np.float64)
    if op == "round":
        return np.round(x)
    return getattr(np, op)(x)


def _shift_big(b, dtype):
    """Where the count, read as unsigned at the dtype's width, is the width or more: the
    shift gives 0 (or the sign, shifting right); docs/uop-dialect.md, "Edge cases"."""
    return (b < 0) | (b >= dtype.bits)


def _binary(op, a, b, s):
    """``op`` on the wide values of operands of dtype ``s``."""
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if op == "div":
        return a / b
    if op == "max":
        return np.maximum(a, b)
    if op == "min":
        return np.minimum(a, b)
    if op == "pow":
        if s.is_float:
            return np.power(a, b)
        # math.ipowi: x ** n by squaring, wrapping; a negative n gives 1 for 1, +-1 for -1, else 0.
        neg = b < 0
        r = np.power(a, np.where(neg, 0, b))
        odd = (np.abs(b) % 2) == 1
        negr = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0))
        return np.where(neg, negr, r)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "xor":
        return a ^ b
    if op == "shl":
        big = _shift_big(b, s)
        return np.where(big, a.dtype.type(0), a << np.where(big, 0, b).astype(b.dtype))
    if op == "shr":
        # a wide int64 holds a signed value sign-extended (arithmetic shift) and an
        # unsigned one as non-negative (logical shift)
        big = _shift_big(b, s)
        sign = np.where(a < 0, -1, 0).astype(a.dtype)  # 0 for unsigned
        return np.where(big, sign, a >> np.where(big, 0, b).astype(b.dtype))
    if op == "idiv":
        return np.floor_divide(a, b)
    if op == "rem":
        return np.fmod(a, b)
    if op == "cmplt":
        return (a < b).astype(np.int64)
    if op == "cmpeq":
        return (a == b).astype(np.int64)
    if op == "cmpne":
        return (a != b).astype(np.int64)
    raise AssertionError(op)


def _ref_op(node, xs):
    op, d = node.op, node.dtype
    w = _wide(d)
    if op == "input":
        return node.data.astype(w)  # bool inputs become 0/1; bfloat16 ones are rounded already
    if op == "const":
        return np.full(node.shape, node.arg, dtype=w)
    if op in BINARY:
        s = node.srcs[0].dtype
        r = _binary(op, xs[0], xs[1], s)
        if op in COMPARE:
            return r
        # Integers wrap; float16/bfloat16 round every result, as their programs do.
        return r if d.is_float and d.bits >= 32 else _round(r, d)
    if op in UNARY:
        r = _unary(op, xs[0])
        return r if d.is_float and d.bits >= 32 else _round(r, d)
    if op == "where":
        return np.where(xs[0] != 0, xs[1], xs[2])
    if op in ("detach", "contiguous_backward"):
        return xs[0]
    x = xs[0]
    if op == "cast":
        src = node.srcs[0].dtype
        if d.is_bool:
            return (x != 0).astype(np.int64)
        if d.is_float:
            return x.astype(np.float64) if d is float64 else _round(x, d)
        if src.is_float:
            # out of range or NaN converts to 0 (the C target's rule)
            info = np.iinfo(d.np)
            t = np.trunc(x)
            ok = np.isfinite(t) & (t >= info.min) & (t <= info.max)
            return _round(np.where(ok, t, 0), d)
        return _round(x, d)
    if op == "bitcast":
        src = node.srcs[0].dtype
        return _unstored(_stored(x, src).view(d.storage), d)
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
    if op == "multi":  # the whole value: shards end to end, or one replica
        return x if node.arg is None else np.concatenate(xs, axis=node.arg)
    if op == "flip":
        axes = tuple(i for i, f in enumerate(node.arg) if f)
        return np.flip(x, axes)
    if op == "reduce":
        kind, axes = node.arg
        if kind == "add":
            r = np.sum(x, axis=axes)
        elif kind == "mul":
            r = np.prod(x, axis=axes)
        elif kind == "max":
            init = -np.inf if d.is_float else 0 if d.is_bool else np.iinfo(d.np).min
            return np.max(x, axis=axes, initial=init)
        else:
            init = np.inf if d.is_float else 1 if d.is_bool else np.iinfo(d.np).max
            return np.min(x, axis=axes, initial=init)
        return r if d.is_float and d.bits >= 32 else _round(r, d)
    raise AssertionError(op)
