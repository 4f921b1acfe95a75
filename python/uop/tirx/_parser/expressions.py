"""Expressions: names, Python constants folded at parse time, operators, comparisons and calls.

A sub-expression whose operands are all Python values is evaluated with Python (so constants can
parameterise a script); anything touching a script value becomes ``arith``/``math`` ops. Calls of
``Tx`` intrinsics and tile primitives are looked up in their tables (intrinsics.py, tiles.py).
"""

import ast
import builtins
import operator

from ..._alu_table import BY_PY_NAME
from .._types import is_float, is_int
from .core import TxScriptError, _is_val
from .intrinsics import call_intrinsic
from .tiles import tile_call

# The operators on script values are uop's ALU table's rows (ALUOps.def's
# PYNAME column, python/uop/_alu_table.py): each Python operator is a Tensor
# graph op, looked up per operand class (index computes as unsigned, i1 as
# int); a signed or unsigned class without a row of its own takes the int
# row. Where a script differs from the Tensor graph: `//` on signed integers
# truncates as C does (docs/python.md: divsi, not the graph's floordivsi),
# `**` is float only, and i1 takes the bitwise operators only.
_GRAPH_OP = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.FloorDiv: "idiv",
    ast.Mod: "rem", ast.BitAnd: "and", ast.BitOr: "or", ast.BitXor: "xor", ast.LShift: "shl",
    ast.RShift: "shr", ast.Pow: "pow",
}
_SCRIPT_OWN = {("signed", "idiv"): "arith.divsi", ("signed", "pow"): None, ("unsigned", "pow"): None}


def _alu(cls, op):
    """The MLIR op of graph op `op` on operand class `cls` (float, signed, unsigned or i1), or None."""
    if (cls, op) in _SCRIPT_OWN:
        return _SCRIPT_OWN[cls, op]
    if cls == "i1":
        return BY_PY_NAME["int"][op] if op in ("and", "or", "xor") else None
    own = BY_PY_NAME[cls].get(op)
    return own if own is not None or cls == "float" else BY_PY_NAME["int"].get(op)


# Binary ops: python operator -> (index op, signed-int op, float op, i1 op)
_ARITH = {k: (_alu("unsigned", op), _alu("signed", op), _alu("float", op), _alu("i1", op))
          for k, op in _GRAPH_OP.items()}
_PYOP = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.Pow: operator.pow, ast.MatMult: operator.matmul,
}
_CMP = {  # (index / unsigned, signed, float)
    ast.Lt: ("ult", "slt", "olt"), ast.LtE: ("ule", "sle", "ole"), ast.Gt: ("ugt", "sgt", "ogt"),
    ast.GtE: ("uge", "sge", "oge"), ast.Eq: ("eq", "eq", "oeq"), ast.NotEq: ("ne", "ne", "une"),
}
_PYCMP = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
          ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Is: operator.is_, ast.IsNot: operator.is_not,
          ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


