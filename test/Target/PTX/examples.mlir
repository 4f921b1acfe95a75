// Every bundled tirx example lowers with its chip to PTX that uses the
// instructions its dispatches promise (examples-ptxas.mlir assembles them).
//
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/copy.mlir | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=COPY
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/copy_tma.mlir | uop-translate --mlir-to-ptx --chip=sm_90a | FileCheck %s --check-prefix=TMA
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/copy_tma.mlir | FileCheck %s --check-prefix=TMA-NVVM
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/gemm_mma_sync.mlir | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=MMA
// The synchronization and tensor-core instructions, for counting:
// DEFINE: %{counted} = bar.sync|cp.async.wait_group[[:space:]]+[0-9]+|cp.async.commit_group|mma.sync.aligned.m16n8k16|ldmatrix[.a-z0-9]+
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/gemm_mma_sync.mlir | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.mma.ptx
// RUN: FileCheck %s --check-prefix=MMA-REGS --implicit-check-not=.local --input-file=%t.mma.ptx
// RUN: grep -oE "%{counted}" %t.mma.ptx | sort | uniq -c | FileCheck %s --check-prefix=MMA-COUNTS
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/gemm_mma_sync_pipelined.mlir -o %t.pipe.mlir
// RUN: FileCheck %s --check-prefix=PIPE-NVVM --input-file=%t.pipe.mlir
// RUN: uop-translate --mlir-to-ptx --chip=sm_80 %t.pipe.mlir -o %t.pipe.ptx
// RUN: FileCheck %s --check-prefix=PIPE --implicit-check-not=.local --input-file=%t.pipe.ptx
// RUN: grep -oE "%{counted}" %t.pipe.ptx | sort | uniq -c | FileCheck %s --check-prefix=PIPE-COUNTS
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/gemm_wgmma.mlir | uop-translate --mlir-to-ptx --chip=sm_90a | FileCheck %s --check-prefix=WGMMA
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05.mlir | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s --check-prefix=TCGEN05
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05.mlir | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s --check-prefix=TCGEN05-LD
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05.mlir | FileCheck %s --check-prefix=TCGEN05-NVVM
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05.mlir | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s --check-prefix=TCGEN05-DONE
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/seed_fragment.mlir | uop-translate --mlir-to-ptx --chip=sm_100a | FileCheck %s --check-prefix=SEED

// copy (sm_80): 16-byte vector copies global -> swizzled shared -> global,
// with the CTA barrier between them.
// COPY: .target sm_80
// COPY: .visible .entry copy(
// COPY: ld.global.v4.b32
// COPY: st.shared.v4.b32
// COPY: bar.sync 0;
// COPY: ld.shared.v4.b32
// COPY: st.global.v4.b32
// COPY: ret;

// copy_tma (sm_90a): the tensor map is an extra kernel parameter, 128 bytes
// by value (__grid_constant__) whose parameter-space address TMA reads
// (cvta.param); thread 0 initialises the mbarrier and fences the
// initialisation for the async proxy, arrives with the byte count
// (128 x 32 x 4 = 16384) and issues one 2-D cp.async.bulk.tensor whose
// coordinates run column first; everybody waits on phase 0 and stores
// 16-byte vectors.
// TMA: .target sm_90a
// TMA: .visible .entry copy_tma(
// TMA: .param .u64 .ptr .global .align 1 copy_tma_param_0,
// TMA-NEXT: .param .u64 .ptr .global .align 1 copy_tma_param_1,
// TMA-NEXT: .param .align 64 .b8 copy_tma_param_2[128]
// TMA-NEXT: )
// TMA: .shared .align 1024 .b8 [[TILE:copy_tma_shared_[0-9]+]][16384];
// TMA: .shared .align 128 .b8 [[BAR:copy_tma_shared_[0-9]+]][8];
// TMA: mov.b64 [[MAPP:%rd[0-9]+]], copy_tma_param_2;
// TMA-NEXT: cvta.param.u64 [[MAP:%rd[0-9]+]], [[MAPP]];
// TMA: mbarrier.init.shared.b64 [[[BAR]]]
// TMA-NEXT: fence.mbarrier_init.release.cluster;
// TMA: mov.b32 [[TX:%r[0-9]+]], 16384;
// TMA: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[[BAR]]], [[TX]];
// TMA: cvta.to.shared::cluster.u64 [[DST:%rd[0-9]+]],
// TMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [[[DST]]], [[[MAP]], {[[COL:%r[0-9]+]], [[ROW:%r[0-9]+]]}], [[[BAR]]];
// TMA: mbarrier.try_wait.parity.shared.b64
// TMA: ld.shared.v4.b32
// TMA: st.global.v4.b32
// TMA-NOT: cp.async.bulk.tensor
// TMA: ret;
// TMA-NVVM: llvm.func @copy_tma(
// TMA-NVVM-SAME: %arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// TMA-NVVM-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 2, buffer_arg = 0, shape = [8192, 128], box = [128, 32], swizzle = 128>]

