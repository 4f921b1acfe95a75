"""The tile primitive table: ``Tx.<scope>.<op>(...)`` -> ``tirx.tile.<op> <scope> ...``.

``TILE_PRIMITIVES`` maps every name a scope namespace accepts to its argument signature and its
lowering. The unary / binary / reduce families are each one generic op with a kind
(``Tx.cta.unary("exp", d, s)``); each kind is also a name of its own (``Tx.cta.exp(d, s)``).
"""

import ast
import builtins
from typing import Callable, NamedTuple

import numpy as np

from .._types import type_text
from .core import _float_literal, _is_val

UNARY_KINDS = ("exp", "exp2", "log", "sqrt", "rsqrt", "reciprocal", "silu", "relu", "neg", "abs")
BINARY_KINDS = ("add", "sub", "mul", "div", "maximum", "minimum")
REDUCE_KINDS = ("sum", "max", "min")
_KINDS = {"unary": UNARY_KINDS, "binary": BINARY_KINDS, "reduce": REDUCE_KINDS}


# Signatures of the tile primitives (for argument binding; bodies are never run). Every primitive
# also takes dispatch / config / workspace; other keywords go into config.
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


class TilePrimitive(NamedTuple):
    sig: Callable
    lower: Callable  # lower(parser, scope, op name, bound arguments, call node)


def tile_call(p, scope, op, node):
    """Lower ``Tx.<scope>.<op>(...)`` (a statement: it has no result)."""
    if p.device_depth == 0:
        raise p.error(node, "tile primitives are called inside `with Tx.device_entry():`")
    spec = TILE_PRIMITIVES.get(op)
    if spec is None:
        raise p.error(node, f"unknown tile primitive {op!r}")
    a = p.bind(spec.sig, node, f"Tx.{scope}.{op}")
    return spec.lower(p, scope, op, a, node)


# -- operands and the common suffix -----------------------------------------------------------------
def tile_operand(p, anode, what):
    v = p.expr(anode)
    if not (_is_val(v) and (v.is_buffer or v.is_region)):
        raise p.error(anode, f"{what} must be a buffer or a region (A[x:x+n, ...]), got "
                             f"{p.describe(v)}")
    return v


def attr_value(v):
    """A Python constant as an MLIR attribute (a config value)."""
    if isinstance(v, (builtins.bool, np.bool_)):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return f"{int(v)} : i64"
    if isinstance(v, (float, np.floating)):
        return f"{_float_literal(v, 'f64')} : f64"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(attr_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} as an attribute")


def tile_suffix(p, a, node):
    """dispatch / config / workspace, in the printed order."""
    out = ""
    if "dispatch" in a and a["dispatch"] is not None:
        d = p.meta(a["dispatch"], "dispatch")
        if d is not None:
            if not isinstance(d, str):
                raise p.error(node, "dispatch must be a string")
            out += f' dispatch "{d}"'
    config = {}
    if "config" in a:
        c = p.meta(a["config"], "config")
        if c is not None:
            if not isinstance(c, dict):
                raise p.error(node, "config must be a dict")
            config.update(c)
    for k, v in a.get("extra", {}).items():
        config[k] = p.meta(v, k)
    if config:
        try:
            items = ", ".join(f"{k} = {attr_value(v)}" for k, v in config.items())
        except TypeError as e:
            raise p.error(node, str(e)) from None
        out += " config {" + items + "}"
    if "workspace" in a:
        wn = a["workspace"]
        elts = wn.elts if isinstance(wn, (ast.List, ast.Tuple)) else [wn]
        ws = [tile_operand(p, e, "a workspace") for e in elts]
        if ws:
            out += (f" workspace({', '.join(w.name for w in ws)} : "
                    f"{', '.join(type_text(w.type) for w in ws)})")
    return out


def _emit(p, text, a, node, *operands):
    """The op: ``text``, the suffix, then the operands' types."""
    text += tile_suffix(p, a, node)
    p.emit(f"{text} : {', '.join(type_text(o.type) for o in operands)}", node)


def _kind(p, op, family, a, node):
    """The kind of a unary / binary / reduce call: an argument of the generic op, or the name."""
    kinds = _KINDS[family]
    kind = p.meta(a["kind"], f"the {family} kind") if op == family else op
    if kind not in kinds:
        raise p.error(node, f"unknown {family} kind {kind!r}: one of {', '.join(kinds)}")
    return kind


# -- lowerings --------------------------------------------------------------------------------------
def _copy(p, scope, op, a, node):
    dst = tile_operand(p, a["dst"], "the destination")
    src = tile_operand(p, a["src"], "the source")
    text = f"tirx.tile.{op} <{scope}> {dst.name}, {src.name}"
    if a.get("barrier") is not None:
        bn = a["barrier"]
        b = p.expr(bn)
        if _is_val(b) and (b.is_buffer or b.type == "!llvm.ptr<3>"):
            pass
        elif _is_val(b) and b.type == "i64":
            b = p.shared_ptr(bn, node)
        else:
            raise p.error(node, f"the barrier must be a shared buffer or a pointer, got "
                                f"{p.describe(b)}")
        text += f" barrier {b.name} : {type_text(b.type)}"
    _emit(p, text, a, node, dst, src)