class ExpressionsMixin:
    """An ``expr_<ast class>`` per supported expression; each returns a Value or a Python value."""

    def lookup(self, node):
        n = node.id
        if n in self.env:
            return self.env[n]
        if n in self.hidden:
            raise self.error(node, f"{n!r} was defined in {self.hidden[n]} and is not visible here")
        if n in self.py_env:
            return self.py_env[n]
        raise self.error(node, f"name {n!r} is not defined")

    def meta(self, node, what):
        """A Python constant (shape, dtype, layout...)."""
        v = self.expr(node)
        if _is_val(v):
            raise self.error(node, f"{what} must be a Python constant, not a {self.describe(v)}")
        return v

    def expr(self, node, hint=None):
        m = getattr(self, "expr_" + type(node).__name__, None)
        if m is None:
            raise self.error(node, f"`{type(node).__name__}` expressions are not supported in a TIRx script")
        return m(node, hint)

    def expr_Constant(self, node, hint):
        return node.value

    def expr_Name(self, node, hint):
        return self.lookup(node)

    def expr_Tuple(self, node, hint):
        return tuple(self.expr(e) for e in node.elts)

    expr_List = expr_Tuple

    def expr_Dict(self, node, hint):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                raise self.error(node, "** in a dict is not supported")
            out[self.meta(k, "a dict key")] = self.meta(v, "a dict value")
        return out

    def expr_Attribute(self, node, hint):
        base = self.expr(node.value)
        if _is_val(base):
            if base.is_buffer or base.is_region:
                if node.attr == "shape":
                    return base.type.shape
                if node.attr == "dtype":
                    return base.type.dtype
                if base.is_buffer and node.attr in ("scope", "layout"):
                    return getattr(base.type, node.attr)
            if node.attr == "dtype":
                return base.type
            raise self.error(node, f"{self.describe(base)} has no attribute {node.attr!r}")
        try:
            return getattr(base, node.attr)
        except AttributeError as e:
            raise self.error(node, str(e)) from None

    def expr_BinOp(self, node, hint):
        return self.binop(node.op, self.expr(node.left), self.expr(node.right), node, hint)

    def binop(self, op, a, b, node, hint=None):
        if not _is_val(a) and not _is_val(b):
            try:
                return _PYOP[type(op)](a, b)
            except Exception as e:
                raise self.error(node, f"{type(e).__name__}: {e}") from None
        opk = type(op)
        if opk not in _ARITH:
            raise self.error(node, f"operator {opk.__name__} is not supported on script values")
        t = self.unify(a, b, node)
        a = self.coerce(a, t, node, "operand")
        b = self.coerce(b, t, node, "operand")
        iop, sop, fop, bop = _ARITH[opk]
        mn = bop if t == "i1" else iop if t == "index" else sop if is_int(t) else fop
        if mn is None:
            if opk is ast.Div and is_int(t):
                raise self.error(node, f"`/` on {t} values: use `//` for integer division")
            raise self.error(node, f"operator {opk.__name__} is not defined on {t}")
        return self.op1(f"{mn} {a.name}, {b.name} : {t}", t, node, hint)

    def expr_UnaryOp(self, node, hint):
        x = self.expr(node.operand)
        if not _is_val(x):
            try:
                return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
                        ast.Invert: operator.invert}[type(node.op)](x)
            except Exception as e:
                raise self.error(node, f"{type(e).__name__}: {e}") from None
        if not x.is_scalar:
            raise self.error(node, f"cannot apply a unary operator to a {self.describe(x)}")
        t = x.type
        if isinstance(node.op, ast.UAdd):
            return x
        if isinstance(node.op, ast.USub):
            if is_float(t):
                return self.op1(f"{_alu('float', 'neg')} {x.name} : {t}", t, node, hint)
            if t == "i1":
                raise self.error(node, "negating a boolean")
            zero = self.const(0, t, node)
            return self.op1(f"{_alu('signed', 'sub')} {zero.name}, {x.name} : {t}", t, node, hint)
        if isinstance(node.op, ast.Not):
            if t != "i1":
                raise self.error(node, f"`not` on a {t} value (compare it first)")
            one = self.const(True, "i1", node)
            return self.op1(f"{_alu('i1', 'xor')} {x.name}, {one.name} : i1", "i1", node, hint)
        if isinstance(node.op, ast.Invert):
            if not is_int(t):
                raise self.error(node, f"`~` on a {t} value")
            ones = self.const(True if t == "i1" else -1, t, node)
            return self.op1(f"{_alu('signed', 'xor')} {x.name}, {ones.name} : {t}", t, node, hint)
        raise self.error(node, "unsupported unary operator")

    def expr_BoolOp(self, node, hint):
        vals = [self.expr(v) for v in node.values]
        if not any(_is_val(v) for v in vals):
            r = vals[0]
            for v in vals[1:]:
                r = (r and v) if isinstance(node.op, ast.And) else (r or v)
            return r
        op = ast.BitAnd() if isinstance(node.op, ast.And) else ast.BitOr()
        r = vals[0]
        for k, v in enumerate(vals[1:]):
            for x, n in ((r, node.values[0]), (v, node.values[k + 1])):
                if _is_val(x) and x.type != "i1":
                    raise self.error(n, f"`and` / `or` need booleans, got a {x.type} value")
            r = self.binop(op, self.to_i1(r, node), self.to_i1(v, node), node,
                           hint if k == len(vals) - 2 else None)
        return r

    def to_i1(self, x, node):
        if _is_val(x):
            return x
        return self.const(self.py(node, builtins.bool, x), "i1", node)

    def expr_Compare(self, node, hint):
        left = self.expr(node.left)
        out = None
        for k, (op, rn) in enumerate(zip(node.ops, node.comparators)):
            right = self.expr(rn)
            last = k == len(node.ops) - 1
            c = self.compare(op, left, right, node, hint if last and out is None else None)
            if out is None:
                out = c
            else:
                out = self.binop(ast.BitAnd(), self.to_i1(out, node), self.to_i1(c, node), node,
                                 hint if last else None) if (_is_val(out) or _is_val(c)) else (out and c)
            left = right
        return out

    def compare(self, op, a, b, node, hint):
        if not _is_val(a) and not _is_val(b):
            try:
                return _PYCMP[type(op)](a, b)
            except Exception as e:
                raise self.error(node, f"{type(e).__name__}: {e}") from None
        if type(op) not in _CMP:
            raise self.error(node, f"comparison {type(op).__name__} is not supported on script values")
        t = self.unify(a, b, node)
        a = self.coerce(a, t, node, "operand")
        b = self.coerce(b, t, node, "operand")
        u, sg, fl = _CMP[type(op)]
        if is_float(t):
            return self.op1(f"arith.cmpf {fl}, {a.name}, {b.name} : {t}", "i1", node, hint)
        pred = u if t in ("index", "i1") else sg
        return self.op1(f"arith.cmpi {pred}, {a.name}, {b.name} : {t}", "i1", node, hint)

    def expr_IfExp(self, node, hint):
        c = self.expr(node.test)
        if not _is_val(c):
            return self.expr(node.body if c else node.orelse, hint)
        return self.select(c, self.expr(node.body), self.expr(node.orelse), node, hint)

    def select(self, c, a, b, node, hint):
        c = self.to_i1(c, node)
        if c.type != "i1":
            raise self.error(node, f"the condition has type {c.type}, expected i1")
        if not _is_val(a) and not _is_val(b):
            t = self.default_type(a)
        else:
            t = self.unify(a, b, node)
        a = self.coerce(a, t, node, "operand")
        b = self.coerce(b, t, node, "operand")
        return self.op1(f"arith.select {c.name}, {a.name}, {b.name} : {t}", t, node, hint)

    # -- calls -------------------------------------------------------------------------
    def resolve_callee(self, fnode):
        if isinstance(fnode, ast.Name):
            if fnode.id in self.env:
                raise self.error(fnode, f"{fnode.id!r} is a script value, not a function")
            return self.lookup(fnode)
        if isinstance(fnode, ast.Attribute):
            base = self.expr(fnode.value)
            if _is_val(base):
                return ("method", base, fnode.attr)
            try:
                return getattr(base, fnode.attr)
            except AttributeError as e:
                raise self.error(fnode, str(e)) from None
        return self.expr(fnode)

    def expr_Call(self, node, hint):
        fn = self.resolve_callee(node.func)
        if isinstance(fn, tuple) and fn and fn[0] == "method":
            return self.method(fn[1], fn[2], node, hint)
        name = getattr(fn, "_tx_intrinsic", None)
        if name is not None:
            return call_intrinsic(self, name, node, hint)
        if getattr(fn, "_tx_tile", False):
            return tile_call(self, fn.scope, fn.op, node)
        if fn is builtins.range:
            raise self.error(node, "range(...) only appears as `for i in range(...)`")
        if fn in (builtins.max, builtins.min) and len(node.args) == 2 and not node.keywords:
            a, b = self.expr(node.args[0]), self.expr(node.args[1])
            if _is_val(a) or _is_val(b):
                return self.minmax("max" if fn is builtins.max else "min", a, b, node, hint)
            return self.py(node, fn, a, b)
        if fn in (builtins.int, builtins.float, builtins.bool) and len(node.args) == 1:
            x = self.expr(node.args[0])
            if _is_val(x):
                return self.cast(x, {builtins.int: "index", builtins.float: "f32",
                                     builtins.bool: "i1"}[fn], node, hint)
            try:
                return fn(x)
            except Exception as e:
                raise self.error(node, f"{type(e).__name__}: {e}") from None
        if not callable(fn):
            raise self.error(node, f"{self.describe(fn)} is not callable")
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise self.error(node, "* and ** arguments are not supported")
        args = [self.expr(a) for a in node.args]
        kwargs = {k.arg: self.expr(k.value) for k in node.keywords}
        if any(_is_val(v) for v in list(args) + list(kwargs.values())):
            raise self.error(node, f"cannot call the Python function {getattr(fn, '__name__', fn)!r} "
                                   f"on script values")
        try:
            return fn(*args, **kwargs)
        except TxScriptError:
            raise
        except Exception as e:
            raise self.error(node, f"{type(e).__name__}: {e}") from None

    def minmax(self, which, a, b, node, hint):
        t = self.unify(a, b, node)
        a = self.coerce(a, t, node, "operand")
        b = self.coerce(b, t, node, "operand")
        # index compares as unsigned; other integers, i1 included, as signed (true is -1).
        cls = "float" if is_float(t) else "unsigned" if t == "index" else "signed"
        return self.op1(f"{_alu(cls, which)} {a.name}, {b.name} : {t}", t, node, hint)
