"""Reverse-mode autograd of :class:`uop.Tensor` graphs, computed by the MLIR pass
``uop-gradient`` (lib/Dialect/UOp/Transforms/Gradient.cpp).

``loss.gradient(*targets, gradient=dy)`` prints the graph of ``loss`` as the
tensor-level module (``func.func @main``, whose arguments are the graph's input
arrays), marks the arguments to differentiate with ``uop.grad_wrt = array<i64: ...>``,
runs the pass, which adds ``@main_vjp(main's arguments..., dy)`` returning the
gradient of each marked argument, compiles ``@main_vjp`` with the runtime's
``uopCompile`` and runs it. Python differentiates nothing itself.

- A target that is an input array is its own argument. Any other target (an op's
  result, a constant, a lazy ``Tensor.randn``) is probed: each use of it reads
  ``t + p`` instead, where ``p`` is an extra argument holding -0.0 (``t + -0.0`` is
  ``t`` exactly, NaN and -0.0 included), and the gradient of ``p`` is that of ``t``.
- ``detach()`` prints as ``uop.detach``: the pass carries no gradient through it.
  ``contiguous_backward()`` prints as ``uop.contiguous_backward`` (identity both ways).
- The compiled VJP is cached by the module's text, as the forward programs are
  (runtime.compile_cpu): the same graph structure costs a launch, not a compile.
- An op the pass has no rule for is a :class:`GradientError` that quotes the pass's
  diagnostic, located at the Python call that built the op.
"""

import weakref

import numpy as np

from . import _capi
from . import dtypes as _dt
from . import runtime
from ._emit import Emitter

PIPELINE = "builtin.module(uop-gradient)"
ENTRY = "main_vjp"

# Python methods behind the ops that the pass may lack a rule for (the error names both).
_OP_HINTS = {"math.floor": "floor()", "math.ceil": "ceil()", "math.trunc": "trunc()",
             "math.roundeven": "round()", "math.erf": "erf() / gelu(approximate='none')",
             "math.powf": "pow() / **", "arith.remf": "% / fmod()",
             "uop.reduce_axis": "a reduction (prod() or min(): reduce mul / min)",
             "uop.multi": "shard()"}


class GradientError(_capi.CompileError):
    """``uop-gradient`` cannot differentiate the graph (an op without a gradient rule);
    ``diagnostics`` holds the pass's located messages."""


# -- live tensors: all (tinygrad's all_tensors) and those with requires_grad True ------
_live = {}     # id(tensor) -> weakref to it: backward()'s candidates
_tracked = {}  # the same for requires_grad True: what uop.jit reads by reference


def _remember(table, t):
    key = id(t)
    table[key] = weakref.ref(t, lambda _r, key=key: table.pop(key, None))


def live(t):
    """Remember ``t`` for backward(); forgotten when it dies."""
    _remember(_live, t)


def track(t):
    """Remember ``t`` (requires_grad True) for uop.jit; forgotten when it dies."""
    _remember(_tracked, t)


def _graph(root):
    """The set of nodes of ``root``'s graph (through detach too, as tinygrad's toposort)."""
    seen, stack = set(), [root]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        stack.extend(n.srcs)
    return seen


def _with_probes(root, probes):
    """``root``'s graph with each use of a node of ``probes`` (node -> probe input)
    reading ``node + probe``."""
    from .jit import _clone
    from .tensor import _Node
    memo = {}
    stack = [(root, False)]
    while stack:  # iterative: model graphs are deeper than Python's recursion limit
        node, ready = stack.pop()
        if node in memo:
            continue
        if not ready:
            stack.append((node, True))
            stack.extend((s, False) for s in node.srcs if s not in memo)
            continue
        srcs = tuple(memo[s] for s in node.srcs)
        new = node if all(a is b for a, b in zip(srcs, node.srcs)) else _clone(node, srcs)
        p = probes.get(node)
        if p is not None:
            new = _Node("add", (new, p), None, node.shape, node.dtype)
            new.loc = node.loc
        memo[node] = new
    return memo[root]


def _storage(arr, dtype):
    """The array a program reads for ``dtype`` (bfloat16 as its bits; a converted copy
    starts on a cache line, as runtime.aligned_empty's)."""
    if dtype is _dt.bfloat16:
        return _dt.to_bfloat16_bits(np.asarray(arr, np.float32)).reshape(np.shape(arr))
    arr = np.asarray(arr)
    if arr.dtype == dtype.storage and arr.flags.c_contiguous:
        return arr
    return runtime.aligned_copy(arr, dtype.storage)


_programs = {}  # module text with its uop.grad_wrt -> Program of @main_vjp


def _module(root, wrt_nodes, locations):
    """(module text, emitter) of ``root``'s graph asking for the VJP of ``wrt_nodes``."""
    em = Emitter(locations=locations, autograd=True)
    mlir, _ = em.module(root, attrs="uop.grad_wrt = array<i64: @WRT@>")
    index = {id(n): i for i, n in enumerate(em.input_nodes)}
    wrt = [index[id(n)] for n in wrt_nodes]
    return mlir.replace("@WRT@", ", ".join(str(i) for i in wrt), 1), em


