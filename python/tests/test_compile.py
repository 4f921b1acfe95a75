"""uop.compile on prim_funcs, MLIR text and tensors; bad targets and inputs."""

import numpy as np
import pytest

import uop
from uop import Tensor
from uop import tirx as Tx
from conftest import EXAMPLES_DIR, have_ptxas


@Tx.prim_func
def axpy(X: Tx.Buffer((4096,), "float32"), Y: Tx.Buffer((4096,), "float32"), a: Tx.float32):
    with Tx.device_entry():
        bx = Tx.cta_id([32])
        tx = Tx.thread_id([128])
        i = bx * 128 + tx
        Y[i] = a * X[i] + Y[i]


def test_prim_func_to_ptx_for_each_chip():
    for chip in ("sm_80", "sm_90a", "sm_100a"):
        ptx = uop.compile(axpy, target="ptx", chip=chip)
        assert f".target {chip}" in ptx and ".entry axpy(" in ptx


def test_prim_func_method():
    assert axpy.compile(target="ptx", chip="sm_80") == uop.compile(axpy, target="ptx", chip="sm_80")


def test_mlir_text_to_ptx():
    text = (EXAMPLES_DIR / "copy.mlir").read_text()
    ptx = uop.compile(text, target="ptx", chip="sm_80")
    assert ".entry copy(" in ptx


def test_target_mlir_returns_the_lowered_module():
    lowered = uop.compile(axpy, target="mlir", chip="sm_80")
    assert "gpu.module" in lowered and "llvm.func" in lowered


def test_explicit_pipeline():
    out = uop.compile(axpy, target="mlir", pipeline="builtin.module(tirx.prim_func(tirx-lower-scope-ids))")
    assert "tirx.prim_func" in out


@pytest.mark.skipif(not have_ptxas(), reason="needs ptxas (CUDA toolkit)")
def test_prim_func_to_cubin():
    cubin = uop.compile(axpy, target="cubin", chip="sm_80")
    assert isinstance(cubin, bytes) and cubin.startswith(b"\x7fELF")
    assert b"\x00" in cubin  # binary data comes back whole


def test_bad_target_and_input():
    with pytest.raises(ValueError, match="unknown target"):
        uop.compile(axpy, target="spirv")
    with pytest.raises(ValueError, match="'ptx' or 'cubin'"):
        uop.compile(axpy, target="c")
    with pytest.raises(TypeError):
        uop.compile(42, target="ptx")


def test_bad_chip_gives_a_compile_error():
    with pytest.raises(uop.CompileError):
        uop.compile(axpy, target="ptx", chip="sm_1")


def test_compile_errors_have_diagnostics():
    with pytest.raises(uop.CompileError) as e:
        uop.compile("tirx.prim_func @f( {", target="ptx")
    assert "error" in e.value.diagnostics


def test_tensor_to_c():
    t = (Tensor(np.ones((8, 8), np.float32)) * 2).sum(axis=1)
    c = uop.compile(t, target="c")
    assert isinstance(c, str) and "uop_main" in c


def test_tensor_to_ptx():
    a = np.ones((64, 32), np.float32)
    b = np.ones((32, 16), np.float32)
    t = ((Tensor(a) @ Tensor(b)) + 1).relu()
    ptx = uop.compile(t, target="ptx", chip="sm_80")
    assert ".target sm_80" in ptx and ".entry main_k" in ptx
    lowered = uop.compile(t, target="mlir", chip="sm_80")
    assert "gpu.module" in lowered
    program = uop.compile(t, target="mlir")
    assert "uop." in program and "gpu.module" not in program


def test_pinned_schedule_opts():
    # A row sum: the kernel's axes are R0 (rows) and R1 (the reduction).
    t = Tensor(np.ones((64, 1024), np.float32)).sum(axis=1)
    mlir = uop.compile(t, target="mlir", opts=["#uop.opt<UNROLL, 1, 4>", ("UPCAST", 0, 4)])
    assert "applied_opts = [<UNROLL, 1, 4>, <UPCAST, 0, 4>]" in mlir
    # On cuda: GROUPTOP, and the launch follows (128 threads per block).
    ptx = uop.compile(t, target="ptx", chip="sm_80", opts=[("GROUPTOP", 1, 128)])
    assert ".maxntid 128, 1, 1" in ptx and "shfl.sync.bfly" in ptx
    # The heuristic, for comparison, takes GROUP 256.
    assert ".maxntid 256, 1, 1" in uop.compile(t, target="ptx", chip="sm_80")


def test_pinned_schedule_errors():
    t = Tensor(np.ones((64, 1024), np.float32)).sum(axis=1)
    with pytest.raises(ValueError, match="not a #uop.opt"):
        uop.compile(t, target="c", opts=["UPCAST:1:4"])
    # A string that looks like one but does not parse: MLIR's attribute parser.
    with pytest.raises(uop.CompileError) as e:
        uop.compile(t, target="c", opts=["#uop.opt<UPCAST, 1>"])
    assert "is not a list of #uop.opt" in e.value.diagnostics
    with pytest.raises(ValueError, match="not both"):
        uop.compile(t, target="c", opts=[("UPCAST", 1, 4)], pipeline="builtin.module(uop-to-program)")
    with pytest.raises(ValueError, match="TIRx kernels"):
        uop.compile(axpy, target="ptx", opts=[("UPCAST", 1, 4)])
    # An option the kernel cannot take: MLIR's located diagnostic.
    with pytest.raises(uop.CompileError) as e:
        uop.compile(t, target="c", opts=[("LOCAL", 0, 16)])
    assert "LOCAL needs target=cuda" in e.value.diagnostics


def test_text_kind_comes_from_the_parsed_ops_not_a_substring():
    # A tensor program whose comment and function name mention tirx.prim_func was
    # sent down the TIRx pipeline when the kind was a substring test.
    text = ("// not a tirx.prim_func\n"
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %0 = arith.addf %a, %a : tensor<4xf32>\n"
            "  return %0 : tensor<4xf32>\n}\n")
    c = uop.compile(text, target="c")
    assert "main" in c
    tirx_text = (EXAMPLES_DIR / "copy.mlir").read_text()
    assert ".entry copy(" in uop.compile("// func.func\n" + tirx_text, target="ptx", chip="sm_80")


def test_text_mixing_tirx_and_tensor_ops_is_an_error():
    tirx_text = (EXAMPLES_DIR / "copy.mlir").read_text()
    body = tirx_text[tirx_text.index("{") + 1:tirx_text.rindex("}")] if tirx_text.lstrip().startswith("module") else tirx_text
    mixed = ("module {\n" + body + "\nfunc.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
             "  return %a : tensor<4xf32>\n}\n}\n")
    with pytest.raises(ValueError, match="mixes TIRx ops"):
        uop.compile(mixed, target="ptx", chip="sm_80")
