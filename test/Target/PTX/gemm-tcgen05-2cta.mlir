// The 2-CTA tcgen05 sm_100a GEMM (examples/tirx/gemm_tcgen05_2cta.mlir)
// lowers to the design its header describes; examples-ptxas.mlir assembles
// it (no spills, no stack frame).
//
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05_2cta.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=NVVM --input-file=%t.mlir
// RUN: uop-translate --mlir-to-ptx --chip=sm_100a %t.mlir -o %t.ptx
// RUN: FileCheck %s --implicit-check-not=.local --input-file=%t.ptx
// DEFINE: %{counted} = tcgen05[.a-z0-9:_]+|mbarrier[.a-z0-9:_]+|cp.async.bulk[.a-z0-9:_]+|barrier.cluster[.a-z]*|mapa[.a-z:0-9]*|bar.sync[[:space:]]+[%a-z0-9]+(, 128)?
// RUN: grep -oE "%{counted}" %t.ptx | sort | uniq -c | FileCheck %s --check-prefix=COUNTS

// Launch: a free grid of clusters of 2 x 2 CTAs, launched as its preferred
// 37 (grid 74 x 2, not compiled in), 256 threads; the 6-stage
// ring, the two 16 KiB epilogue buffers and the 16 barriers in dynamic
// shared memory (+ the 1024-byte realignment pad); one tensor map per
// operand: the 64-row A piece, the 128-row B half, the 128x32 f32 store box.
// NVVM: gpu.known_block_size = array<i32: 256, 1, 1>, nvvm.cluster_dim = array<i32: 2, 2, 1>
// NVVM-SAME: tirx.dynamic_shared_bytes = 230800 : i64
// NVVM-SAME: tirx.preferred_grid_dims = array<i64: 74, 2>
// NVVM-SAME: #tirx.tensor_map_param<arg = 3, buffer_arg = 0, shape = [4096, 4096], box = [64, 64], swizzle = 128>
// NVVM-SAME: #tirx.tensor_map_param<arg = 4, buffer_arg = 1, shape = [4096, 4096], box = [128, 64], swizzle = 128>
// NVVM-SAME: #tirx.tensor_map_param<arg = 5, buffer_arg = 2, shape = [4096, 4096], box = [128, 32], swizzle = 128>

