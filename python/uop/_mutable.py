"""Mutable tensors (tinygrad's semantics): ``Tensor.assign``, assign through a
basic-indexing or movement view, the in-place operators. :class:`uop.Tensor` inherits
:class:`MutableOps`. A tensor's value is its graph node; assign rebinds the node, so
tensors computed from the old value keep it (docs/python.md, "Mutable tensors and
uop.nn.optim").
"""

import sys
import weakref

import numpy as np

from ._ops import ArgumentError, TensorOps
from .dtypes import bool_


def _t():
    from . import tensor
    return tensor


# merged node of a slice store (_scatter) -> (the node stored into, its ranges, the value Tensor,
# the shape the ranges index: None for that node's own, else a reshape of it, C order): a
# permuted or flipped view's store becomes a slice store into its base (uop.jit stores those in
# place), a reshaped view's a store into its base's buffer seen in the view's shape (realize())
_SCATTERS = weakref.WeakKeyDictionary()


# Buffers realize() made to store slices into (never a caller's array): a later realize may
# write into one while only its tensor's node holds it.
_OWNED = weakref.WeakValueDictionary()


class StoreStats:
    """What realize() of a tensor with a slice stored did: ``stored_bytes`` (bytes of slice
    values written into buffers in place) and ``copies`` (a buffer copied once first, as it
    was not one realize made or something else held it)."""
    stored_bytes = 0
    copies = 0

    @classmethod
    def reset(cls):
        cls.stored_bytes = cls.copies = 0


def _np_slice(r):
    return slice(r.start, r.stop if r.stop >= 0 else None, r.step)


class _At:
    """One element of an axis of extent ``n`` at a position held by a 0-d integer tensor
    (``node``, its value when the assign was made; negative counts from the end, as an int
    index): a store's range whose start is known when the store runs (a jit replay reads
    it from the call's arguments)."""
    __slots__ = ("node", "n")

    def __init__(self, node, n):
        self.node, self.n = node, n

    def __len__(self):
        return 1

    def resolve(self, p):
        """The range of position ``p`` (an int), None when it is outside the axis (the
        store writes nothing, as the lazy merge)."""
        p = int(p)
        p = p + self.n if p < 0 else p
        return range(p, p + 1) if 0 <= p < self.n else None


def _is_position(i):
    """A 0-d integer Tensor index: an element whose position is data (_At)."""
    Tensor = _t().Tensor
    return isinstance(i, Tensor) and i.shape == () and i.dtype.is_int and not i.dtype.is_bool


class _Move:
    """How a view made by a movement op (reshape, permute, shrink, flip) maps onto its base."""
    __slots__ = ("op", "arg")

    def __init__(self, op, arg):
        self.op, self.arg = op, arg

    def placed(self, base, x):
        """The base's new value when the view gets ``x`` (the view's shape)."""
        hit = _SCATTERS.get(x._node) if self.op in ("permute", "flip", "reshape") else None
        if hit is not None and (hit[0].op != self.op or hit[0].arg != self.arg or hit[3] is not None
                                or hit[0].srcs[0] is not base._node
                                or (self.op == "flip" and any(isinstance(r, _At) for r in hit[1]))):
            hit = None
        if hit is not None and self.op == "reshape":
            # x is this view with a slice stored: the base is x reshaped back; realize() can
            # store the slice into the base's buffer seen in the view's shape
            out = x.reshape(base.shape)
            _SCATTERS[out._node] = (base._node, hit[1], hit[2], hit[0].shape)
            return out
        if hit is not None:
            ranges, v = hit[1], hit[2]  # x is this view with a slice stored: store the slice into the base
            v = v.reshape([len(r) for r in ranges])
            if self.op == "permute":  # base axis a is view axis inv[a]
                inv = [self.arg.index(a) for a in range(len(self.arg))]
                ranges, v = [ranges[i] for i in inv], v.permute(inv)
            else:
                ranges = [range(n - 1 - r.start, n - 1 - r.stop, -r.step) if f else r
                          for r, f, n in zip(ranges, self.arg, base.shape)]
            from .jit import _bare
            return base._scatter(tuple(_bare(r.node) if isinstance(r, _At) else _np_slice(r) for r in ranges), v)
        if self.op == "reshape":
            return x.reshape(base.shape)
        if self.op == "permute":
            return x.permute([self.arg.index(i) for i in range(len(self.arg))])
        if self.op == "flip":
            return x.flip([i for i, f in enumerate(self.arg) if f])
        return base._scatter(tuple(slice(lo, hi) for lo, hi in self.arg), x)  # shrink: a slice store


