// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
//
// The largest static shared memory a kernel may have: two tiles of 32 KiB and
// 16 KiB, each placed at 128 bytes, are exactly 48 KiB, which the pipeline
// accepts and ptxas assembles (over the limit: static-smem-limit.mlir and
// Conversion/TIRxToGPU/errors.mlir).

// PTX: .shared .align 128 .b8 {{.*}}[32768];
// PTX: .shared .align 128 .b8 {{.*}}[16384];
// CHECK: Compiling entry function 'k' for 'sm_80'
// CHECK: used 1 barriers, 49152 bytes smem
tirx.prim_func @k(%A: !tirx.buffer<64x128xf32, global>, %B: !tirx.buffer<32x128xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared>
    %T = tirx.alloc_buffer : !tirx.buffer<32x128xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<64x128xf32, shared>, !tirx.buffer<64x128xf32, global>
    tirx.tile.copy <cta> %T, %B : !tirx.buffer<32x128xf32, shared>, !tirx.buffer<32x128xf32, global>
    tirx.tile.copy <cta> %A, %S : !tirx.buffer<64x128xf32, global>, !tirx.buffer<64x128xf32, shared>
    tirx.tile.copy <cta> %B, %T : !tirx.buffer<32x128xf32, global>, !tirx.buffer<32x128xf32, shared>
  }
  tirx.return
}
