"""The TIRx script parser: a Python function's ``ast`` -> ``tirx.prim_func`` MLIR text.

- ``core``: source and environment, blocks, SSA names, constants, scalar casts and type unification.
- ``statements``: the prim_func, assignments, ``with Tx.device_entry()``, ``for`` and ``if``.
- ``expressions``: names, operators, comparisons, Python constant folding, call dispatch.
- ``buffers``: loads/stores' indices, regions (slices), views, ``address_of`` and shared pointers.
- ``intrinsics``: the table of ``Tx.*`` / ``Tx.ptx.*`` / ``Tx.cuda.*`` intrinsics.
- ``tiles``: the table of tile primitives (``Tx.<scope>.copy``, ``gemm``, ``fill``...).
- ``primfunc``: ``@Tx.prim_func``, ``PrimFunc`` and ``IRModule``.
"""

from .core import TxScriptError
from .primfunc import IRModule, PrimFunc, prim_func

__all__ = ["TxScriptError", "PrimFunc", "IRModule", "prim_func"]
