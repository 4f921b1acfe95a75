"""Element types of :class:`uop.Tensor` and their promotion.

MLIR integers are signless: an unsigned dtype is an integer of its width whose
ops say unsigned (``divui``, ``maxui``, ``cmpi ult``, ``uitofp``, ``extui``) and
whose program arguments and results carry ``{uop.unsigned}``.

numpy has no bfloat16: a bfloat16 tensor takes and returns float32 arrays
(each value rounded to bfloat16 on the way in); the program sees the 16-bit
bfloat16 bits.
"""

import numpy as np

from ._host import aligned_empty


class DType:
    """A tensor element type: its name, numpy type, MLIR element type and promotion
    priority (tinygrad's: bool < int8 < uint8 < ... < float64)."""

    __slots__ = ("name", "np", "mlir", "is_float", "is_unsigned", "priority", "bits")

    def __init__(self, name, np_type, mlir, priority, is_float=False, is_unsigned=False):
        self.name = name
        self.np = np.dtype(np_type)
        self.mlir = mlir
        self.is_float = is_float
        self.is_unsigned = is_unsigned
        self.priority = priority
        self.bits = 1 if mlir == "i1" else int(mlir.lstrip("bfi"))

    @property
    def is_bool(self):
        return self.mlir == "i1"

    @property
    def is_int(self):
        return not self.is_float and not self.is_bool

    @property
    def storage(self):
        """The numpy dtype of the program's buffers (bfloat16: its bits as uint16)."""
        return np.dtype(np.uint16) if self.name == "bfloat16" else self.np

    @property
    def min(self):
        """The least value (tinygrad's ``dtypes.int.min``; -inf for floats, False for bool)."""
        return _min_max(self, lambda lo, hi: lo)

    @property
    def max(self):
        """The greatest value (inf for floats, True for bool)."""
        return _min_max(self, lambda lo, hi: hi)

    def __repr__(self):
        return f"uop.{self.name}"

    def __reduce__(self):
        return (to_dtype, (self.name,))


bool_ = DType("bool", np.bool_, "i1", 0)
int8 = DType("int8", np.int8, "i8", 1)
uint8 = DType("uint8", np.uint8, "i8", 2, is_unsigned=True)
int16 = DType("int16", np.int16, "i16", 3)
uint16 = DType("uint16", np.uint16, "i16", 4, is_unsigned=True)
int32 = DType("int32", np.int32, "i32", 5)
uint32 = DType("uint32", np.uint32, "i32", 6, is_unsigned=True)
int64 = DType("int64", np.int64, "i64", 7)
uint64 = DType("uint64", np.uint64, "i64", 8, is_unsigned=True)
float16 = DType("float16", np.float16, "f16", 9, is_float=True)
bfloat16 = DType("bfloat16", np.float32, "bf16", 10, is_float=True)
float32 = DType("float32", np.float32, "f32", 11, is_float=True)
float64 = DType("float64", np.float64, "f64", 12, is_float=True)

ALL = (bool_, int8, uint8, int16, uint16, int32, uint32, int64, uint64,
       float16, bfloat16, float32, float64)
_BY_NAME = {}
for _d in ALL:
    _BY_NAME[_d.name] = _d
_BY_NAME.update({"f16": float16, "bf16": bfloat16, "f32": float32, "f64": float64,
                 "i1": bool_, "i8": int8, "i16": int16, "i32": int32, "i64": int64,
                 "u8": uint8, "u16": uint16, "u32": uint32, "u64": uint64,
                 "float": float32, "int": int32, "double": float64, "half": float16})
_BY_NUMPY = {d.np: d for d in ALL if d is not bfloat16}

# tinygrad's promotion lattice: each dtype and the dtypes it promotes to directly.
_LATTICE = {
    bool_: (int8, uint8), int8: (int16,), int16: (int32,), int32: (int64,),
    int64: (float16, bfloat16), uint8: (int16, uint16), uint16: (int32, uint32),
    uint32: (int64, uint64), uint64: (float16, bfloat16), float16: (float32,),
    bfloat16: (float32,), float32: (float64,), float64: (),
}


