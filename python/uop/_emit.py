"""Printing a :class:`uop.Tensor` graph as the tensor-level uop MLIR module.

Each graph node becomes one op (casts to bool two: a zero and a compare); the
module is one ``func.func @main(inputs...) -> result`` (docs/python.md).
"""

import numpy as np

from . import _alu_table
from . import dtypes as _dt
from .dtypes import bfloat16, float32

# Node ops by arity (the graph's primitive ops; everything else is built from them).
BINARY = ("add", "sub", "mul", "div", "max", "min", "pow", "and", "or", "xor", "shl", "shr",
          "idiv", "rem", "cmplt", "cmpeq", "cmpne")
COMPARE = ("cmplt", "cmpeq", "cmpne")
UNARY = ("neg", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "abs",
         "floor", "ceil", "trunc", "round", "erf")
MOVEMENT = ("reshape", "permute", "expand", "pad", "shrink", "flip")
# Identity in the forward value; autograd hints (tinygrad's DETACH / CONTIGUOUS_BACKWARD).
PASSTHROUGH = ("detach", "contiguous_backward")

# The MLIR op of each (dtype class, node op): uop's ALU table
# (include/uop/Support/ALUOps.def's PYNAME column, generated into _alu_table).
_BY = _alu_table.BY_PY_NAME
_FLOAT_BIN = {op: _BY["float"][op] for op in BINARY if op in _BY["float"]}
_INT_BIN = {op: _BY["int"][op] for op in BINARY if op in _BY["int"]}
_SIGNED_BIN = {op: _BY["signed"][op] for op in BINARY if op in _BY["signed"]}
_UNSIGNED_BIN = {op: _BY["unsigned"][op] for op in BINARY if op in _BY["unsigned"]}
# numpy's bool arithmetic: + is or, - xor, * and; max or, min and.
_BOOL_BIN = {op: _BY["int"][like] for op, like in
             (("add", "or"), ("sub", "xor"), ("mul", "and"), ("max", "or"), ("min", "and"),
              ("and", "and"), ("or", "or"), ("xor", "xor"))}
_FLOAT_CMP = {"cmplt": "olt", "cmpeq": "oeq", "cmpne": "une"}
# The float unary ops that are math ops (neg is arith.negf), by mnemonic.
_MATH_UNARY = {op: _BY["float"][op].removeprefix("math.") for op in UNARY
               if _BY["float"][op].startswith("math.")}


def tensor_type(shape, dtype):
    return "tensor<" + "".join(f"{s}x" for s in shape) + dtype.mlir + ">"


def format_scalar(value, dtype):
    """A value for ``dense<...>`` that parses back to exactly the same number."""
    if dtype.is_bool:
        return "true" if value else "false"
    if not dtype.is_float:
        v = int(value)
        if v >= 1 << (dtype.bits - 1):  # unsigned: the same bits as a signless value
            v -= 1 << dtype.bits
        return str(v)
    if dtype.bits == 16:  # f16 / bf16: the exact bits
        bits = (np.float16(value).view(np.uint16) if dtype is _dt.float16
                else _dt.to_bfloat16_bits(np.float32(value)).reshape(()))
        return "0x%04X" % int(bits)
    if dtype is float32:
        v = np.float32(value)
        if not np.isfinite(v):
            return "0x%08X" % v.view(np.uint32)
        return "%.8e" % float(v)
    v = np.float64(value)
    if not np.isfinite(v):
        return "0x%016X" % v.view(np.uint64)
    return "%.16e" % float(v)


