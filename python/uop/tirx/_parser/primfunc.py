"""The public face of the parser: ``@Tx.prim_func``, ``PrimFunc`` and ``IRModule``."""

import textwrap

from .buffers import BuffersMixin
from .core import ParserCore
from .expressions import ExpressionsMixin
from .statements import StatementsMixin


class _Parser(StatementsMixin, ExpressionsMixin, BuffersMixin, ParserCore):
    """One prim_func's ``ast`` -> MLIR text. Each base lowers one concern; intrinsics and tile
    primitives are tables (intrinsics.py, tiles.py) that the expression part calls into."""


# The values of #tirx.reference (TIRx_ReferenceKind in TIRxBase.td).
REFERENCES = ("copy", "gemm_nn", "gemm_nt")


class PrimFunc:
    """A parsed ``@Tx.prim_func``: ``.script()`` gives its ``tirx.prim_func`` MLIR."""

    def __init__(self, func, name=None, reference=None):
        if reference is not None and reference not in REFERENCES:
            raise ValueError(f"reference={reference!r}: one of {', '.join(REFERENCES)}")
        self.func = func
        self.name = name or func.__name__
        self.reference = reference
        self.__doc__ = func.__doc__
        self.__wrapped__ = func
        self._text = _Parser(func, self.name, reference=reference).run()
        self._located = None

    def script(self, locations=False):
        """The MLIR text; ``locations=True`` adds ``loc("file.py":line:col)`` to every op."""
        if not locations:
            return self._text
        if self._located is None:
            self._located = _Parser(self.func, self.name, locations=True,
                                    reference=self.reference).run()
        return self._located

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<Tx.prim_func @{self.name}>"

    def verify(self):
        """Parse and verify with the native library; return the printed module.

        Raises :class:`uop.CompileError` whose diagnostics point at the script's lines.
        """
        from ... import _capi
        return _capi.parse_verify(self.script(locations=True))

    def compile(self, target="ptx", chip="sm_80"):
        from ...compiler import compile as _compile
        return _compile(self, target=target, chip=chip)

    def __call__(self, *args, **kwargs):
        raise TypeError(f"@Tx.prim_func {self.name} is not called from Python: compile it with "
                        f"uop.compile({self.name}, target='ptx', chip=...)")


class IRModule:
    """Several prim_funcs in one module."""

    def __init__(self, *funcs):
        if len(funcs) == 1 and isinstance(funcs[0], (list, tuple)):
            funcs = tuple(funcs[0])
        for f in funcs:
            if not isinstance(f, PrimFunc):
                raise TypeError(f"IRModule holds @Tx.prim_func functions, not {f!r}")
        names = [f.name for f in funcs]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate prim_func names in {names}")
        self.funcs = funcs

    def script(self, locations=False):
        body = "".join(textwrap.indent(f.script(locations), "  ") for f in self.funcs)
        return "module {\n" + body + "}\n"

    def __str__(self):
        return self.script()

    def verify(self):
        from ... import _capi
        return _capi.parse_verify(self.script(locations=True))


def prim_func(func=None, *, name=None, reference=None):
    """Decorator: parse a TIRx script into a :class:`PrimFunc` (``@Tx.prim_func``).

    ``reference`` ("copy", "gemm_nn" or "gemm_nt") records what the kernel computes as its
    ``tirx.reference`` attribute, the host reference ``uop-run --check`` compares with.
    """
    if func is None:
        return lambda f: PrimFunc(f, name, reference)
    return PrimFunc(func, name, reference)
