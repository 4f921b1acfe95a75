"""``uop.jit``: compile a Tensor function once per input signature, then replay it.

Like tinygrad's ``TinyJit``: the first call with a given signature (the shapes and
dtypes of the Tensor arguments, and the values of the other arguments) runs the
Python function, builds its graph, compiles it (through the compile cache of
:mod:`uop.runtime`) and records, for each output, the module and where each of its
inputs comes from (a Tensor argument, a state tensor, or an array captured at trace
time, such as constant weights). Later calls with the same signature skip the Python
function: they feed the new arguments to the recorded programs, one launch per output.

As with TinyJit, whatever the function reads besides its Tensor arguments and its
state tensors (a plain global tensor, ``Tensor.rand`` without ``seed=``) is captured
by value on the first call.

A replay equals a plain call:

- The signature records which Tensor arguments are the same tensor (``f(t, t)``).
  During a trace each argument is a fresh input node, so an argument that is also
  captured from the enclosing scope stays two things.
- ``Tensor.realize()`` inside the function is recorded: where the realized value's
  graph reads an argument or a state tensor, the replay computes it from the new
  values (behind a ``detach``: the gradient stops at a realized tensor, as it did in
  the trace). Arrays the function makes itself (``Tensor(x.numpy())``) are frozen.
- ``backward()`` / ``gradient()`` inside the function are recorded: the loss graph
  (rewritten to read the arguments and state) is compiled as a VJP program
  (``uop-gradient``) that the replay runs before the programs that read the gradients.
  ``backward()`` fills the ``.grad`` of the tensors eager backward() fills
  (``_autograd.backward_targets``: every live float tensor of the graph whose
  requires_grad is not False), summed into an existing ``.grad`` as eagerly: a replay
  reads the ``.grad`` a tensor holds then; one whose ``.grad`` was None when the trace's
  backward() read it (not cleared by the call, e.g. ``zero_grad()``) and is not None now
  traces again. A Tensor argument's ``.grad`` goes to the caller's tensor (summed into
  its ``.grad``); inside the function the argument's ``.grad`` starts as None.
- State: a tensor that existed before the call and is assigned inside it
  (``Tensor.assign``, ``+=``, a view's assign, an optimizer step) is read from the
  tensor at each replay and the new value is written back into it (one program
  output per assigned tensor). Where the new value is the old one with slices stored
  through basic-indexing views (a KV cache), the replay computes each slice's value and
  stores it into the tensor's own buffer instead, so a step moves the slice, not the
  tensor: when no graph of the call reads the old value after the store, and only the
  tensor holds its buffer (else that buffer is copied once into one the jit owns; ``Stats``
  counts both). So is the ``.grad`` of a tensor that the function sets (backward).
  A tensor with requires_grad True, or whose ``.grad`` the function sets, that the
  function only reads (weights) is read at each replay, not frozen. An assigned
  Tensor argument gets its new value too. Tensors made during the call are not state.
"""

import functools
import sys
import weakref

import numpy as np

from . import dtypes as _dt
from . import runtime
from ._mutable import _At, _np_slice


class _Trace:
    """What one trace in progress records."""

    def __init__(self):
        from .tensor import _NODE_SEQ
        from . import _autograd
        self.start = next(_NODE_SEQ)  # nodes numbered from here on were made in the trace
        self.realized = {}            # input node realize() made -> the node it was computed from
        self.grads = {}               # gradient result node -> (_GradRecord, its index)
        self.assigned = {}            # id(tensor) -> (tensor, its node before its first assign)
        self.scatters = {}            # where node of a view's assign -> (base node, ranges, value node)
        # .grad of each live tensor as the trace starts (backward() may fill any of them:
        # _autograd.backward_targets)
        self.grads_before = [(t, t.grad) for t in (r() for r in list(_autograd._live.values()))
                             if t is not None]
        self.cleared = set()     # id of each tensor whose .grad the call set to None
        self.none_reads = set()  # id of each tensor whose backward() found the .grad it had
                                 # before the call, None (a replay then needs None there too)


class _GradRecord:
    __slots__ = ("root", "targets", "dy")

    def __init__(self, root, targets, dy):
        self.root, self.targets, self.dy = root, targets, dy


