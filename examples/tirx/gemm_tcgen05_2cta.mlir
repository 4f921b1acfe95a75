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
// Persistent: 37 clusters (148 CTAs, one per SM of a B200) walk the
// 256 x 512 cluster tiles in grouped order (8 M tiles side by side share each
// N tile). 256 threads per CTA:
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
// 128-byte swizzle). K step i of the CTA's sequence (tile ordinal x 64 + k)
// uses stage s = i % 6 for the r = i / 6-th time. Barriers (mbarriers in
// shared memory; every CTA initialises all, the pair's even CTA's are the
// ones the pair's MMA and loads use where noted):
//   full[s]      (even CTA) count 4: each CTA of the pair issues 2 loads
//                with cta_group 2, which arrive on the even CTA's barrier
//                with their bytes (the A piece counts twice: multicast);
//                the MMA issuer waits for parity r % 2
//   empty[s]     (every CTA) count 2: both pairs' MMA issuers commit each
//                stage's MMAs to it, multicast to all 4 CTAs (a CTA's stage
//                is read by its pair's MMA and its A piece was also written
//                into the other pair); the producer waits for parity
//                (r + 1) % 2 (a fresh barrier passes at once)
//   tmem_full[b] (every CTA) count 1: the MMA issuer commits accumulator b
//                after a tile's last K step, multicast to the pair; the
//                epilogue waits for parity (j / 2) % 2
//   tmem_empty[b] (even CTA) count 2: each CTA's epilogue arrives once,
//                remotely for the odd CTA, when it has read accumulator b;
//                the MMA issuer waits for parity (j / 2 + 1) % 2
// Shared memory: 192 KiB ring + 32 KiB epilogue buffers + barriers, dynamic.
//
//   uop-opt --tirx-to-nvvm="chip=sm_100a" examples/tirx/gemm_tcgen05_2cta.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_100a
!As_t = !tirx.buffer<6x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(6,128,64):(8192,64,1)]>>>
!Cs_t = !tirx.buffer<2x128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,32):(4096,32,1)]>>>
!acc_t = !tirx.buffer<128x512xf32, tmem, #tirx.tile<S[(128,512):(1@TLane,1@TCol)]>>
!ring_t = !tirx.buffer<6xi64, shared>
!pair_t = !tirx.buffer<2xi64, shared>
!A_t = !tirx.buffer<4096x4096xbf16, global>
!C_t = !tirx.buffer<4096x4096xf32, global>
tirx.prim_func @gemm(%A: !A_t, %B: !A_t, %C: !C_t)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.device_entry {
    %cl = tirx.scope_id_def kernel -> cluster [37]
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
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c37 = arith.constant 37 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c4096 = arith.constant 4096 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %ticks = arith.constant 1000000 : i32
    %wg_threads = arith.constant 128 : i32
    %all = arith.constant 15 : i16
    // Cluster tiles: nm x nn of 256 x 512, nk K steps of 64, groups of 8 M
    // tiles.
    %nm = arith.divui %c4096, %c256 : index
    %nn = arith.divui %c4096, %c512 : index
    %nk = arith.divui %c4096, %c64 : index
    %ntiles = arith.muli %nm, %nn : index
    %group_tiles = arith.muli %nn, %c8 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %even = arith.cmpi eq, %x, %c0 : index
    scf.if %leader {
      scf.for %s = %c0 to %c6 step %c1 {
        %fa = tirx.address_of %full[%s] : !ring_t
        %ea = tirx.address_of %empty[%s] : !ring_t
        %fp = llvm.inttoptr %fa : i64 to !llvm.ptr<3>
        %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
        nvvm.mbarrier.init %fp, %four : !llvm.ptr<3>, i32
        nvvm.mbarrier.init %ep, %two : !llvm.ptr<3>, i32
      }
      scf.for %b = %c0 to %c2 step %c1 {
        %fa = tirx.address_of %tfull[%b] : !pair_t
        %ea = tirx.address_of %tempty[%b] : !pair_t
        %fp = llvm.inttoptr %fa : i64 to !llvm.ptr<3>
        %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
        nvvm.mbarrier.init %fp, %one : !llvm.ptr<3>, i32
        nvvm.mbarrier.init %ep, %two : !llvm.ptr<3>, i32
      }
      // TMA and the other CTAs complete on these barriers: the async proxy
      // and the cluster must see them initialised.
      nvvm.fence.mbarrier.init
    }
    // Other CTAs of the cluster signal our barriers: all are initialised
    // before any CTA starts.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %mma_thread = arith.cmpi eq, %tx, %c32 : index
    %issuer = arith.andi %mma_thread, %even : i1
    %epilogue = arith.cmpi eq, %wg, %c1 : index
    scf.if %leader {
      // The A piece: rows y*64 of this CTA's 128-row half, multicast to
      // CTA x of both pairs (ranks x and x + 2).
      %piece = arith.muli %y, %c64 : index
      %nlocal = scf.for %t = %cl to %ntiles step %c37 iter_args(%local = %c0) -> (index) {
        %group = arith.divui %t, %group_tiles : index
        %first_m = arith.muli %group, %c8 : index
        %left = arith.subi %nm, %first_m : index
        %rows = arith.minui %left, %c8 : index
        %within = arith.remui %t, %group_tiles : index
        %mr = arith.remui %within, %rows : index
        %mt = arith.addi %first_m, %mr : index
        %nt = arith.divui %within, %rows : index
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
          %s = arith.remui %i, %c6 : index
          %r = arith.divui %i, %c6 : index
          %r1 = arith.addi %r, %c1 : index
          %rp = arith.remui %r1, %c2 : index
          %parity = arith.index_cast %rp : index to i32
          %ea = tirx.address_of %empty[%s] : !ring_t
          %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
          nvvm.mbarrier.try_wait.parity %ep, %parity, %ticks : !llvm.ptr<3>, i32, i32
          %k = arith.muli %kt, %c64 : index
          %bar = tirx.region %full[%s : 1] : !ring_t
          %gA = tirx.region %A[%arow : 64, %k : 64] : !A_t
          %sA = tirx.region %As[%s : 1, %piece : 64, %c0 : 64] : !As_t
          scf.if %even {
            tirx.tile.copy_async <thread> %sA, %gA barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2 : i64, multicast = 5 : i64}
                : !tirx.region<1x64x64, !As_t>, !tirx.region<64x64, !A_t>
          } else {
            tirx.tile.copy_async <thread> %sA, %gA barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2 : i64, multicast = 10 : i64}
                : !tirx.region<1x64x64, !As_t>, !tirx.region<64x64, !A_t>
          }
          %gB = tirx.region %B[%brow : 128, %k : 64] : !A_t
          %sB = tirx.region %Bs[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          tirx.tile.copy_async <thread> %sB, %gB barrier %bar : !tirx.region<1, !ring_t> dispatch "tma" config {cta_group = 2 : i64}
              : !tirx.region<1x128x64, !As_t>, !tirx.region<128x64, !A_t>
        }
        %next = arith.addi %local, %c1 : index
        scf.yield %next : index
      }
      // The producer's tail: wait until the last use of every stage has
      // been committed free (both pairs' commits have landed here) before
      // this CTA may finish. %nlocal is the number of tiles it walked.
      %total = arith.muli %nlocal, %nk : index
      %tail = arith.addi %total, %c6 : index
      scf.for %i = %total to %tail step %c1 {
        %s = arith.remui %i, %c6 : index
        %r = arith.divui %i, %c6 : index
        %r1 = arith.addi %r, %c1 : index
        %rp = arith.remui %r1, %c2 : index
        %parity = arith.index_cast %rp : index to i32
        %ea = tirx.address_of %empty[%s] : !ring_t
        %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
        nvvm.mbarrier.try_wait.parity %ep, %parity, %ticks : !llvm.ptr<3>, i32, i32
      }
    }
    scf.if %issuer {
      // The accumulators go to both CTAs of this pair: ranks 2y, 2y + 1.
      %yi = arith.index_cast %y : index to i16
      %two16 = arith.constant 2 : i16
      %three16 = arith.constant 3 : i16
      %shift = arith.muli %yi, %two16 : i16
      %pair_mask = arith.shli %three16, %shift : i16
      scf.for %t = %cl to %ntiles step %c37 iter_args(%local = %c0) -> (index) {
        %b = arith.remui %local, %c2 : index
        %u = arith.divui %local, %c2 : index
        %u1 = arith.addi %u, %c1 : index
        %up = arith.remui %u1, %c2 : index
        %uparity = arith.index_cast %up : index to i32
        // Both CTAs' epilogues have read accumulator b (its previous tile).
        %tea = tirx.address_of %tempty[%b] : !pair_t
        %tep = llvm.inttoptr %tea : i64 to !llvm.ptr<3>
        nvvm.mbarrier.try_wait.parity %tep, %uparity, %ticks : !llvm.ptr<3>, i32, i32
        nvvm.tcgen05.fence #nvvm.tcgen05_fence<after>
        %col = arith.muli %b, %c256 : index
        %D = tirx.region %acc[%c0 : 128, %col : 256] : !acc_t
        %base = arith.muli %local, %nk : index
        scf.for %kt = %c0 to %nk step %c1 {
          %i = arith.addi %base, %kt : index
          %s = arith.remui %i, %c6 : index
          %r = arith.divui %i, %c6 : index
          %rp = arith.remui %r, %c2 : index
          %parity = arith.index_cast %rp : index to i32
          %fa = tirx.address_of %full[%s] : !ring_t
          %fp = llvm.inttoptr %fa : i64 to !llvm.ptr<3>
          nvvm.mbarrier.try_wait.parity %fp, %parity, %ticks : !llvm.ptr<3>, i32, i32
          %accum = arith.cmpi ne, %kt, %c0 : index
          %wA = tirx.region %As[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          %wB = tirx.region %Bs[%s : 1, %c0 : 128, %c0 : 64] : !As_t
          tirx.tile.gemm_async <thread> %D, %wA, %wB, accum %accum transpose_B dispatch "tcgen05" config {cta_group = 2 : i64}
              : !tirx.region<128x256, !acc_t>, !tirx.region<1x128x64, !As_t>, !tirx.region<1x128x64, !As_t>
          // The stage is free once these MMAs have read it, in both pairs'
          // CTAs that wrote it.
          %ea = tirx.address_of %empty[%s] : !ring_t
          %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
          nvvm.tcgen05.commit %ep, multicast_mask = %all {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
        }
        // Accumulator b is final: tell both CTAs' epilogues.
        %tfa = tirx.address_of %tfull[%b] : !pair_t
        %tfp = llvm.inttoptr %tfa : i64 to !llvm.ptr<3>
        nvvm.tcgen05.commit %tfp, multicast_mask = %pair_mask {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
        %next = arith.addi %local, %c1 : index
        scf.yield %next : index
      }
    }
    scf.if %epilogue {
      %etid = arith.remui %tx, %c128 : index
      %eleader = arith.cmpi eq, %etid, %c0 : index
      %ebar = arith.constant 1 : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %notone = arith.constant -2 : i32
      %even_rank = arith.andi %rank, %notone : i32
      scf.for %t = %cl to %ntiles step %c37 iter_args(%local = %c0) -> (index) {
        %group = arith.divui %t, %group_tiles : index
        %first_m = arith.muli %group, %c8 : index
        %left = arith.subi %nm, %first_m : index
        %rows = arith.minui %left, %c8 : index
        %within = arith.remui %t, %group_tiles : index
        %mr = arith.remui %within, %rows : index
        %mt = arith.addi %first_m, %mr : index
        %nt = arith.divui %within, %rows : index
        %mpair = arith.muli %mt, %c256 : index
        %mhalf = arith.muli %x, %c128 : index
        %m0 = arith.addi %mpair, %mhalf : index
        %npair = arith.muli %nt, %c512 : index
        %ny = arith.muli %y, %c256 : index
        %n0 = arith.addi %npair, %ny : index
        %b = arith.remui %local, %c2 : index
        %u = arith.divui %local, %c2 : index
        %up = arith.remui %u, %c2 : index
        %uparity = arith.index_cast %up : index to i32
        %tfa = tirx.address_of %tfull[%b] : !pair_t
        %tfp = llvm.inttoptr %tfa : i64 to !llvm.ptr<3>
        nvvm.mbarrier.try_wait.parity %tfp, %uparity, %ticks : !llvm.ptr<3>, i32, i32
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
          %tea = tirx.address_of %tempty[%b] : !pair_t
          %tep = llvm.inttoptr %tea : i64 to !llvm.ptr<3>
          %remote = nvvm.mapa %tep, %even_rank : !llvm.ptr<3> -> !llvm.ptr<7>
          nvvm.mbarrier.arrive %remote {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
        }
        %next = arith.addi %local, %c1 : index
        scf.yield %next : index
      }
      // The last stores must have read shared memory before the CTA exits.
      scf.if %eleader {
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
    }
  }
  tirx.return
}
