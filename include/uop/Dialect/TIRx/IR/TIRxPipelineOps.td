//===- TIRxPipelineOps.td - mbarrier pipelines, warp roles --*- tablegen -*-===//
//
// The async structures of warp-specialized kernels as first-class tirx: a
// ring of full/empty mbarriers whose stage and phase parity the ops derive
// from an iteration counter (CUTLASS's PipelineTmaAsync), and the split of a
// CTA's warpgroups into roles with setmaxnreg register reallocation.
// Included from TIRxOps.td; lowered by lib/Conversion/TIRxToGPU/PipelineToGPU.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXPIPELINEOPS_TD
#define UOP_DIALECT_TIRX_IR_TIRXPIPELINEOPS_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"
include "uop/Dialect/TIRx/IR/TIRxTypes.td"

def TIRxPipe_Buffer : Type<CPred<"::llvm::isa<::uop::tirx::BufferType>($_self)">,
                           "!tirx.buffer", "::uop::tirx::BufferType">;

def TIRx_PipelineType : TIRx_Type<"Pipeline", "pipeline"> {
  let summary = "a ring of full/empty mbarrier pairs, one pair per stage";
  let description = [{
    `!tirx.pipeline<stages = 4, producers = 2, consumers = 256>`: `stages`
    buffers of a shared-memory ring, each guarded by a `full` mbarrier that
    `producers` arrivals complete (a TMA load arrives once, with its bytes;
    `tirx.pipeline.producer_commit` once per executing thread) and an `empty`
    mbarrier that `consumers` arrivals complete (`consumer_release`, once per
    executing thread).
  }];
  let parameters = (ins "int64_t":$stages, "int64_t":$producers,
                        "int64_t":$consumers);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

class TIRx_PipelineStepOp<string mnemonic, string sum, list<Trait> traits = []>
    : Op<TIRx_Dialect, "pipeline." # mnemonic, traits> {
  let summary = sum;
  let arguments = (ins TIRx_PipelineType:$pipe, Index:$iteration);
  let hasVerifier = 1;
}

class TIRx_PipelineArriveOp<string mnemonic, string sum>
    : Op<TIRx_Dialect, "pipeline." # mnemonic, [AttrSizedOperandSegments]> {
  let summary = sum;
  let arguments = (ins TIRx_PipelineType:$pipe, Index:$iteration,
                       Optional<I32>:$rank, UnitAttr:$tcgen05,
                       Optional<I16>:$multicast, OptionalAttr<I64Attr>:$cta_group);
  let assemblyFormat = "$pipe `[` $iteration `]` (`rank` $rank^)? "
                       "(`tcgen05` $tcgen05^)? (`multicast` $multicast^)? "
                       "(`cta_group` $cta_group^)? attr-dict `:` qualified(type($pipe))";
  let hasVerifier = 1;
}

def TIRx_PipelineInitOp : Op<TIRx_Dialect, "pipeline.init"> {
  let summary = "declares a pipeline over two rings of shared mbarriers and initialises them";
  let description = [{
    `full` and `empty` are plain shared `i64` buffers of `stages` elements
    (one mbarrier per stage). Thread 0 of the CTA initialises full[s] with
    the `producers` count and empty[s] with the `consumers` count, fences the
    initialisation into the async proxy (TMA completes on full[s]), and the
    CTA synchronises: the op sits directly in the `tirx.device_entry` body,
    where every thread reaches it.

    ```mlir
    %full = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    %pipe = tirx.pipeline.init %full, %empty
        : !tirx.buffer<4xi64, shared>, !tirx.buffer<4xi64, shared>
        -> !tirx.pipeline<stages = 4, producers = 2, consumers = 256>
    ```

    `cluster`: other CTAs of the thread-block cluster arrive on these
    barriers (a remote `consumer_release ... rank`, a multicast tcgen05
    commit, a TMA load of a CTA pair), so the whole cluster synchronises
    after the initialisation (barrier.cluster arrive + wait) instead of the
    CTA, and no CTA signals a barrier its owner has not initialised.

    Iteration i (counted over the whole sequence of stage uses) uses stage
    i % stages for the (i / stages)th time; the step ops below wait for the
    phases that implies, so no user computes a parity. A TMA load of stage s
    names `%full[%s : 1]` as its barrier.
  }];
  let arguments = (ins TIRxPipe_Buffer:$full, TIRxPipe_Buffer:$empty,
                       UnitAttr:$cluster);
  let results = (outs TIRx_PipelineType:$pipe);
  let assemblyFormat = "$full `,` $empty (`cluster` $cluster^)? attr-dict `:` "
                       "qualified(type($full)) `,` qualified(type($empty)) `->` "
                       "qualified(type($pipe))";
  let hasVerifier = 1;
}

