"""``uop.compile``: tensors, TIRx prim_funcs or MLIR text -> C, PTX or a cubin."""

from . import _capi
from .tensor import Tensor

CPU_PIPELINE = "builtin.module(uop-to-program{target=cpu})"
# The uop tensor pipeline for NVIDIA GPUs.
GPU_PIPELINE = "builtin.module(uop-to-nvvm{{chip={chip}}})"
TIRX_PIPELINE = "builtin.module(tirx-to-nvvm{{chip={chip}}})"
DEFAULT_CHIP = "sm_80"
TARGETS = ("c", "ptx", "cubin", "mlir")


def pipeline_for(kind, target, chip):
    """The pass pipeline for a ``"tensor"`` or ``"tirx"`` input and a target."""
    if kind == "tirx":
        if target == "c":
            raise ValueError("TIRx prim_funcs compile to 'ptx' or 'cubin', not 'c'")
        return TIRX_PIPELINE.format(chip=chip)
    if target == "c":
        return CPU_PIPELINE
    return GPU_PIPELINE.format(chip=chip)


def compile(obj, target="c", chip=None, pipeline=None):  # noqa: A001 - the package's API name
    """Compile ``obj`` and return the result of the translation.

    ``obj``: a :class:`uop.Tensor` (the tensor pipeline: ``uop-to-program{target=cpu}``
    for ``target="c"``, ``uop-to-nvvm{chip=...}`` for ``"ptx"`` / ``"cubin"``), a
    ``@Tx.prim_func`` or ``Tx.IRModule`` (``tirx-to-nvvm{chip=...}``), or MLIR text
    (a module with ``tirx.prim_func`` takes the TIRx pipeline, any other the tensor
    one). ``pipeline`` replaces the pass pipeline. ``target="mlir"`` returns the
    module after the pipeline (for ``target="mlir"`` give ``chip`` to pick the GPU
    pipeline; without it the CPU one is run).

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
        kind = "tirx" if "tirx.prim_func" in obj else "tensor"
        text = obj
    else:
        raise TypeError(f"uop.compile takes a Tensor, a @Tx.prim_func, a Tx.IRModule or MLIR text, "
                        f"not {type(obj).__name__}")
    if target == "mlir":
        eff = "c" if (kind == "tensor" and chip is None) else "ptx"
    else:
        eff = target
    chip_ = chip or DEFAULT_CHIP
    pipe = pipeline or pipeline_for(kind, eff, chip_)
    lowered = _capi.run_pipeline(text, pipe)
    if target == "mlir":
        return lowered
    return _capi.translate(lowered, target, None if target == "c" else chip_)
