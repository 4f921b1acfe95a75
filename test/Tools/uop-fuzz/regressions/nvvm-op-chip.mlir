// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" --mlir-print-debuginfo | not uop-translate --mlir-to-ptx 2>&1 | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx | FileCheck %s --check-prefix=SM90
//
// Found by uop-fuzz in the sanitizer build (seed 99, from
// examples/tirx/copy_tma.mlir, with the chip set to sm_80): an sm_90 NVVM op
// (fence.mbarrier_init) that carries no upstream requires-SM check reached
// NVPTX instruction selection, which aborted with "LLVM ERROR: Cannot
// select". --mlir-to-ptx now checks NVVM ops against the chip first.
// CHECK: nvvm-op-chip.mlir:18:7: error: 'nvvm.fence.mbarrier.init' is not available on sm_80
// CHECK-NOT: LLVM ERROR
// SM90: fence.mbarrier_init.release.cluster
tirx.prim_func @fence_init() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    scf.if %leader {
      nvvm.fence.mbarrier.init
    }
  }
  tirx.return
}
