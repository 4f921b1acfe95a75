"""The public face of the parser: ``@Tx.prim_func``, ``PrimFunc`` and ``IRModule``."""

import re
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


_INPUT_LOC = re.compile(r"\binput:(\d+):(\d+):")
_LINE_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)\)\s*$')
_HEAD = re.compile(r"\s*tirx\.prim_func @([\w$.-]+)\(")


def relocate(text, diagnostics, parsers):
    """``diagnostics`` with each ``input:L:C`` location in the generated MLIR ``text`` (where
    types are parsed: a buffer type in a signature has no ``loc(...)`` of its own) replaced by
    the script's ``file:line:col``: the ``loc`` of generated line L, or, on a ``tirx.prim_func``
    line, the annotation of the parameter at column C (``parsers``: name -> located parser)."""
    lines = text.split("\n")

    def where(m):
        n, col = int(m.group(1)), int(m.group(2))
        if not 0 < n <= len(lines):
            return m.group(0)
        line = lines[n - 1]
        loc = _LINE_LOC.search(line)
        if loc:
            return f"{loc.group(1)}:{loc.group(2)}:{loc.group(3)}:"
        head = _HEAD.match(line)
        p = parsers.get(head.group(1)) if head else None
        if p is None:
            return m.group(0)
        # The parameter whose `%name: type` text holds column C.
        params = [(line.find(f"%{a.arg}: "), a) for a in p.fdef.args.args]
        params = [(i, a) for i, a in params if 0 <= i < col]
        if not params:
            return m.group(0)
        a = max(params, key=lambda t: t[0])[1]
        line_no, c, _ = p._pos(a.annotation or a)
        return f"{p.filename}:{line_no}:{(c or 0) + 1}:"

    return _INPUT_LOC.sub(where, diagnostics)


def _verified(text, parsers):
    """Parse and verify ``text``; a CompileError's locations in it point at the script."""
    from ... import _capi
    try:
        return _capi.parse_verify(text)
    except _capi.CompileError as e:
        raise _capi.CompileError("parsing and verifying",
                                 relocate(text, e.diagnostics, parsers)) from None


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
        self._located_parser = None

    def script(self, locations=False):
        """The MLIR text; ``locations=True`` adds ``loc("file.py":line:col)`` to every op."""
        if not locations:
            return self._text
        if self._located is None:
            self._located_parser = _Parser(self.func, self.name, locations=True,
                                           reference=self.reference)
            self._located = self._located_parser.run()
        return self._located

    def located_parsers(self):
        """name -> the parser of ``script(locations=True)`` (for :func:`relocate`)."""
        self.script(locations=True)
        return {self.name: self._located_parser}

    def relocate(self, diagnostics):
        """``diagnostics`` of ``script(locations=True)`` located in the script (:func:`relocate`)."""
        return relocate(self.script(locations=True), diagnostics, self.located_parsers())

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<Tx.prim_func @{self.name}>"

    def verify(self):
        """Parse and verify with the native library; return the printed module.

        Raises :class:`uop.CompileError` whose diagnostics point at the script's lines.
        """
        return _verified(self.script(locations=True), self.located_parsers())

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

    def located_parsers(self):
        parsers = {}
        for f in self.funcs:
            parsers.update(f.located_parsers())
        return parsers

    def relocate(self, diagnostics):
        return relocate(self.script(locations=True), diagnostics, self.located_parsers())

    def verify(self):
        return _verified(self.script(locations=True), self.located_parsers())


def prim_func(func=None, *, name=None, reference=None):
    """Decorator: parse a TIRx script into a :class:`PrimFunc` (``@Tx.prim_func``).

    ``reference`` ("copy", "gemm_nn" or "gemm_nt") records what the kernel computes as its
    ``tirx.reference`` attribute, the host reference ``uop-run --check`` compares with.
    """
    if func is None:
        return lambda f: PrimFunc(f, name, reference)
    return PrimFunc(func, name, reference)
