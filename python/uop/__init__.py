"""uop: Python front ends of the uop-mlir compiler.

- :class:`uop.Tensor`: lazy tensors lowered to the tensor-level ``uop`` dialect,
  compiled through ``uop-to-program`` and run on the CPU (``.numpy()``).
- :mod:`uop.tirx` (``from uop import tirx as Tx``): TIRx scripts (``@Tx.prim_func``)
  printed as the ``tirx`` dialect and compiled to PTX / cubin.
- :func:`uop.compile`: either of them, or MLIR text, to C, PTX or a cubin.

The native library ``libUOpCAPI.so`` is taken from ``$UOP_BUILD_DIR/lib`` or the
repository's ``build/lib``; importing this package without it raises ImportError
(build it with ``ninja -C build UOpCAPI``).
"""

from ._capi import LIBRARY, CompileError, Compiler, build_dir
from .dtypes import (DType, bfloat16, bool_, float16, float32, float64, int8, int16, int32,
                     int64, uint8, uint16, uint32, uint64)
from .tensor import Tensor
from .compiler import compile
from .runtime import cuda_available
from .jit import Jit, jit
from . import tirx

__all__ = ["Tensor", "compile", "tirx", "CompileError", "Compiler", "DType", "bool_", "int8",
           "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16",
           "float32", "float64", "cuda_available", "jit", "Jit", "parse_verify", "run_pipeline", "translate", "LIBRARY",
           "build_dir"]


def parse_verify(mlir):
    """Parse and verify MLIR text; return the printed module (raises CompileError)."""
    from . import _capi
    return _capi.parse_verify(mlir)


def run_pipeline(mlir, pipeline):
    """Run a textual pass pipeline on MLIR text; return the printed result."""
    from . import _capi
    return _capi.run_pipeline(mlir, pipeline)


def translate(mlir, target, chip=None):
    """Translate MLIR text to "c", "ptx" (str) or "cubin" (bytes)."""
    from . import _capi
    return _capi.translate(mlir, target, chip)
