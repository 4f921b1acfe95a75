// The compute stage of the seed's tcgen05 GEMM (tirx-ir-organization, "following
// one tile primitive"): a thread-scope gemm_async dispatched to tcgen05 on
// regions of tmem / Asmem / Bsmem, with config {cta_group = 1}, followed by the
// tcgen05.commit intrinsic (an upstream nvvm op).
tirx.prim_func @gemm_compute(%A: !tirx.buffer<128x64xf16, global>,
                             %B: !tirx.buffer<128x64xf16, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [1]
    %warp = tirx.scope_id_def cta -> warp [4]
    %lane = tirx.scope_id_def warp -> thread [32]
    %Asmem = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %Bsmem = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %tmem = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %D = tirx.region %tmem[%c0 : 128, %c0 : 128] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %Ar = tirx.region %Asmem[%c0 : 128, %c0 : 64] : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %Br = tirx.region %Bsmem[%c0 : 128, %c0 : 64] : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    tirx.tile.gemm_async <thread> %D, %Ar, %Br, accum %true transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.region<128x128, !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>>,
          !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>,
          !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>
    %bar = llvm.mlir.zero : !llvm.ptr<3>
    nvvm.tcgen05.commit %bar : !llvm.ptr<3>
  }
  tirx.return
}
