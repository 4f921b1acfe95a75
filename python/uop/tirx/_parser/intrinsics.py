"""The intrinsic table: every ``Tx.<name>`` / ``Tx.ptx.<name>`` / ``Tx.cuda.<name>`` a script can call.

``INTRINSICS`` maps the name to its spec. A spec gives the argument signature (a stub that is never
run, used only to bind the call's AST arguments), the label that argument errors name, and how it
lowers: an ``Intrinsic`` calls a handler; an ``NvvmOp`` is one ``nvvm``/``gpu`` op written from a
template. ``uop.tirx`` makes its script stubs (``Tx.cta_id``, ``Tx.ptx.bar_sync``...) from the
table's names, so a new intrinsic is one entry here.
"""

import ast
import builtins
import inspect
from typing import Callable, NamedTuple, Optional

import numpy as np

from ..._alu_table import BY_PY_NAME
from .._types import BufferType, is_float
from .core import Value, _is_py_scalar, _is_val

_DEFAULT_TICKS = 1000000


# Signatures of the intrinsics (for argument binding; bodies are never run).
def _s_scope(extents=None, preferred=None, parent=None): pass
def _s_scope_id(outer, inner, extents, preferred=None): pass
def _s_alloc(shape, dtype="float32", scope="shared", layout=None, strides=None, elem_offset=None,
             allocated_addr=None): pass
def _s_alloc_fixed(shape, dtype="float32", layout=None, strides=None, elem_offset=None,
                   allocated_addr=None): pass
def _s_decl(src, shape, layout=None, strides=None, elem_offset=None): pass
def _s_cluster_view(src, rank): pass
def _s_bind(value, name=None): pass
def _s_one(x): pass
def _s_cast(x, dtype): pass
def _s_two(a, b): pass
def _s_select(cond, a, b): pass
def _s_null(addrspace=3): pass
def _s_none(): pass
def _s_mbar_init(bar, count): pass
def _s_mbar_arrive_tx(bar, tx_count): pass
def _s_mbar_wait(bar, phase, ticks=_DEFAULT_TICKS): pass
def _s_n(n): pass


class Intrinsic(NamedTuple):
    """An intrinsic lowered by ``handler(parser, call node, name hint, bound arguments)``."""

    handler: Callable
    sig: Optional[Callable] = None  # None: no binding (the handler only reports misuse)
    label: Optional[str] = None     # None: the intrinsic's name without its namespace

    def lower(self, p, node, hint, a, label):
        return self.handler(p, node, hint, a)


class NvvmOp(NamedTuple):
    """An intrinsic that is one op: ``text`` with ``{param}`` replaced by the converted argument.

    ``args`` pairs each parameter with its converter (``_ptr``, ``_i32``, ``_count``), applied in
    order; ``result`` is the op's result type, or None for an op without one.
    """

    text: str
    args: tuple = ()
    result: Optional[str] = None
    sig: Callable = _s_none
    label: Optional[str] = None

    def lower(self, p, node, hint, a, label):
        params = inspect.signature(self.sig).parameters
        vals = {}
        for param, convert in self.args:
            # An omitted argument takes the signature's default, as if it had been written.
            anode = a[param] if param in a else ast.Constant(params[param].default)
            vals[param] = convert(p, anode, node, label)
        text = self.text.format(**vals)
        if self.result is None:
            p.emit(text, node)
            return None
        return p.op1(text, self.result, node, hint)


def call_intrinsic(p, name, node, hint):
    """Lower the call ``node`` of the intrinsic ``name``; its result, or None for a statement."""
    spec = INTRINSICS.get(name)
    if spec is None:
        raise p.error(node, f"Tx.{name} cannot be used here")
    label = spec.label or name.rpartition(".")[2]
    a = None if spec.sig is None else p.bind(spec.sig, node, label)
    return spec.lower(p, node, hint, a, label)


# -- misuse: names that only have a meaning in a statement ----------------------------------------
def _device_entry(p, node, hint, a):
    raise p.error(node, "Tx.device_entry() is used as `with Tx.device_entry():`")


def _loop_only(p, node, hint, a):
    raise p.error(node, "Tx.serial(...) only appears as `for i in Tx.serial(...)`")


