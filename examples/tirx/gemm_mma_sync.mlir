// C = A * B for 4096x4096x4096, f16 inputs, f32 accumulation, on sm_80
// tensor cores (mma.sync m16n8k16).
//
// Each CTA (256 threads, 8 warps) computes a 128x128 tile of C. The K loop
// steps by 32 through a two-stage shared-memory ring filled with cp.async:
// while the warps multiply the tiles of one stage, the copies of the next
// A (128x32) and B (32x128) tiles into the other stage are in flight
// (cp.async.wait_group 2 leaves the two newest groups pending). Each warp
// owns a 64x32 sub-tile whose accumulator lives in registers, distributed
// over the lanes exactly like the m16n8 accumulator fragments: element
// (r, c) sits on lane (r % 8) * 4 + (c % 8) / 2.
//
//   uop-opt --tirx-to-nvvm="chip=sm_80" examples/tirx/gemm_mma_sync.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_80
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xf16, global>,
                     %B: !tirx.buffer<4096x4096xf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>)
    attributes {tirx.reference = #tirx.reference<gemm_nn>} {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 32]
    %warp = tirx.scope_id_def cta -> warp [8]
    %lane = tirx.scope_id_def warp -> thread [32]
    %As = tirx.alloc_buffer : !tirx.buffer<2x128x32xf16, shared>
    %Bs = tirx.alloc_buffer : !tirx.buffer<2x32x128xf16, shared>
    %acc = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>
    %zero = arith.constant 0.0 : f32
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    tirx.tile.fill <warp> %acc, %zero : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>, f32
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c128 : index
    %wm = arith.divui %warp, %c4 : index
    %wn = arith.remui %warp, %c4 : index
    %wrow = arith.muli %wm, %c64 : index
    %wcol = arith.muli %wn, %c32 : index
    // Prologue: stage 0 holds K = 0..31.
    %gA0 = tirx.region %A[%m0 : 128, %c0 : 32] : !tirx.buffer<4096x4096xf16, global>
    %gB0 = tirx.region %B[%c0 : 32, %n0 : 128] : !tirx.buffer<4096x4096xf16, global>
    %sA0 = tirx.region %As[%c0 : 1, %c0 : 128, %c0 : 32] : !tirx.buffer<2x128x32xf16, shared>
    %sB0 = tirx.region %Bs[%c0 : 1, %c0 : 32, %c0 : 128] : !tirx.buffer<2x32x128xf16, shared>
    tirx.tile.copy_async <cta> %sA0, %gA0 : !tirx.region<1x128x32, !tirx.buffer<2x128x32xf16, shared>>, !tirx.region<128x32, !tirx.buffer<4096x4096xf16, global>>
    tirx.tile.copy_async <cta> %sB0, %gB0 : !tirx.region<1x32x128, !tirx.buffer<2x32x128xf16, shared>>, !tirx.region<32x128, !tirx.buffer<4096x4096xf16, global>>
    scf.for %k0 = %c0 to %c4096 step %c32 {
      %kt = arith.divui %k0, %c32 : index
      %stage = arith.remui %kt, %c2 : index
      %next = arith.subi %c1, %stage : index
      %kn = arith.addi %k0, %c32 : index
      %more = arith.cmpi ult, %kn, %c4096 : index
      scf.if %more {
        // Prefetch the next K step into the other stage, then wait for
        // everything but these two newest groups.
        %gA = tirx.region %A[%m0 : 128, %kn : 32] : !tirx.buffer<4096x4096xf16, global>
        %gB = tirx.region %B[%kn : 32, %n0 : 128] : !tirx.buffer<4096x4096xf16, global>
        %sA = tirx.region %As[%next : 1, %c0 : 128, %c0 : 32] : !tirx.buffer<2x128x32xf16, shared>
        %sB = tirx.region %Bs[%next : 1, %c0 : 32, %c0 : 128] : !tirx.buffer<2x32x128xf16, shared>
        tirx.tile.copy_async <cta> %sA, %gA : !tirx.region<1x128x32, !tirx.buffer<2x128x32xf16, shared>>, !tirx.region<128x32, !tirx.buffer<4096x4096xf16, global>>
        tirx.tile.copy_async <cta> %sB, %gB : !tirx.region<1x32x128, !tirx.buffer<2x32x128xf16, shared>>, !tirx.region<32x128, !tirx.buffer<4096x4096xf16, global>>
        nvvm.cp.async.wait.group 2
      } else {
        nvvm.cp.async.wait.group 0
      }
      gpu.barrier
      // Each warp multiplies its 64x32 slice of the ready stage.
      %wA = tirx.region %As[%stage : 1, %wrow : 64, %c0 : 32] : !tirx.buffer<2x128x32xf16, shared>
      %wB = tirx.region %Bs[%stage : 1, %c0 : 32, %wcol : 32] : !tirx.buffer<2x32x128xf16, shared>
      tirx.tile.gemm <warp> %acc, %wA, %wB, accum %true
          : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>,
            !tirx.region<1x64x32, !tirx.buffer<2x128x32xf16, shared>>,
            !tirx.region<1x32x32, !tirx.buffer<2x32x128xf16, shared>>
      // The next iteration refills this stage.
      gpu.barrier
    }
    // Write the warp's accumulator back: each element by the lane that owns it.
    %row = arith.addi %m0, %wrow : index
    %col = arith.addi %n0, %wcol : index
    %gC = tirx.region %C[%row : 64, %col : 32] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warp> %gC, %acc : !tirx.region<64x32, !tirx.buffer<4096x4096xf32, global>>, !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>
  }
  tirx.return
}
