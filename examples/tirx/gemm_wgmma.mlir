// C = A * B^T for 4096x4096x4096, bf16 inputs, f32 accumulation, on sm_90a
// warpgroup tensor cores (wgmma.mma_async m64n32k16).
//
// Each CTA (two warpgroups, 256 threads) computes a 128x32 tile of C (the
// 48 KiB of static shared memory bound the tile). The K loop steps by 64
// through a two-stage ring of 128-byte-swizzled shared tiles (A: 128x64, B
// stored N x K: 32x64) filled by TMA: while the
// warpgroups multiply the tiles of one stage, thread 0 has the next step's
// two boxes in flight into the other stage, each stage completing on its
// own mbarrier (phase = (step / 2) % 2). wgmma reads the tiles through
// matrix descriptors whose swizzle mode comes from the tiles' compose
// layout. Each warpgroup accumulates a 64x32 tile in registers laid out as
// wgmma's D fragment: element (r, c) on warp r / 16 of the warpgroup, lane
// (r % 8) * 4 + (c % 8) / 2. The first K step does not accumulate.
//
//   uop-opt --tirx-to-nvvm="chip=sm_90a" examples/tirx/gemm_wgmma.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_90a
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xbf16, global>,
                     %B: !tirx.buffer<4096x4096xbf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 128]
    %tx = tirx.scope_id_def cta -> thread [256]
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %As = tirx.alloc_buffer : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
    %full0 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %full1 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %acc = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %two = arith.constant 2 : i32
    %ticks = arith.constant 1000000 : i32
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c32 : index
    %wrow = arith.muli %wg, %c64 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %f0 = tirx.address_of %full0[%c0] : !tirx.buffer<1xi64, shared>
    %f1 = tirx.address_of %full1[%c0] : !tirx.buffer<1xi64, shared>
    %p0 = llvm.inttoptr %f0 : i64 to !llvm.ptr<3>
    %p1 = llvm.inttoptr %f1 : i64 to !llvm.ptr<3>
    scf.if %leader {
      // Each stage's two TMA boxes arrive on its barrier.
      nvvm.mbarrier.init %p0, %two : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %p1, %two : !llvm.ptr<3>, i32
      // Make the initialised barrier visible to the async proxy (TMA
      // completes on it) before anyone uses it.
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    // Prologue: step 0 into stage 0.
    scf.if %leader {
      %gA0 = tirx.region %A[%m0 : 128, %c0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %gB0 = tirx.region %B[%n0 : 32, %c0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %sA0 = tirx.region %As[%c0 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
      %sB0 = tirx.region %Bs[%c0 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
      tirx.tile.copy_async <thread> %sA0, %gA0 barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
      tirx.tile.copy_async <thread> %sB0, %gB0 barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>
    }
    scf.for %k0 = %c0 to %c4096 step %c64 {
      %kt = arith.divui %k0, %c64 : index
      %stage = arith.remui %kt, %c2 : index
      %use = arith.divui %kt, %c2 : index
      %parity = arith.remui %use, %c2 : index
      %phase = arith.index_cast %parity : index to i32
      %in0 = arith.cmpi eq, %stage, %c0 : index
      %kn = arith.addi %k0, %c64 : index
      %more = arith.cmpi ult, %kn, %c4096 : index
      %issue = arith.andi %leader, %more : i1
      // Prefetch the next step into the other stage (its readers finished
      // before the barrier that ended the previous step).
      scf.if %issue {
        scf.if %in0 {
          %qA1 = tirx.region %A[%m0 : 128, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
          %qB1 = tirx.region %B[%n0 : 32, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
          %nA1 = tirx.region %As[%c1 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
          %nB1 = tirx.region %Bs[%c1 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
          tirx.tile.copy_async <thread> %nA1, %qA1 barrier %full1 : !tirx.buffer<1xi64, shared> dispatch "tma"
              : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
          tirx.tile.copy_async <thread> %nB1, %qB1 barrier %full1 : !tirx.buffer<1xi64, shared> dispatch "tma"
              : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>
        } else {
          %qA0 = tirx.region %A[%m0 : 128, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
          %qB0 = tirx.region %B[%n0 : 32, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
          %nA0 = tirx.region %As[%c0 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
          %nB0 = tirx.region %Bs[%c0 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
          tirx.tile.copy_async <thread> %nA0, %qA0 barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
              : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
          tirx.tile.copy_async <thread> %nB0, %qB0 barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
              : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>
        }
      }
      // Wait for this step's stage.
      %fa = arith.select %in0, %f0, %f1 : i64
      %fp = llvm.inttoptr %fa : i64 to !llvm.ptr<3>
      nvvm.mbarrier.try_wait.parity %fp, %phase, %ticks : !llvm.ptr<3>, i32, i32
      %accum = arith.cmpi ne, %k0, %c0 : index
      %wA = tirx.region %As[%stage : 1, %wrow : 64, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
      %wB = tirx.region %Bs[%stage : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
      tirx.tile.gemm_async <warpgroup> %acc, %wA, %wB, accum %accum transpose_B
          : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>,
            !tirx.region<1x64x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>,
            !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>
      gpu.barrier
    }
    %row = arith.addi %m0, %wrow : index
    %gC = tirx.region %C[%row : 64, %n0 : 32] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warpgroup> %gC, %acc : !tirx.region<64x32, !tirx.buffer<4096x4096xf32, global>>, !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
  }
  tirx.return
}