def TIRx_PipelineProducerAcquireOp : TIRx_PipelineStepOp<"producer_acquire",
    "the producer waits until iteration i's stage is empty; returns the stage"> {
  let description = [{
    `%s = tirx.pipeline.producer_acquire %pipe[%i] : !tirx.pipeline<...>`:
    waits on empty[i % stages] for phase i / stages - 1, parity
    (i / stages + 1) % 2, which a fresh barrier satisfies at once (the first
    round of stages starts empty). `%s` = i % stages.
  }];
  let results = (outs Index:$stage);
  let assemblyFormat = "$pipe `[` $iteration `]` attr-dict `:` qualified(type($pipe))";
}

def TIRx_PipelineProducerCommitOp : TIRx_PipelineArriveOp<"producer_commit",
    "each executing thread arrives on iteration i's full barrier"> {
  let description = [{
    One `mbarrier.arrive` on full[i % stages] per executing thread, for
    producers that fill the stage with ordinary stores (the arrive releases
    them to the waiting consumers; cp.async copies must be waited for
    first). A TMA load into the stage arrives itself (with its byte count):
    count it in `producers` and do not commit for it.

    The arrival forms of both arrive ops:
    - `rank %r` (an i32 cluster rank): the arrival is on CTA `%r`'s barrier
      of the stage (`mapa` + a cluster-scope `mbarrier.arrive`), e.g. the
      odd CTA of a pair freeing the even CTA's accumulator stage;
    - `tcgen05` (sm_100a): the arrival is a `tcgen05.commit`, made when the
      executing thread's earlier tcgen05 MMAs (and copies) complete, so the
      stage is released by the tensor core rather than by the thread;
      `multicast %mask` (i16 of cluster ranks) arrives on that barrier in
      every CTA of the mask, `cta_group 2` commits a CTA pair's MMAs.

    ```mlir
    tirx.pipeline.producer_commit %acc[%j] tcgen05 multicast %pair cta_group 2 : !acc_pipe_t
    ```
  }];
}

def TIRx_PipelineConsumerWaitOp : TIRx_PipelineStepOp<"consumer_wait",
    "the consumer waits until iteration i's stage is full; returns the stage"> {
  let description = [{
    `%s = tirx.pipeline.consumer_wait %pipe[%i] : !tirx.pipeline<...>`: waits
    on full[i % stages] for phase i / stages, parity (i / stages) % 2.
    `%s` = i % stages.
  }];
  let results = (outs Index:$stage);
  let assemblyFormat = "$pipe `[` $iteration `]` attr-dict `:` qualified(type($pipe))";
}

def TIRx_PipelineConsumerReleaseOp : TIRx_PipelineArriveOp<"consumer_release",
    "each executing thread arrives on iteration i's empty barrier"> {
  let description = [{
    One `mbarrier.arrive` on empty[i % stages] per executing thread, once it
    is done reading the stage: `consumers` such arrivals free it. The
    `rank` and `tcgen05` forms are those of `producer_commit`: a tensor-core
    consumer frees the stage when its MMAs have read it,

    ```mlir
    tirx.pipeline.consumer_release %ring[%i] tcgen05 multicast %all cta_group 2 : !ring_t
    ```
  }];
}

