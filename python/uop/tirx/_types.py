"""Types and layouts of the TIRx script front end, and their MLIR spelling."""

import math
import re

import numpy as np

__all__ = ["ScalarType", "BufferType", "RegionType", "TileLayout", "SwizzleLayout",
           "ComposeLayout", "Buffer", "mlir_type", "SCOPES"]

# shared_cluster: another CTA's shared buffer, only made by Tx.cluster_view.
SCOPES = ("global", "shared", "local", "tmem", "shared_cluster")


class ScalarType:
    """A scalar type usable as a dtype (``Tx.float32``) or a parameter annotation."""

    __slots__ = ("name", "mlir")

    def __init__(self, name, mlir):
        self.name = name
        self.mlir = mlir

    def __repr__(self):
        return f"Tx.{self.name}"

    def __eq__(self, other):
        return isinstance(other, ScalarType) and other.mlir == self.mlir

    def __hash__(self):
        return hash(self.mlir)


_DTYPES = {
    "float64": "f64", "float32": "f32", "float16": "f16", "bfloat16": "bf16",
    "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2", "e4m3": "f8E4M3FN", "e5m2": "f8E5M2",
    "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8",
    "uint64": "i64", "uint32": "i32", "uint16": "i16", "uint8": "i8",
    "bool": "i1", "index": "index", "handle": "!llvm.ptr",
}
_MLIR_TYPES = set(_DTYPES.values()) | {"i1"}


def mlir_type(d):
    """The MLIR spelling of a dtype: ``"float16"``, ``"f16"``, ``Tx.float16`` or a numpy dtype."""
    if isinstance(d, ScalarType):
        return d.mlir
    if isinstance(d, str):
        if d in _DTYPES:
            return _DTYPES[d]
        if d in _MLIR_TYPES or re.fullmatch(r"i\d+", d):
            return d
        raise ValueError(f"unknown dtype {d!r}")
    if d is bool:
        return "i1"
    if d is int:
        return "index"
    if d is float:
        return "f32"
    try:
        nd = np.dtype(d)
    except TypeError:
        raise ValueError(f"unknown dtype {d!r}") from None
    if nd.name in _DTYPES:
        return _DTYPES[nd.name]
    raise ValueError(f"unsupported dtype {d!r}")


def is_float(t):
    return isinstance(t, str) and (t.startswith("f") or t.startswith("bf"))


def is_int(t):
    return isinstance(t, str) and (t == "index" or re.fullmatch(r"i\d+", t) is not None)


def int_width(t):
    return 64 if t == "index" else int(t[1:])


def _shape_text(shape):
    return "x".join(str(int(s)) for s in shape)


# ---------------------------------------------------------------------------
# Layouts
# ---------------------------------------------------------------------------

class Layout:
    def mlir(self):
        raise NotImplementedError

    def __str__(self):
        return self.mlir()

    def __repr__(self):
        return f"<{type(self).__name__} {self.mlir()}>"

    def __eq__(self, other):
        return isinstance(other, Layout) and other.mlir() == self.mlir()

    def __hash__(self):
        return hash(self.mlir())


def _iter_text(s):
    if isinstance(s, str):
        return s.replace(" ", "")
    if isinstance(s, tuple):
        k, ax = s
        return f"{int(k)}" if ax in (None, "m") else f"{int(k)}@{ax}"
    return str(int(s))


def _tuple_text(items):
    items = list(items)
    if len(items) == 1:
        return items[0]
    return "(" + ",".join(items) + ")"


class TileLayout(Layout):
    """``#tirx.tile<S[shape:strides] + R[...] + offsets>``.

    ``TileLayout((64, 128), (128, 1))``; a stride is an int (on the memory axis
    ``m``), ``"4@laneid"`` or ``(4, "laneid")``. ``replica`` is a pair
    ``(extents, strides)``, ``offsets`` a list of ints or ``"k@axis"`` strings.
    ``TileLayout("S[(128,32):(1@TLane,1@TCol)]")`` takes the text form.
    """

    def __init__(self, shape, strides=None, replica=None, offsets=()):
        if isinstance(shape, str):
            if strides is not None or replica is not None or offsets:
                raise ValueError("TileLayout(text) takes no other arguments")
            text = shape.strip()
            if text.startswith("#tirx.tile<") and text.endswith(">"):
                text = text[len("#tirx.tile<"):-1]
            self._text = text
            return
        if isinstance(shape, int):
            shape = (shape,)
        if strides is None:
            strides, acc = [], 1
            for s in reversed(shape):
                strides.insert(0, acc)
                acc *= int(s)
        if isinstance(strides, (int, str)):
            strides = (strides,)
        if len(shape) != len(strides):
            raise ValueError(f"TileLayout: {len(shape)} extents but {len(strides)} strides")
        text = f"S[{_tuple_text(str(int(s)) for s in shape)}:{_tuple_text(_iter_text(s) for s in strides)}]"
        if replica is not None:
            rs, rd = replica
            if isinstance(rs, int):
                rs = (rs,)
            if isinstance(rd, (int, str)):
                rd = (rd,)
            text += f" + R[{_tuple_text(str(int(s)) for s in rs)}:{_tuple_text(_iter_text(s) for s in rd)}]"
        for o in offsets:
            text += " + " + _iter_text(o)
        self._text = text

    def mlir(self):
        return f"#tirx.tile<{self._text}>"