_TRACES = []  # one _Trace per trace in progress


# Buffers a replay made for in-place stores (private memory, never a view of a caller's
# array): a later replay may write into one while only its tensor's node holds it.
_STORED = weakref.WeakValueDictionary()


class Stats:
    """Counters of the in-place state stores of replays: ``stored_bytes`` (bytes of slice
    values stored into state buffers) and ``state_copies`` (a state buffer copied because
    it was not one a replay made, or something besides its tensor holds it)."""
    stored_bytes = 0
    state_copies = 0

    @classmethod
    def reset(cls):
        cls.stored_bytes = cls.state_copies = 0


# Tensors that were assigned or realized in place (tinygrad's buffers): a jitted
# function that captures one reads it at each replay instead of freezing it.
_MUTABLE = weakref.WeakValueDictionary()


def note_realize(realized, source, tensor=None):
    """Called by ``Tensor.realize()`` with the input node it made and the node it computed."""
    if tensor is not None:
        _MUTABLE[id(tensor)] = tensor
    if _TRACES and realized is not source:
        _TRACES[-1].realized[realized] = source


def note_assign(tensor, old):
    """Called by ``Tensor.assign``: within a trace, remember the tensor and its node
    before its first assign."""
    _MUTABLE[id(tensor)] = tensor
    if _TRACES:
        hit = _TRACES[-1].assigned.get(id(tensor))
        if hit is None or hit[0] is not tensor:
            _TRACES[-1].assigned[id(tensor)] = (tensor, old)


def note_grad_cleared(tensor):
    """Called when ``tensor.grad`` is set to None (zero_grad())."""
    if _TRACES:
        _TRACES[-1].cleared.add(id(tensor))


def note_scatter(merged, base, ranges, value):
    """Called by a view's assign: ``merged`` is ``base`` with the elements ``ranges``
    select replaced by ``value`` (of their shape), a slice store the replay can do in place."""
    if _TRACES:
        _TRACES[-1].scatters[merged] = (base, tuple(ranges), value)


class _Suspended:
    """No trace is in progress inside (eager work that the trace records itself)."""

    def __enter__(self):
        self.saved = _TRACES[:]
        del _TRACES[:]

    def __exit__(self, *exc):
        _TRACES[:] = self.saved


def traced_gradient(loss, targets, dy):
    """``loss.gradient(*targets)`` inside a trace: computed now, and recorded."""
    from .tensor import Tensor
    from . import _autograd
    with _Suspended():
        grads = _autograd.gradient(loss, targets, dy)
    if dy is None:
        dy_node = None
    else:
        dy_node = (dy if isinstance(dy, Tensor) else Tensor(np.asarray(dy), dtype=loss.dtype)).cast(loss.dtype)._node
    rec = _GradRecord(loss._node, [t._node for t in targets], dy_node)
    for k, g in enumerate(grads):
        _TRACES[-1].grads[g._node] = (rec, k)
    return grads


def traced_backward(loss, dy):
    """``loss.backward()`` inside a trace: eager backward() (the same targets, the same sums
    into an existing .grad) with the gradients recorded by traced_gradient."""
    from . import _autograd
    trace = _TRACES[-1]
    targets = _autograd.backward_targets(loss)
    for t in targets:  # g = this call's gradient, not .grad + g: only while .grad is None
        if t.grad is None and id(t) not in trace.cleared:
            trace.none_reads.add(id(t))
    return _autograd.backward(loss, dy, targets=targets, grad_fn=traced_gradient)


def _clone(node, srcs):
    """``node`` with other sources (its location and static parameters kept)."""
    new = object.__new__(type(node))
    for slot in ("op", "arg", "shape", "dtype", "data", "loc", "rg", "seq"):
        setattr(new, slot, getattr(node, slot))
    new.srcs = tuple(srcs)
    return new


def _key_of(x):
    from .tensor import Tensor
    if isinstance(x, Tensor):
        return ("T", x.shape, x.dtype.name)
    if isinstance(x, np.ndarray):
        return ("A", x.shape, str(x.dtype))
    try:
        hash(x)
    except TypeError:
        return ("R", repr(x))
    return ("V", type(x).__name__, x)


