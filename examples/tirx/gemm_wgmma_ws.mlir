// C = A * B^T for 4096x4096x4096, bf16 inputs, f32 accumulation, on sm_90a
// warpgroup tensor cores: the fast form of gemm_wgmma.mlir, after CUTLASS 3's
// warp-specialized persistent kernel.
//
// Persistent: the grid is free (`kernel -> cta [?] preferred [132]`) and
// launches one CTA per SM of an H100/H200 SXM (a GPU with fewer SMs runs the
// surplus CTAs in a second wave; the kernel is correct on any grid). A
// tirx.tile_schedule gives each CTA the 128x256 output tiles t = cta,
// cta + grid, ... in grouped order: eight M tiles side by side share each N
// tile, so the CTAs working at one time read 8 A row blocks and a few B
// column blocks, which stay in L2.
//
// Warp-specialized, 384 threads in three warpgroups:
//   warpgroup 0  producer: gives registers back (setmaxnreg 40); its thread 0
//                streams the 128x64 A and 256x64 B boxes of every K step of
//                every tile by TMA into a four-stage ring (4 x 48 KiB)
//   warpgroups   consumers: take registers (setmaxnreg 232); each
//     1 and 2    multiplies its 64 rows of the stage into a 64x256 f32
//                accumulator in registers (wgmma.mma_async m64n256k16)
//
// 128 x 40 + 256 x 232 = 64512 of the SM's 65536 registers: the roles of
// tirx.warp_specialize. The ring is a tirx.pipeline of two mbarriers per
// stage; K step i (counted over the CTA's whole tile sequence) is its
// iteration i, stage i % 4, and the pipeline ops derive the phases:
//   full[s]   the producer's two TMA boxes arrive on it (producers = 2, with
//             their bytes); consumer_wait waits for it
//   empty[s]  all 256 consumer threads arrive once done reading the stage
//             (consumer_release, consumers = 256); producer_acquire waits
//             for it before refilling the stage (a fresh ring starts empty)
// Epilogue, per consumer warpgroup and tile: the accumulator goes out in
// eight 64x32 column blocks through two 128-byte-swizzled 8 KiB shared
// buffers; each block is written by the warpgroup, fenced into the async
// proxy and stored by one thread with a TMA store, overlapping the next
// block (bulk wait_group.read 1 frees a buffer before it is rewritten).
// Shared memory: 192 KiB ring + 32 KiB epilogue + 64 B barriers, dynamic.
// bf16 output: with C bf16, !Cs_t 4x64x32xbf16 with the 64-byte swizzle
// (per_element = 3, swizzle_len = 2) and tile.cast instead of the epilogue's
// tile.copy, the blocks are rounded to bf16 in registers (benchmarks/gpu/
// run.sh derives that form as gemm_wgmma_ws_bf16).
//
//   uop-opt --tirx-to-nvvm="chip=sm_90a" examples/tirx/gemm_wgmma_ws.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_90a
!As_t = !tirx.buffer<4x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,128,64):(8192,64,1)]>>>
!Bs_t = !tirx.buffer<4x256x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,256,64):(16384,64,1)]>>>
!Cs_t = !tirx.buffer<4x64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,64,32):(2048,32,1)]>>>
!acc_t = !tirx.buffer<64x256xf32, local, #tirx.tile<S[(4,2,8,32,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
!bar_t = !tirx.buffer<4xi64, shared>
!pipe_t = !tirx.pipeline<stages = 4, producers = 2, consumers = 256>
!A_t = !tirx.buffer<4096x4096xbf16, global>
!C_t = !tirx.buffer<4096x4096xf32, global>
tirx.prim_func @gemm(%A: !A_t, %B: !A_t, %C: !C_t)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    %tx = tirx.scope_id_def cta -> thread [384]
    %As = tirx.alloc_buffer : !As_t
    %Bs = tirx.alloc_buffer : !Bs_t
    %Cs = tirx.alloc_buffer : !Cs_t
    %full = tirx.alloc_buffer : !bar_t
    %empty = tirx.alloc_buffer : !bar_t
    %acc = tirx.alloc_buffer : !acc_t
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %wg_threads = arith.constant 128 : i32
    // Tiles: nm x nn of 128x256 (the tile schedules' grid), nk K steps of
    // 64.
    %nm = arith.divui %c4096, %c128 : index
    %nn = arith.divui %c4096, %c256 : index
    %nk = arith.divui %c4096, %c64 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %pipe = tirx.pipeline.init %full, %empty : !bar_t, !bar_t -> !pipe_t
    tirx.warp_specialize
    role(%pw) warpgroups 1 maxnreg 40 {
      scf.if %leader {
        // The CTA's tiles; the pipeline counts K steps over all of them.
        tirx.tile_schedule %cta tiles [%nm, %nn] group 8 (%mt, %nt, %local) {
          %m0 = arith.muli %mt, %c128 : index
          %n0 = arith.muli %nt, %c256 : index
          %base = arith.muli %local, %nk : index
          scf.for %kt = %c0 to %nk step %c1 {
            %i = arith.addi %base, %kt : index
            %s = tirx.pipeline.producer_acquire %pipe[%i] : !pipe_t
            %k = arith.muli %kt, %c64 : index
            %bar = tirx.region %full[%s : 1] : !bar_t
            %gA = tirx.region %A[%m0 : 128, %k : 64] : !A_t
            %gB = tirx.region %B[%n0 : 256, %k : 64] : !A_t
            %sA = tirx.region %As[%s : 1, %c0 : 128, %c0 : 64] : !As_t
            %sB = tirx.region %Bs[%s : 1, %c0 : 256, %c0 : 64] : !Bs_t
            tirx.tile.copy_async <thread> %sA, %gA barrier %bar : !tirx.region<1, !bar_t> dispatch "tma"
                : !tirx.region<1x128x64, !As_t>, !tirx.region<128x64, !A_t>
            tirx.tile.copy_async <thread> %sB, %gB barrier %bar : !tirx.region<1, !bar_t> dispatch "tma"
                : !tirx.region<1x256x64, !Bs_t>, !tirx.region<256x64, !A_t>
          }
        }
      }
    }
    role(%cw) warpgroups 2 maxnreg 232 {
      %wrow = arith.muli %cw, %c64 : index
      %wtid = arith.remui %tx, %c128 : index
      %wleader = arith.cmpi eq, %wtid, %c0 : index
      %cwi = arith.index_cast %cw : index to i32
      %one = arith.constant 1 : i32
      // Named barrier 1 + cw: the 128 threads of this consumer warpgroup.
      %wbar = arith.addi %cwi, %one : i32
      // The same schedule as the producer's: the same tiles in the same
      // order, so iteration i of the pipeline is the same K step.
      tirx.tile_schedule %cta tiles [%nm, %nn] group 8 (%mt, %nt, %local) {
        %m0 = arith.muli %mt, %c128 : index
        %n0 = arith.muli %nt, %c256 : index
        %base = arith.muli %local, %nk : index
        scf.for %kt = %c0 to %nk step %c1 {
          %i = arith.addi %base, %kt : index
          %s = tirx.pipeline.consumer_wait %pipe[%i] : !pipe_t
          %accum = arith.cmpi ne, %kt, %c0 : index
          %wA = tirx.region %As[%s : 1, %wrow : 64, %c0 : 64] : !As_t
          %wB = tirx.region %Bs[%s : 1, %c0 : 256, %c0 : 64] : !Bs_t
          tirx.tile.gemm_async <warpgroup> %acc, %wA, %wB, accum %accum transpose_B
              : !acc_t, !tirx.region<1x64x64, !As_t>, !tirx.region<1x256x64, !Bs_t>
          // The gemm waited for its wgmmas: the stage is free again.
          tirx.pipeline.consumer_release %pipe[%i] : !pipe_t
        }
        %row = arith.addi %m0, %wrow : index
        // Unrolled, so that each block of the accumulator has constant
        // indices and stays in registers.
        %cbuf = arith.muli %cw, %c2 : index
        scf.for %j = %c0 to %c8 step %c1 {
          // Buffers 2 cw and 2 cw + 1 are this warpgroup's.
          %jb = arith.remui %j, %c2 : index
          %buf = arith.addi %cbuf, %jb : index
          %col = arith.muli %j, %c32 : index
          // At most the other buffer's store may still read shared memory.
          scf.if %wleader {
            nvvm.cp.async.bulk.wait_group 1 {read}
          }
          nvvm.barrier id = %wbar number_of_threads = %wg_threads
          %blk = tirx.region %acc[%c0 : 64, %col : 32] : !acc_t
          %stage = tirx.region %Cs[%buf : 1, %c0 : 64, %c0 : 32] : !Cs_t
          tirx.tile.copy <warpgroup> %stage, %blk : !tirx.region<1x64x32, !Cs_t>, !tirx.region<64x32, !acc_t>
          // The block's generic-proxy writes become visible to the TMA
          // store, then every thread's writes are in.
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          nvvm.barrier id = %wbar number_of_threads = %wg_threads
          scf.if %wleader {
            %gcol = arith.addi %n0, %col : index
            %gC = tirx.region %C[%row : 64, %gcol : 32] : !C_t
            tirx.tile.copy_async <thread> %gC, %stage dispatch "tma"
                : !tirx.region<64x32, !C_t>, !tirx.region<1x64x32, !Cs_t>
          }
        } {tirx.unroll}
      }
      // The last stores must have read shared memory before the CTA exits.
      scf.if %wleader {
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
    }
  }
  tirx.return
}
