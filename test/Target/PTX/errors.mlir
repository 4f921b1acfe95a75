// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | not uop-translate --mlir-to-ptx --chip=sm_90a 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | not uop-translate --mlir-to-ptx --chip=sm_100a 2>&1 | FileCheck %s --check-prefix=MISMATCH90
// RUN: not uop-translate --mlir-to-ptx %S/Inputs/no-gpu-module.mlir 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: not uop-translate --mlir-to-ptx --chip=sm_80 %S/Inputs/empty.mlir 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: not uop-translate --mlir-to-ptx %S/Inputs/two-gpu-modules.mlir 2>&1 | FileCheck %s --check-prefix=TWO
//
// --mlir-to-ptx refuses a module lowered for another chip than --chip asks
// for (the PTX would target the wrong machine), a module with no gpu.module,
// and one with more than one (one PTX text holds one module; the tirx
// pipeline puts all kernels into one). (A module still in tirx form is
// ptx-unlowered.mlir.)

// MISMATCH: error: gpu.module targets sm_80 but --chip=sm_90a
// MISMATCH-NOT: .version
// MISMATCH90: error: gpu.module targets sm_90a but --chip=sm_100a
// NOGPU: error: no gpu.module to translate; lower with `uop-opt --tirx-to-nvvm="chip=..."` first
// NOGPU-NOT: .target
// TWO: error: expected one gpu.module, found 2; PTX and cubin files hold one module
// TWO-NOT: .version
tirx.prim_func @k(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %f = arith.constant 1.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
