// RUN: uop-opt %s -split-input-file --tirx-to-nvvm 2>&1 | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_90a" 2>&1 | FileCheck %s
// RUN: not uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_80" 2>&1 | FileCheck %s --check-prefix=DISAGREE
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm | uop-translate --mlir-to-ptx | FileCheck %s --check-prefix=PTX
//
// The chip lives in the IR: a module's `tirx.target` (upstream's
// #nvvm.target) is the chip that dispatch checks the kernel against and
// that convert-tirx-to-gpu moves onto the gpu.module, where the PTX
// translation reads it. With no `chip=` option the module's chip is used;
// an option naming another chip is an error, not a silent override.
// A thread-block cluster needs sm_90: on sm_80 (the default chip of a module
// without a target) dispatch would refuse this kernel.

// CHECK: gpu.module @tirx_kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">]
// CHECK-NOT: tirx.target
// DISAGREE: error: the module targets sm_90a (#nvvm.target) but the pass option chip=sm_80; leave the option out or make it agree
// PTX: .target sm_90a
module attributes {tirx.target = #nvvm.target<O = 2, chip = "sm_90a", features = "+ptx80">} {
  tirx.prim_func @cluster_fill(%A: !tirx.buffer<64xf32, global>) {
    tirx.device_entry {
      %c = tirx.scope_id_def kernel -> cluster [2]
      %t = tirx.scope_id_def cluster -> cta [2]
      %x = tirx.scope_id_def cta -> thread [32]
      %v = arith.constant 1.0 : f32
      tirx.tile.fill <thread> %A, %v : !tirx.buffer<64xf32, global>, f32
    }
    tirx.return
  }
}