def _vjp_program(root, wrt_nodes, mlir):
    with runtime._cache_lock:
        hit = _programs.get(mlir)
        if hit is not None:
            runtime.Stats.hits += 1
            return hit
    try:
        try:
            vjp = _capi.run_pipeline(mlir, PIPELINE)
        except _capi.CompileError:
            # Again with each op located at the Python call that made it.
            located, _ = _module(root, wrt_nodes, locations=True)
            try:
                _capi.run_pipeline(located, PIPELINE)
            except _capi.CompileError as e:
                raise _gradient_error(e.diagnostics) from None
            raise
        program = runtime.compile_program(vjp, entry=ENTRY)
    except GradientError:
        raise
    except _capi.CompileError as e:
        raise _capi.CompileError("autograd: compiling the VJP from uop-gradient",
                                 e.diagnostics) from None
    with runtime._cache_lock:
        runtime.Stats.compiles += 1
        _programs[mlir] = program
    return program


def _gradient_error(diagnostics):
    hints = sorted({h for op, h in _OP_HINTS.items() if f"'{op}'" in diagnostics})
    what = "autograd through the uop-gradient pass"
    if hints:
        what += " (no gradient rule for " + "; ".join(hints) + ")"
    return GradientError(what, diagnostics)


def gradient(loss, targets, dy=None):
    """The gradients of ``loss`` with respect to ``targets``: realized Tensors."""
    from .tensor import Tensor, _Node
    from .jit import _TRACES  # the module (the package's ``jit`` is the decorator)
    if _TRACES:
        # A replay would return the gradients of the first call's data: refuse.
        raise NotImplementedError("uop.jit cannot record backward() / gradient() yet (a replay "
                                  "would repeat the traced call's gradients); call them outside "
                                  "the jitted function")
    for t in targets:
        if not isinstance(t, Tensor):
            raise TypeError(f"gradient: targets must be Tensors, not {type(t).__name__}")
    if dy is None and loss.shape != ():
        raise RuntimeError(f"gradient: when no gradient is given the tensor must be a scalar "
                           f"(shape ()), not {loss.shape}")
    if not (loss.dtype.is_float and all(t.dtype.is_float for t in targets)):
        raise RuntimeError("only float Tensors have gradient")
    if dy is None:
        dy_arr = np.ones((), dtype=loss.dtype.np)
    else:
        g = dy if isinstance(dy, Tensor) else Tensor(np.asarray(dy), dtype=loss.dtype)
        if g.shape != loss.shape:
            raise RuntimeError(f"gradient: the gradient has shape {g.shape}, the tensor {loss.shape}")
        dy_arr = g.cast(loss.dtype).numpy()

    root = loss._node
    nodes = _graph(root) if loss.size else set()
    wrt_nodes, probes = [], {}
    for t in targets:
        n = t._node
        if n in nodes and t.size and all(n is not w for w in wrt_nodes):
            wrt_nodes.append(n)
    emit_wrt = []
    for n in wrt_nodes:
        if n.op == "input":
            emit_wrt.append(n)
        else:
            p = _Node("input", (), None, n.shape, n.dtype,
                      data=runtime.aligned_full(n.shape, -0.0, n.dtype.np))
            p.loc = n.loc
            probes[n] = p
            emit_wrt.append(p)
    grads = {}
    if wrt_nodes:
        if probes:
            root = _with_probes(root, probes)
        mlir, em = _module(root, emit_wrt, locations=False)
        program = _vjp_program(root, emit_wrt, mlir)
        ins = list(em.inputs) + [_storage(dy_arr, loss.dtype)]
        outs = program.run(ins, [n.shape for n in wrt_nodes], [n.dtype.storage for n in wrt_nodes])
        for n, o in zip(wrt_nodes, outs):
            grads[n] = runtime._from_storage(o, n.dtype)
    return [Tensor(grads[t._node] if t._node in grads else np.zeros(t.shape, t.dtype.np),
                   dtype=t.dtype) for t in targets]


def wants_grad(t, nodes):
    """Whether backward() of a loss whose graph is ``nodes`` fills ``t.grad``: the
    pinned tinygrad fills it for every live float tensor in the graph (it has no
    requires_grad); requires_grad False (older tinygrad's, torch's) opts out."""
    return t._node.rg is not False and t._node in nodes and t.dtype.is_float


def backward_targets(loss):
    """The tensors whose ``.grad`` backward() of ``loss`` fills (see wants_grad): eager
    backward() and uop.jit's recorded one both take them from here."""
    nodes = _graph(loss._node)
    return [t for t in (ref() for ref in list(_live.values()))
            if t is not None and wants_grad(t, nodes)]


def backward(loss, dy=None, targets=None, grad_fn=gradient):
    """tinygrad's ``backward``: ``.grad`` of every live float tensor in ``loss``'s graph
    (``targets``, by default backward_targets), summed into an existing ``.grad``.
    ``grad_fn`` computes the gradients (uop.jit passes the one that records them)."""
    targets = backward_targets(loss) if targets is None else targets
    for t, g in zip(targets, grad_fn(loss, targets, dy)):
        assert g.shape == t.shape, f"grad shape must match tensor shape, {g.shape} != {t.shape}"
        t.grad = g if t.grad is None else (t.grad + g).realize()
    return loss
