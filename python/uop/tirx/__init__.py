"""``uop.tirx``: TIRx scripts in Python, printed as the MLIR ``tirx`` dialect.

Use as ``from uop import tirx as Tx``::

    @Tx.prim_func
    def scale(A: Tx.Buffer((1024,), "float32"), B: Tx.Buffer((1024,), "float32")):
        with Tx.device_entry():
            bx = Tx.cta_id([8])
            tx = Tx.thread_id([128])
            i = bx * 128 + tx
            B[i] = A[i] * 2.0

    print(scale.script())                       # tirx.prim_func @scale(...) { ... }
    ptx = uop.compile(scale, target="ptx", chip="sm_80")

The decorator reads the function's source with :mod:`ast` (nothing in it runs
as Python); see docs/python.md for the statements and calls it understands.
Names that are not script variables are looked up in the function's globals and
closure, so Python constants (tile sizes, layouts) can parameterise a script.
"""

from ._types import (Buffer, BufferType, ComposeLayout, RegionType, ScalarType, SwizzleLayout,
                     TileLayout, mlir_type)
from ._parser import IRModule, PrimFunc, TxScriptError, prim_func
from ._parser.intrinsics import CUDA_OPS, PTX_OPS, SCRIPT_INTRINSICS as _INTRINSICS
from ._parser.tiles import BINARY_KINDS, REDUCE_KINDS, TILE_OPS, UNARY_KINDS

__all__ = [
    "prim_func", "PrimFunc", "IRModule", "TxScriptError", "Buffer", "BufferType", "RegionType",
    "TileLayout", "SwizzleLayout", "ComposeLayout", "ScalarType", "mlir_type",
    # dtypes
    "float64", "float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2", "int64", "int32",
    "int16", "int8", "uint8", "bool", "index",
    # script intrinsics
    "device_entry", "cta_id", "thread_id", "warp_id", "warpgroup_id", "lane_id", "cluster_id",
    "scope_id", "alloc_buffer", "alloc_shared", "alloc_local", "alloc_tmem", "decl_buffer", "bind",
    "address_of", "shared_ptr", "null_ptr", "cast", "select", "if_then_else", "max", "min", "abs",
    "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "floor", "ceil", "serial",
    "unroll", "thread", "warp", "warpgroup", "wg", "cta", "cluster", "tile", "ptx", "cuda",
]

float64 = ScalarType("float64", "f64")
float32 = ScalarType("float32", "f32")
float16 = ScalarType("float16", "f16")
bfloat16 = ScalarType("bfloat16", "bf16")
float8_e4m3fn = ScalarType("float8_e4m3fn", "f8E4M3FN")
float8_e5m2 = ScalarType("float8_e5m2", "f8E5M2")
int64 = ScalarType("int64", "i64")
int32 = ScalarType("int32", "i32")
int16 = ScalarType("int16", "i16")
int8 = ScalarType("int8", "i8")
uint8 = ScalarType("uint8", "i8")
bool = ScalarType("bool", "i1")  # noqa: A001 - Tx.bool, as in TVM scripts
index = ScalarType("index", "index")


def _intrinsic(name):
    def stub(*args, **kwargs):
        raise RuntimeError(f"Tx.{name}(...) only has a meaning inside a @Tx.prim_func script "
                           f"(the decorator translates the function's source; it never runs it)")
    stub.__name__ = name.replace(".", "_")
    stub.__qualname__ = "Tx." + name
    stub._tx_intrinsic = name
    return stub


# Statements and expressions understood by the script parser (the names of its intrinsic table).
for _n in _INTRINSICS:
    globals()[_n] = _intrinsic(_n)
del _n

# Tile primitives (TILE_OPS and the *_KINDS, from the parser's tile table) are methods of every
# scope namespace.
EXEC_SCOPES = {"thread": "thread", "warp": "warp", "warpgroup": "warpgroup", "wg": "warpgroup",
               "cta": "cta", "cluster": "cluster"}


class _TileOp:
    """``Tx.<scope>.<op>``: a tile primitive at one execution scope."""

    _tx_tile = True

    def __init__(self, scope, op):
        self.scope = scope
        self.op = op

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"Tx.{self.scope}.{self.op}(...) only has a meaning inside a @Tx.prim_func script")

    def __repr__(self):
        return f"<tile primitive {self.op} at scope {self.scope}>"


class _ScopeNamespace:
    """``Tx.cta``, ``Tx.warp``, ``Tx.wg``...: tile primitives at that scope.

    ``Tx.tile`` is the thread scope and also holds the others (``Tx.tile.cta.copy``).
    """

    def __init__(self, scope, nested=False):
        self._scope = scope
        self._nested = nested

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self._nested and name in EXEC_SCOPES:
            return _ScopeNamespace(EXEC_SCOPES[name])
        if name in TILE_OPS or name in UNARY_KINDS or name in BINARY_KINDS or name in REDUCE_KINDS:
            return _TileOp(self._scope, name)
        raise AttributeError(f"Tx.{self._scope} has no tile primitive {name!r}")

    def __repr__(self):
        return f"<Tx tile namespace, scope {self._scope}>"


thread = _ScopeNamespace("thread")
warp = _ScopeNamespace("warp")
warpgroup = _ScopeNamespace("warpgroup")
wg = warpgroup
cta = _ScopeNamespace("cta")
cluster = _ScopeNamespace("cluster")
tile = _ScopeNamespace("thread", nested=True)

# Tx.ptx.* and Tx.cuda.* (PTX_OPS, CUDA_OPS) come from the parser's intrinsic table too.
class _IntrinsicNamespace:
    def __init__(self, prefix, names):
        self._prefix = prefix
        for n in names:
            setattr(self, n, _intrinsic(f"{prefix}.{n}"))

    def __repr__(self):
        return f"<Tx.{self._prefix} intrinsics>"


ptx = _IntrinsicNamespace("ptx", PTX_OPS)
cuda = _IntrinsicNamespace("cuda", CUDA_OPS)