def _gemm(p, scope, op, a, node):
    C = tile_operand(p, a["C"], "C")
    A = tile_operand(p, a["A"], "A")
    B = tile_operand(p, a["B"], "B")
    acc = p.expr(a["accum"]) if "accum" in a else False
    acc = p.coerce(acc, "i1", node, "accum")
    text = f"tirx.tile.{op} <{scope}> {C.name}, {A.name}, {B.name}, accum {acc.name}"
    for flag in ("transpose_A", "transpose_B"):
        if flag in a:
            f = p.meta(a[flag], flag)
            if not isinstance(f, (builtins.bool, np.bool_, int)):
                raise p.error(node, f"{flag} must be a Python bool")
            if f:
                text += " " + flag
    _emit(p, text, a, node, C, A, B)


def _fill(p, scope, op, a, node):
    dst = tile_operand(p, a["dst"], "the destination")
    v = p.coerce(p.expr(a["value"]), dst.type.dtype, node, "the fill value")
    _emit(p, f"tirx.tile.fill <{scope}> {dst.name}, {v.name}", a, node, dst, v)


def _cast(p, scope, op, a, node):
    dst = tile_operand(p, a["dst"], "the destination")
    src = tile_operand(p, a["src"], "the source")
    _emit(p, f"tirx.tile.cast <{scope}> {dst.name}, {src.name}", a, node, dst, src)


def _unary(p, scope, op, a, node):
    kind = _kind(p, op, "unary", a, node)
    dst = tile_operand(p, a["dst"], "the destination")
    src = tile_operand(p, a["src"], "the source")
    _emit(p, f"tirx.tile.unary {kind} <{scope}> {dst.name}, {src.name}", a, node, dst, src)


def _binary(p, scope, op, a, node):
    kind = _kind(p, op, "binary", a, node)
    dst = tile_operand(p, a["dst"], "the destination")
    lhs = tile_operand(p, a["a"], "the left operand")
    rv = p.expr(a["b"])
    if _is_val(rv) and (rv.is_buffer or rv.is_region):
        rhs = rv
    else:
        rhs = p.coerce(rv, dst.type.dtype, node, "the scalar operand")
    _emit(p, f"tirx.tile.binary {kind} <{scope}> {dst.name}, {lhs.name}, {rhs.name}", a, node,
          dst, lhs, rhs)


def _reduce(p, scope, op, a, node):
    kind = _kind(p, op, "reduce", a, node)
    dst = tile_operand(p, a["dst"], "the destination")
    src = tile_operand(p, a["src"], "the source")
    rank = len(src.type.shape)
    axes = p.meta(a["axes"], "axes") if "axes" in a else None
    if axes is None:
        axes = list(range(rank))
    if isinstance(axes, (int, np.integer)):
        axes = [axes]
    if not isinstance(axes, (list, tuple)):
        raise p.error(node, f"reduce axes must be an int or a list of ints, not {axes!r}")
    norm = set()
    for x in axes:
        if not isinstance(x, (int, np.integer)) or not -rank <= int(x) < rank:
            raise p.error(node, f"reduce axis {x!r} is out of range for rank {rank}")
        norm.add(int(x) % rank)
    axes = sorted(norm)
    _emit(p, f"tirx.tile.reduce {kind} <{scope}> {dst.name}, {src.name} axes "
             f"[{', '.join(map(str, axes))}]", a, node, dst, src)


TILE_PRIMITIVES = {
    "copy": TilePrimitive(_s_copy, _copy),
    "copy_async": TilePrimitive(_s_copy_async, _copy),
    "gemm": TilePrimitive(_s_gemm, _gemm),
    "gemm_async": TilePrimitive(_s_gemm, _gemm),
    "fill": TilePrimitive(_s_fill, _fill),
    "cast": TilePrimitive(_s_cast_tile, _cast),
    "unary": TilePrimitive(_s_unary, _unary),
    "binary": TilePrimitive(_s_binary, _binary),
    "reduce": TilePrimitive(_s_reduce, _reduce),
}
# The generic ops; the kinds are added below.
TILE_OPS = tuple(TILE_PRIMITIVES)
for _kinds, _spec in ((UNARY_KINDS, TilePrimitive(_s_unary_kind, _unary)),
                      (BINARY_KINDS, TilePrimitive(_s_binary_kind, _binary)),
                      (REDUCE_KINDS, TilePrimitive(_s_reduce_kind, _reduce))):
    for _k in _kinds:
        TILE_PRIMITIVES[_k] = _spec
del _kinds, _spec, _k
