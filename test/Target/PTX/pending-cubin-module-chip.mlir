// XFAIL: *
// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-cubin -o %t.cubin
// RUN: head -c 4 %t.cubin | od -An -c | FileCheck %s
//
// PENDING BUG: without --chip, --mlir-to-ptx uses the chip the gpu.module was
// lowered for, but --mlir-to-cubin always runs `ptxas -arch=sm_80` (the
// option's default), so a module lowered for sm_90a fails with
//   error: ptxas failed (exit 255): ptxas fatal : SM version specified by
//   .target is higher than default SM version assumed
// Expected: ptxas gets the gpu.module's target chip (as --mlir-to-ptx does)
// and the cubin is written.

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