def TIRx_PipelineProducerTailOp : TIRx_PipelineStepOp<"producer_tail",
    "the producer waits until the last use of every stage is released"> {
  let description = [{
    `tirx.pipeline.producer_tail %pipe[%n]`, with `%n` the producer's
    iteration count: waits on empty for iterations n .. n + stages - 1 as
    `producer_acquire` would, that is until every stage's last use is
    released. A CTA whose stages other CTAs release (multicast commits) must
    not exit before they have arrived (CUTLASS's producer_tail).
  }];
  let assemblyFormat = "$pipe `[` $iteration `]` attr-dict `:` qualified(type($pipe))";
}

def TIRx_WarpSpecializeOp : Op<TIRx_Dialect, "warp_specialize",
    [SingleBlock, NoTerminator]> {
  let summary = "splits the CTA's warpgroups into roles with their own register budgets";
  let description = [{
    Role k runs on the next `warpgroups[k]` warpgroups of the CTA (role 0 on
    warpgroups 0 .. warpgroups[0] - 1, and so on; together they are all of
    the CTA's), which first set their registers per thread to `maxnreg[k]`
    (`setmaxnreg`: decrease below the even split of the 64K registers over
    the CTA's threads, increase above it). The role's block argument is the
    warpgroup's index within the role.

    ```mlir
    tirx.warp_specialize
      role(%p) warpgroups 1 maxnreg 40 {
        ...   // the producer warpgroup
      }
      role(%c) warpgroups 2 maxnreg 232 {
        ...   // %c = 0, 1: the consumer warpgroups
      }
    ```

    Verified: one count and one budget per role, a budget a multiple of 8 in
    [24, 256], the roles cover the CTA's threads exactly (a known multiple of
    128) and the budgets fit the SM's 65536 registers; the op sits directly in
    the `tirx.device_entry` body, where every warpgroup reaches it.
    tirx-dispatch-tile-primitives checks that the chip has setmaxnreg
    (sm_90a and newer architecture-specific chips).
  }];
  let arguments = (ins DenseI64ArrayAttr:$warpgroups, DenseI64ArrayAttr:$maxnreg);
  let regions = (region VariadicRegion<SizedRegion<1>>:$roles);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The first warpgroup of role `k`.
    int64_t getRoleStart(unsigned k);
  }];
}

def TIRx_TileScheduleOp : TIRx_Op<"tile_schedule", [SingleBlock, NoTerminator,
    RecursiveMemoryEffects]> {
  let summary = "the output tiles of a persistent kernel's worker, in grouped (L2-friendly) order";
  let description = [{
    A persistent kernel's tile scheduler: worker `%w` (the CTA or cluster id
    of a one-dimensional grid) of `W` (the grid's size, `tirx.scope_extent
    %w`: a constant, or read at run time when the grid is free) runs the
    body for the linear tiles `t = w, w + W, w + 2W, ...` of an `M x N` tile
    grid. Linear tile `t` is the output tile `(m, n)` in grouped order:
    groups of `group` M tiles (the last group has what is left), and within
    a group M fastest, so that the tiles the workers compute at one time
    share a few A row blocks and B column blocks, which stay in L2 (Triton's
    GROUP_SIZE_M, CUTLASS's raster swizzle). `group 1` is N-fastest row
    order. The body's arguments are the M tile, the N tile, and the
    worker's iteration (0 for its first tile), which counts a pipeline's
    iterations across tiles. Tile counts are constants or index values.

    ```mlir
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    tirx.tile_schedule %cta tiles [32, 16] group 8 (%m, %n, %it) {
      ...
    }
    ```

    `tirx-lower-tile-schedules` makes it an scf.for over `t` and the index
    arithmetic (`uop::tirx::lowerTileSchedule`).
  }];
  let arguments = (ins Index:$worker, Variadic<Index>:$dynamic_tiles,
                       DenseI64ArrayAttr:$static_tiles, I64Attr:$group);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The scope_id_def of the worker id (the verifier makes sure).
    ScopeIdDefOp getWorkerDef();
    /// The M and N tile counts, constants or values.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedTiles();
  }];
}

#endif // UOP_DIALECT_TIRX_IR_TIRXPIPELINEOPS_TD
