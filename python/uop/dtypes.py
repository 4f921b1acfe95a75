"""Element types of :class:`uop.Tensor`."""

import numpy as np


class DType:
    """A tensor element type: its name, numpy type and MLIR element type."""

    __slots__ = ("name", "np", "mlir", "is_float", "priority")

    def __init__(self, name, np_type, mlir, is_float, priority):
        self.name = name
        self.np = np.dtype(np_type)
        self.mlir = mlir
        self.is_float = is_float
        self.priority = priority  # promotion order: int32 < float32 < float64

    def __repr__(self):
        return f"uop.{self.name}"

    def __reduce__(self):
        return (to_dtype, (self.name,))


int32 = DType("int32", np.int32, "i32", False, 0)
float32 = DType("float32", np.float32, "f32", True, 1)
float64 = DType("float64", np.float64, "f64", True, 2)

ALL = (int32, float32, float64)
_BY_NAME = {}
for _d in ALL:
    _BY_NAME[_d.name] = _d
    _BY_NAME[_d.mlir] = _d
_BY_NAME.update({"float": float32, "int": int32, "double": float64})


def to_dtype(d):
    """A :class:`DType` from a DType, a name (``"float32"``, ``"f32"``) or a numpy dtype."""
    if isinstance(d, DType):
        return d
    if isinstance(d, str) and d in _BY_NAME:
        return _BY_NAME[d]
    try:
        nd = np.dtype(d)
    except TypeError:
        nd = None
    if nd is not None:
        for cand in ALL:
            if cand.np == nd:
                return cand
    raise TypeError(f"unsupported dtype {d!r}: uop tensors support float32, float64 and int32")


def promote(a, b):
    return a if a.priority >= b.priority else b
