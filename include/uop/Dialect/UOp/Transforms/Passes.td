//===- Passes.td - uop transformation passes ---------------*- tablegen -*-===//
//
// The uop pipeline in order: normalize, rangeify, split-kernels, simplify, optimize,
// expand, devectorize, gpudims (cuda) or stream-stores (cpu), linearize.
// Each pass also runs alone.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_TRANSFORMS_PASSES_TD
#define UOP_DIALECT_UOP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def UOpNormalize : Pass<"uop-normalize", "::mlir::ModuleOp"> {
  let summary = "The bestiary's forms that say what a simpler form says, rewritten into it";
  let description = [{
    The first pass of uop-to-program and uop-to-nvvm, so that every later
    pass and both targets see one form: a STORE closing ranges becomes
    END(STORE, ranges); BIND(var, value) becomes `value`, and so does every
    read of the DEFINE_VAR it binds; PRECAST becomes its source (same type)
    or the arith cast it is (tinygrad's CAST rules); GET_TUPLE of a CALL inlines the called FUNCTION and
    takes the TUPLE element (helpers only reached that way are dropped);
    CUSTOM_FUNCTION graph becomes a GROUP of its CALLs. CUSTOM_FUNCTION
    enc_dec (a hardware video encoder/decoder) is a located error.
    A walker, because its steps are module-wide: inlining a FUNCTION into
    every GET_TUPLE of a CALL of it (and dropping helpers left unreached),
    and replacing every read of the DEFINE_VAR a BIND binds.
  }];
  let dependentDialects = ["::uop::UOpDialect", "::mlir::arith::ArithDialect"];
}

