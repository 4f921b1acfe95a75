// RUN: rm -rf %t && split-file %s %t
// The prelude holds only the groups of uoph_ helpers the program calls, and
// what those call. An add needs none of them; sin needs its group, the
// Payne-Hanek reduction it calls and the bit casts of the exp/log group;
// erf needs exp, not sin. Each program still compiles and checks.
// RUN: uop-opt %t/add.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=ADD
// ADD: #include <stdint.h>
// ADD: uoph_alloc(size_t size
// ADD-NOT: static inline {{.*}}uoph_{{[a-z0-9_]+}}_f32(
// ADD: int uop_add(
// RUN: uop-opt %t/sin.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=SIN
// SIN-DAG: float uoph_f32_from_bits(uint32_t u)
// SIN-DAG: double uoph_reduce_large_f32(float x, double *j)
// SIN-DAG: float uoph_sin_f32(float x)
// SIN-NOT: uoph_erf_f32(float x)
// SIN-NOT: uoph_ctlz(
// RUN: uop-opt %t/erf.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=ERF
// ERF-DAG: float uoph_exp_f32(float x)
// ERF-DAG: float uoph_erf_f32(float x)
// ERF-NOT: uoph_sin_f32(float x)
// RUN: uop-run %t/sin.mlir --target cpu --check --repeat 1 | FileCheck %s --check-prefix=CHK
// RUN: uop-run %t/erf.mlir --target cpu --check --repeat 1 | FileCheck %s --check-prefix=CHK
// CHK: mismatches=0 check=pass
//--- add.mlir
func.func @add(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %r = arith.addf %a, %b : tensor<64xf32>
  return %r : tensor<64xf32>
}
//--- sin.mlir
func.func @sin(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = math.sin %a : tensor<64xf32>
  return %r : tensor<64xf32>
}
//--- erf.mlir
func.func @erf(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = math.erf %a : tensor<64xf32>
  return %r : tensor<64xf32>
}