def _list(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def _loc(node):
    if node.loc is None:
        return ""
    f, line = node.loc
    f = f.replace("\\", "\\\\").replace('"', '\\"')
    return f' loc("{f}":{line}:0)'


def passthrough_base(node):
    """``node`` with its detach / contiguous_backward wrappers removed (the same value)."""
    while node.op in PASSTHROUGH:
        node = node.srcs[0]
    return node


class Emitter:
    """``autograd=True`` prints detach and contiguous_backward as ``uop.detach`` and
    ``uop.contiguous_backward`` (what ``uop-gradient`` reads); otherwise they are no
    op at all (the value of their source)."""

    def __init__(self, locations=False, autograd=False):
        self.locations = locations
        self.autograd = autograd
        self.lines = []
        self.args = []       # (name, type)
        self.inputs = []     # arrays
        self.input_nodes = []
        self.names = {}      # node -> ssa name
        self.cse = {}        # key -> ssa name
        self.count = 0

    def _new(self):
        n = f"%{self.count}"
        self.count += 1
        return n

    def module(self, root, attrs=""):
        """The module of the graph of ``root``; ``attrs`` (e.g. ``uop.grad_wrt = ...``)
        become @main's attributes."""
        # Iterative post-order: sources left to right, each node once.
        stack = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if node in self.names:
                continue
            if expanded or not node.srcs:
                self._emit(node)
                continue
            stack.append((node, True))
            for s in reversed(node.srcs):
                if s not in self.names:
                    stack.append((s, False))
        res = self.names[root]
        rtype = tensor_type(root.shape, root.dtype)
        sig = ", ".join(f"{n}: {t}" for n, t in self.args)
        # Unsigned integers say so at the interface (MLIR integers are signless).
        rsig = f"({rtype} {{uop.unsigned}})" if root.dtype.is_unsigned else rtype
        fattrs = f" attributes {{{attrs}}}" if attrs else ""
        out = ["module {", f"  func.func @main({sig}) -> {rsig}{fattrs} {{"]
        out += ["    " + l for l in self.lines]
        out += [f"    return {res} : {rtype}", "  }", "}", ""]
        return "\n".join(out), list(self.inputs)

    def _emit(self, node):
        t = tensor_type(node.shape, node.dtype)
        if node.op == "input":
            name = f"%arg{len(self.args)}"
            self.args.append((name, t + (" {uop.unsigned}" if node.dtype.is_unsigned else "")))
            # What the program reads: bfloat16 as its bits.
            self.inputs.append(_dt.to_bfloat16_bits(node.data).reshape(node.data.shape)
                               if node.dtype is bfloat16 else node.data)
            self.input_nodes.append(node)
            self.names[node] = name
            return
        srcs = [self.names[s] for s in node.srcs]
        if node.op in ("cast", "bitcast") and node.srcs[0].dtype.mlir == node.dtype.mlir:
            # int32 <-> uint32 and the like: the same bits, no op.
            self.names[node] = srcs[0]
            return
        if node.op in PASSTHROUGH and not self.autograd:
            self.names[node] = srcs[0]
            return
        key = (node.op, tuple(srcs), repr(node.arg), node.shape, node.dtype.name)
        if key in self.cse:
            self.names[node] = self.cse[key]
            return
        first = len(self.lines)
        text = self._op_text(node, srcs, t)
        name = self._new()
        self.lines.append(f"{name} = {text}")
        if self.locations:
            loc = _loc(node)
            for k in range(first, len(self.lines)):
                self.lines[k] += loc
        self.names[node] = name
        self.cse[key] = name

    def _op_text(self, node, srcs, t):
        op, d = node.op, node.dtype
        if op == "const":
            return f"arith.constant dense<{format_scalar(node.arg, node.dtype)}> : {t}"
        if op in BINARY:
            s = node.srcs[0].dtype
            st = tensor_type(node.shape, s)
            a, b = srcs
            if op in COMPARE:
                if s.is_float:
                    return f"arith.cmpf {_FLOAT_CMP[op]}, {a}, {b} : {st}"
                pred = {"cmpeq": "eq", "cmpne": "ne"}.get(op)
                if pred is None:
                    pred = "ult" if (s.is_unsigned or s.is_bool) else "slt"
                return f"arith.cmpi {pred}, {a}, {b} : {st}"
            if op == "max" and node.arg == "relu" and self.autograd:
                return self._relu_text(a, b, node.shape, t)
            if s.is_float:
                mn = _FLOAT_BIN.get(op)
            elif s.is_bool:
                mn = _BOOL_BIN.get(op)
            else:
                mn = _INT_BIN.get(op) or (_UNSIGNED_BIN if s.is_unsigned else _SIGNED_BIN).get(op)
            if mn is None:
                raise AssertionError(f"no {s.name} form of {op}")
            return f"{mn} {a}, {b} : {t}"
        if op in PASSTHROUGH:
            return f"uop.{op} {srcs[0]} : {t}"
        if op == "where":
            ct = tensor_type(node.shape, node.srcs[0].dtype)
            return f"arith.select {srcs[0]}, {srcs[1]}, {srcs[2]} : {ct}, {t}"
        if op == "neg":
            return f"{_BY['float']['neg']} {srcs[0]} : {t}"
        if op in UNARY:
            if d.is_float:
                return f"{_BY['float'][op]} {srcs[0]} : {t}"
            if op == "abs" and d.is_int and not d.is_unsigned:
                return f"{_BY['int']['abs']} {srcs[0]} : {t}"
            raise AssertionError(f"no {d.name} form of {op}")
        src = node.srcs[0]
        st = tensor_type(src.shape, src.dtype)
        if op == "cast":
            return self._cast_text(src, node, srcs[0], st, t)
        if op == "bitcast":
            return f"arith.bitcast {srcs[0]} : {st} to {t}"
        if op == "reshape":
            return f"uop.reshape {srcs[0]} : {st} -> {t}"
        if op == "permute":
            return f"uop.permute {srcs[0]} {_list(node.arg)} : {st} -> {t}"
        if op == "expand":
            return f"uop.expand {srcs[0]} : {st} -> {t}"
        if op == "pad":
            lo = [p[0] for p in node.arg]
            hi = [p[1] for p in node.arg]
            return f"uop.pad {srcs[0]} low {_list(lo)} high {_list(hi)} : {st} -> {t}"
        if op == "shrink":
            lo = [p[0] for p in node.arg]
            hi = [p[1] for p in node.arg]
            return f"uop.shrink {srcs[0]} {_list(lo)} to {_list(hi)} : {st} -> {t}"
        if op == "flip":
            flags = "[" + ", ".join("true" if f else "false" for f in node.arg) + "]"
            return f"uop.flip {srcs[0]} {flags} : {t}"
        if op == "multi":
            ts = ", ".join(tensor_type(x.shape, x.dtype) for x in node.srcs)
            ax = "" if node.arg is None else f" axis {node.arg}"
            return f"uop.multi {', '.join(srcs)}{ax} : {ts} -> {t}"
        if op == "reduce":
            kind, axes = node.arg
            if kind in ("max", "min") and d.is_unsigned:
                kind = "u" + kind  # umax / umin compare unsigned
            return f"uop.reduce_axis {kind} {srcs[0]} {_list(axes)} : {st} -> {t}"
        raise AssertionError(f"unknown op {op}")

    def _relu_text(self, x, zero, shape, t):
        """relu for uop-gradient: select(x > 0 or NaN, x, 0), maximum(x, 0)'s value (NaN
        stays NaN) with torch's gradient: 0 where x <= 0, the tie at 0 included (maximum's
        rule splits it, 0.5), and passed through at NaN."""
        p = self._new()
        self.lines.append(f"{p} = arith.cmpf ugt, {x}, {zero} : {t}")
        return f"arith.select {p}, {x}, {zero} : {tensor_type(shape, _dt.bool_)}, {t}"

    def _cast_text(self, src, node, x, st, t):
        """arith casts between every pair of dtypes (tinygrad's semantics: a cast to
        bool is ``!= 0``, float to integer truncates)."""
        a, b = src.dtype, node.dtype
        if b.is_bool:
            zero = self._new()
            self.lines.append(f"{zero} = arith.constant dense<{'0.0' if a.is_float else '0'}> : {st}")
            return (f"arith.cmpf une, {x}, {zero} : {st}" if a.is_float
                    else f"arith.cmpi ne, {x}, {zero} : {st}")
        if a.is_float and b.is_float:
            if a.bits == b.bits:  # float16 <-> bfloat16: through float32
                mid = self._new()
                mt = t.replace(b.mlir + ">", "f32>")
                self.lines.append(f"{mid} = arith.extf {x} : {st} to {mt}")
                return f"arith.truncf {mid} : {mt} to {t}"
            return f"arith.{'extf' if b.bits > a.bits else 'truncf'} {x} : {st} to {t}"
        if b.is_float:
            return f"arith.{'uitofp' if a.is_unsigned or a.is_bool else 'sitofp'} {x} : {st} to {t}"
        if a.is_float:
            return f"arith.{'fptoui' if b.is_unsigned else 'fptosi'} {x} : {st} to {t}"
        if a.bits < b.bits:
            return f"arith.{'extui' if a.is_unsigned or a.is_bool else 'extsi'} {x} : {st} to {t}"
        if a.bits > b.bits:
            return f"arith.trunci {x} : {st} to {t}"
        return f"arith.bitcast {x} : {st} to {t}"