def _storage(arr, dtype):
    """The array a program reads for a value of ``dtype`` (bfloat16 as its bits): ``arr``
    itself when it is contiguous and of the storage type, else a converted copy that
    starts on a cache line (runtime.aligned_empty)."""
    if dtype is _dt.bfloat16:
        return _dt.to_bfloat16_bits(np.asarray(arr, np.float32)).reshape(np.shape(arr))
    arr = np.asarray(arr)
    if arr.dtype == dtype.storage and arr.flags.c_contiguous:
        return arr
    return runtime.aligned_copy(arr, dtype.storage)


def _bare(node):
    """A Tensor of ``node`` that autograd does not track."""
    from .tensor import Tensor
    t = object.__new__(Tensor)
    t._node, t.grad, t._view = node, None, None
    return t


def _input(arr, shape, dtype):
    from .tensor import _Node
    arr = runtime.host_copy(np.reshape(arr, shape), dtype.np)
    arr.setflags(write=False)
    return _Node("input", (), None, shape, dtype, data=arr)


def _value_of(t):
    """The array a tensor holds now (realized first if lazy)."""
    t.realize()
    return t._node.data


class _Replay:
    """The values one call reads: arguments, state values, step results."""

    def __init__(self, args, slots):
        self.args, self.slots, self.env = args, slots, {}

    def get(self, src):
        kind, v = src
        if kind == "arg":
            return self.args[v]
        if kind == "slot":
            return self.slots[v]
        return self.env[v]


def _sources(nodes, arrays, source_of):
    """Per program input: ``(its source on replay or None, its dtype, its array)``. An
    array read at every replay (captured at trace time: weights, constants) is made
    aligned once here, as uop-run's buffers are: numpy's large arrays start 16 bytes
    into a cache line, and the kernels' 512-bit row loads then straddle two lines
    (about 20% of the GPT-2 block's time)."""
    out = []
    for n, a in zip(nodes, arrays):
        src = source_of(n)
        out.append((src, n.dtype, runtime.aligned(a) if src is None else a))
    return out


class _Plan:
    """How to compute one node: a compiled module and its inputs' sources."""

    def __init__(self, node, source_of):
        from ._emit import Emitter, passthrough_base
        self.shape, self.dtype = node.shape, node.dtype
        base = passthrough_base(node)  # x.detach() reads x
        self.mlir, self.sources, self.value = None, None, None
        src = source_of(base) if base.op == "input" else None
        if src is not None:
            self.kind, self.value = "copy", src
            return
        trivial = runtime._trivial(_bare(node))
        if trivial is not None:
            self.kind, self.value = "value", trivial
            return
        self.kind = "program"
        em = Emitter()
        self.mlir, inputs = em.module(base)
        self.sources = _sources(em.input_nodes, inputs, source_of)

    def run(self, replay):
        if self.kind == "copy":
            return runtime.host_copy(replay.get(self.value))
        if self.kind == "value":
            return runtime.host_copy(self.value)
        ins = [a if s is None else _storage(replay.get(s), d) for s, d, a in self.sources]
        out = runtime.compile_cpu(self.mlir).run(ins, [self.shape], [self.dtype.storage])[0]
        return runtime._from_storage(out, self.dtype)


class _PlanStep:
    """A plan whose result later steps read (a gradient's ``dy``)."""

    def __init__(self, plan, node):
        self.plan, self.node = plan, node

    def run(self, replay):
        replay.env[self.node] = self.plan.run(replay)


