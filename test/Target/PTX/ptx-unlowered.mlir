// RUN: not uop-translate --mlir-to-ptx --chip=sm_80 %s 2>&1 | FileCheck %s
//
// --mlir-to-ptx on a module that was not lowered yet: uop-translate knows the
// tirx dialect, so the input parses and the diagnostic says to run
// --tirx-to-nvvm first (not "Dialect `tirx' not found").

// CHECK: error: no gpu.module to translate; lower with `uop-opt --tirx-to-nvvm="chip=..."` first
// CHECK-NOT: Dialect `tirx' not found
tirx.prim_func @k(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %f = arith.constant 1.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
