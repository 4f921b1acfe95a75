"""The TIRx script parser: a Python function's ``ast`` -> ``tirx.prim_func`` MLIR text."""

import ast
import builtins
import inspect
import math
import operator
import re
import textwrap

import numpy as np

from ._types import (BufferType, RegionType, ScalarType, int_width, is_float, is_int, mlir_type,
                     type_text)

__all__ = ["TxScriptError", "PrimFunc", "IRModule", "prim_func"]


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


_DEFAULT_TICKS = 1000000


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


# Binary ops: python operator -> (index op, signed-int op, float op, i1 op)
_ARITH = {
    ast.Add: ("addi", "addi", "addf", None),
    ast.Sub: ("subi", "subi", "subf", None),
    ast.Mult: ("muli", "muli", "mulf", None),
    ast.Div: (None, None, "divf", None),
    ast.FloorDiv: ("divui", "divsi", None, None),
    ast.Mod: ("remui", "remsi", "remf", None),
    ast.BitAnd: ("andi", "andi", None, "andi"),
    ast.BitOr: ("ori", "ori", None, "ori"),
    ast.BitXor: ("xori", "xori", None, "xori"),
    ast.LShift: ("shli", "shli", None, None),
    ast.RShift: ("shrui", "shrsi", None, None),
    ast.Pow: (None, None, "math.powf", None),
}
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
_MATH_UNARY = {"exp": "math.exp", "exp2": "math.exp2", "log": "math.log", "log2": "math.log2",
               "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "sin": "math.sin", "cos": "math.cos",
               "tanh": "math.tanh", "floor": "math.floor", "ceil": "math.ceil"}


def _sig(fn):
    return inspect.signature(fn)


# Signatures of the intrinsics (for argument binding; bodies are never run).
def _s_scope(extents=None, preferred=None, parent=None): pass
def _s_scope_id(outer, inner, extents, preferred=None): pass
def _s_alloc(shape, dtype="float32", scope="shared", layout=None, strides=None, elem_offset=None,
             allocated_addr=None): pass
def _s_alloc_fixed(shape, dtype="float32", layout=None, strides=None, elem_offset=None,
                   allocated_addr=None): pass
def _s_decl(src, shape, layout=None, strides=None, elem_offset=None): pass
def _s_view(*shape, layout=None, strides=None, elem_offset=None): pass
def _s_bind(value, name=None): pass
def _s_one(x): pass
def _s_cast(x, dtype): pass
def _s_two(a, b): pass
def _s_select(cond, a, b): pass
def _s_null(addrspace=3): pass
def _s_none(): pass
def _s_copy(dst, src, dispatch=None, config=None, workspace=None, **extra): pass
def _s_copy_async(dst, src, barrier=None, dispatch=None, config=None, workspace=None, **extra): pass
def _s_gemm(C, A, B, accum=False, transpose_A=False, transpose_B=False, dispatch=None, config=None,
            workspace=None, **extra): pass
def _s_fill(dst, value, dispatch=None, config=None, workspace=None, **extra): pass
def _s_cast_tile(dst, src, dispatch=None, config=None, workspace=None, **extra): pass
def _s_unary_kind(dst, src, dispatch=None, config=None, workspace=None, **extra): pass
def _s_unary(kind, dst, src, dispatch=None, config=None, workspace=None, **extra): pass
def _s_binary_kind(dst, a, b, dispatch=None, config=None, workspace=None, **extra): pass
def _s_binary(kind, dst, a, b, dispatch=None, config=None, workspace=None, **extra): pass
def _s_reduce_kind(dst, src, axes=None, dispatch=None, config=None, workspace=None, **extra): pass
def _s_reduce(kind, dst, src, axes=None, dispatch=None, config=None, workspace=None, **extra): pass
def _s_mbar_init(bar, count): pass
def _s_mbar_arrive_tx(bar, tx_count): pass
def _s_mbar_wait(bar, phase, ticks=_DEFAULT_TICKS): pass
def _s_n(n): pass


class _Block:
    __slots__ = ("lines", "consts", "level")

    def __init__(self, level):
        self.lines = []
        self.consts = {}
        self.level = level


