"""The parser's state and the scalar SSA machinery every other part builds on.

``ParserCore`` reads the function's source, tracks the blocks being emitted, names SSA values,
materialises constants and converts scalars between types. It knows no statement or intrinsic.
"""

import ast
import builtins
import inspect
import math
import re
import textwrap

import numpy as np

from .._types import BufferType, RegionType, int_width, is_float, is_int, mlir_type, type_text


class TxScriptError(SyntaxError):
    """A script construct the parser cannot translate; names the file and line."""

    def __init__(self, msg, filename=None, lineno=None, offset=None, text=None):
        super().__init__(msg, (filename, lineno, offset, text))


class Value:
    """An SSA value of the script: a scalar, a buffer or a region."""

    __slots__ = ("name", "type")

    def __init__(self, name, type_):
        self.name = name
        self.type = type_

    @property
    def is_buffer(self):
        return isinstance(self.type, BufferType)

    @property
    def is_region(self):
        return isinstance(self.type, RegionType)

    @property
    def is_scalar(self):
        return isinstance(self.type, str)

    def __repr__(self):
        return f"Value({self.name}: {type_text(self.type)})"


def _is_val(x):
    return isinstance(x, Value)


def _is_scalar_val(x):
    return isinstance(x, Value) and x.is_scalar


def _is_py_scalar(x):
    return isinstance(x, (int, float, bool, np.integer, np.floating, np.bool_))



def _float_literal(v, t):
    """A float literal that MLIR parses into exactly ``v`` of type ``t``."""
    v = float(v)
    if math.isfinite(v):
        r = repr(v)
        if "e" in r and "." not in r:
            m, e = r.split("e")
            r = f"{m}.0e{e}"
        elif "." not in r and "e" not in r:
            r += ".0"
        return r
    if t == "f32":
        return "0x%08X" % np.float32(v).view(np.uint32)
    if t == "f64":
        return "0x%016X" % np.float64(v).view(np.uint64)
    if t == "f16":
        return "0x%04X" % np.float16(v).view(np.uint16)
    if t == "bf16":
        return "0x%04X" % (int(np.float32(v).view(np.uint32)) >> 16)
    raise ValueError(f"cannot write {v} as {t}")


class _Block:
    """A region body being emitted: its lines, the constants it defined (visible to nested
    blocks, so reused there) and its indentation level."""

    __slots__ = ("lines", "consts", "level")

    def __init__(self, level):
        self.lines = []
        self.consts = {}
        self.level = level


