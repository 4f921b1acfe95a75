// C = A * B^T for 4096x4096x4096, bf16 inputs, f32 accumulation, on sm_100a
// fifth-generation tensor cores, written the way the seed's GEMM is: TMA
// loads completing on mbarriers, a thread-scope gemm_async dispatched to
// tcgen05 (config cta_group 1) accumulating in tensor memory, tcgen05.commit
// to an mbarrier, and tcgen05.ld to bring the accumulator back.
//
// Each CTA (one warpgroup, 128 threads) computes a 128x32 tile of C (the
// 48 KiB of static shared memory bound the tile); the K loop steps by 64
// through a two-stage ring of 128-byte-swizzled shared tiles (A: 128x64, B
// stored N x K: 32x64). Thread 0 runs the pipeline:
// before refilling a stage it waits for the MMAs that read it (the stage's
// `empty` barrier, signalled by tcgen05.commit), then puts the next step's
// TMA boxes in flight on the stage's `full` barrier while the tensor cores
// work on the other stage. Barrier phases flip every second step. After the
// K loop thread 0 commits once more to the accumulator's own `done`
// barrier; every thread waits for its phase 0 and reads its row of the
// accumulator (the tmem copy reconverges each warp first: tcgen05.ld is
// .sync.aligned).
//
//   uop-opt --tirx-to-nvvm="chip=sm_100a" examples/tirx/gemm_tcgen05.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_100a
tirx.prim_func @gemm(%A: !tirx.buffer<4096x4096xbf16, global>,
                     %B: !tirx.buffer<4096x4096xbf16, global>,
                     %C: !tirx.buffer<4096x4096xf32, global>)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [32, 128]
    %tx = tirx.scope_id_def cta -> thread [128]
    %As = tirx.alloc_buffer : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
    %Bs = tirx.alloc_buffer : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
    %D = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %full0 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %full1 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %empty0 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %empty1 = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %done = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %ticks = arith.constant 1000000 : i32
    %m0 = arith.muli %by, %c128 : index
    %n0 = arith.muli %bx, %c32 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %af0 = tirx.address_of %full0[%c0] : !tirx.buffer<1xi64, shared>
    %af1 = tirx.address_of %full1[%c0] : !tirx.buffer<1xi64, shared>
    %ae0 = tirx.address_of %empty0[%c0] : !tirx.buffer<1xi64, shared>
    %ae1 = tirx.address_of %empty1[%c0] : !tirx.buffer<1xi64, shared>
    %ad = tirx.address_of %done[%c0] : !tirx.buffer<1xi64, shared>
    %pf0 = llvm.inttoptr %af0 : i64 to !llvm.ptr<3>
    %pf1 = llvm.inttoptr %af1 : i64 to !llvm.ptr<3>
    %pe0 = llvm.inttoptr %ae0 : i64 to !llvm.ptr<3>
    %pe1 = llvm.inttoptr %ae1 : i64 to !llvm.ptr<3>
    %pd = llvm.inttoptr %ad : i64 to !llvm.ptr<3>
    scf.if %leader {
      // Two TMA boxes arrive on a full barrier; one commit on an empty one.
      nvvm.mbarrier.init %pf0, %two : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %pf1, %two : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %pe0, %one : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %pe1, %one : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %pd, %one : !llvm.ptr<3>, i32
      // Make the initialised barriers visible to the async proxy (TMA
      // completes on them) before anyone uses them.
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    %Dr = tirx.region %D[%c0 : 128, %c0 : 32] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    scf.if %leader {
      // Prologue: step 0 into stage 0.
      %pgA = tirx.region %A[%m0 : 128, %c0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %pgB = tirx.region %B[%n0 : 32, %c0 : 64] : !tirx.buffer<4096x4096xbf16, global>
      %psA = tirx.region %As[%c0 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
      %psB = tirx.region %Bs[%c0 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
      tirx.tile.copy_async <thread> %psA, %pgA barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
      tirx.tile.copy_async <thread> %psB, %pgB barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>

      scf.for %k0 = %c0 to %c4096 step %c64 {
        %kt = arith.divui %k0, %c64 : index
        %stage = arith.remui %kt, %c2 : index
        %in0 = arith.cmpi eq, %stage, %c0 : index
        %use = arith.divui %kt, %c2 : index
        %parity = arith.remui %use, %c2 : index
        %phase = arith.index_cast %parity : index to i32
        %kn = arith.addi %k0, %c64 : index
        %more = arith.cmpi ult, %kn, %c4096 : index
        scf.if %more {
          // The other stage was last read by step k - 1's MMAs.
          %started = arith.cmpi ugt, %k0, %c0 : index
          scf.if %started {
            %prev = arith.subi %kt, %c1 : index
            %puse = arith.divui %prev, %c2 : index
            %ppar = arith.remui %puse, %c2 : index
            %pphase = arith.index_cast %ppar : index to i32
            %ea = arith.select %in0, %ae1, %ae0 : i64
            %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
            nvvm.mbarrier.try_wait.parity %ep, %pphase, %ticks : !llvm.ptr<3>, i32, i32
          }
          scf.if %in0 {
            %xgA = tirx.region %A[%m0 : 128, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
            %xgB = tirx.region %B[%n0 : 32, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
            %xsA = tirx.region %As[%c1 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
            %xsB = tirx.region %Bs[%c1 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
            tirx.tile.copy_async <thread> %xsA, %xgA barrier %full1 : !tirx.buffer<1xi64, shared> dispatch "tma"
                : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
            tirx.tile.copy_async <thread> %xsB, %xgB barrier %full1 : !tirx.buffer<1xi64, shared> dispatch "tma"
                : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>
          } else {
            %ygA = tirx.region %A[%m0 : 128, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
            %ygB = tirx.region %B[%n0 : 32, %kn : 64] : !tirx.buffer<4096x4096xbf16, global>
            %ysA = tirx.region %As[%c0 : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
            %ysB = tirx.region %Bs[%c0 : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
            tirx.tile.copy_async <thread> %ysA, %ygA barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
                : !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<4096x4096xbf16, global>>
            tirx.tile.copy_async <thread> %ysB, %ygB barrier %full0 : !tirx.buffer<1xi64, shared> dispatch "tma"
                : !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>, !tirx.region<32x64, !tirx.buffer<4096x4096xbf16, global>>
          }
        }
        %fa = arith.select %in0, %af0, %af1 : i64
        %fp = llvm.inttoptr %fa : i64 to !llvm.ptr<3>
        nvvm.mbarrier.try_wait.parity %fp, %phase, %ticks : !llvm.ptr<3>, i32, i32
        %accum = arith.cmpi ne, %k0, %c0 : index
        %wA = tirx.region %As[%stage : 1, %c0 : 128, %c0 : 64] : !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>
        %wB = tirx.region %Bs[%stage : 1, %c0 : 32, %c0 : 64] : !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>
        tirx.tile.gemm_async <thread> %Dr, %wA, %wB, accum %accum transpose_B dispatch "tcgen05" config {cta_group = 1}
            : !tirx.region<128x32, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>>,
              !tirx.region<1x128x64, !tirx.buffer<2x128x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,128,64):(8192,64,1)]>>>>,
              !tirx.region<1x32x64, !tirx.buffer<2x32x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(2,32,64):(2048,64,1)]>>>>
        %ea = arith.select %in0, %ae0, %ae1 : i64
        %ep = llvm.inttoptr %ea : i64 to !llvm.ptr<3>
        nvvm.tcgen05.commit %ep : !llvm.ptr<3>
      }
      // The accumulator's own barrier: one commit after the last MMA (it
      // tracks every tcgen05.mma this thread issued), so its phase 0
      // completes exactly when D is final.
      nvvm.tcgen05.commit %pd : !llvm.ptr<3>
    }
    // Everyone waits for phase 0 of `done`. (A stage barrier cannot serve:
    // a thread that has not seen its earlier phases would take parity 1 on
    // the fresh barrier as already complete.)
    %phase0 = arith.constant 0 : i32
    nvvm.mbarrier.try_wait.parity %pd, %phase0, %ticks : !llvm.ptr<3>, i32, i32
    %gC = tirx.region %C[%m0 : 128, %n0 : 32] : !tirx.buffer<4096x4096xf32, global>
    tirx.tile.copy <warpgroup> %gC, %Dr : !tirx.region<128x32, !tirx.buffer<4096x4096xf32, global>>, !tirx.region<128x32, !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>>
  }
  tirx.return
}