# -- scope ids ------------------------------------------------------------------------------------
def _extents(p, node, x, default=None, allow_free=False):
    """A list of integer extents; with ``allow_free``, None is a free extent (``?``)."""
    if x is None:
        if default is None:
            raise p.error(node, "the extents are required here")
        return default
    v = p.meta(x, "extents")
    if isinstance(v, (int, np.integer)) or v is None:
        v = [v]
    ok = lambda e: isinstance(e, (int, np.integer)) or (allow_free and e is None)
    if not isinstance(v, (list, tuple)) or not all(ok(e) for e in v):
        what = "integers or None (free)" if allow_free else "integers"
        raise p.error(node, f"extents must be a list of {what}, got {v!r}")
    return [None if e is None else int(e) for e in v]


def _scope_id_def(p, outer, inner, extents, preferred, node, hint):
    if p.device_depth == 0:
        raise p.error(node, "scope ids are defined inside `with Tx.device_entry():`")
    if None in extents and not (outer == "kernel" and inner in ("cta", "cluster")):
        raise p.error(node, f"only the grid's extents (kernel -> cta, kernel -> cluster) may be "
                            f"free (None), not those of {outer} -> {inner}")
    if None in extents and preferred is None:
        raise p.error(node, "a free extent (None) needs preferred=[...] extents to launch with")
    shown = ["?" if e is None else str(e) for e in extents]
    text = f"tirx.scope_id_def {outer} -> {inner} [{', '.join(shown)}]"
    if preferred is not None:
        text += f" preferred [{', '.join(map(str, preferred))}]"
    n = len(extents)
    if outer == "cta":
        # Remembered so that a later Tx.warp_id() / Tx.warpgroup_id() can default its extents.
        per = {"thread": 1, "warp": 32, "warpgroup": 128}.get(inner)
        if per:
            total = per
            for e in extents:
                total *= e
            p.threads_per_cta = total
    if isinstance(hint, list) and len(hint) == n:
        names = [p.fresh(h) for h in hint]
        p.emit(f"{', '.join(names)} = {text}", node)
        return tuple(Value(x, "index") for x in names)
    base = p.fresh(hint if isinstance(hint, str) else inner + "_id")
    if n == 1:
        p.emit(f"{base} = {text}", node)
        return Value(base, "index")
    p.emit(f"{base}:{n} = {text}", node)
    return tuple(Value(f"{base}#{k}", "index") for k in range(n))


def _scope_extent(p, node, hint, a):
    """``Tx.scope_extent(id)``: the extent of a scope id (the grid's run-time size where free)."""
    v = p.expr(a["x"])
    if not (_is_val(v) and v.type == "index" and not v.is_buffer):
        raise p.error(node, f"scope_extent takes a scope id, not {p.describe(v)}")
    return p.op1(f"tirx.scope_extent {v.name}", "index", node, hint)


def _tile_schedule_only(p, node, hint, a):
    raise p.error(node, "Tx.tile_schedule(...) only appears as "
                        "`for m, n, it in Tx.tile_schedule(worker, [M, N], group=G)`")