// gemm_mma_sync (sm_80): cp.async prefetch of the A and B stages, and 32
// mma.sync m16n8k16 per K step of 32 (warp tile 64 x 32: 4 x 4 fragments x
// 2 K halves, unrolled).
// MMA: .target sm_80
// MMA: .visible .entry gemm(
// MMA: cp.async.cg.shared.global
// MMA: cp.async.commit_group;
// MMA: cp.async.wait_group
// The fragments come from shared memory through ldmatrix: x4 for A (stored
// M x K), x4.trans for a pair of B's 8-column bands (stored K x N).
// MMA-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// MMA-DAG: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// MMA: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MMA: ret;
// The accumulator is in registers: no .local anywhere (--implicit-check-not).
// MMA-REGS: .visible .entry gemm(
// MMA-REGS: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MMA-REGS: ret;
// The instructions of the kernel, counted (the K loop is not unrolled: these
// are one K step's): two barriers per step, a full wait on the last one,
// one commit group per copy; 32 mma.syncs on 8 ldmatrix.x4 of A and 4
// ldmatrix.x4.trans of B.
// MMA-COUNTS:      {{^ *}}2 bar.sync
// MMA-COUNTS-NEXT: {{^ *}}4 cp.async.commit_group
// MMA-COUNTS-NEXT: {{^ *}}1 cp.async.wait_group 0
// MMA-COUNTS-NEXT: {{^ *}}1 cp.async.wait_group 2
// MMA-COUNTS-NEXT: {{^ *}}8 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// MMA-COUNTS-NEXT: {{^ *}}4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// MMA-COUNTS-NEXT: {{^ *}}32 mma.sync.aligned.m16n8k16
// MMA-COUNTS-NOT: {{.}}

// gemm_mma_sync_pipelined (sm_80): a four-stage cp.async ring in 64 KiB of
// dynamic shared memory (+ the 1024-byte realignment pad).
// PIPE-NVVM: tirx.dynamic_shared_bytes = 66560 : i64
// The prologue fills three stages, one commit group each (the A copy leaves
// its cp.asyncs open for the B copy's commit).
// PIPE: .visible .entry gemm(
// PIPE: cp.async.cg.shared.global
// PIPE-NOT: cp.async.commit_group
// PIPE: cp.async.cg.shared.global
// PIPE: cp.async.commit_group;
// The K step waits until at most the two newest groups pend (stages - 2),
// then one CTA barrier.
// PIPE: cp.async.wait_group 2;
// PIPE-NEXT: bar.sync 0;
// PIPE: ret;
// Counted: one barrier and one wait in the whole kernel (no full wait at
// the end: empty groups keep the count), the prologue's and the K step's
// commits, and one K step of a 64x64 warp tile: 64 mma.syncs on 8
// ldmatrix.x4 of A (4 row bands x 2 K halves) and 8 ldmatrix.x4.trans of B
// (4 pairs of column bands x 2 K halves).
// PIPE-COUNTS:      {{^ *}}1 bar.sync
// PIPE-COUNTS-NEXT: {{^ *}}2 cp.async.commit_group
// PIPE-COUNTS-NEXT: {{^ *}}1 cp.async.wait_group 2
// PIPE-COUNTS-NEXT: {{^ *}}8 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PIPE-COUNTS-NEXT: {{^ *}}8 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PIPE-COUNTS-NEXT: {{^ *}}64 mma.sync.aligned.m16n8k16
// PIPE-COUNTS-NOT: {{.}}

