// REQUIRES: ptxas
// RUN: uop-opt %s --uop-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.80.ptx
// RUN: %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --input-file=%t.80.ptx
// RUN: uop-opt %s --uop-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a > %t.90.ptx
// RUN: %ptxas -arch=sm_90a %t.90.ptx -o %t.90.cubin
//
// A symbolic row sum as PTX (symbolic-shapes-inner.mlir: a symbolic inner dimension): each shape
// variable is a .u64 kernel parameter after the buffers, compared with the
// thread's row before any access; ptxas accepts it without spills.

// CHECK-LABEL: .entry rows_k0(
// CHECK: .param .u64 .ptr .global .align 1 rows_k0_param_1,
// CHECK-NEXT: .param .u64 rows_k0_param_2
// CHECK: ld.param.b64 {{.*}}[rows_k0_param_2]
// CHECK: setp.{{.*}}.u64
// PTXAS-NOT: bytes spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
func.func @rows(%x: tensor<?x64xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 4096>]} {
  %s = uop.reduce_axis add %x [1] : tensor<?x64xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %s : tensor<?xf32, #uop.sym<"n">>
}
