// XFAIL: *
// RUN: not uop-translate --mlir-to-ptx --chip=sm_80 %s 2>&1 | FileCheck %s
//
// PENDING BUG (wrong diagnostic): --mlir-to-ptx on a module that was not
// lowered yet should say so ("no gpu.module to translate; lower with
// `uop-opt --tirx-to-nvvm=...` first", the diagnostic written for exactly this
// case), but uop-translate does not register the tirx dialect for the PTX
// translations, so parsing fails first with
// "Dialect `tirx' not found for custom op 'tirx.prim_func'".

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
