// C = A * B^T for 4096x4096x4096, bf16 inputs, f32 accumulation, on sm_100a
// fifth-generation tensor cores, written the way the seed's GEMM is: TMA
// loads completing on an mbarrier, a thread-scope gemm_async dispatched to
// tcgen05 (config cta_group 1) accumulating in tensor memory, tcgen05.commit
// to a second mbarrier, and tcgen05.ld to bring the accumulator back.
//
// Each CTA (one warpgroup, 128 threads) computes a 128x128 tile of C; the K
// loop steps by 64 through 128-byte-swizzled shared tiles (A: 128x64, B
// stored N x K: 128x64). One thread issues the copies and the MMAs; every
// thread waits on the barriers' phase, which flips each step.
//
//   uop-opt --tirx-to-nvvm="chip=sm_100a" examples/tirx/gemm_tcgen05.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_100a
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xbf16, global>,
                     %B: !tirx.buffer<4096x4096xbf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>) {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 32]
    %tx = tirx.scope_id_def cta -> thread [128]
    %As = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %D = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    %load_bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %mma_bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %phase0 = arith.constant 0 : i32
    %ticks = arith.constant 1000000 : i32
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c128 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %la = tirx.address_of %load_bar[%c0] : !tirx.buffer<1xi64, shared>
    %lb = llvm.inttoptr %la : i64 to !llvm.ptr<3>
    %ma = tirx.address_of %mma_bar[%c0] : !tirx.buffer<1xi64, shared>
    %mb = llvm.inttoptr %ma : i64 to !llvm.ptr<3>
    scf.if %leader {
      // Both TMA copies arrive on the load barrier.
      nvvm.mbarrier.init %lb, %two : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %mb, %one : !llvm.ptr<3>, i32
    }
    gpu.barrier
    %Dr = tirx.region %D[%c0 : 128, %c0 : 128] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    %last = scf.for %k0 = %c0 to %c4096 step %c64 iter_args(%phase = %phase0) -> (i32) {
      %gA = tirx.region %A[%m0 : 128, %k0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %gB = tirx.region %B[%n0 : 128, %k0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      scf.if %leader {
        tirx.tile.copy_async <thread> %As, %gA barrier %load_bar : !tirx.buffer<1xi64, shared> dispatch "tma"
            : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
        tirx.tile.copy_async <thread> %Bs, %gB barrier %load_bar : !tirx.buffer<1xi64, shared> dispatch "tma"
            : !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
      }
      nvvm.mbarrier.try_wait.parity %lb, %phase, %ticks : !llvm.ptr<3>, i32, i32
      scf.if %leader {
        %accum = arith.cmpi ne, %k0, %c0 : index
        tirx.tile.gemm_async <thread> %Dr, %As, %Bs, accum %accum transpose_B dispatch "tcgen05" config {cta_group = 1 : i64}
            : !tirx.region<128x128, !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>>,
              !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>,
              !tirx.buffer<128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
        nvvm.tcgen05.commit %mb : !llvm.ptr<3>
      }
      nvvm.mbarrier.try_wait.parity %mb, %phase, %ticks : !llvm.ptr<3>, i32, i32
      %next = arith.xori %phase, %one : i32
      scf.yield %next : i32
    }
    %gC = tirx.region %C[%m0 : 128, %n0 : 128] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warpgroup> %gC, %Dr : !tirx.region<128x128, !tirx.buffer<4096x4096xf32, global>>, !tirx.region<128x128, !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>>
  }
  tirx.return
}