// gemm_wgmma (sm_90a): 16-byte copies into the swizzled stages, then per K
// step of 64: fence.proxy.async, wgmma.fence, four m64n64k16 bf16 wgmma with
// 128B-swizzle descriptors, commit and wait 0.
// WGMMA: .target sm_90a
// WGMMA: .visible .entry gemm(
// WGMMA: mbarrier.init.shared.b64
// WGMMA: mbarrier.init.shared.b64
// WGMMA: mbarrier.arrive.expect_tx.shared.b64
// WGMMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// WGMMA: mbarrier.try_wait.parity.shared.b64
// WGMMA: fence.proxy.async.shared::cta;
// WGMMA-NEXT: wgmma.fence.sync.aligned;
// WGMMA: or.b64 [[DA:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293305360384;
// WGMMA: or.b64 [[DB:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293305360384;
// WGMMA: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {{{(%r[0-9]+, ){15}%r[0-9]+}}}, [[DA]], [[DB]], p, 1, 1, 0, 0;
// WGMMA-COUNT-3: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16
// WGMMA-NOT: wgmma.mma_async
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA-NEXT: wgmma.wait_group.sync.aligned 0;
// WGMMA: ret;

// gemm_tcgen05 (sm_100a): tensor memory allocated by warp 0 (128 columns),
// two TMA loads per K step on one mbarrier, four tcgen05.mma kind::f16 with
// the bf16 M=128 N=128 instruction descriptor 136316048 and sm_100
// descriptors, tcgen05.commit, then sixteen 32x32b.x8 loads out of tensor
// memory and the deallocation.
// TCGEN05: .target sm_100a
// TCGEN05: .visible .entry gemm(
// TCGEN05: mov.b32 [[COLS:%r[0-9]+]], 32;
// TCGEN05-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{{.*}}], [[COLS]];
// TCGEN05: bar.sync 0;
// TCGEN05: mbarrier.arrive.expect_tx.shared.b64
// TCGEN05: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TCGEN05: mbarrier.arrive.expect_tx.shared.b64
// TCGEN05: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// TCGEN05: mbarrier.try_wait.parity.shared.b64
// TCGEN05: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611756662049538048;
// TCGEN05: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [{{%r[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[IDESC:%r[0-9]+]], %p{{[0-9]+}};
// TCGEN05-COUNT-3: tcgen05.mma.cta_group::1.kind::f16
// TCGEN05-NOT: tcgen05.mma
// TCGEN05: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// The epilogue (its place in the file depends on the block layout).
// TCGEN05-LD: mbarrier.try_wait.parity.shared.b64 P1, [{{%r[0-9]+}}], 0, 1000000;
// TCGEN05-LD: bar.warp.sync -1;
// TCGEN05-LD-NEXT: tcgen05.fence::after_thread_sync;
// TCGEN05-LD-COUNT-4: tcgen05.ld.sync.aligned.32x32b.x8.b32
// TCGEN05-LD-NOT: tcgen05.ld
// TCGEN05-LD: tcgen05.fence::before_thread_sync;
// TCGEN05-LD-NEXT: bar.sync 0;
// TCGEN05-LD-NEXT: tcgen05.fence::after_thread_sync;
// TCGEN05-LD: bar.warp.sync -1;
// TCGEN05-LD: tcgen05.dealloc.cta_group::1.sync.aligned.b32 {{%r[0-9]+}}, [[DCOLS:%r[0-9]+]];
// TCGEN05-LD: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// TCGEN05-LD: ret;
// The accumulator's completion (a fault on hardware before: the threads
// that do not issue MMAs waited for parity 1 of a stage barrier, which a
// fresh barrier reports complete at once, and read tensor memory before any
// MMA finished). Now the accumulator has its own `done` barrier, the fifth
// one initialised: thread 0 commits to it once after the K loop, and every
// thread waits for its phase 0, reconverges its warp and fences before the
// first tcgen05.ld. The allocation is fenced around its barrier too.
// TCGEN05-DONE: bar.warp.sync -1;
// TCGEN05-DONE-NEXT: mov.b32 [[COLS:%r[0-9]+]], 32;
// TCGEN05-DONE-NEXT: tcgen05.alloc
// TCGEN05-DONE: tcgen05.fence::before_thread_sync;
// TCGEN05-DONE-NEXT: bar.sync 0;
// TCGEN05-DONE-NEXT: tcgen05.fence::after_thread_sync;
// TCGEN05-DONE-COUNT-5: mbarrier.init.shared.b64
// TCGEN05-DONE-NEXT: fence.mbarrier_init.release.cluster;
// TCGEN05-DONE: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd{{[0-9]+}}];
// TCGEN05-DONE: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [[[DONE:gemm_shared_[0-9]+]]];
// TCGEN05-DONE-NOT: tcgen05.ld
// TCGEN05-DONE: mov.b64 [[DA:%rd[0-9]+]], [[DONE]];
// TCGEN05-DONE-NEXT: cvt.u32.u64 [[DR:%r[0-9]+]], [[DA]];
// TCGEN05-DONE-NOT: tcgen05.ld
// TCGEN05-DONE: mbarrier.try_wait.parity.shared.b64 P1, [[[DR]]], 0, 1000000;
// TCGEN05-DONE-NOT: tcgen05.ld
// TCGEN05-DONE: bar.warp.sync -1;
// TCGEN05-DONE-NEXT: tcgen05.fence::after_thread_sync;
// TCGEN05-DONE: tcgen05.ld.sync.aligned
// Nothing waits on parity 1 outside the K loop.
// TCGEN05-DONE-NOT: mbarrier.try_wait.parity.shared.b64 P1, [{{.*}}], 1,
// The instruction descriptor: D f32, A and B bf16, K-major, N = 32, M = 128.
// TCGEN05-NVVM: llvm.func @gemm(
// TCGEN05-NVVM-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 3, buffer_arg = 0, shape = [4096, 4096], box = [128, 64], swizzle = 128>, #tirx.tensor_map_param<arg = 4, buffer_arg = 1, shape = [4096, 4096], box = [32, 64], swizzle = 128>]
// TCGEN05-NVVM: %[[IDESC:.*]] = llvm.mlir.constant(134743184 : i32) : i32
// TCGEN05-NVVM: nvvm.tcgen05.alloc
// TCGEN05-NVVM: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[IDESC]], %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// TCGEN05-NVVM: nvvm.tcgen05.dealloc

// seed_fragment (sm_100a): the seed's compute stage, f16: instruction
// descriptor 16 | (128 >> 3) << 17 | (128 >> 4) << 24 = 136314896.
// SEED: .target sm_100a
// SEED: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// SEED: mov.b32 [[IDESC:%r[0-9]+]], 136314896;
// SEED: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard {{.*}}, [[IDESC]],
// SEED-COUNT-3: tcgen05.mma.cta_group::1.kind::f16
// SEED: tcgen05.commit.cta_group::1
// SEED: tcgen05.dealloc.cta_group::1.sync.aligned.b32
// SEED: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