class SwizzleLayout(Layout):
    """``#tirx.swizzle<per_element = M, swizzle_len = B, atom_len = S>``."""

    def __init__(self, per_element, swizzle_len, atom_len, swizzle_inner=True):
        self.per_element = int(per_element)
        self.swizzle_len = int(swizzle_len)
        self.atom_len = int(atom_len)
        self.swizzle_inner = bool(swizzle_inner)

    def mlir(self):
        s = (f"#tirx.swizzle<per_element = {self.per_element}, swizzle_len = {self.swizzle_len}, "
             f"atom_len = {self.atom_len}")
        if not self.swizzle_inner:
            s += ", swizzle_inner = false"
        return s + ">"


class ComposeLayout(Layout):
    """``#tirx.compose<swizzle, tile>``: the tile layout, then the swizzle on ``m``."""

    def __init__(self, swizzle, tile):
        if not isinstance(swizzle, SwizzleLayout) or not isinstance(tile, TileLayout):
            raise TypeError("ComposeLayout(SwizzleLayout, TileLayout)")
        self.swizzle = swizzle
        self.tile = tile

    def mlir(self):
        return f"#tirx.compose<{self.swizzle.mlir()}, {self.tile.mlir()}>"


class RawLayout(Layout):
    def __init__(self, text):
        self._text = text.strip()

    def mlir(self):
        return self._text


def to_layout(x):
    if x is None or isinstance(x, Layout):
        return x
    if isinstance(x, str):
        t = x.strip()
        if t.startswith("#tirx."):
            return RawLayout(t)
        if t.startswith("S["):
            return TileLayout(t)
    raise TypeError(f"not a layout: {x!r} (use Tx.TileLayout / Tx.SwizzleLayout / Tx.ComposeLayout "
                    f"or '#tirx....' text)")


# ---------------------------------------------------------------------------
# Buffers and regions
# ---------------------------------------------------------------------------

def _as_int(x, what):
    """``x`` as a Python int: ints, numpy integers and integral floats; anything else is a TypeError."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return int(x)
    if isinstance(x, (float, np.floating)) and math.isfinite(x) and float(x).is_integer():
        return int(x)
    raise TypeError(f"{what} must be an integer, not {x!r}")


def _as_ints(xs, what):
    if isinstance(xs, (int, np.integer)):
        xs = (xs,)
    if not isinstance(xs, (tuple, list)):
        raise TypeError(f"{what} must be a tuple of integers, not {xs!r}")
    return tuple(_as_int(x, what) for x in xs)


class BufferType:
    """``!tirx.buffer<SHAPExDTYPE, SCOPE[, LAYOUT][, strides = [...]][, elem_offset = N][, allocated_addr = N]>``."""

    def __init__(self, shape, dtype, scope="global", layout=None, strides=None,
                 elem_offset=None, allocated_addr=None):
        # Everything is checked here, so that printing (``.mlir``) cannot fail later.
        self.shape = _as_ints(shape, "a buffer shape")
        if not self.shape or any(s < 1 for s in self.shape):
            raise ValueError(f"buffer shape {shape} must have positive extents")
        self.dtype = mlir_type(dtype)
        if not isinstance(scope, str) or scope not in SCOPES:
            raise ValueError(f"unknown storage scope {scope!r}: one of {', '.join(SCOPES)}")
        self.scope = scope
        self.layout = to_layout(layout)
        self.strides = None if strides is None else _as_ints(strides, "strides")
        self.elem_offset = None if elem_offset is None else _as_int(elem_offset, "elem_offset")
        self.allocated_addr = None if allocated_addr is None else _as_int(allocated_addr, "allocated_addr")

    @property
    def mlir(self):
        parts = [f"{_shape_text(self.shape)}x{self.dtype}", self.scope]
        if self.layout is not None:
            parts.append(self.layout.mlir())
        if self.strides is not None:
            parts.append("strides = [" + ", ".join(map(str, self.strides)) + "]")
        if self.elem_offset is not None:
            parts.append(f"elem_offset = {int(self.elem_offset)}")
        if self.allocated_addr is not None:
            parts.append(f"allocated_addr = {int(self.allocated_addr)}")
        return "!tirx.buffer<" + ", ".join(parts) + ">"

    def with_(self, **kw):
        d = dict(shape=self.shape, dtype=self.dtype, scope=self.scope, layout=self.layout,
                 strides=self.strides, elem_offset=self.elem_offset, allocated_addr=self.allocated_addr)
        d.update(kw)
        return BufferType(**d)

    def __repr__(self):
        return self.mlir

    def __str__(self):
        return self.mlir

    def __eq__(self, other):
        return isinstance(other, BufferType) and other.mlir == self.mlir

    def __hash__(self):
        return hash(self.mlir)


def Buffer(shape, dtype="float32", scope="global", layout=None, strides=None, elem_offset=None,
           allocated_addr=None):
    """A buffer parameter annotation: ``A: Tx.Buffer((M, K), "float16")``."""
    return BufferType(shape, dtype, scope, layout, strides, elem_offset, allocated_addr)


class RegionType:
    """``!tirx.region<EXTENTS, BUFFER>``."""

    def __init__(self, extents, buffer):
        self.extents = tuple(int(e) for e in extents)
        self.buffer = buffer

    @property
    def shape(self):
        return self.extents

    @property
    def dtype(self):
        return self.buffer.dtype

    @property
    def mlir(self):
        return f"!tirx.region<{_shape_text(self.extents)}, {self.buffer.mlir}>"

    def __str__(self):
        return self.mlir

    def __eq__(self, other):
        return isinstance(other, RegionType) and other.mlir == self.mlir

    def __hash__(self):
        return hash(self.mlir)


def type_text(t):
    return t if isinstance(t, str) else t.mlir
