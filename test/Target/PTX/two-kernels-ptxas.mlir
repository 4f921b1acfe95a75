// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-cubin --chip=sm_80 -o %t.cubin
// RUN: head -c 4 %t.cubin | od -An -c | FileCheck %s
//
// Two kernels in one module share the gpu.module @tirx_kernels, so
// --mlir-to-cubin produces one cubin holding both (see two-kernels.mlir).

// CHECK: 177 E L F
tirx.prim_func @k1(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %f = arith.constant 1.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
tirx.prim_func @k2(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %f = arith.constant 2.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