class _VJPStep:
    """A recorded ``gradient()``: the VJP program of the rewritten loss graph."""

    def __init__(self, root, targets, dy, outs, source_of):
        from . import _autograd
        from .tensor import _Node
        self.outs = outs
        nodes = _autograd._graph(root) if _prod(root.shape) else set()
        wrt, probes, emit_wrt = [], {}, []
        for n in targets:
            if n in nodes and _prod(n.shape) and all(n is not w for w in wrt):
                wrt.append(n)
        for n in wrt:
            if n.op == "input":
                emit_wrt.append(n)
            else:  # as _autograd.gradient: each use reads n + p, p = -0.0
                p = _Node("input", (), None, n.shape, n.dtype,
                          data=runtime.aligned_full(n.shape, -0.0, n.dtype.np))
                probes[n] = p
                emit_wrt.append(p)
        self.index = [next((i for i, w in enumerate(wrt) if w is n), None) for n in targets]
        self.wrt = wrt
        self.dtype = root.dtype
        self.dy = dy
        if not wrt:
            self.program = None
            return
        r = _autograd._with_probes(root, probes) if probes else root
        mlir, em = _autograd._module(r, emit_wrt, locations=False)
        self.program = _autograd._vjp_program(r, emit_wrt, mlir)
        self.sources = _sources(em.input_nodes, em.inputs, source_of)

    def run(self, replay):
        outs = None
        if self.program is not None:
            ins = [a if s is None else _storage(replay.get(s), d) for s, d, a in self.sources]
            if self.dy is None:
                dy = np.ones((), dtype=self.dtype.np)
            elif isinstance(self.dy, tuple):
                dy = replay.get(self.dy)
            else:
                dy = self.dy
            ins.append(_storage(dy, self.dtype))
            outs = self.program.run(ins, [n.shape for n in self.wrt], [n.dtype.storage for n in self.wrt])
        for node, i in zip(self.outs, self.index):
            replay.env[node] = (np.zeros(node.shape, node.dtype.np) if i is None
                                else runtime._from_storage(outs[i], node.dtype))


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