def UOpGradient : Pass<"uop-gradient", "::mlir::ModuleOp"> {
  let summary = "Reverse-mode autograd: the vector-Jacobian product of a tensor-level function";
  let description = [{
    For each func.func @f carrying `uop.grad_wrt = array<i64: i, ...>` (the
    differentiated argument indices; the dialect's verifier checks them: a
    function with one block, one float tensor result, each index a float
    tensor argument) adds `@f_vjp(f's inputs..., dy) -> (df/darg_i...)`:
    f's forward graph, then one adjoint rule per op in reverse order, in the
    style of tinygrad's gradient.py:
    - arith add/sub/mul/div/neg, remf (fmod), max/min (ties split the
      cotangent), select (none to the condition), extf/truncf;
    - math exp/exp2/log/log2/sqrt/rsqrt/sin/cos/tanh/erf/absf and powf
      (torch's values at base 0); floor/ceil/trunc/round pass none;
    - CONTIGUOUS, COPY (back to the source's device) pass the cotangent,
      CONTIGUOUS_BACKWARD makes it contiguous;
    - RESHAPE/EXPAND/PERMUTE/PAD/SHRINK/FLIP through their adjoints
      (EXPAND's is a REDUCE_AXIS add);
    - REDUCE_AXIS add, max/min (the extrema share it), mul (tinygrad's
      rule, zeros included). Matmul is EXPAND * EXPAND -> REDUCE_AXIS add.
    DETACH and non-float values stop the gradient; an argument no gradient
    reaches gets zeros. A value read several times sums its cotangents.
    An op on the differentiated path without a rule is a located error
    naming it, as is an existing @f_vjp. The request attribute is removed.
    A walker, because the adjoints need one reverse sweep over the whole
    graph with a cotangent accumulated per value, which local patterns
    cannot express.
  }];
  let dependentDialects = ["::uop::UOpDialect", "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def UOpRangeify : Pass<"uop-rangeify", "::mlir::func::FuncOp"> {
  let summary = "Tensor-level uop to scalar expressions over RANGEs with BUFFERIZE at realize points";
  let description = [{
    Movement ops (RESHAPE, PERMUTE, EXPAND, PAD, SHRINK, FLIP) become index
    arithmetic over RANGEs; PAD becomes a gated INDEX and a gated LOAD whose
    alt is the pad value; REDUCE_AXIS becomes REDUCE over RANGE(reduce).
    Realize points become BUFFERIZE: the function's results, CONTIGUOUS, a
    reduction read through a movement op or inside another reduction, a
    value with a reduction in its cone used more than once, and a value used
    more than once whose expression (back to realized values) has more than
    16 ops. Everything else (elementwise chains, a reduction consumed
    elementwise) fuses.

    `long-reduce` (0: off; the cpu pipeline passes 512): a float add
    REDUCE_AXIS over one axis of at least that many steps, with at least
    16384 outputs, that only elementwise ops read (a matmul and its bias,
    GELU...) is realized, so that its kernel ends at the reduction and
    uop-optimize can K-block it (BLOCK needs the sum stored as it is); the
    epilogue reads it in a kernel of its own.

    `math-cost` is what a transcendental math op (exp, log, sin, erf, ...)
    counts as among those 16: 1 by default; the cpu pipeline passes 16,
    since its C computes each as a polynomial of about 20 ops, so a row
    softmax keeps exp(x - max) in a buffer for both its sum and its
    division instead of computing it twice.

    A walker, because a value's scalar expression depends on the indices it
    is read at (memoised on value, indices and gate), and whether to realize
    it depends on all of its uses.
  }];
  let options = [
    Option<"mathCost", "math-cost", "int64_t", /*default=*/"1",
           "ops a transcendental math op counts as in the recompute limit">,
    Option<"longReduce", "long-reduce", "int64_t", /*default=*/"0",
           "realize a one-axis float add reduction of at least this many "
           "steps that only elementwise ops read (0: never)">
  ];
  let dependentDialects = ["::uop::UOpDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def UOpSplitKernels : Pass<"uop-split-kernels", "::mlir::ModuleOp"> {
  let summary = "Each BUFFERIZE becomes a kernel FUNCTION storing into a new BUFFER";
  let description = [{
    A rangeified `func.func @f` becomes a schedule `uop.function @f` whose
    parameters are the inputs followed by the outputs (`!uop.ptr`), which
    allocates intermediates with BUFFER and CALLs one kernel per BUFFERIZE
    in dependency order. Each kernel `@f_k<i>` takes its output first, then
    the buffers it reads; its body is the BUFFERIZE's computation ending in
    STORE / END / SINK (with KernelInfo).
    A walker, because each kernel is a BUFFERIZE's whole cone moved into a
    new FUNCTION, in dependency order.
  }];
  let options = [
    Option<"target", "target", "::uop::Target", /*default=*/"::uop::Target::CPU",
           "cpu or cuda: the schedule's buffers live on that DEVICE (CPU, CUDA)",
           "UOP_TARGET_CL_VALUES">,
  ];
}

def UOpSimplify : Pass<"uop-simplify", "::uop::FunctionOp"> {
  let summary = "Symbolic simplification of index arithmetic with range analysis";
  let description = [{
    Canonicalization plus patterns that read the integer ranges of RANGE,
    SPECIAL and DEFINE_VAR (upstream IntegerRangeAnalysis): x/c and x%c by
    bounds, splitting sums by a divisor, gcd of terms, nested mod, constant
    comparisons, dead ranges of REDUCE/END, gates that are always true.
    With `arith-only` the rewrites start from the kernel's arith/math ops
    only (and reach what rewriting them touches): the cheap clean-up after
    uop-devectorize, whose row-major addresses and lanes are all that is new
    after a full run.
    Pattern-based: the greedy driver (applyPatternsGreedily, or
    applyOpPatternsGreedily from the arith/math ops with `arith-only`).
  }];
  let options = [
    Option<"arithOnly", "arith-only", "bool", /*default=*/"false",
           "Visit only arith/math ops and what their rewrites reach">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def UOpOptimize : Pass<"uop-optimize", "::uop::FunctionOp"> {
  let summary = "Heuristic kernel options: upcast, unroll, global/local split";
  let description = [{
    cpu, a kernel with a reduction and two or more output ranges (a matmul):
    a register tile sized to the target's vector registers (`vector-bits`,
    `vector-registers`; uop-run passes the host's): the innermost output
    range split loop x upcast(two vectors of the reduction's element type
    when the reduction has at least 1024 iterations or is K-blocked, else
    one; at most `upcast`; f32 on AVX-512: 32 or 16) and the next one loop x
    upcast(as many rows as half the registers hold accumulators, at most
    `upcast-outer`, 8; f32 on AVX2: 16 x 4), so that uop-expand makes
    width x rows independent accumulators per reduction step (the C
    compiler vectorizes them). When such a kernel is one add-reduction over
    one range of K >= 2 blocks stored straight into an output, the block
    being `k-block` steps when that divides K, else the divisor of K
    nearest to it from half to twice it (1800: 225; a prime K is not
    blocked), the reduction is cache-blocked: it runs over a block of
    steps inside a loop over the K blocks, each block adding its partial sum
    to the output written by the previous one (the first block selects 0
    instead of what it reads there), and the loops nest as
    (outer outputs..., inner output's tiles, K blocks, next output's tiles):
    a block of B (`k-block` x the tile's width) stays in L1 for all rows of
    A. With `pack` that strip of B is first copied into a register array
    (DEFINE_REG of `k-block` x width elements) in each K block, which the
    tile then reads: consecutive floats instead of rows a row of B apart,
    which map to a few sets of L1. When the next output's tiles divide into
    at least two blocks of `pack-rows` rows (512; else of half as many), the
    A operand is packed too: the loops nest as (outer outputs..., A blocks,
    K blocks, inner output's tiles, tiles of the A block), and each (A block,
    K block) first copies `pack-rows` x `k-block` elements of A into a register
    array, tile by tile with the tile's rows interleaved per step, so the
    tile's broadcasts read one cache line per step and the block (512 KiB)
    stays in L2 for every strip of B. With `prefetch` each tile of a packed
    B strip then PREFETCHes (write, locality 3) every cache line of its
    output rows before its reduction loop (an AFTER on the prefetches orders
    the loop after them): the rows are a row of C apart, each on its own
    page, which the hardware prefetchers do not follow. cpu, other kernels:
    the innermost output range split loop x upcast (`elementwise-upcast`,
    16, without reductions); a row reduction (its loads contiguous along the innermost
    reduce range and not along the innermost output) keeps its outputs and
    a float add/max/min REDUCE over one range is split into `reduce-lanes`
    (32) lanes with their own accumulators and a REDUCE over the lanes; a
    column reduction (loads contiguous along the output only) gets an
    output upcast of `upcast` and nothing else; other reductions get output
    upcast 4 and a quarter of the lanes (at least 4), and other reduction
    ranges reduce x unroll(`unroll`). Kernels under 2^16 iterations (outputs times
    reductions) keep upcast 4 and the unroll (every lane is an op copy that
    uop-simplify visits). cpu, an output upcast that does not divide its
    extent n: taken anyway when the kernel reads no buffer it stores and
    the tiles cover at most n / 8 more, the last tile shifted back to end at
    n (`min(outer * f, n - f) + lane`; it overlaps its neighbour, whose
    shared outputs are stored twice with the same value). K-blocked, the
    next output's shared rows store back what they load in each block (its
    tiles run inside the K blocks), and an overlapping inner output's last
    tile stores the columns of the tile before it back, so its tiles too
    run inside the K blocks, where A is packed. A wide add row reduction
    reads 4 rows at once (output upcast 4, `reduce-lanes` / 2 lanes per
    row: four load streams). Float reduction
    lanes that do not divide their range cover the largest multiple of them,
    and the steps past it become a second REDUCE.
    cuda, with `tensor-cores`: a kernel that is a matmul of row-major f16 or
    bf16 arguments summed in f32 (MatmulMatch.h: an elementwise epilogue of
    constants, biases and residuals, a store in f32 or cast to half) whose
    M and N are multiples of 128 and K of 32 gets TC (amount 32) and nothing
    else; its loops stay for convert-uop-to-tirx (uop-devectorize leaves
    them). Such a matmul of any other shape gets TC with amount 16: one
    warp per 16 x 8 tile of C (global ranges, a local range of 32 lanes), a
    reduce range over K in steps of 16, the fragments gathered in mma.sync's
    m16n8k16 register order into one uop.wmma per step, tails masked (gated
    loads reading 0, gated stores); the kernel is an ordinary one for the
    passes after (TensorCores.h).
    cuda: the output ranges become global (the innermost three: the grid).
    A kernel that is one 32-bit REDUCE over reduce ranges whose innermost
    has at least 128 steps gets GROUP: that range is split reduce x
    group_reduce(T, the largest power of two up to `group`, at least 32,
    that divides it), the innermost part, so consecutive threads read
    consecutive elements; the REDUCE becomes a per-thread REDUCE over the
    rest and a REDUCE of those partials over the group_reduce range, which
    uop-gpudims makes threadIdx.x and convert-uop-to-tirx a CTA-wide
    reduction (warp shuffles and shared memory). One CTA computes each
    output. A reduction of that kind whose reads do not coalesce along it
    (a column sum) but with at most 2048 outputs gets GROUPTOP instead: the
    group part outer, each thread a contiguous run. Other kernels: a kernel with a reduction and two or more
    output ranges (a matmul) first gets a register tile, its two innermost
    output ranges split global x upcast(4, at most `upcast` / `upcast-outer`)
    so each thread computes 4 x 4 outputs; then the innermost output range
    is split global x local so a block holds up to `local` threads. Splits need an extent that the
    factor divides (the largest power-of-two factor up to the option that
    divides is taken). The options applied are recorded in the SINK's
    KernelInfo (applied_opts).

    The heuristics only decide: each change they make is an option applied
    by the one applier (OptimizeApply.h) that pinned schedules use, and
    applied_opts lists what it applied, so a recorded schedule replays
    exactly (test: optimize-replay.test). A pinned schedule replaces the
    heuristic: the SINK's
    `opts_to_apply` (or, for kernels without it, the `opts` option, a list
    of `#uop.opt<KIND, axis, amount>` parsed by the dialect's attribute
    parser; one that does not parse is an error at the kernel) is
    applied in order, each option checked against the kernel as it then
    is (an axis id that does not exist, an amount that does not divide,
    an option of the wrong target is an error at the SINK). UPCAST splits
    an output range (an amount that does not divide the extent overlaps
    the last tile, for kernels that read back nothing they store) or gives
    a cpu float reduction lane accumulators (an amount that does not divide
    peels the remaining steps into a second REDUCE; the lanes made are
    recorded), UNROLL a reduce range, LOCAL a grid range, GROUP / GROUPTOP
    a 32-bit reduction over threads (GROUPTOP: each thread a contiguous
    run), TC marks a matmul for the tensor-core lowering, NOLOCALS forbids
    LOCAL (the heuristics' LOCAL too). BLOCK:k:n cache-blocks a cpu
    register tile's reduction over range k into blocks of n steps; PACK:k:r
    (r rows of A per packed block, 0: pack only B's strip) and PREFETCH:k:0
    before it qualify that BLOCK (an unconsumed one is an error).
    PITCH:a:p (cpu) makes output range a and the next output range one
    range at a row pitch of p (a convolution's rows shorter than a vector
    computed over its padded input's rows; PitchRows.cpp).
    An amount of 0 (or the whole extent) retypes the whole range.

    `search=N` (cpu; tinygrad's BEAM): instead of taking the heuristic's
    schedule, time schedules and keep the fastest (OptimizeSearch.h). The
    heuristic's schedule is timed first and no options second (spelled
    NOLOCALS, a no-op on the cpu, since an empty list pins nothing); each step
    then times the beam's N fastest schedules with one option's amount
    doubled, halved or dropped, and extended by one option that applies
    (UPCAST 2..32 of an output range, UNROLL 2..8 or lanes 8..32 of a reduce
    range, BLOCK 128..512 with and without PACK / PREFETCH), in a fixed
    order, a kernel already timed not again, until a step finds nothing
    faster or `search-candidates` schedules were timed. A winner other than
    the heuristic's is timed again beside it and kept only if faster again.
    The winner is applied as a pinned schedule and recorded in
    applied_opts, so it replays without searching; a remark reports the
    times. Timing compiles and runs the kernel: the pass calls a
    KernelTimer (KernelTimer.h) that a tool installs (uop-opt installs the
    runtime's); without one, search > 0 is an error at the kernel, and a
    kernel the timer cannot run (a shape variable) keeps the heuristic's
    schedule with a warning. Kernels with opts_to_apply or `opts` are not
    searched.

    A walker, because a schedule is decided per kernel from all its output
    and reduce ranges and loads, and its options apply in order, each to
    the kernel the previous one left.
  }];
  let options = [
    Option<"target", "target", "::uop::Target", /*default=*/"::uop::Target::CPU",
           "cpu or cuda", "UOP_TARGET_CL_VALUES">,
    Option<"upcast", "upcast", "int64_t", /*default=*/"32",
           "Largest upcast of the innermost output range of a register tile (1 disables)">,
    Option<"upcastOuter", "upcast-outer", "int64_t", /*default=*/"8",
           "Largest upcast of the next output range of a register tile (1 "
           "disables)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "cpu: bits of the target's vector registers (512: AVX-512, 256: "
           "AVX2, 128: SSE/NEON); register tiles are two vectors wide">,
    Option<"vectorRegisters", "vector-registers", "int64_t",
           /*default=*/"32",
           "cpu: vector registers of the target (32: AVX-512 and AArch64, "
           "16: AVX2 and SSE); a register tile's accumulators take half">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"4",
           "Unroll of reduction ranges outside register tiles (1 disables)">,
    Option<"kBlock", "k-block", "int64_t", /*default=*/"256",
           "cpu register tiles: steps of the reduction per cache block "
           "(0 disables K blocking)">,
    Option<"elementwiseUpcast", "elementwise-upcast", "int64_t",
           /*default=*/"16",
           "cpu, kernels without reductions: upcast of the innermost output "
           "range (at most `upcast`)">,
    Option<"reduceLanes", "reduce-lanes", "int64_t", /*default=*/"32",
           "cpu, float add/max/min reductions outside register tiles: "
           "lanes with their own accumulator (1: unroll instead)">,
    Option<"local", "local", "int64_t", /*default=*/"256",
           "cuda: largest LOCAL split (threads per block) of the innermost "
           "output range (1 disables)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"false",
           "cuda: a matmul of f16 / bf16 kernel arguments accumulated in f32 "
           "(M, N multiples of 128, K of 32) gets TC and is left for "
           "convert-uop-to-tirx (mma.sync: sm_80 and later)">,
    Option<"group", "group", "int64_t", /*default=*/"256",
           "cuda: largest GROUP (threads cooperating on one reduction; 0 or "
           "1 disables, else at least 32)">,
    Option<"pack", "pack", "bool", /*default=*/"true",
           "cpu, K-blocked tiles: copy each block's strip of B into a "
           "register array first">,
    Option<"packRows", "pack-rows", "int64_t", /*default=*/"512",
           "cpu, K-blocked and packed tiles: rows of A per packed A block, "
           "half as many where that does not make two blocks (0 disables "
           "packing A)">,
    Option<"prefetch", "prefetch", "bool", /*default=*/"true",
           "cpu, K-blocked and packed tiles: PREFETCH each tile's output "
           "lines before its reduction loop">,
    Option<"search", "search", "int64_t", /*default=*/"0",
           "cpu: the beam width of a search over schedules that times each "
           "candidate and keeps the fastest (1..16; needs a kernel timer, "
           "which uop-opt installs); 0: the heuristic's schedule">,
    Option<"searchCandidates", "search-candidates", "int64_t",
           /*default=*/"48",
           "search > 0: most schedules timed per kernel, the heuristic's "
           "first">,
    ListOption<"opts", "opts", "std::string",
           "A pinned schedule for kernels without opts_to_apply: "
           "#uop.opt<KIND, axis, amount> attributes (tinygrad's names), "
           "comma-separated (e.g. #uop.opt<UPCAST,1,4>,#uop.opt<LOCAL,3,16>; "
           "with spaces the value needs braces: {#uop.opt<UPCAST, 1, 4>}), "
           "applied in order instead of the heuristic">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def UOpExpand : Pass<"uop-expand", "::uop::FunctionOp"> {
  let summary = "Expand upcast and unroll RANGEs (UNROLL / CONTRACT)";
  let description = [{
    A RANGE of type upcast or unroll with a constant extent K is an UNROLL
    of K lanes: every op depending on it is replicated per lane; a REDUCE
    over it CONTRACTs the lanes with its operator; a STORE/END over it
    groups the lane stores. Explicit `uop.unroll` ops of a vector over one
    axis are expanded the same way (lanes are `vector.extract`s) up to the
    `uop.contract` of that axis, which becomes `vector.from_elements`.
    The product of the upcast/unroll extents of a kernel (or the lanes of an
    UNROLL) is bounded by `max-lanes`, and the ops the expansion creates (each
    op once per lane of every range it reads) by `max-ops`: a located error
    naming the limit beyond either, before anything is replicated.
    A walker, because the lanes are copied range by range, innermost
    first, so that lane order is address order; then, with `simplify` (the default),
    one greedy run of uop-simplify's pattern sets (Patterns.h: symbolic,
    range clean-up, canonicalization) over the lanes it made.
  }];
  let options = [
    Option<"maxLanes", "max-lanes", "int64_t", /*default=*/"65536",
           "Most lanes (the product of every upcast/unroll extent) one kernel may expand to">,
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"65536",
           "Most ops the expansion of one kernel may create">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"false",
           "Compute an upcast range's lanes as one vector<K x f32|f64> where "
           "the range only offsets the innermost index of its loads and stores "
           "(K a power of two); other slices expand into lanes">,
    Option<"simplify", "simplify", "bool", /*default=*/"true",
           "End with uop-simplify's patterns (symbolic, range clean-up, "
           "canonicalization) over the expanded kernel">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def UOpDevectorize : Pass<"uop-devectorize", "::uop::FunctionOp"> {
  let summary = "REDUCE to DEFINE_REG accumulators; multi-index INDEX to one index";
  let description = [{
    Each REDUCE becomes a DEFINE_REG initialised with the reduction's
    identity before its ranges open, updated inside them, and read after
    their END. Each multi-dimensional INDEX of a sized buffer becomes a
    single row-major index. Vector values split into lanes, one scalar op
    per lane: at most `max-ops` of them per kernel (a located error beyond,
    before any is created). A walker, because accumulators are placed by
    the loops around each REDUCE's consumers; then, with `simplify` (the
    default), uop-simplify's pattern sets (Patterns.h) applied from the
    arith/math ops it made (uop-simplify{arith-only}). A tensor-core kernel
    (TC) is left for convert-uop-to-tirx and only simplified.
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"65536",
           "Most scalar ops splitting the vectors of one kernel into lanes may create">,
    Option<"keepVectors", "keep-vectors", "bool", /*default=*/"false",
           "Leave a kernel's vectors whole when they are all ones the C has a "
           "type for and its vector ops are uop-expand{vectorize}'s (loads, "
           "stores, broadcasts, REDUCEs, elementwise arith/math; those without "
           "a C vector form compute lane by lane); otherwise, and by default, "
           "split them into lanes">,
    Option<"simplify", "simplify", "bool", /*default=*/"true",
           "End with uop-simplify's patterns started from the arith/math ops "
           "(the row-major addresses and lanes this pass makes)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def UOpGPUDims : Pass<"uop-gpudims", "::uop::FunctionOp"> {
  let summary = "Global and local RANGEs to SPECIAL (blockIdx / threadIdx)";
  let description = [{
    Global ranges become `blockIdx.{x,y,z}` and local ranges
    `threadIdx.{x,y,z}` (innermost range on x); their END entries vanish.
    A group_reduce range (GROUP) becomes `threadIdx.x` and stays in the
    list of the REDUCE that combines over it: a REDUCE over a SPECIAL is a
    reduction across the threads of that axis. It must be the kernel's only
    thread axis. The kernel's stores to buffers that do not depend on it
    (each thread holds the same reduced value) are gated on `threadIdx.x ==
    0`. A walker, because a kernel's ranges are numbered together
    (innermost on x) and the gates depend on all of its thread axes.
  }];
}

def UOpStreamStores : Pass<"uop-stream-stores", "::uop::FunctionOp"> {
  let summary = "Marks the write-only vector stores of a kernel larger than the cache nontemporal";
  let description = [{
    A store marked `nontemporal` becomes a streaming store in the C: the line
    goes to memory without first being read into the cache, which an
    ordinary store does (for a kernel that reads three arrays and writes one,
    a fifth of its memory traffic), and it does not stay in the cache. That
    pays only when the output could not have stayed cached anyway: when the
    kernel's global parameters together span at least `min-footprint` bytes
    (the pipeline passes the last-level cache's size). A store is marked
    when, besides:
    - its value is a vector (whole, consecutive lanes; the devectorized C
      stores each as one vector), through an ungated `uop.index`;
    - its buffer is a global parameter of static size;
    - the kernel does not load that buffer (a K-blocked matmul reads its
      output back; those stores stay cached).
    The pipeline runs it on the CPU after uop-devectorize.
    A walker, because whether a store streams depends on the whole kernel
    (the bytes of all its parameters, the buffers any load reads).
  }];
  let options = [
    Option<"minFootprint", "min-footprint", "int64_t", /*default=*/"33554432",
           "the bytes of global parameters from which a kernel's stores "
           "stream (0: none)">
  ];
}

def UOpLinearize : Pass<"uop-linearize", "::mlir::ModuleOp"> {
  let summary = "SINK to LINEAR: a flat, ordered op list per kernel";
  let description = [{
    For each kernel FUNCTION (its SINK has KernelInfo), schedules the ops
    into a loop tree (a RANGE opens a loop, its END closes it) and writes
    the order as a `uop.linear` region; a gated STORE becomes IF / STORE /
    ENDIF. The schedule function records each kernel as a PROGRAM with its
    LINEAR stage right before the CALL.
    A walker, because a kernel's ops are ordered all at once (one loop tree
    over its RANGEs and ENDs).
  }];
  let options = [
    Option<"target", "target", "::uop::Target", /*default=*/"::uop::Target::CPU",
           "cpu or cuda: the DEVICE of the PROGRAMs (CPU, CUDA)",
           "UOP_TARGET_CL_VALUES">,
  ];
}

def UOpShard : Pass<"uop-shard", "::mlir::func::FuncOp"> {
  let summary = "A multi-device tensor program to the program of one rank";
  let description = [{
    The SPMD partition of a tensor-level function whose values live on
    several devices (MULTI, MSTACK, COPY to a DEVICE tuple): for rank
    `rank` (one rank per device), every value becomes the part of it this
    rank holds. A MULTI with an axis is the rank's shard, without one its
    copy; an MSTACK the rank's own value. Elementwise and movement ops run
    on the local parts (a replicated operand of a sharded op is SHRUNK to
    the rank's slice); a REDUCE_AXIS over the sharded axis reduces the
    local shard and ALLREDUCEs the partial results across the ranks; an
    MSELECT of device d, and a COPY of a sharded value to one device, are
    an ALLREDUCE add of the value on its owner and zeros elsewhere. The
    function gets `#uop.spmd<rank, devices>` and each sharded result
    `uop.shard_axis`; what is left is one-device tensor code and
    uop.allreduce. A program without multi-device values is unchanged.
    A walker, because each value's placement (shard, copy, one device)
    follows from its operands' in program order and decides how its users
    are rewritten.
  }];
  let options = [
    Option<"rank", "rank", "int64_t", /*default=*/"0",
           "the rank (device index) whose program to build">,
  ];
  let dependentDialects = ["::uop::UOpDialect", "::mlir::arith::ArithDialect"];
}

def UOpOutlineCollectives : Pass<"uop-outline-collectives", "::mlir::ModuleOp"> {
  let summary = "Split a rank program into one-device stages between its ALLREDUCEs";
  let description = [{
    Each func.func that holds uop.allreduce ops becomes a schedule of
    `func.call`s of stage functions `@<f>_s<i>` (ordinary one-device tensor
    programs, which uop-to-program compiles) and the uop.allreduce ops
    between them, which the runtime runs on its communicator (MPI). Stage
    i holds the ops that need the results of i ALLREDUCEs; it takes the
    function's arguments and the earlier values it reads, and returns the
    values later stages, ALLREDUCEs or the function's return read.
    A walker, because the stages are cut across the whole function by how
    many ALLREDUCEs each op depends on.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // UOP_DIALECT_UOP_TRANSFORMS_PASSES_TD