// CHECK: .visible .entry gemm(
// CHECK: .maxntid 256, 1, 1
// CHECK: .reqnctapercluster 2, 2, 1
// Tensor memory: all 512 columns, for the CTA pair.
// CHECK: mov.b32 [[COLS:%r[0-9]+]], 512;
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [{{.*}}], [[COLS]];
// The barriers: full[6] count 4 (two loads from each CTA of the pair),
// empty[6] count 2 (both pairs' MMA issuers), tmem_full[2] count 1 (the
// pair's issuer), tmem_empty[2] count 2 (both CTAs' epilogues).
// CHECK: mov.b32 [[FOUR:%r[0-9]+]], 4;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL:%rd[0-9]+]]], [[FOUR]];
// CHECK-NEXT: mov.b32 [[TWO:%r[0-9]+]], 2;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY:%rd[0-9]+]]], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+8], [[FOUR]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+8], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+16], [[FOUR]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+16], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+24], [[FOUR]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+24], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+32], [[FOUR]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+32], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+40], [[FOUR]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+40], [[TWO]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// Every CTA's barriers are initialised before any CTA signals them: each
// cluster pipeline's init synchronises the cluster.
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: mov.b32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[TFULL:%rd[0-9]+]]], [[ONE]];
// CHECK-NEXT: mov.b32 [[TWO2:%r[0-9]+]], 2;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[TEMPTY:%rd[0-9]+]]], [[TWO2]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[TFULL]]+8], [[ONE]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[TEMPTY]]+8], [[TWO2]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// Producer: the A piece goes to CTA x of both pairs (mask 5 or 10), both
// loads complete on the even CTA's full barrier: the arrive through mapa
// (16384 bytes each: the 8 KiB piece lands twice, B's half is 16 KiB), the
// copy with the peer bit (1 << 24) cleared from the barrier's address.
// CHECK: selp.b16 [[MASK:%rs[0-9]+]], 5, 10, %p{{[0-9]+}};
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: and.b64 [[EVEN:%rd[0-9]+]], [[BAR:%rd[0-9]+]], -16777224;
// CHECK-NEXT: mapa.shared::cluster.u64 [[REMOTE:%rd[0-9]+]], [[BAR]], %r{{[0-9]+}};
// CHECK-NEXT: mov.b32 [[BYTES:%r[0-9]+]], 16384;
// CHECK-NEXT: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [[[REMOTE]]], [[BYTES]];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2 [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[EVEN]]], [[MASK]];
// CHECK: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [[[REMOTE]]], [[BYTES]];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[EVEN]]];
// MMA issuer: the accumulator's mask is the pair (3 << 2y); per K step four
// m256n256k16 MMAs (idesc 272630928: f32 D, bf16 A/B, N >> 3 = 32, M >> 4 =
// 16) into accumulator (tile % 2) * 256, then the stage's commit to every
// CTA (mask 15); after the K loop the accumulator's commit to the pair.
// CHECK: mov.b16 [[THREE:%rs[0-9]+]], 3;
// CHECK-NEXT: shl.b16 [[PAIR:%rs[0-9]+]], [[THREE]], %r{{[0-9]+}};
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK: shl.b32 [[COL:%r[0-9]+]], %r{{[0-9]+}}, 8;
// CHECK-NEXT: add.s32 [[D:%r[0-9]+]], [[COL]], %r{{[0-9]+}};
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mov.b32 [[IDESC:%r[0-9]+]], 272630928;
// CHECK: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [[[D]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[IDESC]], %p{{[0-9]+}};
// CHECK-COUNT-3: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [[[D]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[IDESC]], %p{{[0-9]+}};
// CHECK: mov.b16 [[ALL:%rs[0-9]+]], 15;
// CHECK-NEXT: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [{{.*}}], [[ALL]];
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [{{.*}}], [[PAIR]];
// Epilogue: per 32-column block, four tcgen05.ld 32x32b.x8 into the staging
// buffer and a TMA store; then accumulator b is freed on the even CTA's
// tmem_empty barrier (remote arrive).
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: tcgen05.ld.sync.aligned.32x32b.x8.b32
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 1, 128;
// CHECK: mapa.shared::cluster.u64
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: cp.async.bulk.wait_group.read 0;
// The pair synchronises before freeing its tensor memory.
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-NEXT: tcgen05.fence::after_thread_sync;
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;

// Every synchronisation and tensor-core instruction, counted: one loop body
// per role (the producer's tail unrolled: six empty waits), the epilogue's
// eight blocks unrolled (4 tcgen05.ld each, two named barriers each).
// COUNTS: {{^ *}}1 bar.sync 0
// COUNTS-NEXT: {{^ *}}17 bar.sync 1, 128
// COUNTS-NEXT: {{^ *}}3 barrier.cluster.arrive
// COUNTS-NEXT: {{^ *}}3 barrier.cluster.wait
// COUNTS-NEXT: {{^ *}}8 cp.async.bulk.commit_group
// COUNTS-NEXT: {{^ *}}8 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// COUNTS-NEXT: {{^ *}}1 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
// COUNTS-NEXT: {{^ *}}1 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2
// COUNTS-NEXT: {{^ *}}9 cp.async.bulk.wait_group.read
// COUNTS-NEXT: {{^ *}}2 mapa.shared::cluster.u64
// COUNTS-NEXT: {{^ *}}2 mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64
// COUNTS-NEXT: {{^ *}}1 mbarrier.arrive.release.cluster.shared::cluster.b64
// COUNTS-NEXT: {{^ *}}16 mbarrier.init.shared.b64
// COUNTS-NEXT: {{^ *}}10 mbarrier.try_wait.parity.shared.b64
// COUNTS-NEXT: {{^ *}}2 mbarrier_init.release.cluster
// COUNTS-NEXT: {{^ *}}1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// COUNTS-NEXT: {{^ *}}2 tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
// COUNTS-NEXT: {{^ *}}1 tcgen05.dealloc.cta_group::2.sync.aligned.b32
// COUNTS-NEXT: {{^ *}}11 tcgen05.fence::after_thread_sync
// COUNTS-NEXT: {{^ *}}3 tcgen05.fence::before_thread_sync
// COUNTS-NEXT: {{^ *}}32 tcgen05.ld.sync.aligned.32x32b.x8.b32
// COUNTS-NEXT: {{^ *}}4 tcgen05.mma.cta_group::2.kind::f16.collector::a::discard
// COUNTS-NEXT: {{^ *}}1 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned
// COUNTS-NEXT: {{^ *}}32 tcgen05.wait::ld.sync.aligned