class _Entry:
    """One signature's recording: steps, output plans, state slots and write-backs."""

    def __init__(self, trace, outs, arg_nodes, wrappers):
        from ._autograd import _tracked
        self.slot_reads = []   # per slot: (tensor, "value" | "grad")
        self.slot_init = []    # per slot: its value when the trace started
        self.guards = []       # slots that must hold a .grad on replay
        self.none_guards = []  # tensors whose .grad must be None on replay (the trace read None)
        subst, source = {}, {}
        for node, i in arg_nodes.items():
            source[node] = ("arg", i)
        wrapper_ids = {id(w): i for w, i in wrappers}

        placeholders = []  # per slot: (its input node, the node it stands for)

        def slot(tensor, attr, node):
            from .tensor import _Node
            k = len(self.slot_reads)
            p = _Node("input", (), None, node.shape, node.dtype)  # data once known to be read
            self.slot_reads.append((tensor, attr))
            placeholders.append((p, node))
            subst[node], source[p] = p, ("slot", k)

        def origin(node):  # through in-trace realizes, the node it was computed from
            while node in trace.realized:
                node = trace.realized[node]
            return node

        writes = []  # (tensor or argument index, "value" | "grad" | "arg", root node or None)
        state_slot = {}  # id(tensor) -> (its slot, its node before the call)
        for t, old in trace.assigned.values():
            if id(t) in wrapper_ids:
                continue
            o = origin(old)
            if o.seq >= trace.start or o in arg_nodes:
                continue  # made during the call: not state
            if o not in subst:
                slot(t, "value", o)
                state_slot[id(t)] = (len(self.slot_reads) - 1, o)
            writes.append((t, "value", t._node))
        assigned = {id(t) for t, _ in trace.assigned.values()}
        for t, g0 in trace.grads_before:
            if id(t) in wrapper_ids:
                # an argument's .grad goes to the caller's tensor, summed into its .grad
                # when backward() found none (the stand-in never has one before the call)
                if t.grad is not g0:
                    sums = id(t) in trace.none_reads
                    writes.append((wrapper_ids[id(t)], "argsum" if sums else "arggrad",
                                   None if t.grad is None else t.grad._node))
                continue
            if g0 is not None and g0._node not in arg_nodes and g0._node not in subst:
                slot(t, "grad", g0._node)
                self.guards.append((len(self.slot_reads) - 1, g0.shape))
            elif g0 is None and id(t) in trace.none_reads:
                self.none_guards.append(t)
            if t.grad is not g0:
                writes.append((t, "grad", None if t.grad is None else t.grad._node))
        # tensors with requires_grad True (weights), tensors whose .grad the call sets, and
        # buffers (assigned or realized before) are read by reference
        for t in [r() for r in list(_tracked.values())] + list(_MUTABLE.values()) + \
                [t for t, attr, _ in writes if attr == "grad"]:
            if t is not None and id(t) not in assigned and t._node.seq < trace.start \
                    and t._node not in arg_nodes and t._node not in subst:
                slot(t, "value", t._node)
        for w, i in wrappers:  # an assigned argument: the caller's tensor gets the value
            if w._node not in arg_nodes:
                writes.append((i, "arg", w._node))

        # State whose new value is its old one with slices stored (a KV cache) is updated in
        # place: each slice's value is computed and stored into the tensor's own buffer.
        chains = self._chains(trace, writes, state_slot, origin, outs, subst, arg_nodes)
        from .tensor import _Node
        stand_ins = []  # (input node, slot): a chain node, read from the buffer
        for k, t, _, nodes in chains:
            for c in nodes[1:]:
                p = _Node("input", (), None, c.shape, c.dtype)
                subst[c], source[p] = p, ("slot", k)
                stand_ins.append((p, k))
        stored = {id(t) for _, t, _, _ in chains}
        writes = [w for w in writes if w[1] != "value" or id(w[0]) not in stored]

        roots = [o._node for o in outs] + [n for _, _, n in writes if n is not None] + \
            [v for _, _, pieces, _ in chains for _, v in pieces] + \
            [r.node for _, _, pieces, _ in chains for rs, _ in pieces for r in rs if isinstance(r, _At)]
        self.steps = []
        memo = self._rewrite(roots, trace, subst, source, arg_nodes)
        # Only the slots the recording reads are read on replay (reading realizes).
        used = set(memo.values())
        self.used = [p in used for p, _ in placeholders]
        for p, k in stand_ins:
            self.used[k] = self.used[k] or p in used
        # the recording keeps the tensors it reads alive, not every candidate
        self.slot_reads = [sr if u else (None, None) for sr, u in zip(self.slot_reads, self.used)]
        for (p, node), u in zip(placeholders, self.used):
            if u:  # its value when the trace started: what the first call reads
                p.data = node.data if node.op == "input" else _bare(node).numpy()
            self.slot_init.append(p.data)
        for p, k in stand_ins:
            p.data = self.slot_init[k]
        self.guards = [(k, shape) for k, shape in self.guards if self.used[k]]
        self.steps = [make() for make in self.steps]  # compiled now that the slots have data

        def source_of(node):
            return source.get(node)

        self.source_of = source_of
        self.plans = [_Plan(memo[o._node], source_of) for o in outs]
        self.writes = [(t, attr, None if n is None else _Plan(memo[n], source_of)) for t, attr, n in writes]
        # a position held by a tensor (_At) is read at each replay: its plan replaces it
        self.stores = [(k, t, [(tuple(_At(_Plan(memo[r.node], source_of), r.n) if isinstance(r, _At) else r
                                      for r in rs),
                                tuple(len(r) for r in rs), _Plan(memo[v], source_of)) for rs, v in pieces])
                       for k, t, pieces, _ in chains]

    @staticmethod
    def _deps(node, trace, subst, arg_nodes):
        """The nodes the rewritten ``node`` is computed from."""
        if node in subst or node in arg_nodes:
            return ()
        if node in trace.realized:
            return (trace.realized[node],)
        g = trace.grads.get(node)
        if g is not None:
            rec = g[0]
            return (rec.root, *rec.targets) + (() if rec.dy is None else (rec.dy,))
        return node.srcs

    def _chains(self, trace, writes, state_slot, origin, outs, subst, arg_nodes):
        """The state writes a replay can store in place: ``[(slot, tensor, [(ranges, value
        node)], chain)]``, ``chain`` the tensor's node before the call and after each store.
        Only when no graph reads a stale link: the outputs and the other writes read the
        last one, each store's value at most the one before it (the stores run first); none
        with a gradient in the trace (its VJP runs before the stores). Else none is."""
        if trace.grads or not trace.scatters:
            return []
        chains = []
        for t, attr, final in writes:
            # (bfloat16's arrays hold float32 values rounded to it: numpy stores them too)
            if attr != "value" or id(t) not in state_slot:
                continue
            k, o = state_slot[id(t)]
            nodes, pieces, n = [], [], origin(final)
            while n is not o:
                hit = trace.scatters.get(n.srcs[0]) if n.op == "detach" else None
                if hit is None:
                    break
                nodes.append(n)
                pieces.append((hit[1], hit[2]))
                n = origin(hit[0])
            if n is o and pieces:
                chains.append((k, t, pieces[::-1], [o] + nodes[::-1]))
        link = {c: (i, j) for i, ch in enumerate(chains) for j, c in enumerate(ch[3])}

        def links(roots):  # the chain links these graphs read
            seen, stack, hit = set(), list(roots), set()
            while stack:
                n = stack.pop()
                if n in seen:
                    continue
                seen.add(n)
                if n in link:
                    hit.add(link[n])
                else:
                    stack.extend(self._deps(n, trace, subst, arg_nodes))
            return hit
        stored = {id(t) for _, t, _, _ in chains}
        rest = [o._node for o in outs] + [n for t, a, n in writes
                                          if n is not None and (a != "value" or id(t) not in stored)]
        if any(j != len(chains[i][3]) - 1 for i, j in links(rest)):
            return []
        for i, (_, _, pieces, _) in enumerate(chains):
            if any(links([v] + [r.node for r in rs if isinstance(r, _At)]) - {(i, j)}
                   for j, (rs, v) in enumerate(pieces)):
                return []
        return chains

    def _store(self, k, t, pieces, slots, replay):
        """Store the slices into slot ``k``'s buffer. The buffer is written in place when
        it is the one the last replay stored into and only ``t`` holds it (no lazy graph,
        view or array of the caller's reads it); else the value is copied once into a new
        buffer that ``t`` then holds."""
        from .tensor import _Node
        buf = slots[k]
        # references: t's node, the slots list, `buf`, getrefcount's argument
        if _STORED.get(id(buf)) is not buf or t._node.data is not buf \
                or sys.getrefcount(t._node) != 2 or sys.getrefcount(buf) != 4:
            buf = runtime.aligned_empty(buf.shape, buf.dtype)
            buf[...] = slots[k]
            buf.setflags(write=False)
            slots[k] = buf
            t._set_value(_Node("input", (), None, buf.shape, t.dtype, data=buf), note=False)
            _STORED[id(buf)] = buf
            Stats.state_copies += 1
        for ranges, shape, plan in pieces:
            # a position held by a tensor, read (as the value) from the state before this store
            ranges = tuple(r.resolve(r.node.run(replay)) if isinstance(r, _At) else r for r in ranges)
            if any(r is None for r in ranges):  # a position outside its axis: nothing stored
                continue
            index = tuple(_np_slice(r) for r in ranges)
            value = plan.run(replay).reshape(shape)
            buf.setflags(write=True)
            try:
                buf[index] = value
            finally:
                buf.setflags(write=False)
            Stats.stored_bytes += value.size * np.dtype(t.dtype.storage).itemsize  # bfloat16: 2

    def _rewrite(self, roots, trace, subst, source, arg_nodes):
        """``roots`` with each state node read from its slot, each realized node that reads
        an argument or a slot recomputed from its graph, and each gradient that does read
        from a VJP step; other nodes stay (frozen arrays)."""
        from .tensor import _Node
        memo, reads, vjps = {}, {}, {}

        def deps(node):
            return self._deps(node, trace, subst, arg_nodes)

        def vjp(rec):
            key = id(rec)
            if key not in vjps:
                dy = None if rec.dy is None else memo[rec.dy]
                if reads[rec.root] or (rec.dy is not None and reads[rec.dy]):
                    outs = [node for node, (r, _) in trace.grads.items() if r is rec]
                    outs.sort(key=lambda n: trace.grads[n][1])
                    for o in outs:
                        source[o] = ("env", o)
                    if dy is not None:
                        if reads[rec.dy]:
                            step_node = _Node("input", (), None, dy.shape, dy.dtype,
                                              data=np.zeros(dy.shape, dy.dtype.np))
                            self.steps.append(functools.partial(
                                lambda dy, n: _PlanStep(_Plan(dy, source.get), n), dy, step_node))
                            dy = ("env", step_node)
                        else:
                            dy = _bare(dy).numpy()
                    self.steps.append(functools.partial(
                        _VJPStep, memo[rec.root], [memo[t] for t in rec.targets], dy, outs, source.get))
                    vjps[key] = True
                else:
                    vjps[key] = False
            return vjps[key]

        stack = [(r, False) for r in roots]
        while stack:  # iterative: model graphs are deeper than Python's recursion limit
            node, ready = stack.pop()
            if node in memo:
                continue
            if not ready:
                stack.append((node, True))
                stack.extend((d, False) for d in deps(node) if d not in memo)
                continue
            if node in subst:
                memo[node], reads[node] = subst[node], True
                continue
            if node in arg_nodes:
                memo[node], reads[node] = node, True
                continue
            src = trace.realized.get(node)
            if src is not None:
                reads[node] = reads[src]
                if reads[src]:  # recomputed; the gradient still stops here
                    d = _Node("detach", (memo[src],), None, node.shape, node.dtype)
                    d.loc, d.rg = node.loc, node.rg
                    memo[node] = d
                else:
                    memo[node] = node
                continue
            g = trace.grads.get(node)
            if g is not None:
                reads[node] = vjp(g[0])
                memo[node] = node
                continue
            srcs = tuple(memo[s] for s in node.srcs)
            reads[node] = any(reads[s] for s in node.srcs)
            memo[node] = node if all(a is b for a, b in zip(srcs, node.srcs)) else _clone(node, srcs)
        return memo

    def valid(self):
        """False when a .grad the recording reads is gone (call the function again)."""
        for k, shape in self.guards:
            g = self.slot_reads[k][0].grad
            if g is None or g.shape != shape:
                return False
        return all(t.grad is None for t in self.none_guards)

    def run(self, args, callers, first):
        if first:
            slots = self.slot_init
        else:
            slots = [_value_of(t if attr == "value" else t.grad) if u else None
                     for (t, attr), u in zip(self.slot_reads, self.used)]
        slots = list(slots)  # a copy: an in-place store's new buffer replaces its entry
        replay = _Replay(args, slots)
        for step in self.steps:
            step.run(replay)
        for k, t, pieces in self.stores:
            self._store(k, t, pieces, slots, replay)
        results = [p.run(replay) for p in self.plans]
        values = [None if p is None else p.run(replay) for _, _, p in self.writes]
        from .tensor import Tensor
        for (t, attr, p), v in zip(self.writes, values):
            if attr == "grad":
                t.grad = None if v is None else Tensor(v, dtype=p.dtype)
            elif attr == "value":
                t._set_value(_input(v, p.shape, p.dtype), note=False)
            elif attr == "arg":
                callers[t].assign(Tensor(v, dtype=p.dtype))
            else:  # an argument's .grad: summed as backward() sums into an existing one
                x, g = callers[t], None if v is None else Tensor(v, dtype=p.dtype)
                x.grad = (x.grad + g).realize() if attr == "argsum" and x.grad is not None \
                    and g is not None else g
        return [Tensor(r, dtype=p.dtype) for r, p in zip(results, self.plans)]


