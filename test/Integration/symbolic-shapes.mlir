// RUN: uop-run %s --entry rowsum --target cpu --check --repeat 1 --var n=1,37,300,4096 | FileCheck %s --check-prefix=ROWSUM
// RUN: uop-run %s --entry softmax --target cpu --check --repeat 1 --var rows=1,7,64 | FileCheck %s --check-prefix=SOFTMAX
// RUN: uop-run %s --entry colsum --target cpu --check --repeat 1 --var n=1,5,8 --var m=16,3,1 | FileCheck %s --check-prefix=COLSUM
// RUN: uop-run %s --entry matmul --target cpu --check --repeat 1 --var m=3,33 --var k=1,50 | FileCheck %s --check-prefix=MATMUL
// RUN: not uop-run %s --entry rowsum --target cpu --repeat 1 2>&1 | FileCheck %s --check-prefix=NOVAL
// RUN: not uop-run %s --entry rowsum --target cpu --repeat 1 --var n=4097 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: not uop-run %s --entry rowsum --target cpu --repeat 1 --var q=3 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not uop-run %s --entry colsum --target cpu --repeat 1 --var n=1,2 --var m=1,2,3 2>&1 | FileCheck %s --check-prefix=COUNTS
//
// Symbolic shapes: each program is compiled once (one C shared object) and
// run at every size --var gives, each run checked against the interpreter
// on the program specialized to that size. Each variable is an int64_t
// parameter of the C entry and of the kernels that read it; intermediates
// are allocated at the variables' upper bounds.

// ROWSUM: vars: n=1
// ROWSUM: checked=1 mismatches=0 check=pass
// ROWSUM: vars: n=37
// ROWSUM: checked=37 mismatches=0 check=pass
// ROWSUM: vars: n=300
// ROWSUM: checked=300 mismatches=0 check=pass
// ROWSUM: vars: n=4096
// ROWSUM: checked=4096 mismatches=0 check=pass
func.func @rowsum(%x: tensor<?x384xf32, #uop.sym<"n">>, %y: tensor<?x384xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 4096>]} {
  %a = arith.addf %x, %y : tensor<?x384xf32, #uop.sym<"n">>
  %e = math.exp %a : tensor<?x384xf32, #uop.sym<"n">>
  %s = uop.reduce_axis add %e [1] : tensor<?x384xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %s : tensor<?xf32, #uop.sym<"n">>
}

// Four kernels; the row max, exp(x - max) and row sum buffers are sized
// for 64 rows.
// SOFTMAX: kernels=4
// SOFTMAX: vars: rows=1
// SOFTMAX: checked=96 mismatches=0 check=pass
// SOFTMAX: vars: rows=7
// SOFTMAX: checked=672 mismatches=0 check=pass
// SOFTMAX: vars: rows=64
// SOFTMAX: checked=6144 mismatches=0 check=pass
func.func @softmax(%x: tensor<?x96xf32, #uop.sym<"rows">>) -> tensor<?x96xf32, #uop.sym<"rows">>
    attributes {uop.vars = [#uop.var<"rows", 1, 64>]} {
  %m = uop.reduce_axis max %x [1] : tensor<?x96xf32, #uop.sym<"rows">> -> tensor<?xf32, #uop.sym<"rows">>
  %mr = uop.reshape %m : tensor<?xf32, #uop.sym<"rows">> -> tensor<?x1xf32, #uop.sym<"rows">>
  %me = uop.expand %mr : tensor<?x1xf32, #uop.sym<"rows">> -> tensor<?x96xf32, #uop.sym<"rows">>
  %d = arith.subf %x, %me : tensor<?x96xf32, #uop.sym<"rows">>
  %e = math.exp %d : tensor<?x96xf32, #uop.sym<"rows">>
  %s = uop.reduce_axis add %e [1] : tensor<?x96xf32, #uop.sym<"rows">> -> tensor<?xf32, #uop.sym<"rows">>
  %sr = uop.reshape %s : tensor<?xf32, #uop.sym<"rows">> -> tensor<?x1xf32, #uop.sym<"rows">>
  %se = uop.expand %sr : tensor<?x1xf32, #uop.sym<"rows">> -> tensor<?x96xf32, #uop.sym<"rows">>
  %o = arith.divf %e, %se : tensor<?x96xf32, #uop.sym<"rows">>
  return %o : tensor<?x96xf32, #uop.sym<"rows">>
}

// A reduction over a symbolic axis, with a symbolic inner dimension: the
// row stride is m. Wrong strides (a static stride, or n for m) read other
// elements and fail the check at every size but m = 1.
// COLSUM: vars: n=1 m=16
// COLSUM: checked=16 mismatches=0 check=pass
// COLSUM: vars: n=5 m=3
// COLSUM: checked=3 mismatches=0 check=pass
// COLSUM: vars: n=8 m=1
// COLSUM: checked=1 mismatches=0 check=pass
func.func @colsum(%x: tensor<?x?xf32, #uop.sym<"n", "m">>) -> tensor<?xf32, #uop.sym<"m">>
    attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"m", 1, 16>]} {
  %e = math.exp %x : tensor<?x?xf32, #uop.sym<"n", "m">>
  %c = uop.contiguous %e : tensor<?x?xf32, #uop.sym<"n", "m">>
  %s = uop.reduce_axis add %c [0] : tensor<?x?xf32, #uop.sym<"n", "m">> -> tensor<?xf32, #uop.sym<"m">>
  return %s : tensor<?xf32, #uop.sym<"m">>
}

// (m x k) @ (k x 24), both m and k symbolic.
// MATMUL: vars: m=3 k=1
// MATMUL: checked=72 mismatches=0 check=pass
// MATMUL: vars: m=33 k=50
// MATMUL: checked=792 mismatches=0 check=pass
func.func @matmul(%a: tensor<?x?xf32, #uop.sym<"m", "k">>, %b: tensor<?x24xf32, #uop.sym<"k">>) -> tensor<?x24xf32, #uop.sym<"m">>
    attributes {uop.vars = [#uop.var<"m", 1, 64>, #uop.var<"k", 1, 64>]} {
  %ar = uop.reshape %a : tensor<?x?xf32, #uop.sym<"m", "k">> -> tensor<?x1x?xf32, #uop.sym<"m", "k">>
  %ae = uop.expand %ar : tensor<?x1x?xf32, #uop.sym<"m", "k">> -> tensor<?x24x?xf32, #uop.sym<"m", "k">>
  %bt = uop.permute %b [1, 0] : tensor<?x24xf32, #uop.sym<"k">> -> tensor<24x?xf32, #uop.sym<"k">>
  %br = uop.reshape %bt : tensor<24x?xf32, #uop.sym<"k">> -> tensor<1x24x?xf32, #uop.sym<"k">>
  %be = uop.expand %br : tensor<1x24x?xf32, #uop.sym<"k">> -> tensor<?x24x?xf32, #uop.sym<"m", "k">>
  %p = arith.mulf %ae, %be : tensor<?x24x?xf32, #uop.sym<"m", "k">>
  %c = uop.reduce_axis add %p [2] : tensor<?x24x?xf32, #uop.sym<"m", "k">> -> tensor<?x24xf32, #uop.sym<"m">>
  return %c : tensor<?x24xf32, #uop.sym<"m">>
}

// NOVAL: shape variable 'n' of @rowsum has no value; give it with --var n=VALUE (bounds [1, 4096])
// BOUNDS: --var n=4097 is outside its bounds [1, 4096]
// UNKNOWN: @rowsum has no shape variable 'q'
// COUNTS: variables with several values need the same number of them