class MutableOps:
    __slots__ = ()

    def assign(self, x):
        """Give this tensor the value of ``x`` (lazily) and return it. ``x`` is broadcast to
        this shape and must have this dtype. Tensors computed from the old value keep it.
        On a view made by basic indexing (``t[1:3].assign(v)``, ``t[2]``, ``t[:, a:b]``) or by
        a movement op (``reshape``/``view``/``flatten``/``squeeze``/``unsqueeze``, ``permute``/
        ``transpose``/``T``, ``shrink``, ``flip``; views of views too) the base tensor gets the
        value written into those elements (a where/pad merge, or the inverse movement). The
        tensor keeps its ``requires_grad`` and ``.grad``; no gradient flows into ``x``
        through an assign (tinygrad: the optimizer's update is not differentiated)."""
        Tensor = _t().Tensor
        if not isinstance(x, Tensor):
            x = Tensor(x, dtype=self.dtype)
        if x._node is self._node:
            return self
        if x.shape != self.shape:
            try:
                x = x._broadcast(self.shape)
            except ValueError:
                raise ArgumentError(f"assign: a value of shape {x.shape} cannot be assigned to a "
                                    f"tensor of shape {self.shape}") from None
        if x.dtype is not self.dtype:
            raise ArgumentError(f"assign: dtype mismatch, the tensor is {self.dtype.name} and the "
                                f"value {x.dtype.name} (cast the value first)")
        if getattr(self, "_view", None) is not None:
            base, index = self._view
            base.assign(index.placed(base, x) if isinstance(index, _Move) else base._scatter(index, x))
        self._set_value(x._node)
        return self

    def _set_value(self, node, note=True):
        """Rebind this tensor to ``node``'s value as a leaf that keeps its requires_grad."""
        _Node = _t()._Node
        old = self._node
        if node.op == "input":  # a fresh leaf sharing the (read-only) array
            new = _Node("input", (), None, node.shape, node.dtype, data=node.data)
        else:  # the gradient stops here; forward programs print no op for it
            new = _Node("detach", (node,), None, node.shape, node.dtype)
        new.loc, new.rg = node.loc, old.rg
        self._node = new
        if note:
            from .jit import note_assign, note_realize  # the module, not the decorator
            if node.op == "input":  # a jit trace sees the copy as the node it copies
                note_realize(new, node)
            note_assign(self, old)

    def _scatter(self, index, value):
        """This tensor with the elements ``self[index]`` selects replaced by ``value``
        (of that view's shape): ``value`` placed by pads (and reshapes for a step), merged
        by ``where``."""
        Tensor, idx = _t().Tensor, (index if isinstance(index, tuple) else (index,))
        if any(isinstance(i, (Tensor, np.ndarray, list, tuple)) and not _is_position(i) for i in idx):
            raise NotImplementedError("assign into a view made by advanced indexing (a tensor, "
                                      "array or list index other than a 0-d integer tensor) is "
                                      "not supported; build the value with where() and assign "
                                      "the whole tensor")
        n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
        if Ellipsis in idx:
            k = idx.index(Ellipsis)
            idx = idx[:k] + (slice(None),) * (self.ndim - n_real) + idx[k + 1:]
        idx = idx + (slice(None),) * (self.ndim - sum(1 for i in idx if i is not None))
        ranges = []
        for i in (i for i in idx if i is not None):
            n = self.shape[len(ranges)]
            if _is_position(i):
                ranges.append(_At(i._node, n))
            else:
                ranges.append(range(*i.indices(n)) if isinstance(i, slice) else range(int(i) % n, int(i) % n + 1))
        if any(len(r) == 0 for r in ranges):
            return self
        # None dims (size 1) drop out, int dims come back as size 1: the same element order.
        v = value.reshape([len(r) for r in ranges])
        inside = Tensor(_t()._const_node(True, v.shape, bool_))
        for ax, r in enumerate(ranges):
            if isinstance(r, _At):  # every element of the axis, where it equals the position
                from .jit import _bare
                pos = _bare(r.node)
                pos = pos if pos.dtype.bits >= 32 else pos.cast(_t().int32)  # pos + n must not wrap
                axis = Tensor.arange(r.n, dtype=pos.dtype)
                at = ((axis == pos) | (axis == pos + r.n)).reshape([r.n if d == ax else 1 for d in range(self.ndim)])
                shape = [r.n if d == ax else v.shape[d] for d in range(self.ndim)]
                v, inside = v.expand(shape), inside.expand(shape) & at
                continue
            if r.step < 0:  # the elements ascending
                v, r = v.flip(ax), range(r[-1], r.start + 1, -r.step)
            v, inside = v._unstride(ax, r.step), inside._unstride(ax, r.step)
            span = v.shape[ax]
            pads = [(r.start, self.shape[ax] - r.start - span) if d == ax else None for d in range(self.ndim)]
            v, inside = v._pad(pads), inside._pad(pads)
        out = inside.where(v, self)
        _SCATTERS[out._node] = (self._node, tuple(ranges), value, None)
        from .jit import note_scatter  # a jit replay can store the slice in place
        note_scatter(out._node, self._node, ranges, value._node)
        return out

    def _unstride(self, ax, step):
        """Each element of axis ``ax`` followed by ``step - 1`` zeros (the last one's
        dropped): the inverse placement of ``x[..., ::step]``."""
        if step == 1:
            return self
        k = self.shape[ax]
        x = self.unsqueeze(ax + 1)._pad([(0, step - 1) if d == ax + 1 else None for d in range(self.ndim + 1)])
        x = x.reshape(*self.shape[:ax], k * step, *self.shape[ax + 1:])
        return x.shrink([(0, (k - 1) * step + 1) if d == ax else None for d in range(self.ndim)])

    def __getitem__(self, idx):
        r = super().__getitem__(idx)
        if r is self:  # t[...] / t[:]: a view needs its own Tensor
            r = object.__new__(type(self))
            r._node, r._grad = self._node, None
        r._view = (self, idx)
        return r

    def realize(self, *others):
        """As TensorOps.realize; on a view, its base too (tinygrad: ``t[a:b].assign(v).realize()``
        writes the buffer), so that repeated view assigns do not grow the base's graph. A
        tensor whose value is its realized value with one slice stored computes only the
        slice and stores it into its buffer (_store_slice)."""
        for o in others:
            o.realize()
        old = self._store_slice()  # holding the old node first would count as a reader
        if old is not None:
            from .jit import note_realize  # the module, not the decorator
            note_realize(self._node, old, self)
        else:
            super().realize()
        if getattr(self, "_view", None) is not None:
            self._view[0].realize()
        return self

    def _store_slice(self):
        """Realize the slice stores ``t[i].assign(a); t[j].assign(b); ...`` made since this
        tensor was last realized as ``buffer[i] = a; buffer[j] = b``: O(slices), not a
        program over the whole tensor. The values are computed first (each from the state
        before its store, as the lazy graph says), then stored in order. Only when nothing
        but the stores' own graph reads the old or an intermediate value (assign's semantics:
        such a reader keeps the value it saw; _exclusive), and outside a uop.jit trace (a
        replay stores in place itself). The buffer is written when realize made it and only
        its node holds it (no numpy view, jit, or other node); else it is copied once into a
        new one. Returns the node it replaced, None when it did not store."""
        from .jit import _TRACES
        if _TRACES or self._node.op != "detach":
            return None
        links = _slice_chain(self._node)
        if links is None:
            return None
        for _, _, value, _ in links:  # each value now, before any store; it holds its array
            if value._node.op != "input":
                # not MutableOps.realize: a value that is a view of this tensor (t[0] = t[1])
                # would realize this tensor from inside its own store
                TensorOps.realize(value)
        if not _exclusive(self, links):
            return None
        from .jit import _bare
        # positions held by tensors (_At), read before any store
        places = [None if any(r is None for r in rs) else rs for rs in
                  (tuple(r.resolve(_bare(r.node).numpy()) if isinstance(r, _At) else r for r in ranges)
                   for _, ranges, _, _ in links)]
        old, base = self._node, links[0][0]
        buf = base.data
        # buf's references: base.data, `buf`, getrefcount's argument
        if _OWNED.get(id(buf)) is not buf or sys.getrefcount(buf) != 3:
            from .runtime import aligned_empty
            buf = aligned_empty(base.data.shape, base.data.dtype)
            buf[...] = base.data
            _OWNED[id(buf)] = buf
            StoreStats.copies += 1
        del base
        buf.setflags(write=True)
        try:
            for (_, _, value, shape), ranges in zip(links, places):
                if ranges is None:  # a position outside its axis: nothing to store
                    continue
                # bfloat16's array holds float32 values already rounded to bfloat16
                v = value._node.data.reshape([len(r) for r in ranges])
                view = buf if shape is None else buf.reshape(shape)  # C order: a view
                view[tuple(_np_slice(r) for r in ranges)] = v
                StoreStats.stored_bytes += v.size * np.dtype(self.dtype.storage).itemsize
        finally:
            buf.setflags(write=False)
        _Node = _t()._Node
        self._set_value(_Node("input", (), None, buf.shape, self.dtype, data=buf), note=False)
        return old

    def _moved(self, r):
        """``r``, made from this tensor by one movement op (Tensor.reshape/permute/shrink/flip
        call this), as a view that assign writes through."""
        if r is not self and r._node.srcs and r._node.srcs[0] is self._node:
            r._view = (self, _Move(r._node.op, r._node.arg))
        return r

    def __setitem__(self, idx, value):
        # ``t[i] += v`` is t[i].__iadd__(v) (an assign through the view), then t[i] = that view
        view = getattr(value, "_view", None)
        if view is not None and view[0] is self and view[1] is idx:
            return
        # tinygrad's item assignment: an assign through the view (basic indices; a
        # tensor-index view raises NotImplementedError in assign)
        self[idx].assign(value)

    def __iadd__(self, x):
        return self.assign(self + x)

    def __isub__(self, x):
        return self.assign(self - x)

    def __imul__(self, x):
        return self.assign(self * x)

    def __itruediv__(self, x):
        return self.assign(self / x)

    def __ipow__(self, x):
        return self.assign(self ** x)

    def __imatmul__(self, x):
        return self.assign(self @ x)

    def __iand__(self, x):
        return self.assign(self & x)

    def __ior__(self, x):
        return self.assign(self | x)

    def __ixor__(self, x):
        return self.assign(self ^ x)