class _Parser:
    def __init__(self, func, name=None, locations=False):
        self.func = func
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

    # -- prim_func -------------------------------------------------------------------------
    def run(self):
        f = self.fdef
        a = f.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.error(f, "prim_func parameters must be plain positional parameters")
        try:
            hints = dict(self.func.__annotations__)
        except AttributeError:
            hints = {}
        params = []
        for arg in a.args:
            ann = hints.get(arg.arg)
            if isinstance(ann, str) or ann is None:
                if arg.annotation is None:
                    raise self.error(arg, f"parameter {arg.arg!r} needs an annotation: "
                                          f"Tx.Buffer(shape, dtype) or a scalar type (Tx.int32)")
                ann = self.meta(arg.annotation, "a parameter annotation")
            if isinstance(ann, BufferType):
                t = ann
            elif isinstance(ann, ScalarType):
                t = ann.mlir
            elif ann in (int, float, builtins.bool):
                t = {int: "index", float: "f32", builtins.bool: "i1"}[ann]
            else:
                raise self.error(arg, f"parameter {arg.arg!r}: annotation {ann!r} is neither "
                                      f"Tx.Buffer(...) nor a scalar type")
            v = Value(self.fresh(arg.arg), t)
            self.env[arg.arg] = v
            params.append(v)
        body = f.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]
        self.stmts(body)
        self.emit("tirx.return", None)
        sig = ", ".join(f"{p.name}: {type_text(p.type)}" for p in params)
        head = f"tirx.prim_func @{self.name}({sig}) {{"
        return "\n".join([head] + self.block.lines + ["}" + self.loc(f)]) + "\n"

    # -- statements ------------------------------------------------------------------------
    def stmts(self, body):
        for i, s in enumerate(body):
            if isinstance(s, ast.Return):
                if s.value is not None and not (isinstance(s.value, ast.Constant) and s.value.value is None):
                    raise self.error(s, "prim_funcs return nothing")
                if i != len(body) - 1:
                    raise self.error(s, "`return` must be the last statement")
                return
            self.stmt(s)

    def stmt(self, s):
        m = getattr(self, "stmt_" + type(s).__name__, None)
        if m is None:
            raise self.error(s, f"`{type(s).__name__}` statements are not supported in a TIRx script")
        try:
            m(s)
        except TxScriptError:
            raise
        except RecursionError:
            raise self.error(s, "this statement is nested too deeply") from None
        except Exception as e:
            # A script the parser does not understand must still be reported at its line,
            # never as a bare Python exception from inside the parser.
            raise self.error(s, f"cannot translate this statement ({type(e).__name__}: {e})") from e

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

    def stmt_Pass(self, s):
        pass

    def stmt_Expr(self, s):
        v = s.value
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            return  # a string used as a comment
        if not isinstance(v, ast.Call):
            raise self.error(s, "this expression statement has no effect (only calls can stand alone)")
        self.expr(v)

    def stmt_Assign(self, s):
        if len(s.targets) == 1 and isinstance(s.targets[0], ast.Subscript):
            self.store(s.targets[0], s.value, s)
            return
        hint = None
        t0 = s.targets[0]
        if isinstance(t0, ast.Name):
            hint = t0.id
        elif isinstance(t0, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Name) for e in t0.elts):
            hint = [e.id for e in t0.elts]
        value = self.expr(s.value, hint)
        for t in s.targets:
            self.assign(t, value, s)

    def assign(self, target, value, s):
        if isinstance(target, ast.Name):
            self.bind_name(target.id, value, target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)):
                raise self.error(target, f"cannot unpack {self.describe(value)}")
            if len(value) != len(target.elts):
                raise self.error(target, f"{len(target.elts)} names for {len(value)} values")
            for t, v in zip(target.elts, value):
                self.assign(t, v, s)
        elif isinstance(target, ast.Subscript):
            raise self.error(target, "a subscript inside a multiple assignment is not supported")
        else:
            raise self.error(target, "only names, tuples of names and buffer elements can be assigned")

    def bind_name(self, name, value, node):
        self.env[name] = value
        self.hidden.pop(name, None)

    def stmt_AnnAssign(self, s):
        if s.value is None:
            raise self.error(s, "an annotated name needs a value: x: Tx.int32 = 0")
        if not isinstance(s.target, ast.Name):
            raise self.error(s, "only a name can be annotated")
        t = self.dtype(s.annotation, self.meta(s.annotation, "a type annotation"), "a type annotation")
        v = self.expr(s.value, s.target.id)
        if _is_val(v):
            v = self.cast(v, t, s, s.target.id) if v.type != t else v
        else:
            v = self.coerce(v, t, s)
        self.bind_name(s.target.id, v, s.target)

    def stmt_AugAssign(self, s):
        if isinstance(s.target, ast.Name):
            cur = self.lookup(s.target)
            v = self.binop(s.op, cur, self.expr(s.value), s, s.target.id)
            self.bind_name(s.target.id, v, s.target)
        elif isinstance(s.target, ast.Subscript):
            load = ast.Subscript(value=s.target.value, slice=s.target.slice, ctx=ast.Load())
            ast.copy_location(load, s.target)
            self.store(s.target, ast.copy_location(ast.BinOp(left=load, op=s.op, right=s.value), s), s)
        else:
            raise self.error(s, "unsupported augmented assignment target")

    def store(self, target, value_node, s):
        buf = self.expr(target.value)
        if not (_is_val(buf) and buf.is_buffer):
            raise self.error(target, f"cannot store into {self.describe(buf)}")
        idx_nodes = self.subscript_items(target)
        if any(isinstance(i, ast.Slice) for i in idx_nodes):
            raise self.error(target, "storing into a slice is not supported; use a tile primitive "
                                     "(Tx.<scope>.copy / fill)")
        idx = self.indices(buf, idx_nodes, target)
        v = self.expr(value_node)
        v = self.coerce(v, buf.type.dtype, s, "stored value")
        ilist = ", ".join(i.name for i in idx)
        self.emit(f"tirx.buffer_store {v.name}, {buf.name}[{ilist}] : {buf.type.mlir}", s)

    def stmt_With(self, s):
        if len(s.items) != 1:
            raise self.error(s, "one context per `with`")
        item = s.items[0]
        ce = item.context_expr
        fn = self.resolve_callee(ce.func) if isinstance(ce, ast.Call) else None
        if getattr(fn, "_tx_intrinsic", None) != "device_entry":
            raise self.error(s, "the only `with` of a script is `with Tx.device_entry():`")
        if ce.args or ce.keywords or item.optional_vars is not None:
            raise self.error(s, "Tx.device_entry() takes no arguments and binds no name")
        if self.device_depth:
            raise self.error(s, "device_entry regions do not nest")
        saved = dict(self.env)
        self.push()
        self.device_depth += 1
        try:
            self.stmts(s.body)
        finally:
            self.device_depth -= 1
        b = self.pop()
        self.emit("tirx.device_entry {")
        self.block.lines.extend(b.lines)
        self.emit("}", s)
        self.restore_env(saved, f"the device_entry at line {self._pos(s)[0]}")

    def restore_env(self, saved, where, keep=()):
        for k in self.env:
            if k not in saved and k not in keep:
                self.hidden[k] = where
        self.env = saved

    @staticmethod
    def assigned_names(stmts):
        out = []
        for st in stmts:
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id not in out:
                    out.append(n.id)
        return out

    def carried_ok(self, name):
        v = self.env.get(name)
        return _is_scalar_val(v) or _is_py_scalar(v)

    def stmt_For(self, s):
        if s.orelse:
            raise self.error(s, "for ... else is not supported")
        if not isinstance(s.target, ast.Name):
            raise self.error(s.target, "the loop variable must be a name")
        it = s.iter
        fn = self.resolve_callee(it.func) if isinstance(it, ast.Call) else None
        kind = getattr(fn, "_tx_intrinsic", None)
        if fn is not builtins.range and kind not in ("serial", "unroll"):
            raise self.error(it, "loops must be `for i in range(...)` (scf.for), Tx.serial(...) or "
                                 "Tx.unroll(...) (unrolled by the parser)")
        if it.keywords or not 1 <= len(it.args) <= 3:
            raise self.error(it, "range takes 1 to 3 positional arguments")
        bounds = [self.expr(a) for a in it.args]
        if len(bounds) == 1:
            bounds = [0, bounds[0], 1]
        elif len(bounds) == 2:
            bounds.append(1)
        lo, hi, step = bounds
        if kind == "unroll":
            if not all(isinstance(b, (int, np.integer)) for b in bounds):
                raise self.error(it, "Tx.unroll needs constant bounds")
            for k in range(int(lo), int(hi), int(step)):
                self.bind_name(s.target.id, k, s.target)
                self.stmts(s.body)
            return
        if isinstance(step, (int, np.integer)) and step <= 0:
            raise self.error(it, "the loop step must be positive")
        lo, hi, step = (self.coerce(b, "index", it, "loop bound") for b in (lo, hi, step))
        carried = [n for n in self.assigned_names(s.body) if n != s.target.id and n in self.env
                   and self.carried_ok(n)]
        for n in self.assigned_names(s.body):
            if n in self.env and not self.carried_ok(n) and _is_val(self.env[n]):
                raise self.error(s, f"{n!r} ({self.describe(self.env[n])}) is reassigned in the loop body; "
                                    f"only scalars can be loop-carried")
        inits = [self.materialize(self.env[n], s) for n in carried]
        saved = dict(self.env)
        body = self.push()
        iv = Value(self.fresh(s.target.id), "index")
        self.env[s.target.id] = iv
        iters = []
        for n, v in zip(carried, inits):
            a = Value(self.fresh(n), v.type)
            self.env[n] = a
            iters.append(a)
        self.stmts(s.body)
        if carried:
            ys = [self.coerce(self.env[n], v.type, s, f"loop-carried {n!r}") for n, v in zip(carried, inits)]
            self.emit(f"scf.yield {', '.join(y.name for y in ys)} : "
                      f"{', '.join(v.type for v in inits)}")
        self.pop()
        self.restore_env(saved, f"the body of the loop at line {self._pos(s)[0]}")
        head = f"scf.for {iv.name} = {lo.name} to {hi.name} step {step.name}"
        if carried:
            res = self.fresh(carried[0] if len(carried) == 1 else "loop")
            head = (f"{res}{':%d' % len(carried) if len(carried) > 1 else ''} = {head} iter_args("
                    + ", ".join(f"{a.name} = {v.name}" for a, v in zip(iters, inits))
                    + ") -> (" + ", ".join(v.type for v in inits) + ")")
            for k, (n, v) in enumerate(zip(carried, inits)):
                self.env[n] = Value(res if len(carried) == 1 else f"{res}#{k}", v.type)
                self.hidden.pop(n, None)
        self.emit(head + " {")
        self.block.lines.extend(body.lines)
        self.emit("}", s)

    def stmt_While(self, s):
        raise self.error(s, "while loops are not supported; use `for i in range(...)`")

    def stmt_If(self, s):
        cond = self.expr(s.test)
        if not _is_val(cond):
            # A Python-level condition: keep only the branch taken.
            self.stmts(s.body if cond else s.orelse)
            return
        if cond.type != "i1":
            raise self.error(s.test, f"the condition has type {cond.type}, expected i1 (a comparison)")
        before = dict(self.env)
        names = self.assigned_names(s.body + s.orelse)
        for n in names:
            if n in before and _is_val(before[n]) and not before[n].is_scalar:
                raise self.error(s, f"{n!r} ({self.describe(before[n])}) is reassigned in a branch; "
                                    f"only scalars can be results of an if")

        def branch(stmts):
            self.env = dict(before)
            b = self.push()
            self.stmts(stmts)
            self.pop()
            return b, self.env

        tb, tenv = branch(s.body)
        eb, eenv = branch(s.orelse) if s.orelse else (None, dict(before))
        self.env = before
        results = []
        for n in names:
            tv, ev = tenv.get(n), eenv.get(n)
            if n in before:
                if tv is before[n] and ev is before[n]:
                    continue
            elif tv is None or ev is None:
                continue
            ok = lambda x: _is_scalar_val(x) or _is_py_scalar(x)
            if not (ok(tv) and ok(ev)):
                continue
            if not _is_val(tv) and not _is_val(ev) and type(tv) is type(ev) and tv == ev:
                self.env[n] = tv
                continue
            t = tv.type if _is_val(tv) else ev.type if _is_val(ev) else self.default_type(tv)
            results.append((n, t, tv, ev))
        if results and eb is None:
            eb = self.push()
            self.pop()
        for b, key in ((tb, 2), (eb, 3)):
            if b is None or not results:
                continue
            self.reenter(b)
            ys = [self.coerce(r[key], r[1], s, f"branch result {r[0]!r}") for r in results]
            self.emit(f"scf.yield {', '.join(y.name for y in ys)} : {', '.join(r[1] for r in results)}")
            self.pop()
        head = f"scf.if {cond.name}"
        if results:
            res = self.fresh(results[0][0] if len(results) == 1 else "if")
            head = f"{res}{':%d' % len(results) if len(results) > 1 else ''} = {head} -> (" \
                   + ", ".join(r[1] for r in results) + ")"
            for k, r in enumerate(results):
                self.env[r[0]] = Value(res if len(results) == 1 else f"{res}#{k}", r[1])
        where = f"a branch of the if at line {self._pos(s)[0]}"
        for n in names:
            if n not in self.env:
                self.hidden[n] = where
        self.emit(head + " {")
        self.block.lines.extend(tb.lines)
        if eb is not None:
            self.emit("} else {")
            self.block.lines.extend(eb.lines)
        self.emit("}", s)

    # -- expressions -------------------------------------------------------------------------
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
        full = mn if "." in mn else "arith." + mn
        return self.op1(f"{full} {a.name}, {b.name} : {t}", t, node, hint)

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
                return self.op1(f"arith.negf {x.name} : {t}", t, node, hint)
            if t == "i1":
                raise self.error(node, "negating a boolean")
            zero = self.const(0, t, node)
            return self.op1(f"arith.subi {zero.name}, {x.name} : {t}", t, node, hint)
        if isinstance(node.op, ast.Not):
            if t != "i1":
                raise self.error(node, f"`not` on a {t} value (compare it first)")
            one = self.const(True, "i1", node)
            return self.op1(f"arith.xori {x.name}, {one.name} : i1", "i1", node, hint)
        if isinstance(node.op, ast.Invert):
            if not is_int(t):
                raise self.error(node, f"`~` on a {t} value")
            ones = self.const(True if t == "i1" else -1, t, node)
            return self.op1(f"arith.xori {x.name}, {ones.name} : {t}", t, node, hint)
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

    def subscript_items(self, node):
        sl = node.slice
        index_cls = getattr(ast, "Index", None)  # Python < 3.9 wraps subscripts
        if index_cls is not None and type(sl).__name__ == "Index":
            sl = sl.value
        if isinstance(sl, ast.Tuple):
            return list(sl.elts)
        return [sl]

    def indices(self, buf, idx_nodes, node):
        rank = len(buf.type.shape)
        if len(idx_nodes) != rank:
            raise self.error(node, f"{len(idx_nodes)} indices for a buffer of rank {rank} "
                                   f"({buf.type.mlir})")
        out = []
        for d, n in enumerate(idx_nodes):
            v = self.expr(n)
            if isinstance(v, (int, np.integer)) and not isinstance(v, builtins.bool):
                if not 0 <= v < buf.type.shape[d]:
                    raise self.error(n, f"index {v} is out of bounds for dimension {d} of size "
                                        f"{buf.type.shape[d]}")
            out.append(self.coerce(v, "index", n, "index"))
        return out

    def expr_Subscript(self, node, hint):
        base = self.expr(node.value)
        items = self.subscript_items(node)
        if not _is_val(base):
            key = tuple(self.meta(i, "an index") for i in items) if len(items) > 1 else \
                self.meta(items[0], "an index") if not isinstance(items[0], ast.Slice) else None
            if key is None:
                raise self.error(node, "slicing a Python value is not supported")
            try:
                return base[key]
            except Exception as e:
                raise self.error(node, f"{type(e).__name__}: {e}") from None
        if base.is_region:
            raise self.error(node, "regions cannot be indexed; index the buffer")
        if not base.is_buffer:
            raise self.error(node, f"cannot index a {self.describe(base)}")
        if any(isinstance(i, ast.Slice) for i in items):
            return self.region(base, items, node, hint)
        idx = self.indices(base, items, node)
        return self.op1(f"tirx.buffer_load {base.name}[{', '.join(i.name for i in idx)}] : {base.type.mlir}",
                        base.type.dtype, node, hint)

    def slice_extent(self, sl, dim, lo, node):
        """The static extent of ``lo:hi``: constants, or ``x : x + C``."""
        if sl.upper is None:
            if isinstance(lo, (int, np.integer)):
                return dim - int(lo)
            raise self.error(node, "an open slice `x:` needs a constant start")
        hi = sl.upper
        if isinstance(lo, (int, np.integer)):
            try:
                h = self.meta(hi, "a slice end")
            except TxScriptError:
                h = None
            if isinstance(h, (int, np.integer)):
                return int(h) - int(lo)
        if sl.lower is not None and isinstance(hi, ast.BinOp) and isinstance(hi.op, ast.Add):
            d = lambda n: ast.dump(n, annotate_fields=False)
            for a, b in ((hi.left, hi.right), (hi.right, hi.left)):
                if d(a) == d(sl.lower):
                    c = self.meta(b, "a slice extent")
                    if isinstance(c, (int, np.integer)):
                        return int(c)
        raise self.error(node, "a slice needs a static extent: write A[x : x + 64] or constant bounds")

    def region(self, buf, items, node, hint):
        shape = buf.type.shape
        if len(items) > len(shape):
            raise self.error(node, f"{len(items)} indices for a buffer of rank {len(shape)}")
        items = items + [ast.Slice(lower=None, upper=None, step=None)] * (len(shape) - len(items))
        mins, exts = [], []
        for d, it in enumerate(items):
            if isinstance(it, ast.Slice):
                if it.step is not None:
                    raise self.error(node, "slices with a step are not supported")
                lo = 0 if it.lower is None else self.expr(it.lower)
                ext = self.slice_extent(it, shape[d], lo, node)
            else:
                lo, ext = self.expr(it), 1
            if isinstance(lo, (int, np.integer)):
                if lo < 0 or lo + ext > shape[d]:
                    raise self.error(node, f"slice [{lo}, {lo + ext}) is out of bounds for dimension {d} "
                                           f"of size {shape[d]}")
            if ext < 1:
                raise self.error(node, f"empty slice in dimension {d}")
            mins.append(self.coerce(lo, "index", node, "slice start"))
            exts.append(ext)
        rt = RegionType(exts, buf.type)
        dims = ", ".join(f"{m.name} : {e}" for m, e in zip(mins, exts))
        return self.op1(f"tirx.region {buf.name}[{dims}] : {buf.type.mlir}", rt, node, hint)

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

    def bind(self, sig_fn, node, label):
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise self.error(node, f"{label}: * and ** arguments are not supported")
        try:
            ba = _sig(sig_fn).bind(*node.args, **{k.arg: k.value for k in node.keywords})
        except TypeError as e:
            raise self.error(node, f"{label}: {e}") from None
        return ba.arguments

    def expr_Call(self, node, hint):
        fn = self.resolve_callee(node.func)
        if isinstance(fn, tuple) and fn and fn[0] == "method":
            return self.method(fn[1], fn[2], node, hint)
        name = getattr(fn, "_tx_intrinsic", None)
        if name is not None:
            h = getattr(self, "i_" + name.replace(".", "_"), None)
            if h is None:
                raise self.error(node, f"Tx.{name} cannot be used here")
            return h(node, hint)
        if getattr(fn, "_tx_tile", False):
            return self.tile_call(fn.scope, fn.op, node)
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

    def method(self, base, attr, node, hint):
        if attr == "view" and base.is_buffer:
            a = self.bind(_s_view, node, "view")
            shape = tuple(self.meta(x, "a view shape") for x in a.get("shape", ()))
            if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
                shape = tuple(shape[0])
            return self.decl(base, shape, a, node, hint)
        raise self.error(node, f"{self.describe(base)} has no method {attr!r}")

    def decl(self, base, shape, a, node, hint):
        if not shape:
            raise self.error(node, "a view needs a shape")
        kw = {}
        for k in ("layout", "strides", "elem_offset"):
            if k in a:
                kw[k] = self.meta(a[k], k)
        try:
            t = BufferType(shape, base.type.dtype, base.type.scope, kw.get("layout"), kw.get("strides"),
                           kw.get("elem_offset"))
        except (ValueError, TypeError) as e:
            raise self.error(node, str(e)) from None
        return self.op1(f"tirx.decl_buffer {base.name} : {base.type.mlir} -> {t.mlir}", t, node, hint)

    def minmax(self, which, a, b, node, hint):
        t = self.unify(a, b, node)
        a = self.coerce(a, t, node, "operand")
        b = self.coerce(b, t, node, "operand")
        if is_float(t):
            mn = "maximumf" if which == "max" else "minimumf"
        elif t == "index":
            mn = which + "ui"
        else:
            mn = which + "si"
        return self.op1(f"arith.{mn} {a.name}, {b.name} : {t}", t, node, hint)

    # -- intrinsics: declarations --------------------------------------------------------------
    def i_device_entry(self, node, hint):
        raise self.error(node, "Tx.device_entry() is used as `with Tx.device_entry():`")

    def _extents(self, node, x, default=None):
        if x is None:
            if default is None:
                raise self.error(node, "the extents are required here")
            return default
        v = self.meta(x, "extents")
        if isinstance(v, (int, np.integer)):
            v = [v]
        if not isinstance(v, (list, tuple)) or not all(isinstance(e, (int, np.integer)) for e in v):
            raise self.error(node, f"extents must be a list of integers, got {v!r}")
        return [int(e) for e in v]

    def scope_id_def(self, outer, inner, extents, preferred, node, hint):
        if self.device_depth == 0:
            raise self.error(node, "scope ids are defined inside `with Tx.device_entry():`")
        text = f"tirx.scope_id_def {outer} -> {inner} [{', '.join(map(str, extents))}]"
        if preferred is not None:
            text += f" preferred [{', '.join(map(str, preferred))}]"
        n = len(extents)
        if outer == "cta":
            per = {"thread": 1, "warp": 32, "warpgroup": 128}.get(inner)
            if per:
                total = per
                for e in extents:
                    total *= e
                self.threads_per_cta = total
        if isinstance(hint, list) and len(hint) == n:
            names = [self.fresh(h) for h in hint]
            self.emit(f"{', '.join(names)} = {text}", node)
            return tuple(Value(x, "index") for x in names)
        base = self.fresh(hint if isinstance(hint, str) else inner + "_id")
        if n == 1:
            self.emit(f"{base} = {text}", node)
            return Value(base, "index")
        self.emit(f"{base}:{n} = {text}", node)
        return tuple(Value(f"{base}#{k}", "index") for k in range(n))

    def _scope_intrinsic(self, node, hint, inner, parent_default, default_ext=None):
        a = self.bind(_s_scope, node, inner + "_id")
        parent = self.meta(a["parent"], "parent") if "parent" in a else parent_default
        if parent not in ("kernel", "cluster", "cta", "warpgroup", "warp"):
            raise self.error(node, f"unknown parent scope {parent!r}")
        if a.get("extents") is None:
            default = default_ext(parent) if default_ext else None
            if default is None:
                raise self.error(node, f"Tx.{inner}_id needs its extents")
            ext = default
        else:
            ext = self._extents(node, a["extents"])
        pref = self._extents(node, a["preferred"]) if "preferred" in a else None
        return self.scope_id_def(parent, inner, ext, pref, node, hint)

    def i_cta_id(self, node, hint):
        return self._scope_intrinsic(node, hint, "cta", "kernel")

    def i_cluster_id(self, node, hint):
        return self._scope_intrinsic(node, hint, "cluster", "kernel")

    def i_thread_id(self, node, hint):
        return self._scope_intrinsic(node, hint, "thread", "cta",
                                     lambda p: {"warp": [32], "warpgroup": [128]}.get(p))

    def _per_cta(self, node, per, what):
        if self.threads_per_cta is None or self.threads_per_cta % per:
            raise self.error(node, f"Tx.{what}() needs its extents (no thread count known yet)")
        return [self.threads_per_cta // per]

    def i_warp_id(self, node, hint):
        return self._scope_intrinsic(node, hint, "warp", "cta",
                                     lambda p: [4] if p == "warpgroup" else
                                     self._per_cta(node, 32, "warp_id") if p == "cta" else None)

    def i_warpgroup_id(self, node, hint):
        return self._scope_intrinsic(node, hint, "warpgroup", "cta",
                                     lambda p: self._per_cta(node, 128, "warpgroup_id") if p == "cta" else None)

    def i_lane_id(self, node, hint):
        a = self.bind(_s_scope, node, "lane_id")
        ext = self._extents(node, a.get("extents"), [32])
        pref = self._extents(node, a["preferred"]) if "preferred" in a else None
        return self.scope_id_def("warp", "thread", ext, pref, node, hint)

    def i_scope_id(self, node, hint):
        a = self.bind(_s_scope_id, node, "scope_id")
        outer = self.meta(a["outer"], "the outer scope")
        inner = self.meta(a["inner"], "the inner scope")
        ext = self._extents(node, a["extents"])
        pref = self._extents(node, a["preferred"]) if "preferred" in a else None
        return self.scope_id_def(outer, inner, ext, pref, node, hint)

    def _alloc(self, node, hint, scope=None):
        a = self.bind(_s_alloc if scope is None else _s_alloc_fixed, node, "alloc")
        shape = self.meta(a["shape"], "a shape")
        kw = {k: self.meta(a[k], k) for k in ("dtype", "scope", "layout", "strides", "elem_offset",
                                              "allocated_addr") if k in a}
        kw.setdefault("dtype", "float32")
        kw.setdefault("scope", scope or "shared")
        try:
            t = BufferType(shape, **kw)
        except (ValueError, TypeError) as e:
            raise self.error(node, str(e)) from None
        return self.op1(f"tirx.alloc_buffer : {t.mlir}", t, node, hint)

    def i_alloc_buffer(self, node, hint):
        return self._alloc(node, hint)

    def i_alloc_shared(self, node, hint):
        return self._alloc(node, hint, "shared")

    def i_alloc_local(self, node, hint):
        return self._alloc(node, hint, "local")

    def i_alloc_tmem(self, node, hint):
        return self._alloc(node, hint, "tmem")

    def i_decl_buffer(self, node, hint):
        a = self.bind(_s_decl, node, "decl_buffer")
        src = self.expr(a["src"])
        if not (_is_val(src) and src.is_buffer):
            raise self.error(node, f"decl_buffer views a buffer, not {self.describe(src)}")
        shape = self.meta(a["shape"], "a shape")
        if isinstance(shape, int):
            shape = (shape,)
        return self.decl(src, tuple(shape), a, node, hint)

    def i_bind(self, node, hint):
        a = self.bind(_s_bind, node, "bind")
        v = self.materialize(self.expr(a["value"]), node)
        name = self.meta(a["name"], "a name") if "name" in a else hint if isinstance(hint, str) else None
        label = f'"{name}" ' if name else ""
        return self.op1(f"tirx.bind {label}{v.name} : {v.type}", v.type, node, hint)

    # -- intrinsics: scalar expressions ---------------------------------------------------------
    def i_cast(self, node, hint):
        a = self.bind(_s_cast, node, "cast")
        t = self.dtype(node, self.meta(a["dtype"], "a dtype"))
        return self.cast(self.expr(a["x"]), t, node, hint)

    def i_select(self, node, hint):
        a = self.bind(_s_select, node, "select")
        c = self.expr(a["cond"])
        if not _is_val(c):
            return self.expr(a["a"] if c else a["b"], hint)
        return self.select(c, self.expr(a["a"]), self.expr(a["b"]), node, hint)

    i_if_then_else = i_select

    def i_max(self, node, hint):
        a = self.bind(_s_two, node, "max")
        x, y = self.expr(a["a"]), self.expr(a["b"])
        return self.minmax("max", x, y, node, hint) if _is_val(x) or _is_val(y) else self.py(node, builtins.max, x, y)

    def i_min(self, node, hint):
        a = self.bind(_s_two, node, "min")
        x, y = self.expr(a["a"]), self.expr(a["b"])
        return self.minmax("min", x, y, node, hint) if _is_val(x) or _is_val(y) else self.py(node, builtins.min, x, y)

    def i_abs(self, node, hint):
        a = self.bind(_s_one, node, "abs")
        x = self.expr(a["x"])
        if not _is_val(x):
            if not _is_py_scalar(x):
                raise self.error(node, f"abs needs a scalar, got {self.describe(x)}")
            return builtins.abs(x)
        op = "math.absf" if is_float(x.type) else "math.absi"
        return self.op1(f"{op} {x.name} : {x.type}", x.type, node, hint)

    def _math(self, which, node, hint):
        a = self.bind(_s_one, node, which)
        x = self.expr(a["x"])
        if not _is_val(x):
            if not _is_py_scalar(x):
                raise self.error(node, f"Tx.{which} needs a scalar, got {self.describe(x)}")
            x = self.materialize(float(x), node)
        if not is_float(x.type):
            raise self.error(node, f"Tx.{which} needs a float, got {x.type} (use Tx.cast)")
        return self.op1(f"{_MATH_UNARY[which]} {x.name} : {x.type}", x.type, node, hint)

    def i_serial(self, node, hint):
        raise self.error(node, "Tx.serial(...) only appears as `for i in Tx.serial(...)`")

    i_unroll = i_serial

    # -- intrinsics: addresses ---------------------------------------------------------------------
    def address_of(self, anode, node, hint=None):
        if isinstance(anode, ast.Subscript):
            buf = self.expr(anode.value)
            if not (_is_val(buf) and buf.is_buffer):
                raise self.error(node, f"address_of needs a buffer element, got {self.describe(buf)}")
            idx = self.indices(buf, self.subscript_items(anode), anode)
        else:
            buf = self.expr(anode)
            if not (_is_val(buf) and buf.is_buffer):
                raise self.error(node, f"address_of needs a buffer element (S[i, j]), got {self.describe(buf)}")
            idx = [self.const(0, "index", node) for _ in buf.type.shape]
        return self.op1(f"tirx.address_of {buf.name}[{', '.join(i.name for i in idx)}] : {buf.type.mlir}",
                        "i64", node, hint)

    def i_address_of(self, node, hint):
        a = self.bind(_s_one, node, "address_of")
        return self.address_of(a["x"], node, hint)

    def shared_ptr(self, anode, node, hint=None):
        """A ``!llvm.ptr<3>`` from a pointer, an i64 address, a buffer or a buffer element."""
        if isinstance(anode, ast.Subscript):
            addr = self.address_of(anode, node)
        else:
            v = self.expr(anode)
            if _is_val(v) and v.type == "!llvm.ptr<3>":
                return v
            if _is_val(v) and v.is_buffer:
                if v.type.scope != "shared":
                    raise self.error(node, f"a barrier lives in shared memory, not in {v.type.scope}")
                addr = self.address_of(anode, node)
            elif _is_val(v) and v.type == "i64":
                addr = v
            else:
                raise self.error(node, f"expected a shared-memory pointer, address or buffer, got "
                                       f"{self.describe(v)}")
        return self.op1(f"llvm.inttoptr {addr.name} : i64 to !llvm.ptr<3>", "!llvm.ptr<3>", node, hint)

    def i_shared_ptr(self, node, hint):
        a = self.bind(_s_one, node, "shared_ptr")
        return self.shared_ptr(a["x"], node, hint)

    def i_null_ptr(self, node, hint):
        a = self.bind(_s_null, node, "null_ptr")
        sp = self.meta(a["addrspace"], "an address space") if "addrspace" in a else 3
        t = "!llvm.ptr" if sp == 0 else f"!llvm.ptr<{int(sp)}>"
        return self.op1(f"llvm.mlir.zero : {t}", t, node, hint)

    # -- intrinsics: ptx / cuda ----------------------------------------------------------------------
    def _i32(self, anode, node):
        v = self.expr(anode)
        if _is_val(v) and v.type == "index":
            return self.int_cast(v, "i32", node)
        return self.coerce(v, "i32", node, "operand")

    def _noargs(self, node, label):
        self.bind(_s_none, node, label)

    def i_ptx_mbarrier_init(self, node, hint):
        a = self.bind(_s_mbar_init, node, "mbarrier_init")
        bar = self.shared_ptr(a["bar"], node)
        cnt = self._i32(a["count"], node)
        self.emit(f"nvvm.mbarrier.init {bar.name}, {cnt.name} : !llvm.ptr<3>, i32", node)

    def i_ptx_mbarrier_arrive(self, node, hint):
        a = self.bind(_s_one, node, "mbarrier_arrive")
        bar = self.shared_ptr(a["x"], node)
        return self.op1(f"nvvm.mbarrier.arrive {bar.name} : !llvm.ptr<3> -> i64", "i64", node, hint)

    def i_ptx_mbarrier_arrive_expect_tx(self, node, hint):
        a = self.bind(_s_mbar_arrive_tx, node, "mbarrier_arrive_expect_tx")
        bar = self.shared_ptr(a["bar"], node)
        n = self._i32(a["tx_count"], node)
        return self.op1(f"nvvm.mbarrier.arrive.expect_tx {bar.name}, {n.name} : !llvm.ptr<3>, i32 -> i64",
                        "i64", node, hint)

    def i_ptx_mbarrier_try_wait_parity(self, node, hint):
        a = self.bind(_s_mbar_wait, node, "mbarrier_try_wait_parity")
        bar = self.shared_ptr(a["bar"], node)
        ph = self._i32(a["phase"], node)
        ticks = self._i32(a["ticks"], node) if "ticks" in a else self.const(_DEFAULT_TICKS, "i32", node)
        self.emit(f"nvvm.mbarrier.try_wait.parity {bar.name}, {ph.name}, {ticks.name} : "
                  f"!llvm.ptr<3>, i32, i32", node)

    i_ptx_mbarrier_wait = i_ptx_mbarrier_try_wait_parity

    def i_ptx_elect_sync(self, node, hint):
        self._noargs(node, "elect_sync")
        return self.op1("nvvm.elect.sync -> i1", "i1", node, hint)

    def i_ptx_tcgen05_commit(self, node, hint):
        a = self.bind(_s_one, node, "tcgen05_commit")
        bar = self.shared_ptr(a["x"], node)
        self.emit(f"nvvm.tcgen05.commit {bar.name} : !llvm.ptr<3>", node)

    def _plain(text, label):
        def h(self, node, hint):
            self._noargs(node, label)
            self.emit(text, node)
        return h

    i_ptx_tcgen05_fence_before_thread_sync = _plain("nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>",
                                                    "tcgen05_fence_before_thread_sync")
    i_ptx_tcgen05_fence_after_thread_sync = _plain("nvvm.tcgen05.fence #nvvm.tcgen05_fence<after>",
                                                   "tcgen05_fence_after_thread_sync")
    i_ptx_cp_async_commit_group = _plain("nvvm.cp.async.commit.group", "cp_async_commit_group")
    i_ptx_fence_proxy_async = _plain("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, "
                                     "space = #nvvm.shared_space<cta>}", "fence_proxy_async")
    i_ptx_fence_mbarrier_init = _plain("nvvm.fence.mbarrier.init", "fence_mbarrier_init")
    i_ptx_bar_sync = _plain("nvvm.barrier0", "bar_sync")
    i_ptx_wgmma_fence = _plain("nvvm.wgmma.fence.aligned", "wgmma_fence")
    i_ptx_wgmma_commit_group = _plain("nvvm.wgmma.commit.group.sync.aligned", "wgmma_commit_group")
    i_ptx_cluster_arrive = _plain("nvvm.cluster.arrive", "cluster_arrive")
    i_ptx_cluster_wait = _plain("nvvm.cluster.wait", "cluster_wait")
    i_cuda_syncthreads = _plain("gpu.barrier", "syncthreads")
    del _plain

    def _const_int(self, node, label):
        a = self.bind(_s_n, node, label)
        n = self.meta(a["n"], "a count")
        if not isinstance(n, (int, np.integer)) or n < 0:
            raise self.error(node, f"{label} takes a non-negative integer constant")
        return int(n)

    def i_ptx_cp_async_wait_group(self, node, hint):
        self.emit(f"nvvm.cp.async.wait.group {self._const_int(node, 'cp_async_wait_group')}", node)

    def i_ptx_wgmma_wait_group(self, node, hint):
        self.emit(f"nvvm.wgmma.wait.group.sync.aligned {self._const_int(node, 'wgmma_wait_group')}", node)

    def i_ptx_lane_id(self, node, hint):
        self._noargs(node, "lane_id")
        return self.op1("nvvm.read.ptx.sreg.laneid : i32", "i32", node, hint)

    # -- tile primitives -------------------------------------------------------------------------
    def tile_operand(self, anode, what):
        v = self.expr(anode)
        if not (_is_val(v) and (v.is_buffer or v.is_region)):
            raise self.error(anode, f"{what} must be a buffer or a region (A[x:x+n, ...]), got "
                                    f"{self.describe(v)}")
        return v

    @staticmethod
    def _attr_value(v):
        if isinstance(v, (builtins.bool, np.bool_)):
            return "true" if v else "false"
        if isinstance(v, (int, np.integer)):
            return f"{int(v)} : i64"
        if isinstance(v, (float, np.floating)):
            return f"{_float_literal(v, 'f64')} : f64"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(_Parser._attr_value(x) for x in v) + "]"
        raise TypeError(f"cannot write {v!r} as an attribute")

    def tile_suffix(self, a, node):
        """dispatch / config / workspace, in the printed order."""
        out = ""
        if "dispatch" in a and a["dispatch"] is not None:
            d = self.meta(a["dispatch"], "dispatch")
            if d is not None:
                if not isinstance(d, str):
                    raise self.error(node, "dispatch must be a string")
                out += f' dispatch "{d}"'
        config = {}
        if "config" in a:
            c = self.meta(a["config"], "config")
            if c is not None:
                if not isinstance(c, dict):
                    raise self.error(node, "config must be a dict")
                config.update(c)
        for k, v in a.get("extra", {}).items():
            config[k] = self.meta(v, k)
        if config:
            try:
                items = ", ".join(f"{k} = {self._attr_value(v)}" for k, v in config.items())
            except TypeError as e:
                raise self.error(node, str(e)) from None
            out += " config {" + items + "}"
        if "workspace" in a:
            wn = a["workspace"]
            elts = wn.elts if isinstance(wn, (ast.List, ast.Tuple)) else [wn]
            ws = [self.tile_operand(e, "a workspace") for e in elts]
            if ws:
                out += (f" workspace({', '.join(w.name for w in ws)} : "
                        f"{', '.join(type_text(w.type) for w in ws)})")
        return out

    def tile_call(self, scope, op, node):
        if self.device_depth == 0:
            raise self.error(node, "tile primitives are called inside `with Tx.device_entry():`")
        from . import BINARY_KINDS, REDUCE_KINDS, UNARY_KINDS
        label = f"Tx.{scope}.{op}"
        if op in ("copy", "copy_async"):
            a = self.bind(_s_copy if op == "copy" else _s_copy_async, node, label)
            dst = self.tile_operand(a["dst"], "the destination")
            src = self.tile_operand(a["src"], "the source")
            text = f"tirx.tile.{op} <{scope}> {dst.name}, {src.name}"
            if a.get("barrier") is not None:
                bn = a["barrier"]
                b = self.expr(bn)
                if _is_val(b) and (b.is_buffer or b.type == "!llvm.ptr<3>"):
                    pass
                elif _is_val(b) and b.type == "i64":
                    b = self.shared_ptr(bn, node)
                else:
                    raise self.error(node, f"the barrier must be a shared buffer or a pointer, got "
                                           f"{self.describe(b)}")
                text += f" barrier {b.name} : {type_text(b.type)}"
            text += self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(dst.type)}, {type_text(src.type)}", node)
            return None
        if op in ("gemm", "gemm_async"):
            a = self.bind(_s_gemm, node, label)
            C = self.tile_operand(a["C"], "C")
            A = self.tile_operand(a["A"], "A")
            B = self.tile_operand(a["B"], "B")
            acc = self.expr(a["accum"]) if "accum" in a else False
            acc = self.coerce(acc, "i1", node, "accum")
            text = f"tirx.tile.{op} <{scope}> {C.name}, {A.name}, {B.name}, accum {acc.name}"
            for flag in ("transpose_A", "transpose_B"):
                if flag in a:
                    f = self.meta(a[flag], flag)
                    if not isinstance(f, (builtins.bool, np.bool_, int)):
                        raise self.error(node, f"{flag} must be a Python bool")
                    if f:
                        text += " " + flag
            text += self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(C.type)}, {type_text(A.type)}, {type_text(B.type)}", node)
            return None
        if op == "fill":
            a = self.bind(_s_fill, node, label)
            dst = self.tile_operand(a["dst"], "the destination")
            v = self.coerce(self.expr(a["value"]), dst.type.dtype, node, "the fill value")
            text = f"tirx.tile.fill <{scope}> {dst.name}, {v.name}" + self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(dst.type)}, {v.type}", node)
            return None
        if op == "cast":
            a = self.bind(_s_cast_tile, node, label)
            dst = self.tile_operand(a["dst"], "the destination")
            src = self.tile_operand(a["src"], "the source")
            text = f"tirx.tile.cast <{scope}> {dst.name}, {src.name}" + self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(dst.type)}, {type_text(src.type)}", node)
            return None
        if op == "unary" or op in UNARY_KINDS:
            a = self.bind(_s_unary if op == "unary" else _s_unary_kind, node, label)
            kind = self.meta(a["kind"], "the unary kind") if op == "unary" else op
            if kind not in UNARY_KINDS:
                raise self.error(node, f"unknown unary kind {kind!r}: one of {', '.join(UNARY_KINDS)}")
            dst = self.tile_operand(a["dst"], "the destination")
            src = self.tile_operand(a["src"], "the source")
            text = f"tirx.tile.unary {kind} <{scope}> {dst.name}, {src.name}" + self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(dst.type)}, {type_text(src.type)}", node)
            return None
        if op == "binary" or op in BINARY_KINDS:
            a = self.bind(_s_binary if op == "binary" else _s_binary_kind, node, label)
            kind = self.meta(a["kind"], "the binary kind") if op == "binary" else op
            if kind not in BINARY_KINDS:
                raise self.error(node, f"unknown binary kind {kind!r}: one of {', '.join(BINARY_KINDS)}")
            dst = self.tile_operand(a["dst"], "the destination")
            lhs = self.tile_operand(a["a"], "the left operand")
            rv = self.expr(a["b"])
            if _is_val(rv) and (rv.is_buffer or rv.is_region):
                rhs = rv
            else:
                rhs = self.coerce(rv, dst.type.dtype, node, "the scalar operand")
            text = f"tirx.tile.binary {kind} <{scope}> {dst.name}, {lhs.name}, {rhs.name}" \
                   + self.tile_suffix(a, node)
            self.emit(f"{text} : {type_text(dst.type)}, {type_text(lhs.type)}, {type_text(rhs.type)}", node)
            return None
        if op == "reduce" or op in REDUCE_KINDS:
            a = self.bind(_s_reduce if op == "reduce" else _s_reduce_kind, node, label)
            kind = self.meta(a["kind"], "the reduce kind") if op == "reduce" else op
            if kind not in REDUCE_KINDS:
                raise self.error(node, f"unknown reduce kind {kind!r}: one of {', '.join(REDUCE_KINDS)}")
            dst = self.tile_operand(a["dst"], "the destination")
            src = self.tile_operand(a["src"], "the source")
            rank = len(src.type.shape)
            axes = self.meta(a["axes"], "axes") if "axes" in a else None
            if axes is None:
                axes = list(range(rank))
            if isinstance(axes, (int, np.integer)):
                axes = [axes]
            if not isinstance(axes, (list, tuple)):
                raise self.error(node, f"reduce axes must be an int or a list of ints, not {axes!r}")
            norm = set()
            for x in axes:
                if not isinstance(x, (int, np.integer)) or not -rank <= int(x) < rank:
                    raise self.error(node, f"reduce axis {x!r} is out of range for rank {rank}")
                norm.add(int(x) % rank)
            axes = sorted(norm)
            text = (f"tirx.tile.reduce {kind} <{scope}> {dst.name}, {src.name} axes "
                    f"[{', '.join(map(str, axes))}]" + self.tile_suffix(a, node))
            self.emit(f"{text} : {type_text(dst.type)}, {type_text(src.type)}", node)
            return None
        raise self.error(node, f"unknown tile primitive {op!r}")