def _per_cta(p, node, per, what):
    if p.threads_per_cta is None or p.threads_per_cta % per:
        raise p.error(node, f"Tx.{what}() needs its extents (no thread count known yet)")
    return [p.threads_per_cta // per]


def _scope_id(inner, parent_default, default_ext=None):
    """``Tx.<inner>_id(extents, preferred=, parent=)``; ``default_ext(p, node, parent)`` may
    supply the extents when they are omitted."""
    def handler(p, node, hint, a):
        parent = p.meta(a["parent"], "parent") if "parent" in a else parent_default
        if parent not in ("kernel", "cluster", "cta", "warpgroup", "warp"):
            raise p.error(node, f"unknown parent scope {parent!r}")
        if a.get("extents") is None:
            default = default_ext(p, node, parent) if default_ext else None
            if default is None:
                raise p.error(node, f"Tx.{inner}_id needs its extents")
            ext = default
        else:
            ext = _extents(p, node, a["extents"], allow_free=True)
        pref = _extents(p, node, a["preferred"]) if "preferred" in a else None
        return _scope_id_def(p, parent, inner, ext, pref, node, hint)
    return handler


def _lane_id(p, node, hint, a):
    ext = _extents(p, node, a.get("extents"), [32])
    pref = _extents(p, node, a["preferred"]) if "preferred" in a else None
    return _scope_id_def(p, "warp", "thread", ext, pref, node, hint)


def _any_scope_id(p, node, hint, a):
    outer = p.meta(a["outer"], "the outer scope")
    inner = p.meta(a["inner"], "the inner scope")
    ext = _extents(p, node, a["extents"], allow_free=True)
    pref = _extents(p, node, a["preferred"]) if "preferred" in a else None
    return _scope_id_def(p, outer, inner, ext, pref, node, hint)


# -- buffers and addresses ------------------------------------------------------------------------
def _alloc(scope=None):
    """``Tx.alloc_buffer`` (scope an argument) or ``Tx.alloc_<scope>``."""
    def handler(p, node, hint, a):
        shape = p.meta(a["shape"], "a shape")
        kw = {k: p.meta(a[k], k) for k in ("dtype", "scope", "layout", "strides", "elem_offset",
                                           "allocated_addr") if k in a}
        kw.setdefault("dtype", "float32")
        kw.setdefault("scope", scope or "shared")
        if kw["scope"] == "shared_cluster":
            raise p.error(node, "a shared_cluster buffer is another CTA's shared buffer, not an "
                                "allocation: view one with Tx.cluster_view(S, rank)")
        try:
            t = BufferType(shape, **kw)
        except (ValueError, TypeError) as e:
            raise p.error(node, str(e)) from None
        return p.op1(f"tirx.alloc_buffer : {t.mlir}", t, node, hint)
    return handler


def _decl_buffer(p, node, hint, a):
    src = p.expr(a["src"])
    if not (_is_val(src) and src.is_buffer):
        raise p.error(node, f"decl_buffer views a buffer, not {p.describe(src)}")
    shape = p.meta(a["shape"], "a shape")
    if isinstance(shape, int):
        shape = (shape,)
    return p.decl(src, tuple(shape), a, node, hint)


def _cluster_view(p, node, hint, a):
    """``Tx.cluster_view(S, rank)``: CTA ``rank``'s copy of the shared buffer ``S`` (DSMEM)."""
    src = p.expr(a["src"])
    if not (_is_val(src) and src.is_buffer and src.type.scope == "shared"):
        what = f"a {src.type.scope} buffer" if _is_val(src) and src.is_buffer else p.describe(src)
        raise p.error(node, f"cluster_view views a shared buffer, not {what}")
    rank = _i32(p, a["rank"], node, "cluster_view")
    t = src.type.with_(scope="shared_cluster")
    return p.op1(f"tirx.cluster_view {src.name} rank {rank} : {src.type.mlir} -> {t.mlir}",
                 t, node, hint)


def _address_of(p, node, hint, a):
    return p.address_of(a["x"], node, hint)


def _shared_ptr(p, node, hint, a):
    return p.shared_ptr(a["x"], node, hint)


def _null_ptr(p, node, hint, a):
    sp = p.meta(a["addrspace"], "an address space") if "addrspace" in a else 3
    t = "!llvm.ptr" if sp == 0 else f"!llvm.ptr<{int(sp)}>"
    return p.op1(f"llvm.mlir.zero : {t}", t, node, hint)


# -- scalar expressions ---------------------------------------------------------------------------
def _bind(p, node, hint, a):
    v = p.materialize(p.expr(a["value"]), node)
    name = p.meta(a["name"], "a name") if "name" in a else hint if isinstance(hint, str) else None
    label = f'"{name}" ' if name else ""
    return p.op1(f"tirx.bind {label}{v.name} : {v.type}", v.type, node, hint)


def _cast(p, node, hint, a):
    t = p.dtype(node, p.meta(a["dtype"], "a dtype"))
    return p.cast(p.expr(a["x"]), t, node, hint)


def _select(p, node, hint, a):
    c = p.expr(a["cond"])
    if not _is_val(c):
        return p.expr(a["a"] if c else a["b"], hint)
    return p.select(c, p.expr(a["a"]), p.expr(a["b"]), node, hint)


def _minmax(which, pyfn):
    def handler(p, node, hint, a):
        x, y = p.expr(a["a"]), p.expr(a["b"])
        return p.minmax(which, x, y, node, hint) if _is_val(x) or _is_val(y) else p.py(node, pyfn, x, y)
    return handler


def _abs(p, node, hint, a):
    x = p.expr(a["x"])
    if not _is_val(x):
        if not _is_py_scalar(x):
            raise p.error(node, f"abs needs a scalar, got {p.describe(x)}")
        return builtins.abs(x)
    op = BY_PY_NAME["float" if is_float(x.type) else "int"]["abs"]
    return p.op1(f"{op} {x.name} : {x.type}", x.type, node, hint)


def _math(which, op):
    """``Tx.<which>(x)``: the float ``math`` op ``op``; a Python number becomes an f32 constant."""
    def handler(p, node, hint, a):
        x = p.expr(a["x"])
        if not _is_val(x):
            if not _is_py_scalar(x):
                raise p.error(node, f"Tx.{which} needs a scalar, got {p.describe(x)}")
            x = p.materialize(float(x), node)
        if not is_float(x.type):
            raise p.error(node, f"Tx.{which} needs a float, got {x.type} (use Tx.cast)")
        return p.op1(f"{op} {x.name} : {x.type}", x.type, node, hint)
    return handler


# -- converters of NvvmOp arguments: (parser, argument AST, call node, label) -> text ---------------
def _ptr(p, anode, node, label):
    """A barrier: an ``!llvm.ptr<3>``, an i64 address, a shared buffer or a buffer element."""
    return p.shared_ptr(anode, node).name


def _i32(p, anode, node, label):
    v = p.expr(anode)
    if _is_val(v) and v.type == "index":
        return p.int_cast(v, "i32", node).name
    return p.coerce(v, "i32", node, "operand").name


def _count(p, anode, node, label):
    """An immediate of the op (a group count), so a Python constant."""
    n = p.meta(anode, "a count")
    if not isinstance(n, (int, np.integer)) or n < 0:
        raise p.error(node, f"{label} takes a non-negative integer constant")
    return int(n)


# The float math intrinsics, spelled by uop's ALU table (ALUOps.def's PYNAME).
_MATH_UNARY = {k: BY_PY_NAME["float"][k] for k in
               ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "floor", "ceil")}

