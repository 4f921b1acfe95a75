// REQUIRES: numpy
// RUN: rm -rf %t && split-file %s %t
// Tensors with a zero extent, as numpy, tinygrad and torch define them: a
// reduction over an empty axis is its identity (0 for add, 1 for mul, -inf
// / +inf for a float max / min, the integer's minimum / maximum, any / all
// for bools), a SHRINK to an empty range is an empty tensor (no kernel: it
// has nothing to write), a PAD of one is all padding. Each program compiles,
// runs, is checked against the interpreter, and its outputs are printed.
// (uop-rangeify used to reject every zero extent.)
//
// RUN: uop-run %t/float.mlir --check --output-dir %t/float | FileCheck %s --check-prefix=FLOAT
// RUN: %python -c "import numpy as n; [print(i, n.load('%t/float/%%d.npy' %% i).tolist()) for i in range(4)]" | FileCheck %s --check-prefix=FLOAT-V
// FLOAT: entry=float_empty target={{cpu|cuda}} kernels=4
// FLOAT: checked=14 mismatches=0 check=pass
// FLOAT-V: 0 [0.0, 0.0, 0.0, 0.0]
// FLOAT-V: 1 [-inf, -inf, -inf]
// FLOAT-V: 2 [inf, inf, inf]
// FLOAT-V: 3 [1.0, 1.0, 1.0, 1.0]
//
// RUN: uop-run %t/int.mlir --check --output-dir %t/int | FileCheck %s --check-prefix=INT
// RUN: %python -c "import numpy as n; [print(i, n.load('%t/int/%%d.npy' %% i).tolist()) for i in range(5)]" | FileCheck %s --check-prefix=INT-V
// INT: checked=10 mismatches=0 check=pass
// INT-V: 0 [-2147483648, -2147483648]
// INT-V: 1 [2147483647, 2147483647]
// INT-V: 2 [1, 1]
// INT-V: 3 [False, False]
// INT-V: 4 [True, True]
//
// An empty result beside a computed one, a SHRINK to an empty range summed,
// and a PAD of an empty tensor: one kernel per non-empty result.
// RUN: uop-run %t/shrink.mlir --check --output-dir %t/shrink | FileCheck %s --check-prefix=SHRINK
// RUN: %python -c "import numpy as n; [print(i, n.load('%t/shrink/%%d.npy' %% i).shape, n.load('%t/shrink/%%d.npy' %% i).tolist()) for i in range(4)]" | FileCheck %s --check-prefix=SHRINK-V
// SHRINK: entry=shrink_empty target=cpu kernels=3
// SHRINK: checked=24 mismatches=0 check=pass
// SHRINK-V: 0 (4, 0) {{\[\[\], \[\], \[\], \[\]\]}}
// SHRINK-V: 1 (4,) [0.0, 0.0, 0.0, 0.0]
// SHRINK-V: 2 (4, 2) {{\[\[0.0, 0.0\], \[0.0, 0.0\], \[0.0, 0.0\], \[0.0, 0.0\]\]}}
// SHRINK-V: 3 (4, 3)
//
// The same on the GPU (the PTX emulator):
// RUN: %emu_run %t/float.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=FLOAT
// RUN: %emu_run %t/int.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=INT
// RUN: %emu_run %t/shrink.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=SHRINK-CUDA
// SHRINK-CUDA: checked=24 mismatches=0 check=pass
//
// The kernels of a program with an empty result, and none for it:
// RUN: uop-opt %t/shrink.mlir --uop-rangeify --uop-split-kernels | FileCheck %s --check-prefix=SPLIT
// SPLIT: uop.function @shrink_empty_k0(
// SPLIT: uop.function @shrink_empty_k1(
// SPLIT: uop.function @shrink_empty_k2(
// SPLIT-NOT: uop.function @shrink_empty_k3(
// SPLIT: uop.function @shrink_empty(
// SPLIT-COUNT-3: uop.call
// SPLIT-NOT: uop.call

//--- float.mlir
func.func @float_empty(%a: tensor<4x0xf32>, %b: tensor<0x3xf32>) -> (tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) {
  %s = uop.reduce_axis add %a [1] : tensor<4x0xf32> -> tensor<4xf32>
  %m = uop.reduce_axis max %b [0] : tensor<0x3xf32> -> tensor<3xf32>
  %n = uop.reduce_axis min %b [0] : tensor<0x3xf32> -> tensor<3xf32>
  %p = uop.reduce_axis mul %a [1] : tensor<4x0xf32> -> tensor<4xf32>
  return %s, %m, %n, %p : tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>
}

//--- int.mlir
func.func @int_empty(%a: tensor<2x0xi32>, %b: tensor<2x0xi1>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi1>, tensor<2xi1>) {
  %mx = uop.reduce_axis max %a [1] : tensor<2x0xi32> -> tensor<2xi32>
  %mn = uop.reduce_axis min %a [1] : tensor<2x0xi32> -> tensor<2xi32>
  %p = uop.reduce_axis mul %a [1] : tensor<2x0xi32> -> tensor<2xi32>
  %any = uop.reduce_axis max %b [1] : tensor<2x0xi1> -> tensor<2xi1>
  %all = uop.reduce_axis min %b [1] : tensor<2x0xi1> -> tensor<2xi1>
  return %mx, %mn, %p, %any, %all : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi1>, tensor<2xi1>
}

//--- shrink.mlir
func.func @shrink_empty(%x: tensor<4x3xf32>) -> (tensor<4x0xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x3xf32>) {
  %e = uop.shrink %x [0, 1] to [4, 1] : tensor<4x3xf32> -> tensor<4x0xf32>
  %two = arith.constant dense<2.0> : tensor<4x0xf32>
  %d = arith.mulf %e, %two : tensor<4x0xf32>
  %s = uop.reduce_axis add %d [1] : tensor<4x0xf32> -> tensor<4xf32>
  %p = uop.pad %e low [0, 1] high [0, 1] : tensor<4x0xf32> -> tensor<4x2xf32>
  %y = arith.addf %x, %x : tensor<4x3xf32>
  return %e, %s, %p, %y : tensor<4x0xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x3xf32>
}
