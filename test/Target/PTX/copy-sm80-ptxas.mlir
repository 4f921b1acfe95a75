// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: uop-opt %uop_src_root/examples/tirx/copy.mlir --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.example.ptx
// RUN: %ptxas -arch=sm_80 %t.example.ptx -o %t.example.cubin
//
// ptxas accepts the PTX of the tiled copy for sm_80, and the kernel needs no
// local-memory spills: 32 KiB of shared memory (the 64x128 f32 stage), one
// barrier. The bundled example assembles too.

// CHECK: Compiling entry function 'copy' for 'sm_80'
// CHECK: Function properties for copy
// CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: used 1 barriers, 32768 bytes smem
tirx.prim_func @copy(%A: !tirx.buffer<8192x128xf32, global>,
                     %B: !tirx.buffer<8192x128xf32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [128]
    %tx = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %src = tirx.region %A[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    %dst = tirx.region %B[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    tirx.tile.copy <cta> %S, %src : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>, !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>
    tirx.tile.copy <cta> %dst, %S : !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>, !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
  }
  tirx.return
}