def _slice_chain(node):
    """The slice stores that make ``node`` (a tensor's value) from a realized value, oldest
    first: [(the node stored into, ranges, value Tensor, shape)], the first one's node an
    input; None if ``node`` is not that (a whole-tensor assign in between, a lazy base)."""
    links = []
    while node.op == "detach":
        hit = _SCATTERS.get(node.srcs[0])
        if hit is None:
            return None
        links.append(hit)
        node = hit[0]
    if node.op != "input" or not links:
        return None
    links.reverse()
    return links


def _exclusive(tensor, links):
    """Whether storing ``links`` into their base's buffer changes no value anything can still
    read: every node of ``tensor``'s graph that reads the base (the realized value, the
    states between the stores, the merges, values computed from them) is referenced only
    from within that graph, by the stores' records, and, for its own node, by ``tensor``.
    After the stores only ``tensor`` holds the new value and that graph dies with its old
    node. The values are realized (inputs) when this is called."""
    order, reads, refs = _references(tensor._node, links)
    for n in order:
        # the known references, `order`'s entry, `n`, getrefcount's argument
        if id(n) in reads and sys.getrefcount(n) != refs.get(id(n), 0) + 3:
            return False
    return True


def _references(root, links):
    """``root``'s graph in post-order, the ids of its nodes that read the first link's base,
    and how often each node is referenced from the graph, its nodes' store records
    (_SCATTERS) and ``root``'s tensor.
    (A function of its own: its locals hold no node once it returns.)"""
    base = links[0][0]
    order, expanded, done, stack = [], set(), set(), [root]
    while stack:  # post-order, iterative: deep graphs
        n = stack.pop()
        if id(n) in done:
            continue
        if id(n) in expanded:
            done.add(id(n))
            order.append(n)
            continue
        expanded.add(id(n))
        stack.append(n)
        stack.extend(s for s in n.srcs if id(s) not in expanded)
    reads, refs = set(), {id(root): 1}
    for n in order:  # sources come before their readers
        if n is base or any(id(s) in reads for s in n.srcs):
            reads.add(id(n))
        for s in n.srcs:
            refs[id(s)] = refs.get(id(s), 0) + 1
        hit = _SCATTERS.get(n)  # a store's record holds the node stored into
        if hit is not None:
            refs[id(hit[0])] = refs.get(id(hit[0]), 0) + 1
    return order, reads, refs