# Each scalar math function shares one handler.
for _k in _MATH_UNARY:
    setattr(_Parser, "i_" + _k, (lambda k: lambda self, node, hint: self._math(k, node, hint))(_k))
del _k


class PrimFunc:
    """A parsed ``@Tx.prim_func``: ``.script()`` gives its ``tirx.prim_func`` MLIR."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name or func.__name__
        self.__doc__ = func.__doc__
        self.__wrapped__ = func
        self._text = _Parser(func, self.name).run()
        self._located = None

    def script(self, locations=False):
        """The MLIR text; ``locations=True`` adds ``loc("file.py":line:col)`` to every op."""
        if not locations:
            return self._text
        if self._located is None:
            self._located = _Parser(self.func, self.name, locations=True).run()
        return self._located

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<Tx.prim_func @{self.name}>"

    def verify(self):
        """Parse and verify with the native library; return the printed module.

        Raises :class:`uop.CompileError` whose diagnostics point at the script's lines.
        """
        from .. import _capi
        return _capi.parse_verify(self.script(locations=True))

    def compile(self, target="ptx", chip="sm_80"):
        from ..compiler import compile as _compile
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
        from .. import _capi
        return _capi.parse_verify(self.script(locations=True))


def prim_func(func=None, *, name=None):
    """Decorator: parse a TIRx script into a :class:`PrimFunc` (``@Tx.prim_func``)."""
    if func is None:
        return lambda f: PrimFunc(f, name)
    return PrimFunc(func, name)
