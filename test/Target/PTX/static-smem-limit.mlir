// RUN: not uop-opt %s --tirx-to-nvvm="chip=sm_80" 2>&1 | FileCheck %s
//
// Shared allocations become static `.shared` arrays, and static shared
// memory is limited to 48 KiB per kernel. A 128x128 f32 shared tile (64 KiB)
// used to go through the whole pipeline and fail only in ptxas ("uses too
// much shared data (0x10000 bytes, 0xc000 max)"); now the pipeline reports it
// on the prim_func. Exactly 48 KiB assembles: static-smem-48k-ptxas.mlir.

// CHECK: static-smem-limit.mlir:[[@LINE+2]]:1: error: the kernel needs 65536 bytes of shared memory; static shared memory is limited to 49152 bytes (dynamic shared memory is not supported yet)
// CHECK-NOT: gpu.module
tirx.prim_func @k(%A: !tirx.buffer<128x128xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<128x128xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<128x128xf32, shared>, !tirx.buffer<128x128xf32, global>
    tirx.tile.copy <cta> %A, %S : !tirx.buffer<128x128xf32, global>, !tirx.buffer<128x128xf32, shared>
  }
  tirx.return
}
