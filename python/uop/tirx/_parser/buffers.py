"""Buffers: indices of element loads and stores, regions (slices), views and addresses.

Layouts and buffer types themselves live in ``_types``; this part checks subscripts against a
buffer's static shape and emits ``tirx.buffer_load`` / ``region`` / ``decl_buffer`` /
``address_of``.
"""

import ast
import builtins

import numpy as np

from .._types import BufferType, RegionType
from .core import TxScriptError, _is_val


# Signature of ``buf.view(...)`` (for argument binding; never run).
def _s_view(*shape, layout=None, strides=None, elem_offset=None): pass


class BuffersMixin:
    """Subscripts of buffers (indices, regions), views and element addresses."""

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