class ParserCore:
    """Source, environment and emission state of one prim_func being translated."""

    def __init__(self, func, name=None, locations=False, reference=None):
        self.func = func
        self.reference = reference
        try:
            lines, start = inspect.getsourcelines(func)
        except (OSError, TypeError) as e:
            raise TxScriptError(f"cannot read the source of {getattr(func, '__name__', func)!r}: {e}; "
                                f"a @Tx.prim_func must be defined in a file") from None
        self.filename = inspect.getsourcefile(func) or inspect.getfile(func)
        self.src_lines = lines
        self.first_line = start
        self.col_shift = len(lines[0]) - len(lines[0].lstrip())
        try:
            tree = ast.parse(textwrap.dedent("".join(lines)))
        except SyntaxError as e:
            raise TxScriptError(f"cannot parse the script: {e.msg}", self.filename,
                                (e.lineno or 1) + start - 1, e.offset, e.text) from None
        fdefs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        if not fdefs or not isinstance(fdefs[0], ast.FunctionDef):
            raise TxScriptError("@Tx.prim_func applies to a plain `def`", self.filename, start)
        self.fdef = fdefs[0]
        self.name = name or func.__name__
        self.locations = locations
        # Python environment: globals, closure, builtins.
        self.py_env = dict(vars(builtins))
        self.py_env.update(func.__globals__)
        if func.__closure__:
            for var, cell in zip(func.__code__.co_freevars, func.__closure__):
                try:
                    self.py_env[var] = cell.cell_contents
                except ValueError:
                    pass
        self.env = {}
        self.hidden = {}
        self.used = set()
        self.tmp = 0
        self.block = _Block(1)
        self.blocks = [self.block]
        self.threads_per_cta = None
        self.device_depth = 0

    # -- errors and locations ----------------------------------------------------
    def _pos(self, node):
        ln = getattr(node, "lineno", None)
        if ln is None:
            return self.first_line, None, None
        line = ln + self.first_line - 1
        col = getattr(node, "col_offset", 0) + self.col_shift
        text = self.src_lines[ln - 1].rstrip("\n") if 0 < ln <= len(self.src_lines) else None
        return line, col, text

    def error(self, node, msg):
        line, col, text = self._pos(node)
        return TxScriptError(msg, self.filename, line, None if col is None else col + 1, text)

    def loc(self, node):
        if not self.locations or node is None or getattr(node, "lineno", None) is None:
            return ""
        line, col, _ = self._pos(node)
        f = self.filename.replace("\\", "\\\\").replace('"', '\\"')
        return f' loc("{f}":{line}:{col + 1})'

    # -- emission --------------------------------------------------------------------
    def emit(self, text, node=None):
        self.block.lines.append("  " * self.block.level + text + self.loc(node))

    def push(self):
        b = _Block(self.block.level + 1)
        self.blocks.append(b)
        self.block = b
        return b

    def pop(self):
        b = self.blocks.pop()
        self.block = self.blocks[-1]
        return b

    def reenter(self, b):
        self.blocks.append(b)
        self.block = b

    def fresh(self, hint=None):
        if hint:
            base = re.sub(r"[^A-Za-z0-9_$.]", "_", str(hint))
            if not re.match(r"[A-Za-z_]", base):
                base = "v" + base
            name, k = base, 0
            while name in self.used:
                k += 1
                name = f"{base}_{k}"
        else:
            while str(self.tmp) in self.used:
                self.tmp += 1
            name = str(self.tmp)
            self.tmp += 1
        self.used.add(name)
        return "%" + name

    def const(self, value, t, node=None):
        """An ``arith.constant`` of type ``t`` (deduplicated within enclosing blocks)."""
        if t == "i1":
            value = builtins.bool(value)
            key = (t, value)
            text = "true" if value else "false"
            hint = text
        elif is_int(t):
            if isinstance(value, (float, np.floating)) and not float(value).is_integer():
                raise self.error(node, f"{value!r} is not an integer ({t})")
            value = int(value)
            key = (t, value)
            text = f"{value} : {t}"
            hint = ("c" if value >= 0 else "c_neg") + str(abs(value)) + ("" if t == "index" else "_" + t)
        elif is_float(t):
            lit = _float_literal(value, t)
            key = (t, lit)
            text = f"{lit} : {t}"
            hint = "cst"
        else:
            raise self.error(node, f"cannot make a constant of type {t}")
        for b in reversed(self.blocks):
            if key in b.consts:
                return b.consts[key]
        v = Value(self.fresh(hint), t)
        self.emit(f"{v.name} = arith.constant {text}", node)
        self.block.consts[key] = v
        return v

    def op1(self, text_fn, t, node, hint=None):
        """Emit one op with one result of type ``t``; ``text_fn(name)`` or a string after '='."""
        v = Value(self.fresh(hint), t)
        self.emit(f"{v.name} = {text_fn}", node)
        return v

    # -- conversions --------------------------------------------------------------------
    def default_type(self, x):
        if isinstance(x, (builtins.bool, np.bool_)):
            return "i1"
        if isinstance(x, (int, np.integer)):
            return "index"
        if isinstance(x, (float, np.floating)):
            return "f32"
        return None

    def materialize(self, x, node, t=None):
        """A scalar Value from a Value or a Python scalar (default types: index, f32, i1)."""
        if _is_val(x):
            return x
        if not _is_py_scalar(x):
            raise self.error(node, f"expected a scalar, got {self.describe(x)}")
        return self.const(x, t or self.default_type(x), node)

    def coerce(self, x, t, node, what="value"):
        """``x`` as a Value of type ``t``: constants are typed, integers converted; floats must match."""
        if _is_val(x):
            if not x.is_scalar:
                raise self.error(node, f"expected a scalar {what}, got a {self.describe(x)}")
            if x.type == t:
                return x
            if is_int(x.type) and is_int(t) and x.type != "i1" and t != "i1":
                return self.int_cast(x, t, node)
            raise self.error(node, f"{what} has type {x.type}, expected {t} (use Tx.cast)")
        if not _is_py_scalar(x):
            raise self.error(node, f"expected a scalar {what}, got {self.describe(x)}")
        if isinstance(x, (float, np.floating)) and is_int(t):
            if not float(x).is_integer():
                raise self.error(node, f"{what} {x!r} is not an integer ({t})")
        return self.const(x, t, node)

    def int_cast(self, x, t, node, hint=None):
        a = x.type
        if a == t:
            return x
        if a == "index" or t == "index":
            return self.op1(f"arith.index_cast {x.name} : {a} to {t}", t, node, hint)
        if int_width(a) < int_width(t):
            return self.op1(f"arith.extsi {x.name} : {a} to {t}", t, node, hint)
        return self.op1(f"arith.trunci {x.name} : {a} to {t}", t, node, hint)

    def cast(self, x, t, node, hint=None):
        """Convert a scalar between any of index / iN / floats."""
        if not _is_val(x):
            if not _is_py_scalar(x):
                raise self.error(node, f"expected a scalar to cast, got {self.describe(x)}")
            if is_float(t) or is_int(t):
                return self.coerce(float(x) if is_float(t) else x, t, node)
        x = self.materialize(x, node)
        a = x.type
        if a == t:
            return x
        if a == "i1" and is_int(t):
            if t == "index":
                x = self.op1(f"arith.extui {x.name} : i1 to i64", "i64", node)
                return self.int_cast(x, t, node, hint)
            return self.op1(f"arith.extui {x.name} : i1 to {t}", t, node, hint)
        if is_int(a) and is_int(t):
            if t == "i1":
                zero = self.const(0, a, node)
                return self.op1(f"arith.cmpi ne, {x.name}, {zero.name} : {a}", "i1", node, hint)
            return self.int_cast(x, t, node, hint)
        if is_int(a) and is_float(t):
            if a == "index":
                x = self.int_cast(x, "i64", node)
            return self.op1(f"arith.sitofp {x.name} : {x.type} to {t}", t, node, hint)
        if is_float(a) and is_int(t):
            mid = "i64" if t == "index" else t
            y = self.op1(f"arith.fptosi {x.name} : {a} to {mid}", mid, node, None if t == "index" else hint)
            return self.int_cast(y, t, node, hint) if t == "index" else y
        if is_float(a) and is_float(t):
            wa = 64 if a == "f64" else 32 if a == "f32" else 16 if a in ("f16", "bf16") else 8
            wt = 64 if t == "f64" else 32 if t == "f32" else 16 if t in ("f16", "bf16") else 8
            if wa < wt:
                return self.op1(f"arith.extf {x.name} : {a} to {t}", t, node, hint)
            return self.op1(f"arith.truncf {x.name} : {a} to {t}", t, node, hint)
        raise self.error(node, f"cannot cast {a} to {t}")

    def unify(self, a, b, node):
        """The common type of two operands (at least one a Value)."""
        ta = a.type if _is_val(a) else None
        tb = b.type if _is_val(b) else None
        for v in (a, b):
            if _is_val(v) and not v.is_scalar:
                raise self.error(node, f"arithmetic on a {self.describe(v)} (index it: A[i])")
        if ta and tb:
            if ta == tb:
                return ta
            if is_int(ta) and is_int(tb) and "i1" not in (ta, tb):
                if "index" in (ta, tb):
                    return "index"
                return ta if int_width(ta) >= int_width(tb) else tb
            raise self.error(node, f"operands have types {ta} and {tb} (use Tx.cast)")
        t = ta or tb
        lit = b if ta else a
        if isinstance(lit, (float, np.floating)) and not isinstance(lit, builtins.bool) and is_int(t):
            if not float(lit).is_integer():
                raise self.error(node, f"float constant {lit!r} with an integer operand of type {t} "
                                       f"(use Tx.cast)")
        return t

    def describe(self, x):
        if _is_val(x):
            if x.is_buffer:
                return f"buffer {x.type.mlir}"
            if x.is_region:
                return f"region {x.type.mlir}"
            return f"{x.type} value"
        return f"Python {type(x).__name__} {x!r}"

    # -- helpers for the lowering mixins ----------------------------------------------------
    def py(self, node, f, *args):
        """``f(*args)`` on Python constants at parse time; an exception is reported at ``node``."""
        try:
            return f(*args)
        except TxScriptError:
            raise
        except Exception as e:
            raise self.error(node, f"{type(e).__name__}: {e}") from None

    def dtype(self, node, d, what="a dtype"):
        """``mlir_type(d)``, reported at ``node`` when ``d`` is not a dtype."""
        try:
            return mlir_type(d)
        except (ValueError, TypeError) as e:
            raise self.error(node, f"{what}: {e}") from None

    def bind(self, sig_fn, node, label):
        """A call's argument ASTs by parameter name of ``sig_fn`` (an intrinsic's signature stub)."""
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise self.error(node, f"{label}: * and ** arguments are not supported")
        try:
            ba = inspect.signature(sig_fn).bind(*node.args, **{k.arg: k.value for k in node.keywords})
        except TypeError as e:
            raise self.error(node, f"{label}: {e}") from None
        return ba.arguments
