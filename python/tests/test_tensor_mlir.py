"""Tensor.to_mlir(): the tensor-level uop form (the contract with uop-rangeify)."""

import re

import numpy as np
import pytest

import uop
from uop import Tensor

from test_tensor_reference import CASES


def body(text):
    """The op lines of @main, without indentation."""
    lines = [l.strip() for l in text.splitlines()]
    start = next(i for i, l in enumerate(lines) if l.startswith("func.func @main"))
    end = lines.index("}", start)
    return lines[start + 1:end]


def signature(text):
    return next(l.strip() for l in text.splitlines() if l.strip().startswith("func.func @main"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_op_parses_and_verifies(name):
    t = CASES[name][0]()
    text = t.to_mlir()
    printed = uop.parse_verify(text)
    assert "func.func @main" in printed


def test_contract_example_text():
    a = np.ones((4, 3), np.float32)
    b = np.ones((3, 5), np.float32)
    c = np.ones((5,), np.float32)
    out = ((Tensor(a) @ Tensor(b) + Tensor(c)).relu()).sum(axis=1)
    text = out.to_mlir()
    assert signature(text) == ("func.func @main(%arg0: tensor<4x3xf32>, %arg1: tensor<3x5xf32>, "
                               "%arg2: tensor<5xf32>) -> tensor<4xf32> {")
    assert body(text) == [
        "%0 = uop.reshape %arg0 : tensor<4x3xf32> -> tensor<4x1x3xf32>",
        "%1 = uop.expand %0 : tensor<4x1x3xf32> -> tensor<4x5x3xf32>",
        "%2 = uop.permute %arg1 [1, 0] : tensor<3x5xf32> -> tensor<5x3xf32>",
        "%3 = uop.reshape %2 : tensor<5x3xf32> -> tensor<1x5x3xf32>",
        "%4 = uop.expand %3 : tensor<1x5x3xf32> -> tensor<4x5x3xf32>",
        "%5 = arith.mulf %1, %4 : tensor<4x5x3xf32>",
        "%6 = uop.reduce_axis add %5 [2] : tensor<4x5x3xf32> -> tensor<4x5xf32>",
        "%7 = uop.reshape %arg2 : tensor<5xf32> -> tensor<1x5xf32>",
        "%8 = uop.expand %7 : tensor<1x5xf32> -> tensor<4x5xf32>",
        "%9 = arith.addf %6, %8 : tensor<4x5xf32>",
        "%10 = arith.constant dense<0.00000000e+00> : tensor<4x5xf32>",
        "%11 = arith.maximumf %9, %10 : tensor<4x5xf32>",
        "%12 = uop.reduce_axis add %11 [1] : tensor<4x5xf32> -> tensor<4xf32>",
        "return %12 : tensor<4xf32>",
    ]


def test_arguments_in_order_of_first_use_and_shared():
    x = Tensor(np.ones((2, 2), np.float32))
    y = Tensor(np.ones((2, 2), np.float32))
    z = Tensor(np.ones((2, 2), np.float32))
    t = (z * y) + x + z
    assert signature(t.to_mlir()).count("%arg") == 3
    ins = t.inputs()
    assert len(ins) == 3
    assert body(t.to_mlir())[0] == "%0 = arith.mulf %arg0, %arg1 : tensor<2x2xf32>"
    # %arg0 is z: it is used first.
    assert ins[0] is z._node.data and ins[1] is y._node.data and ins[2] is x._node.data


def test_cse_of_identical_nodes():
    x = Tensor(np.ones((3,), np.float32))
    t = x.exp() + x.exp()
    lines = body(t.to_mlir())
    assert sum("math.exp" in l for l in lines) == 1
    assert lines[1] == "%1 = arith.addf %0, %0 : tensor<3xf32>"


def test_scalar_is_a_splat_of_the_full_shape():
    t = Tensor(np.ones((4, 3), np.float32)) * 2
    assert body(t.to_mlir())[0] == "%0 = arith.constant dense<2.00000000e+00> : tensor<4x3xf32>"
    t = 3 - Tensor(np.ones((2,), np.float64))
    lines = body(t.to_mlir())
    assert lines[0] == "%0 = arith.constant dense<3.0000000000000000e+00> : tensor<2xf64>"
    assert lines[1] == "%1 = arith.subf %0, %arg0 : tensor<2xf64>"


@pytest.mark.parametrize("value", [0.1, -1e-30, 3.4e38, 1 / 3, float("inf"), -float("inf")])
def test_float_constants_survive_printing(value):
    t = Tensor(np.zeros((1,), np.float32)) + value
    printed = uop.parse_verify(t.to_mlir())
    m = re.search(r"dense<([^>]+)> : tensor<1xf32>", printed)
    lit = m.group(1)
    if lit.startswith("0x"):
        got = np.array([int(lit, 16)], dtype=np.uint32).view(np.float32)[0]
    else:
        got = np.float32(float(lit))
    assert got == np.float32(value)


def test_broadcast_is_reshape_then_expand():
    t = Tensor(np.ones((2, 3, 4), np.float32)) + Tensor(np.ones((3, 1), np.float32))
    assert body(t.to_mlir())[:3] == [
        "%0 = uop.reshape %arg1 : tensor<3x1xf32> -> tensor<1x3x1xf32>",
        "%1 = uop.expand %0 : tensor<1x3x1xf32> -> tensor<2x3x4xf32>",
        "%2 = arith.addf %arg0, %1 : tensor<2x3x4xf32>",
    ]


def test_movement_op_syntax():
    x = Tensor(np.ones((2, 3, 4), np.float32))
    lines = body(x.pad([(1, 1), (1, 1), (0, 0)]).to_mlir())
    assert lines[0] == "%0 = uop.pad %arg0 low [1, 1, 0] high [1, 1, 0] : tensor<2x3x4xf32> -> tensor<4x5x4xf32>"
    lines = body(x.shrink([(1, 2), (1, 3), (0, 4)]).to_mlir())
    assert lines[0] == "%0 = uop.shrink %arg0 [1, 1, 0] to [2, 3, 4] : tensor<2x3x4xf32> -> tensor<1x2x4xf32>"
    lines = body(x.flip(1).to_mlir())
    assert lines[0] == "%0 = uop.flip %arg0 [false, true, false] : tensor<2x3x4xf32>"
    lines = body(x.permute(2, 0, 1).to_mlir())
    assert lines[0] == "%0 = uop.permute %arg0 [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>"
    lines = body(x.reshape(6, 4).to_mlir())
    assert lines[0] == "%0 = uop.reshape %arg0 : tensor<2x3x4xf32> -> tensor<6x4xf32>"


def test_reduce_drops_axes_and_keepdim_reshapes():
    x = Tensor(np.ones((4, 3, 8), np.float32))
    lines = body(x.max(axis=(0, 2), keepdim=True).to_mlir())
    assert lines == [
        "%0 = uop.reduce_axis max %arg0 [0, 2] : tensor<4x3x8xf32> -> tensor<3xf32>",
        "%1 = uop.reshape %0 : tensor<3xf32> -> tensor<1x3x1xf32>",
        "return %1 : tensor<1x3x1xf32>",
    ]
    lines = body(x.sum().to_mlir())
    assert lines[0] == "%0 = uop.reduce_axis add %arg0 [0, 1, 2] : tensor<4x3x8xf32> -> tensor<f32>"


def test_casts_and_integer_ops():
    i = Tensor(np.ones((2,), np.int32))
    f = Tensor(np.ones((2,), np.float32))
    d = Tensor(np.ones((2,), np.float64))
    assert body((i + i).to_mlir())[0] == "%0 = arith.addi %arg0, %arg0 : tensor<2xi32>"
    assert body((-i).to_mlir())[1] == "%1 = arith.subi %0, %arg0 : tensor<2xi32>"
    assert body(i.relu().to_mlir())[1] == "%1 = arith.maxsi %arg0, %0 : tensor<2xi32>"
    assert body(i.cast("float32").to_mlir())[0] == "%0 = arith.sitofp %arg0 : tensor<2xi32> to tensor<2xf32>"
    assert body(f.cast("int32").to_mlir())[0] == "%0 = arith.fptosi %arg0 : tensor<2xf32> to tensor<2xi32>"
    assert body(f.cast("float64").to_mlir())[0] == "%0 = arith.extf %arg0 : tensor<2xf32> to tensor<2xf64>"
    assert body(d.cast("float32").to_mlir())[0] == "%0 = arith.truncf %arg0 : tensor<2xf64> to tensor<2xf32>"
    assert body((-f).to_mlir())[0] == "%0 = arith.negf %arg0 : tensor<2xf32>"
    assert body(f.exp().log().sqrt().to_mlir())[:3] == [
        "%0 = math.exp %arg0 : tensor<2xf32>", "%1 = math.log %0 : tensor<2xf32>",
        "%2 = math.sqrt %1 : tensor<2xf32>"]


def test_no_op_movements_emit_nothing():
    x = Tensor(np.ones((2, 3), np.float32))
    for t in (x.reshape(2, 3), x.permute(0, 1), x.expand(2, 3), x.pad([(0, 0), (0, 0)]),
              x.shrink([(0, 2), None]), x.flip(()), x.cast("float32"), x.sum(axis=())):
        assert body((t + 1).to_mlir())[1] == "%1 = arith.addf %arg0, %0 : tensor<2x3xf32>"


def test_shape_and_dtype():
    t = Tensor(np.ones((2, 3), np.float32)) @ Tensor(np.ones((3, 7), np.float32))
    assert t.shape == (2, 7) and t.dtype is uop.float32 and t.ndim == 2 and t.size == 14
    assert repr(t).startswith("<uop.Tensor")
