"""``uop.compile``: tensors, TIRx prim_funcs or MLIR text -> C, PTX or a cubin."""

from . import _capi
from .tensor import Tensor

CPU_PIPELINE = "builtin.module(uop-to-program{target=cpu})"
# The uop tensor pipeline for NVIDIA GPUs.
GPU_PIPELINE = "builtin.module(uop-to-nvvm{{chip={chip}}})"
TIRX_PIPELINE = "builtin.module(tirx-to-nvvm{{chip={chip}}})"
DEFAULT_CHIP = "sm_80"
TARGETS = ("c", "ptx", "cubin", "mlir")


def _opts_option(opts):
    """``opts`` (``(kind, axis, amount)`` tuples or ``"#uop.opt<KIND, axis, amount>"``
    strings) as the pipelines' ``opts=...`` option text; uop-optimize parses each
    entry with MLIR's attribute parser (a bad one is a located CompileError)."""
    entries = []
    for o in opts:
        if isinstance(o, str):
            text = "".join(o.split())  # a pass option's value ends at a space
            if not (text.startswith("#uop.opt<") and text.endswith(">")):
                raise ValueError(f"opts entry {o!r} is not a #uop.opt<KIND, axis, amount> "
                                 "attribute (e.g. '#uop.opt<UPCAST, 1, 4>') or a tuple")
        else:
            kind, axis, amount = o
            text = f"#uop.opt<{str(kind).upper()},{int(axis)},{int(amount)}>"
        entries.append(text)
    return " opts=" + ",".join(entries) if entries else ""


def _text_kind(text):
    """``"tirx"`` or ``"tensor"`` for MLIR text, from the ops at the top of the parsed
    module, not from a substring of the text (which a comment or a name could hold):
    ``tirx.*`` ops (``tirx.prim_func``) take the TIRx pipeline, any other op
    (``func.func``, ``uop.function``) the tensor one. A module with both is an error."""
    printed = _capi.parse_verify(text)  # a syntax error raises CompileError here, located
    tops = set()
    for line in printed.splitlines():
        # The printer puts the module's own ops at two spaces of indentation.
        if line.startswith("  ") and not line.startswith("   ") and line.strip() != "}":
            tops.add(line.split()[0])
    tirx = sorted(op for op in tops if op.startswith("tirx."))
    other = sorted(op for op in tops if not op.startswith("tirx."))
    if tirx and other:
        raise ValueError(f"uop.compile: the module mixes TIRx ops ({', '.join(tirx)}) with "
                         f"others ({', '.join(other)}); compile TIRx kernels and tensor "
                         "programs separately")
    return "tirx" if tirx else "tensor"


def pipeline_for(kind, target, chip, opts=()):
    """The pass pipeline for a ``"tensor"`` or ``"tirx"`` input and a target;
    ``opts`` pins every kernel's schedule (tensor inputs only)."""
    if kind == "tirx":
        if target == "c":
            raise ValueError("TIRx prim_funcs compile to 'ptx' or 'cubin', not 'c'")
        if opts:
            raise ValueError("opts pin the schedules of tensor programs; TIRx kernels have none")
        return TIRX_PIPELINE.format(chip=chip)
    extra = _opts_option(opts)
    if target == "c":
        return CPU_PIPELINE.replace("target=cpu", "target=cpu" + extra)
    return GPU_PIPELINE.format(chip=chip + extra)


def compile(obj, target="c", chip=None, pipeline=None, opts=()):  # noqa: A001 - the package's API name
    """Compile ``obj`` and return the result of the translation.

    ``obj``: a :class:`uop.Tensor` (the tensor pipeline: ``uop-to-program{target=cpu}``
    for ``target="c"``, ``uop-to-nvvm{chip=...}`` for ``"ptx"`` / ``"cubin"``), a
    ``@Tx.prim_func`` or ``Tx.IRModule`` (``tirx-to-nvvm{chip=...}``), or MLIR text
    (chosen by the parsed module's top-level ops: ``tirx.prim_func`` takes the TIRx
    pipeline, ``func.func`` the tensor one). ``pipeline`` replaces the pass pipeline. ``target="mlir"`` returns the
    module after the pipeline (for ``target="mlir"`` give ``chip`` to pick the GPU
    pipeline; without it the CPU one is run). ``opts`` pins the schedule of every
    kernel of a tensor program (uop-optimize's pinned options, e.g.
    ``["#uop.opt<UPCAST, 1, 4>", ("UNROLL", 2, 4)]``; docs/uop-pipeline.md).

    Returns ``str`` (C, PTX, MLIR) or ``bytes`` (cubin). Compilation errors raise
    :class:`uop.CompileError` with MLIR's diagnostics.
    """
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}: one of {', '.join(TARGETS)}")
    from .tirx import IRModule, PrimFunc
    if isinstance(obj, Tensor):
        kind, text = "tensor", obj.to_mlir(locations=True)
    elif isinstance(obj, (PrimFunc, IRModule)):
        kind, text = "tirx", obj.script(locations=True)
    elif isinstance(obj, str):
        kind, text = _text_kind(obj), obj
    else:
        raise TypeError(f"uop.compile takes a Tensor, a @Tx.prim_func, a Tx.IRModule or MLIR text, "
                        f"not {type(obj).__name__}")
    if target == "mlir":
        eff = "c" if (kind == "tensor" and chip is None) else "ptx"
    else:
        eff = target
    chip_ = chip or DEFAULT_CHIP
    if pipeline and opts:
        raise ValueError("give opts or a pipeline, not both (put opts=... in the pipeline)")
    pipe = pipeline or pipeline_for(kind, eff, chip_, opts)
    try:
        lowered = _capi.run_pipeline(text, pipe)
    except _capi.CompileError as e:
        if kind != "tirx" or not isinstance(obj, (PrimFunc, IRModule)):
            raise
        # Errors in the generated MLIR's own text (a buffer type in a
        # signature) located at the script's line instead.
        raise _capi.CompileError(f"pass pipeline {pipe!r}", obj.relocate(e.diagnostics)) from None
    if target == "mlir":
        return lowered
    return _capi.translate(lowered, target, None if target == "c" else chip_)
