// REQUIRES: ptxas
// RUN: uop-opt %s --uop-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
//
// A column sum over a symbolic n x m matrix: both variables are .u64
// parameters (n bounds the reduce loop, m is the row stride and the gate).

// CHECK-LABEL: .entry cols_k0(
// CHECK: .param .u64 cols_k0_param_2,
// CHECK-NEXT: .param .u64 cols_k0_param_3
// CHECK-DAG: ld.param.b64 {{.*}}[cols_k0_param_2]
// CHECK-DAG: ld.param.b64 {{.*}}[cols_k0_param_3]
func.func @cols(%x: tensor<?x?xf32, #uop.sym<"n", "m">>) -> tensor<?xf32, #uop.sym<"m">>
    attributes {uop.vars = [#uop.var<"n", 1, 64>, #uop.var<"m", 1, 512>]} {
  %s = uop.reduce_axis add %x [0] : tensor<?x?xf32, #uop.sym<"n", "m">> -> tensor<?xf32, #uop.sym<"m">>
  return %s : tensor<?xf32, #uop.sym<"m">>
}
