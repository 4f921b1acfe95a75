// C = A * B for 4096x4096x4096, f16 inputs, f32 accumulation, on sm_80
// tensor cores (mma.sync m16n8k16): the fast form of gemm_mma_sync.mlir.
//
// Each CTA (128 threads, 4 warps as 2 x 2) computes a 128x128 tile of C
// stepping through K by 32. The A (128x32) and B (32x128) tiles of the next
// three K steps are in flight in a four-stage cp.async ring (4 x 16 KiB =
// 64 KiB: dynamic shared memory) while the warps multiply the ready one:
//
//   prologue   K tiles 0, 1, 2 -> stages 0, 1, 2; one commit group each
//   step kt    cp.async.wait_group 2   tile kt has landed (this thread's
//                                      copies; kt+1, kt+2 may still pend)
//              barrier                 everyone's copies of tile kt are
//                                      visible, and everyone is done with
//                                      stage (kt-1) % 4
//              copy tile kt+3 -> stage (kt+3) % 4 = (kt-1) % 4, commit (an
//                                      empty group past the end keeps one
//                                      group per K tile)
//              gemm on stage kt % 4
//
// One barrier per K step, and no full wait until the data is needed. The
// stage tiles are XOR-swizzled in 16-byte chunks so that the eight rows one
// ldmatrix reads fall in eight different bank groups (A: 64-byte rows, chunk
// ^= (row / 2) % 4; B: 256-byte rows, chunk ^= row % 8). Each warp owns a
// 64x64 sub-tile (the CUTLASS warp shape: per K step of 32 it reads 8 A and
// 8 B ldmatrix.x4 for 64 mma.syncs, a third less shared-memory traffic per
// mma than 64x32 warp tiles); its accumulator lives in registers (128 f32
// per thread: ptxas -v reports no stack frame), distributed like the m16n8
// accumulator fragments: element (r, c) on lane (r % 8) * 4 + (c % 8) / 2.
// Two CTAs fit an SM (2 x 65 KiB of shared memory, 2 x 128 threads of at
// most 255 registers). K must be a multiple of 32 and at least 96.
//
//   uop-opt --tirx-to-nvvm="chip=sm_80" examples/tirx/gemm_mma_sync_pipelined.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_80
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xf16, global>,
                     %B: !tirx.buffer<4096x4096xf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>)
    attributes {tirx.reference = #tirx.reference<gemm_nn>} {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 32]
    %warp = tirx.scope_id_def cta -> warp [4]
    %lane = tirx.scope_id_def warp -> thread [32]
    %As = tirx.alloc_buffer : !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>
    %acc = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>
    %zero = arith.constant 0.0 : f32
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    tirx.tile.fill <warp> %acc, %zero : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>, f32
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c128 : index
    %wm = arith.divui %warp, %c2 : index
    %wn = arith.remui %warp, %c2 : index
    %wrow = arith.muli %wm, %c64 : index
    %wcol = arith.muli %wn, %c64 : index
    // Prologue: stages 0..2 take K tiles 0..2, one commit group per stage
    // (the A copy leaves its cp.asyncs to the B copy's commit).
    scf.for %s = %c0 to %c3 step %c1 {
      %k = arith.muli %s, %c32 : index
      %gA = tirx.region %A[%m0 : 128, %k : 32] : !tirx.buffer<4096x4096xf16, global>
      %gB = tirx.region %B[%k : 32, %n0 : 128] : !tirx.buffer<4096x4096xf16, global>
      %sA = tirx.region %As[%s : 1, %c0 : 128, %c0 : 32] : !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>
      %sB = tirx.region %Bs[%s : 1, %c0 : 32, %c0 : 128] : !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>
      tirx.tile.copy_async <cta> %sA, %gA config {commit = false} : !tirx.region<1x128x32, !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>>, !tirx.region<128x32, !tirx.buffer<4096x4096xf16, global>>
      tirx.tile.copy_async <cta> %sB, %gB : !tirx.region<1x32x128, !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>>, !tirx.region<32x128, !tirx.buffer<4096x4096xf16, global>>
    }
    scf.for %k0 = %c0 to %c4096 step %c32 {
      %kt = arith.divui %k0, %c32 : index
      %stage = arith.remui %kt, %c4 : index
      // Tile kt has landed once at most the two newest groups (kt+1, kt+2)
      // pend; the barrier publishes every thread's copies and frees the
      // stage the previous step read.
      nvvm.cp.async.wait.group 2
      gpu.barrier
      %kn = arith.addi %k0, %c96 : index
      %more = arith.cmpi ult, %kn, %c4096 : index
      scf.if %more {
        %ktn = arith.addi %kt, %c3 : index
        %next = arith.remui %ktn, %c4 : index
        %gA = tirx.region %A[%m0 : 128, %kn : 32] : !tirx.buffer<4096x4096xf16, global>
        %gB = tirx.region %B[%kn : 32, %n0 : 128] : !tirx.buffer<4096x4096xf16, global>
        %sA = tirx.region %As[%next : 1, %c0 : 128, %c0 : 32] : !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>
        %sB = tirx.region %Bs[%next : 1, %c0 : 32, %c0 : 128] : !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>
        tirx.tile.copy_async <cta> %sA, %gA config {commit = false} : !tirx.region<1x128x32, !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>>, !tirx.region<128x32, !tirx.buffer<4096x4096xf16, global>>
        tirx.tile.copy_async <cta> %sB, %gB config {commit = false} : !tirx.region<1x32x128, !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>>, !tirx.region<32x128, !tirx.buffer<4096x4096xf16, global>>
      }
      // One group per K step, empty past the end, so that wait_group 2
      // always means "tile kt is here".
      nvvm.cp.async.commit.group
      // Each warp multiplies its 64x64 slice of the ready stage.
      %wA = tirx.region %As[%stage : 1, %wrow : 64, %c0 : 32] : !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>
      %wB = tirx.region %Bs[%stage : 1, %c0 : 32, %wcol : 64] : !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>
      tirx.tile.gemm <warp> %acc, %wA, %wB, accum %true
          : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>,
            !tirx.region<1x64x32, !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>>,
            !tirx.region<1x32x64, !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>>
    }
    // Write the warp's accumulator back: each element by the lane that owns it.
    %row = arith.addi %m0, %wrow : index
    %col = arith.addi %n0, %wcol : index
    %gC = tirx.region %C[%row : 64, %col : 64] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warp> %gC, %acc : !tirx.region<64x64, !tirx.buffer<4096x4096xf32, global>>, !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>
  }
  tirx.return
}