_TRY_WAIT = NvvmOp("nvvm.mbarrier.try_wait.parity {bar}, {phase}, {ticks} : !llvm.ptr<3>, i32, i32",
                   (("bar", _ptr), ("phase", _i32), ("ticks", _i32)), sig=_s_mbar_wait)

# The order of each namespace is the order of its stubs in uop.tirx.
INTRINSICS = {
    "device_entry": Intrinsic(_device_entry),
    "cta_id": Intrinsic(_scope_id("cta", "kernel"), _s_scope),
    "thread_id": Intrinsic(_scope_id("thread", "cta",
                                     lambda p, node, parent: {"warp": [32], "warpgroup": [128]}.get(parent)),
                           _s_scope),
    "warp_id": Intrinsic(_scope_id("warp", "cta",
                                   lambda p, node, parent: [4] if parent == "warpgroup" else
                                   _per_cta(p, node, 32, "warp_id") if parent == "cta" else None),
                         _s_scope),
    "warpgroup_id": Intrinsic(_scope_id("warpgroup", "cta",
                                        lambda p, node, parent: _per_cta(p, node, 128, "warpgroup_id")
                                        if parent == "cta" else None),
                              _s_scope),
    "lane_id": Intrinsic(_lane_id, _s_scope),
    "cluster_id": Intrinsic(_scope_id("cluster", "kernel"), _s_scope),
    "scope_id": Intrinsic(_any_scope_id, _s_scope_id),
    "scope_extent": Intrinsic(_scope_extent, _s_one),
    "tile_schedule": Intrinsic(_tile_schedule_only),
    "alloc_buffer": Intrinsic(_alloc(), _s_alloc, "alloc"),
    "alloc_shared": Intrinsic(_alloc("shared"), _s_alloc_fixed, "alloc"),
    "alloc_local": Intrinsic(_alloc("local"), _s_alloc_fixed, "alloc"),
    "alloc_tmem": Intrinsic(_alloc("tmem"), _s_alloc_fixed, "alloc"),
    "decl_buffer": Intrinsic(_decl_buffer, _s_decl),
    "cluster_view": Intrinsic(_cluster_view, _s_cluster_view),
    "bind": Intrinsic(_bind, _s_bind),
    "address_of": Intrinsic(_address_of, _s_one),
    "shared_ptr": Intrinsic(_shared_ptr, _s_one),
    "null_ptr": Intrinsic(_null_ptr, _s_null),
    "cast": Intrinsic(_cast, _s_cast),
    "select": Intrinsic(_select, _s_select),
    "if_then_else": Intrinsic(_select, _s_select, "select"),
    "max": Intrinsic(_minmax("max", builtins.max), _s_two),
    "min": Intrinsic(_minmax("min", builtins.min), _s_two),
    "abs": Intrinsic(_abs, _s_one),
    **{k: Intrinsic(_math(k, op), _s_one) for k, op in _MATH_UNARY.items()},
    "serial": Intrinsic(_loop_only),
    "unroll": Intrinsic(_loop_only),

    "ptx.mbarrier_init": NvvmOp("nvvm.mbarrier.init {bar}, {count} : !llvm.ptr<3>, i32",
                                (("bar", _ptr), ("count", _i32)), sig=_s_mbar_init),
    "ptx.mbarrier_arrive": NvvmOp("nvvm.mbarrier.arrive {x} : !llvm.ptr<3> -> i64",
                                  (("x", _ptr),), "i64", _s_one),
    "ptx.mbarrier_arrive_expect_tx": NvvmOp(
        "nvvm.mbarrier.arrive.expect_tx {bar}, {tx_count} : !llvm.ptr<3>, i32 -> i64",
        (("bar", _ptr), ("tx_count", _i32)), "i64", _s_mbar_arrive_tx),
    "ptx.mbarrier_try_wait_parity": _TRY_WAIT,
    "ptx.mbarrier_wait": _TRY_WAIT._replace(label="mbarrier_try_wait_parity"),
    "ptx.elect_sync": NvvmOp("nvvm.elect.sync -> i1", result="i1"),
    "ptx.tcgen05_commit": NvvmOp("nvvm.tcgen05.commit {x} : !llvm.ptr<3>", (("x", _ptr),), sig=_s_one),
    "ptx.tcgen05_fence_before_thread_sync": NvvmOp("nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>"),
    "ptx.tcgen05_fence_after_thread_sync": NvvmOp("nvvm.tcgen05.fence #nvvm.tcgen05_fence<after>"),
    "ptx.cp_async_commit_group": NvvmOp("nvvm.cp.async.commit.group"),
    "ptx.cp_async_wait_group": NvvmOp("nvvm.cp.async.wait.group {n}", (("n", _count),), sig=_s_n),
    # Braces doubled: the template goes through str.format.
    "ptx.fence_proxy_async": NvvmOp("nvvm.fence.proxy {{kind = #nvvm.proxy_kind<async.shared>, "
                                    "space = #nvvm.shared_space<cta>}}"),
    "ptx.fence_mbarrier_init": NvvmOp("nvvm.fence.mbarrier.init"),
    "ptx.bar_sync": NvvmOp("nvvm.barrier0"),
    "ptx.wgmma_fence": NvvmOp("nvvm.wgmma.fence.aligned"),
    "ptx.wgmma_commit_group": NvvmOp("nvvm.wgmma.commit.group.sync.aligned"),
    "ptx.wgmma_wait_group": NvvmOp("nvvm.wgmma.wait.group.sync.aligned {n}", (("n", _count),), sig=_s_n),
    "ptx.cluster_arrive": NvvmOp("nvvm.cluster.arrive"),
    "ptx.cluster_wait": NvvmOp("nvvm.cluster.wait"),
    "ptx.lane_id": NvvmOp("nvvm.read.ptx.sreg.laneid : i32", result="i32"),

    "cuda.syncthreads": NvvmOp("gpu.barrier"),
}

# The names uop.tirx makes stubs for, per namespace.
SCRIPT_INTRINSICS = tuple(n for n in INTRINSICS if "." not in n)
PTX_OPS = tuple(n[len("ptx."):] for n in INTRINSICS if n.startswith("ptx."))
CUDA_OPS = tuple(n[len("cuda."):] for n in INTRINSICS if n.startswith("cuda."))
