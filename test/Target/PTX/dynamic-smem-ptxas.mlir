// A 128x128 f32 shared tile (64 KiB) used to be refused (static shared
// memory stops at 48 KiB); it now lives in dynamic shared memory, ptxas
// accepts the kernel with no static shared data, and the kernel records
// the 64 KiB + 1024-byte pad it must be launched with.
// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" > %t.mlir
// RUN: FileCheck %s --check-prefix=NVVM --input-file=%t.mlir
// RUN: uop-translate --mlir-to-ptx --chip=sm_80 %t.mlir > %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// NVVM: tirx.dynamic_shared_bytes = 66560 : i64
// CHECK: Compiling entry function 'k' for 'sm_80'
// CHECK: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: 65536 bytes smem
// CHECK-NOT: error
tirx.prim_func @k(%A: !tirx.buffer<128x128xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<128x128xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<128x128xf32, shared>, !tirx.buffer<128x128xf32, global>
    tirx.tile.copy <cta> %A, %S : !tirx.buffer<128x128xf32, global>, !tirx.buffer<128x128xf32, shared>
  }
  tirx.return
}