class Jit:
    """The callable that :func:`jit` returns. ``traces`` counts the calls that ran the
    Python function; ``reset()`` forgets the recorded signatures. On a method
    (``@uop.jit def step(self, x)``) each instance gets its own Jit."""

    stats = Stats  # the in-place store counters (uop.Jit.stats.stored_bytes, .state_copies)

    def __init__(self, fn, device="cpu", name=None):
        if str(device).lower() != "cpu":
            raise NotImplementedError("uop.jit replays programs on the CPU only; call the "
                                      "function and use .numpy(device='cuda') for a GPU")
        self.fn = fn
        self.device = device
        self.traces = 0
        self._plans = {}
        self._instances = {}  # id(instance) -> (its weakref or itself, its Jit)
        self._name = name or getattr(fn, "__name__", "function")
        functools.update_wrapper(self, fn)

    def reset(self):
        self._plans.clear()

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        hit = self._instances.get(id(obj))
        if hit is not None:
            ref, bound = hit
            if (ref() if isinstance(ref, weakref.ref) else ref) is obj:
                return bound
        fn = self.fn
        try:
            ref = weakref.ref(obj, lambda _r, key=id(obj): self._instances.pop(key, None))

            def call(*args, **kwargs):
                return fn(ref(), *args, **kwargs)
        except TypeError:  # no weak references: the instance stays alive with the jit
            ref = obj

            def call(*args, **kwargs):
                return fn(obj, *args, **kwargs)
        bound = Jit(call, self.device, name=self._name)
        self._instances[id(obj)] = (ref, bound)
        return bound

    def __call__(self, *args, **kwargs):
        from .tensor import Tensor, _Node

        if _TRACES:
            # Called while another jit traces: run the function, so that the outer trace
            # sees its graph (a replay's arrays would freeze the outer trace's inputs).
            return self.fn(*args, **kwargs)

        fresh = {}  # id of an argument's node -> (the Tensor passed, the Tensor that stands for it)

        def prepare(x, where):
            if isinstance(x, np.ndarray):
                raise TypeError(f"uop.jit: {where} is a numpy array; pass Tensor(array), so that a "
                                "replay reads the new data")
            if isinstance(x, (list, tuple, dict)) and any(
                    isinstance(v, (Tensor, np.ndarray)) for v in (x.values() if isinstance(x, dict) else x)):
                raise NotImplementedError(f"uop.jit: {where} holds Tensors in a container; pass each "
                                          "Tensor as its own argument")
            if not isinstance(x, Tensor):
                return x
            node = x._node
            if id(node) not in fresh:
                # Lazy Tensor arguments are realized: a jitted function's inputs are arrays.
                # Each argument becomes a fresh input node (its array is shared), distinct
                # from any node the function captures; one node passed twice stays one.
                data = node.data if node.op == "input" else _bare(node).numpy()
                fresh[id(node)] = (x, Tensor(_Node("input", (), None, node.shape, node.dtype, data=data)))
            return fresh[id(node)][1]

        args = tuple(prepare(a, f"argument {i}") for i, a in enumerate(args))
        kwargs = {k: prepare(v, f"argument {k!r}") for k, v in kwargs.items()}
        tensor_args = [a for a in args if isinstance(a, Tensor)] + \
            [kwargs[k] for k in sorted(kwargs) if isinstance(kwargs[k], Tensor)]
        # Aliasing is part of the signature: for each Tensor argument, the index of the
        # first argument with the same node (f(t, t) and f(x, y) trace separately).
        first = {}
        aliases = tuple(first.setdefault(t._node, i) for i, t in enumerate(tensor_args))
        key = (tuple(_key_of(a) for a in args),
               tuple(sorted((k, _key_of(v)) for k, v in kwargs.items())), aliases)
        arg_data = [t._node.data for t in tensor_args]  # before an assign inside rebinds them
        entry = self._plans.get(key)
        if entry is not None and not entry[0].valid():
            entry = None
        traced = entry is None
        if traced:
            self.traces += 1
            arg_nodes = {}
            for i, t in enumerate(tensor_args):
                arg_nodes.setdefault(t._node, i)
            wrappers = [(w, arg_nodes[w._node]) for _, w in fresh.values()]
            trace = _Trace()
            _TRACES.append(trace)
            try:
                out = self.fn(*args, **kwargs)
            finally:
                _TRACES.pop()
            multi = isinstance(out, (tuple, list))
            outs = [] if out is None else list(out) if multi else [out]
            for o in outs:
                if not isinstance(o, Tensor):
                    raise TypeError(f"uop.jit: {self._name} must return Tensors (or None), "
                                    f"not {type(o).__name__}")
            entry = (_Entry(trace, outs, arg_nodes, wrappers), multi, out is None)
            del trace
            self._plans[key] = entry
        recording, multi, none = entry
        caller = {id(w): x for x, w in fresh.values()}
        results = recording.run(arg_data, [caller[id(t)] for t in tensor_args], traced)
        if none:
            return None
        return tuple(results) if multi else results[0]


def jit(fn=None, *, device="cpu"):
    """Decorator: ``@uop.jit`` (or ``@uop.jit(device="cpu")``) compiles ``fn`` once per
    signature and replays it (tinygrad's ``TinyJit``). It returns realized Tensors.
    On a method, each instance has its own recordings."""
    if fn is None:
        return lambda f: Jit(f, device)
    return Jit(fn, device)
