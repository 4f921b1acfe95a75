// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s < %t.c
// RUN: gcc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
// RUN: gcc -std=c11 -march=native -Wall -Wextra -Werror -c %t.c -o %t.o
// RUN: env CC=gcc uop-run %s --entry axpy_f64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --entry axpy_f64 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: env CC=gcc uop-run %s --entry relu_exp --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --entry relu_exp --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: env CC=gcc uop-run %s --entry row_sum_max --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --entry row_sum_max --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: env CC=gcc uop-run %s --entry col_sum --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --entry col_sum --target cpu --check --repeat 1 | FileCheck %s --check-prefix=EXEC
//
// Vector types in the C (uop-expand{vectorize} and uop-devectorize
// {keep-vectors} on the CPU): an upcast's lanes that address consecutive
// elements are one GCC/Clang vector_size value. Loads and stores go through
// memcpy (no alignment assumed), a broadcast or a splat constant is a
// compound literal (+0.0 is {0}), add/sub/mul/div/neg are the vector
// operators, and what has no vector form (exp, maximumf) computes lane by
// lane from `v[i]` into a compound literal. No helper takes or returns a
// vector: that would change the ABI with the ISA (GCC's -Wpsabi, an error
// under -Werror without -march). Each program runs against the
// double-precision interpreter with GCC and with Clang.
// EXEC-NOT: FAIL
// EXEC: check=pass

// CHECK-DAG: typedef double uoph_f64x4 __attribute__((vector_size(32)));
// CHECK-DAG: typedef float uoph_f32x4 __attribute__((vector_size(16)));
// CHECK-DAG: typedef float uoph_f32x32 __attribute__((vector_size(128)));

// CHECK-LABEL: static void uopk_axpy_f64_k0(
// CHECK: uoph_f64x4 [[A:v[0-9]+]];
// CHECK-NEXT: memcpy(&[[A]], (p1 + [[I:v[0-9]+]]), sizeof [[A]]);
// CHECK: uoph_f64x4 [[B:v[0-9]+]];
// CHECK-NEXT: memcpy(&[[B]], (p2 + [[I]]), sizeof [[B]]);
// CHECK: uoph_f64x4 [[C:v[0-9]+]];
// CHECK-NEXT: memcpy(&[[C]], (p3 + [[I]]), sizeof [[C]]);
// CHECK-NEXT: const uoph_f64x4 [[M:v[0-9]+]] = ([[A]] * [[B]]);
// CHECK-NEXT: const uoph_f64x4 [[D:v[0-9]+]] = ([[C]] / [[A]]);
// CHECK-NEXT: const uoph_f64x4 [[S:v[0-9]+]] = ([[M]] - [[D]]);
// CHECK-NEXT: const uoph_f64x4 [[N:v[0-9]+]] = (-[[S]]);
// CHECK-NEXT: { const uoph_f64x4 t = [[N]]; memcpy((p0 + [[I]]), &t, sizeof t); }
func.func @axpy_f64(%a: tensor<64x64xf64>, %b: tensor<64x64xf64>, %c: tensor<64x64xf64>) -> tensor<64x64xf64> {
  %m = arith.mulf %a, %b : tensor<64x64xf64>
  %d = arith.divf %c, %a : tensor<64x64xf64>
  %s = arith.subf %m, %d : tensor<64x64xf64>
  %n = arith.negf %s : tensor<64x64xf64>
  return %n : tensor<64x64xf64>
}

// exp through its vector helper, maximumf lane by lane, between the whole
// loads and the store.
// CHECK-LABEL: static void uopk_relu_exp_k0(
// CHECK: { const uoph_f32x4 t = {{v[0-9]+}}; uoph_exp_f32x4(&[[E:v[0-9]+]], &t); }
// CHECK: const uoph_f32x4 {{v[0-9]+}} = ({{v[0-9]+}} * [[E]]);
// CHECK: uoph_maximum_f32(
// CHECK: { const uoph_f32x4 t = {{v[0-9]+}}; memcpy((p0 + {{v[0-9]+}}), &t, sizeof t); }
func.func @relu_exp(%a: tensor<32x128xf32>, %b: tensor<32x128xf32>) -> tensor<32x128xf32> {
  %e = math.exp %b : tensor<32x128xf32>
  %m = arith.mulf %a, %e : tensor<32x128xf32>
  %z = arith.constant dense<0.0> : tensor<32x128xf32>
  %r = arith.maximumf %m, %z : tensor<32x128xf32>
  return %r : tensor<32x128xf32>
}

// Row reductions: a vector accumulator per reduction (its identity a splat),
// its lanes summed after the loop.
// CHECK-LABEL: static void uopk_row_sum_max_k0(
// CHECK: uoph_f32x32 acc0;
// CHECK: uoph_f32x32 acc1;
// CHECK: acc0 = ((uoph_f32x32){0});
// CHECK: const uoph_f32x32 [[NEW:v[0-9]+]] = ({{v[0-9]+}} + {{v[0-9]+}});
// CHECK-NEXT: acc0 = [[NEW]];
// CHECK: acc1 = ((uoph_f32x32){-INFINITY, -INFINITY,
// CHECK: const uoph_f32x32 [[SUM:v[0-9]+]] = acc0;
// CHECK: ([[SUM]])[31]
func.func @row_sum_max(%a: tensor<32x256xf32>) -> tensor<32xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<32x256xf32> -> tensor<32xf32>
  %m = uop.reduce_axis max %a [1] : tensor<32x256xf32> -> tensor<32xf32>
  %r = arith.addf %s, %m : tensor<32xf32>
  return %r : tensor<32xf32>
}

// A column sum: the vector runs along the output.
// CHECK-LABEL: static void uopk_col_sum_k0(
// CHECK: acc0 = ((uoph_f32x4){0});
func.func @col_sum(%a: tensor<96x256xf32>) -> tensor<256xf32> {
  %s = uop.reduce_axis add %a [0] : tensor<96x256xf32> -> tensor<256xf32>
  return %s : tensor<256xf32>
}
