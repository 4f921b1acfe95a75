// C = A * B^T with M = N = K = 4096 (%c4096 and the buffer types; run.sh
// resizes them), bf16 inputs, f32 accumulation, on sm_100a
// (B200): the fast form of gemm_tcgen05.mlir, after CUTLASS's SM100 2-SM
// warp-specialized persistent kernels.
//
// CTA pairs (cta_group::2). One tcgen05.mma of M = 256 runs on the two CTAs
// of a pair (cluster ranks 2i, 2i + 1), issued by the even one: each CTA holds
// 128 rows of A, half (128 rows) of B's 256 and its 128 x 256 f32 rows of the
// 256 x 256 product in its own tensor memory.
//
// Clusters of 2 x 2 CTAs: x = 0, 1 is the CTA's place in its pair (rank
// x + 2y), y = 0, 1 the pair. The two pairs of a cluster compute the 256 x 256
// tiles (mt, 2nt) and (mt, 2nt + 1) of C: the same 256 rows of A, so A is the
// shared operand and is multicast. CTA (x, y) loads the 64 rows y*64.. of
// A's 128-row half x and multicasts them to CTAs (x, 0) and (x, 1) (mask
// 0b0101 << x), so each CTA gets its whole 128-row half from two loads; B
// (its own 128 rows) is not shared.
//
// Persistent: a free grid of clusters (`kernel -> cluster [?] preferred
// [37]`: 148 CTAs, one per SM of a B200; the kernel is correct on any
// number) whose tirx.tile_schedule walks the 256 x 512 cluster tiles in
// grouped order (8 M tiles side by side share each N tile). 256 threads per
// CTA:
//   warp 0, thread 0   producer (every CTA): for each K step of every tile,
//                      waits until the stage is free, then issues its two
//                      TMA loads (A piece multicast, B) of 64 of K
//   warp 1, thread 0   MMA issuer (even CTA of each pair): waits for the
//                      stage's bytes of both CTAs, issues 4 tcgen05.mma
//                      cta_group::2 m256n256k16 and commits the stage free
//                      to all four CTAs; after the last K step commits the
//                      accumulator to both CTAs of the pair
//   warpgroup 1        epilogue (every CTA): waits for the accumulator,
//                      tcgen05.ld 32-column blocks into a 128-byte-swizzled
//                      shared buffer and TMA-stores them, then frees the
//                      accumulator for the pair's MMA issuer
// Tensor memory holds two 128 x 256 f32 accumulators (all 512 columns): tile
// j of the CTA's sequence uses accumulator j % 2, so the epilogue of tile j
// overlaps the main loop of tile j + 1.
//
// The ring: 6 stages of 32 KiB per CTA (A 128 x 64, B 128 x 64 bf16,
// 128-byte swizzle), a cluster tirx.pipeline (every CTA initialises its
// barriers, then the cluster synchronises, since other CTAs arrive on
// them). K step i of the CTA's sequence (tile ordinal x 64 + k) is its
// iteration i: stage i % 6, and the pipeline ops derive the phases.
//   full[s]      (even CTA) producers = 4: each CTA of the pair issues 2
//                loads with cta_group 2, which arrive on the even CTA's
//                barrier with their bytes (the A piece counts twice:
//                multicast); the MMA issuer's consumer_wait
//   empty[s]     (every CTA) consumers = 2: both pairs' MMA issuers release
//                each stage by a tcgen05 commit of its MMAs, multicast to
//                all 4 CTAs (a CTA's stage is read by its pair's MMA and its
//                A piece was also written into the other pair); the
//                producer's producer_acquire, and producer_tail at the end
// The accumulators: a second cluster pipeline of 2 stages, iteration j =
// the tile ordinal:
//   tmem_full[b] (every CTA) producers = 1: the MMA issuer commits
//                accumulator b after a tile's last K step (tcgen05,
//                multicast to the pair); the epilogue's consumer_wait
//   tmem_empty[b] (even CTA) consumers = 2: each CTA's epilogue releases
//                it once, on the even CTA's barrier (rank), when it has read
//                accumulator b; the MMA issuer's producer_acquire
// Shared memory: 192 KiB ring + 32 KiB epilogue buffers + barriers, dynamic.
//
//   uop-opt --tirx-to-nvvm="chip=sm_100a" examples/tirx/gemm_tcgen05_2cta.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_100a
!As_t = !tirx.buffer<6x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(6,128,64):(8192,64,1)]>>>
!Cs_t = !tirx.buffer<2x128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,32):(4096,32,1)]>>>
!acc_t = !tirx.buffer<128x512xf32, tmem, #tirx.tile<S[(128,512):(1@TLane,1@TCol)]>>
!ring_t = !tirx.buffer<6xi64, shared>
!pair_t = !tirx.buffer<2xi64, shared>
!ring_pipe = !tirx.pipeline<stages = 6, producers = 4, consumers = 2>
!acc_pipe = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
!A_t = !tirx.buffer<4096x4096xbf16, global>
!C_t = !tirx.buffer<4096x4096xf32, global>
tirx.prim_func @gemm(%A: !A_t, %B: !A_t, %C: !C_t)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [?] preferred [37]
    %x, %y = tirx.scope_id_def cluster -> cta [2, 2]
    %tx = tirx.scope_id_def cta -> thread [256]
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %acc = tirx.alloc_buffer : !acc_t
    %As = tirx.alloc_buffer : !As_t
    %Bs = tirx.alloc_buffer : !As_t
    %Cs = tirx.alloc_buffer : !Cs_t
    %full = tirx.alloc_buffer : !ring_t
    %empty = tirx.alloc_buffer : !ring_t
    %tfull = tirx.alloc_buffer : !pair_t
    %tempty = tirx.alloc_buffer : !pair_t
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c4096 = arith.constant 4096 : index
    %wg_threads = arith.constant 128 : i32
    %all = arith.constant 15 : i16
    // Cluster tiles: nm x nn of 256 x 512, nk K steps of 64, groups of 8 M
    // tiles.
    %nm = arith.divui %c4096, %c256 : index
    %nn = arith.divui %c4096, %c512 : index
    %nk = arith.divui %c4096, %c64 : index
    %ntiles = arith.muli %nm, %nn : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %even = arith.cmpi eq, %x, %c0 : index
    // Other CTAs of the cluster arrive on these barriers: `cluster` makes
    // every CTA's initialised before any goes on.
    %ring = tirx.pipeline.init %full, %empty cluster : !ring_t, !ring_t -> !ring_pipe
    %accs = tirx.pipeline.init %tfull, %tempty cluster : !pair_t, !pair_t -> !acc_pipe
    %mma_thread = arith.cmpi eq, %tx, %c32 : index
    %issuer = arith.andi %mma_thread, %even : i1
    %epilogue = arith.cmpi eq, %wg, %c1 : index
    scf.if %leader {
      // The A piece: rows y*64 of this CTA's 128-row half, multicast to
      // CTA x of both pairs (ranks x and x + 2).
      %piece = arith.muli %y, %c64 : index
      tirx.tile_schedule %cl tiles [%nm, %nn] group 8 (%mt, %nt, %local) {
        %mpair = arith.muli %mt, %c256 : index
        %mhalf = arith.muli %x, %c128 : index
        %mcta = arith.addi %mpair, %mhalf : index
        %arow = arith.addi %mcta, %piece : index
        %npair = arith.muli %nt, %c512 : index
        %ny = arith.muli %y, %c256 : index
        %nhalf = arith.muli %x, %c128 : index
        %nyx = arith.addi %ny, %nhalf : index
        %brow = arith.addi %npair, %nyx : index
        %base = arith.muli %local, %nk : index
        scf.for %kt = %c0 to %nk step %c1 {
          %i = arith.addi %base, %kt : index
          %s = tirx.pipeline.producer_acquire %ring[%i] : !ring_pipe
          %k = arith.muli %kt, %c64 : index
          %bar = tirx.region %full[%s : 1] : !ring_t
          %gA = tirx.region %A[%arow : 64, %k : 64] : !A_t
          %sA = tirx.region %As[%s : 1, %piece : 64, %c0 : 64] : !As_t
          scf.if %even {
            tirx.tile.copy_async <thread> %sA, %gA barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2, multicast = 5}
                : !tirx.region<1x64x64, !As_t>, !tirx.region<64x64, !A_t>
          } else {
            tirx.tile.copy_async <thread> %sA, %gA barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2, multicast = 10}
                : !tirx.region<1x64x64, !As_t>, !tirx.region<64x64, !A_t>
          }
          %gB = tirx.region %B[%brow : 128, %k : 64] : !A_t
          %sB = tirx.region %Bs[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          tirx.tile.copy_async <thread> %sB, %gB barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2}
              : !tirx.region<1x128x64, !As_t>, !tirx.region<128x64, !A_t>
        }
      }
      // The producer's tail: wait until the last use of every stage has
      // been released (both pairs' commits have landed here) before this
      // CTA may finish. The cluster walked ceil((tiles - cl) / clusters)
      // tiles.
      %clusters = tirx.scope_extent %cl
      %left = arith.subi %ntiles, %cl : index
      %up = arith.addi %left, %clusters : index
      %up1 = arith.subi %up, %c1 : index
      %walked = arith.divui %up1, %clusters : index
      %total = arith.muli %walked, %nk : index
      tirx.pipeline.producer_tail %ring[%total] : !ring_pipe
    }
    scf.if %issuer {
      // The accumulators go to both CTAs of this pair: ranks 2y, 2y + 1.
      %yi = arith.index_cast %y : index to i16
      %two16 = arith.constant 2 : i16
      %three16 = arith.constant 3 : i16
      %shift = arith.muli %yi, %two16 : i16
      %pair_mask = arith.shli %three16, %shift : i16
      tirx.tile_schedule %cl tiles [%nm, %nn] group 8 (%mt, %nt, %local) {
        // Both CTAs' epilogues have read accumulator b (its previous tile).
        %b = tirx.pipeline.producer_acquire %accs[%local] : !acc_pipe
        nvvm.tcgen05.fence #nvvm.tcgen05_fence<after>
        %col = arith.muli %b, %c256 : index
        %D = tirx.region %acc[%c0 : 128, %col : 256] : !acc_t
        %base = arith.muli %local, %nk : index
        scf.for %kt = %c0 to %nk step %c1 {
          %i = arith.addi %base, %kt : index
          %s = tirx.pipeline.consumer_wait %ring[%i] : !ring_pipe
          %accum = arith.cmpi ne, %kt, %c0 : index
          %wA = tirx.region %As[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          %wB = tirx.region %Bs[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          tirx.tile.gemm_async <thread> %D, %wA, %wB, accum %accum transpose_B dispatch "tcgen05" config {cta_group = 2}
              : !tirx.region<128x256, !acc_t>, !tirx.region<1x128x64, !As_t>, !tirx.region<1x128x64, !As_t>
          // The stage is free once these MMAs have read it, in both pairs'
          // CTAs that wrote it.
          tirx.pipeline.consumer_release %ring[%i] tcgen05 multicast %all cta_group 2 : !ring_pipe
        }
        // Accumulator b is final: tell both CTAs' epilogues.
        tirx.pipeline.producer_commit %accs[%local] tcgen05 multicast %pair_mask cta_group 2 : !acc_pipe
      }
    }
    scf.if %epilogue {
      %etid = arith.remui %tx, %c128 : index
      %eleader = arith.cmpi eq, %etid, %c0 : index
      %ebar = arith.constant 1 : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %notone = arith.constant -2 : i32
      %even_rank = arith.andi %rank, %notone : i32
      tirx.tile_schedule %cl tiles [%nm, %nn] group 8 (%mt, %nt, %local) {
        %mpair = arith.muli %mt, %c256 : index
        %mhalf = arith.muli %x, %c128 : index
        %m0 = arith.addi %mpair, %mhalf : index
        %npair = arith.muli %nt, %c512 : index
        %ny = arith.muli %y, %c256 : index
        %n0 = arith.addi %npair, %ny : index
        %b = tirx.pipeline.consumer_wait %accs[%local] : !acc_pipe
        %col0 = arith.muli %b, %c256 : index
        scf.for %j = %c0 to %c8 step %c1 {
          %buf = arith.remui %j, %c2 : index
          %jcol = arith.muli %j, %c32 : index
          // At most the other buffer's store may still read shared memory.
          scf.if %eleader {
            nvvm.cp.async.bulk.wait_group 1 {read}
          }
          nvvm.barrier id = %ebar number_of_threads = %wg_threads
          %tcol = arith.addi %col0, %jcol : index
          %blk = tirx.region %acc[%c0 : 128, %tcol : 32] : !acc_t
          %stage = tirx.region %Cs[%buf : 1, %c0 : 128, %c0 : 32] : !Cs_t
          tirx.tile.copy <warpgroup> %stage, %blk : !tirx.region<1x128x32, !Cs_t>, !tirx.region<128x32, !acc_t>
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          nvvm.barrier id = %ebar number_of_threads = %wg_threads
          scf.if %eleader {
            %gcol = arith.addi %n0, %jcol : index
            %gC = tirx.region %C[%m0 : 128, %gcol : 32] : !C_t
            tirx.tile.copy_async <thread> %gC, %stage dispatch "tma"
                : !tirx.region<128x32, !C_t>, !tirx.region<1x128x32, !Cs_t>
          }
        } {tirx.unroll}
        // Every thread's tcgen05.ld of accumulator b has completed (each
        // waited): free it for the pair's MMA issuer, on the even CTA's
        // barrier.
        nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>
        nvvm.barrier id = %ebar number_of_threads = %wg_threads
        scf.if %eleader {
          tirx.pipeline.consumer_release %accs[%local] rank %even_rank : !acc_pipe
        }
      }
      // The last stores must have read shared memory before the CTA exits.
      scf.if %eleader {
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
    }
  }
  tirx.return
}
