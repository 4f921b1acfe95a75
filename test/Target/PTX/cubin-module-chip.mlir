// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-cubin -o %t.cubin
// RUN: head -c 4 %t.cubin | od -An -c | FileCheck %s
//
// Without --chip, --mlir-to-cubin assembles for the chip the gpu.module was
// lowered for (as --mlir-to-ptx does), not for the option's default sm_80:
// a module lowered for sm_90a gives a cubin.

// CHECK: 177 E L F
tirx.prim_func @k(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <cta> %B, %S : !tirx.buffer<64x64xf32, global>, !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}
