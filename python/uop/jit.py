"""``uop.jit``: compile a Tensor function once per input signature, then replay it.

Like tinygrad's ``TinyJit``: the first call with a given signature (the shapes and
dtypes of the Tensor arguments, and the values of the other arguments) runs the
Python function, builds its graph, compiles it (through the compile cache of
:mod:`uop.runtime`) and records, for each output, the module and where each of its
inputs comes from (a Tensor argument, or an array captured at trace time, such as
weights). Later calls with the same signature skip the Python function: they feed
the new arguments to the recorded programs, costing one launch per output.

As with TinyJit, the function must be pure in its Tensor arguments: a tensor it
reads from elsewhere (a global, a closure, ``Tensor.rand`` without ``seed=``) is
captured by value on the first call.

Two things keep a replay equal to a plain call:

- The signature records which Tensor arguments are the same tensor (``f(t, t)``):
  a call that aliases its arguments differently traces again. During a trace each
  argument is a fresh input node, so an argument that is also captured from the
  enclosing scope stays two things: the argument (new data on replay) and the
  captured array (frozen).
- ``Tensor.realize()`` inside the function (midway or on a result) is recorded: the
  plan computes a realized tensor from its graph again (from the new arguments)
  where that graph reads an argument, instead of replaying the array computed on the
  first call. Arrays the function makes itself (``Tensor(x.numpy())``) are frozen.
"""

import functools

import numpy as np

from . import dtypes as _dt
from . import runtime


# One dict per trace in progress: the input node that ``Tensor.realize()`` returned ->
# the node it was realized from.
_TRACES = []


def note_realize(realized, source):
    """Called by ``Tensor.realize()``: within a trace, remember what ``realized`` holds."""
    if _TRACES and realized._node is not source._node:
        _TRACES[-1][realized._node] = source._node


def _clone(node, srcs):
    """``node`` with other sources (its location and static parameters kept)."""
    new = object.__new__(type(node))
    for slot in ("op", "arg", "shape", "dtype", "data", "loc", "rg"):
        setattr(new, slot, getattr(node, slot))
    new.srcs = tuple(srcs)
    return new


def _unrealize(roots, realized, args):
    """``roots`` with each realized node whose graph reads an argument (a node of ``args``)
    replaced by that graph (itself rewritten so); other realized nodes stay arrays."""
    memo, reads = {}, {}
    stack = [(r, False) for r in roots]
    while stack:  # iterative: model graphs are deeper than Python's recursion limit
        node, ready = stack.pop()
        if node in memo:
            continue
        src = realized.get(node)
        if not ready:
            stack.append((node, True))
            stack.extend((s, False) for s in ((src,) if src is not None else node.srcs))
            continue
        if src is not None:
            reads[node] = reads[src]
            memo[node] = memo[src] if reads[src] else node
            continue
        srcs = tuple(memo[s] for s in node.srcs)
        reads[node] = node in args or any(reads[s] for s in node.srcs)
        memo[node] = node if all(a is b for a, b in zip(srcs, node.srcs)) else _clone(node, srcs)
    return [memo[r] for r in roots]


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


def _program_input(node):
    """The array a program reads for an input node (bfloat16 as its bits)."""
    if node.dtype is _dt.bfloat16:
        return _dt.to_bfloat16_bits(node.data).reshape(node.data.shape)
    return node.data


class _Plan:
    """How to compute one output: a compiled module and its inputs' sources."""

    __slots__ = ("kind", "mlir", "sources", "shape", "dtype", "value")

    def __init__(self, tensor, arg_nodes):
        self.shape, self.dtype = tensor.shape, tensor.dtype
        from ._emit import passthrough_base
        node = passthrough_base(tensor._node)  # x.detach() reads x
        self.mlir, self.sources, self.value = None, None, None
        if node.op == "input" and node in arg_nodes:
            self.kind, self.value = "arg", arg_nodes[node]
            return
        trivial = runtime._trivial(tensor)
        if trivial is not None:
            self.kind, self.value = "value", trivial
            return
        self.kind = "program"
        from ._emit import Emitter
        em = Emitter()
        self.mlir, inputs = em.module(node)
        self.sources = [("arg", arg_nodes[n]) if n in arg_nodes else ("array", a)
                        for n, a in zip(em.input_nodes, inputs)]

    def run(self, arg_tensors):
        if self.kind == "arg":
            return arg_tensors[self.value]._node.data.copy()
        if self.kind == "value":
            return self.value.copy()
        inputs = [_program_input(arg_tensors[v]._node) if k == "arg" else v for k, v in self.sources]
        out = runtime.compile_cpu(self.mlir).run(inputs, [self.shape], [self.dtype.storage])[0]
        return runtime._from_storage(out, self.dtype)


class Jit:
    """The callable that :func:`jit` returns. ``traces`` counts the calls that ran the
    Python function; ``reset()`` forgets the recorded signatures."""

    def __init__(self, fn, device="cpu"):
        if str(device).lower() != "cpu":
            raise NotImplementedError("uop.jit replays programs on the CPU only; call the "
                                      "function and use .numpy(device='cuda') for a GPU")
        self.fn = fn
        self.traces = 0
        self._plans = {}
        functools.update_wrapper(self, fn)

    def reset(self):
        self._plans.clear()

    def __call__(self, *args, **kwargs):
        from .tensor import Tensor, _Node

        if _TRACES:
            # Called while another jit traces: run the function, so that the outer trace
            # sees its graph (a replay's arrays would freeze the outer trace's inputs).
            return self.fn(*args, **kwargs)

        fresh = {}  # id of an argument's node -> the Tensor that stands for it

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
                data = node.data if node.op == "input" else Tensor(x.numpy(), dtype=x.dtype)._node.data
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
        entry = self._plans.get(key)
        if entry is None:
            self.traces += 1
            realized = {}
            _TRACES.append(realized)
            try:
                out = self.fn(*args, **kwargs)
            finally:
                _TRACES.pop()
            multi = isinstance(out, (tuple, list))
            outs = list(out) if multi else [out]
            for o in outs:
                if not isinstance(o, Tensor):
                    raise TypeError(f"uop.jit: {self.fn.__name__} must return Tensors, "
                                    f"not {type(o).__name__}")
            arg_nodes = {}
            for i, t in enumerate(tensor_args):
                arg_nodes.setdefault(t._node, i)
            nodes = _unrealize([o._node for o in outs], realized, arg_nodes)
            entry = ([_Plan(Tensor(n), arg_nodes) for n in nodes], multi)
            self._plans[key] = entry
        plans, multi = entry
        results = [Tensor(p.run(tensor_args), dtype=p.dtype) for p in plans]
        return tuple(results) if multi else results[0]


def jit(fn=None, *, device="cpu"):
    """Decorator: ``@uop.jit`` (or ``@uop.jit(device="cpu")``) compiles ``fn`` once per
    signature and replays it (tinygrad's ``TinyJit``). It returns realized Tensors."""
    if fn is None:
        return lambda f: Jit(f, device)
    return Jit(fn, device)
