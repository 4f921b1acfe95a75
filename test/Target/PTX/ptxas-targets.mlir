// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.80.ptx
// RUN: %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.90a.ptx
// RUN: %ptxas -arch=sm_90a -v %t.90a.ptx -o %t.90a.cubin 2>&1 | FileCheck %s --check-prefixes=CHECK,SM90A
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_100a" | uop-translate --mlir-to-ptx --chip=sm_100a -o %t.100a.ptx
// RUN: %ptxas -arch=sm_100a -v %t.100a.ptx -o %t.100a.cubin 2>&1 | FileCheck %s --check-prefixes=CHECK,SM100A
//
// ptxas assembles the PTX of a kernel using every generic tile op (copy into
// a swizzled tile, fill, gemm from a region with transpose_B, scalar binary,
// relu, reduce, warp- and warpgroup-scope copies) for each chip, without
// spills.

// SM80: Compiling entry function 'ops' for 'sm_80'
// SM90A: Compiling entry function 'ops' for 'sm_90a'
// SM100A: Compiling entry function 'ops' for 'sm_100a'
// CHECK: 0 bytes spill stores, 0 bytes spill loads
// CHECK: used 1 barriers
tirx.prim_func @ops(%A: !tirx.buffer<64x64xf16, global>, %B: !tirx.buffer<64x64xf16, global>,
                    %C: !tirx.buffer<64x64xf32, global>, %R: !tirx.buffer<16xf32, global>, %alpha: f32) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [16]
    %w = tirx.scope_id_def cta -> warp [4]
    %true = arith.constant true
    %f0 = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %As = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %Cs = tirx.alloc_buffer : !tirx.buffer<16x16xf32, shared>
    tirx.tile.copy <cta> %As, %A : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>, !tirx.buffer<64x64xf16, global>
    tirx.tile.copy <warpgroup> %Bs, %B : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, global>
    tirx.tile.fill <cta> %Cs, %f0 : !tirx.buffer<16x16xf32, shared>, f32
    %Ar = tirx.region %As[%c16 : 16, %c0 : 64] : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %Br = tirx.region %Bs[%c16 : 16, %c0 : 64] : !tirx.buffer<64x64xf16, shared>
    tirx.tile.gemm <cta> %Cs, %Ar, %Br, accum %true transpose_B : !tirx.buffer<16x16xf32, shared>, !tirx.region<16x64, !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>>, !tirx.region<16x64, !tirx.buffer<64x64xf16, shared>>
    tirx.tile.binary mul <cta> %Cs, %Cs, %alpha : !tirx.buffer<16x16xf32, shared>, !tirx.buffer<16x16xf32, shared>, f32
    tirx.tile.unary relu <cta> %Cs, %Cs : !tirx.buffer<16x16xf32, shared>, !tirx.buffer<16x16xf32, shared>
    tirx.tile.reduce max <thread> %R, %Cs axes [0] : !tirx.buffer<16xf32, global>, !tirx.buffer<16x16xf32, shared>
    %Cr = tirx.region %C[%c16 : 16, %c16 : 16] : !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <warp> %Cr, %Cs : !tirx.region<16x16, !tirx.buffer<64x64xf32, global>>, !tirx.buffer<16x16xf32, shared>
  }
  tirx.return
}
