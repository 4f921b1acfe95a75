// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-cubin --chip=sm_80 -o %t.cubin
// RUN: head -c 4 %t.cubin | od -An -c | FileCheck %s --check-prefix=ELF
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.ptxas.cubin 2>&1 | FileCheck %s
//
// Two kernels in one module share the gpu.module @tirx_kernels, so
// --mlir-to-cubin produces one cubin holding both (see two-kernels.mlir), and
// ptxas assembles the one PTX text with both entries. Each kernel keeps its
// own shared memory (vectorized copies through a shared tile).

// ELF: 177 E L F
// CHECK-DAG: Compiling entry function 'k1' for 'sm_80'
// CHECK-DAG: Compiling entry function 'k2' for 'sm_80'
// CHECK-DAG: used 1 barriers, 4096 bytes smem
// CHECK-DAG: used 1 barriers, 1024 bytes smem
tirx.prim_func @k1(%A: !tirx.buffer<1024xf32, global>, %B: !tirx.buffer<1024xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %S = tirx.alloc_buffer : !tirx.buffer<1024xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<1024xf32, shared>, !tirx.buffer<1024xf32, global>
    tirx.tile.copy <cta> %B, %S : !tirx.buffer<1024xf32, global>, !tirx.buffer<1024xf32, shared>
  }
  tirx.return
}
tirx.prim_func @k2(%A: !tirx.buffer<16x32xf16, global>, %x: f16) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %S = tirx.alloc_buffer : !tirx.buffer<16x32xf16, shared>
    tirx.tile.fill <cta> %S, %x : !tirx.buffer<16x32xf16, shared>, f16
    tirx.tile.copy <cta> %A, %S : !tirx.buffer<16x32xf16, global>, !tirx.buffer<16x32xf16, shared>
  }
  tirx.return
}