def _parents(d):
    out = {d}
    for p in _LATTICE[d]:
        out |= _parents(p)
    return out


class DTypeError(TypeError, AttributeError):
    """An unknown dtype: a TypeError, and the AttributeError tinygrad raises (it looks a
    dtype name up as an attribute of ``dtypes``)."""


def to_dtype(d):
    """A :class:`DType` from a DType, a name (``"float32"``, ``"f32"``, ``"uint8"``) or a
    numpy dtype."""
    if isinstance(d, DType):
        return d
    if isinstance(d, str) and d in _BY_NAME:
        return _BY_NAME[d]
    try:
        nd = np.dtype(d)
    except TypeError:
        nd = None
    if nd is not None and nd in _BY_NUMPY:
        return _BY_NUMPY[nd]
    names = ", ".join(x.name for x in ALL)
    raise DTypeError(f"unsupported dtype {d!r}: uop tensors support {names}")


def promote(a, b):
    """The least dtype both promote to (tinygrad's ``least_upper_dtype``):
    int32 + float32 is float32, int8 + uint8 is int16, int64 + uint64 is float16,
    float16 + bfloat16 is float32."""
    return min(_parents(a) & _parents(b), key=lambda d: d.priority)


def to_bfloat16_bits(a):
    """float32 values rounded to nearest-even bfloat16, as their uint16 bits."""
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(a, dtype=np.float32))
    r = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    # the bits start on a cache line: programs read them in place (_host.py)
    out = aligned_empty(r.shape, np.uint16)
    np.copyto(out, r, casting="unsafe")
    np.copyto(out, np.uint16(0x7FC0), where=nan)
    return out


def from_bfloat16_bits(bits):
    """bfloat16 bits (uint16) as float32 values (exact)."""
    b = np.asarray(bits, dtype=np.uint16)
    return (b.reshape(-1).astype(np.uint32) << 16).view(np.float32).reshape(b.shape)


def round_bfloat16(a):
    """float values rounded to bfloat16, as float32."""
    return from_bfloat16_bits(to_bfloat16_bits(a)).reshape(np.shape(a))


def _min_max(d, pick):
    d = to_dtype(d)
    if d.is_bool:
        return pick(False, True)
    if d.is_float:
        return pick(float("-inf"), float("inf"))
    info = np.iinfo(d.np)
    return pick(int(info.min), int(info.max))


class dtypes:  # noqa: N801 - tinygrad's spelling: `from uop.dtypes import dtypes`
    """tinygrad's ``dtypes`` namespace: the dtypes under tinygrad's names and aliases
    (``dtypes.int`` is int32, ``dtypes.long`` int64, ``dtypes.half`` float16, ...), the
    defaults, and ``min``/``max``/``is_float``/``is_int``/``is_unsigned`` of a dtype."""
    bool, int8, uint8, int16, uint16, int32, uint32 = bool_, int8, uint8, int16, uint16, int32, uint32
    int64, uint64, float16, bfloat16, float32, float64 = int64, uint64, float16, bfloat16, float32, float64
    char, uchar, short, ushort, int, uint, long, ulong = int8, uint8, int16, uint16, int32, uint32, int64, uint64
    half, float, double = float16, float32, float64
    default_float, default_int = float32, int32
    all = ALL

    @staticmethod
    def min(d):
        """The least value of ``d`` (-inf for floats, False for bool)."""
        return _min_max(d, lambda lo, hi: lo)

    @staticmethod
    def max(d):
        """The greatest value of ``d`` (inf for floats, True for bool)."""
        return _min_max(d, lambda lo, hi: hi)

    @staticmethod
    def is_float(d):
        return to_dtype(d).is_float

    @staticmethod
    def is_int(d):
        return to_dtype(d).is_int

    @staticmethod
    def is_unsigned(d):
        return to_dtype(d).is_unsigned
