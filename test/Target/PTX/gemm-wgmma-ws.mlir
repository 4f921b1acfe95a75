// The warp-specialized persistent sm_90a GEMM (examples/tirx/gemm_wgmma_ws.mlir)
// lowers to the design its header describes; examples-ptxas.mlir assembles it.
//
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/gemm_wgmma_ws.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=NVVM --input-file=%t.mlir
// RUN: uop-translate --mlir-to-ptx --chip=sm_90a %t.mlir -o %t.ptx
// RUN: FileCheck %s --implicit-check-not=.local --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=PRODUCER --input-file=%t.ptx
// DEFINE: %{counted} = setmaxnreg[.a-z0-9]+[[:space:]]+[0-9]+|mbarrier[.a-z0-9:_]+|wgmma[.a-z0-9_]+|cp.async.bulk[.a-z0-9:_]+|fence[.a-z0-9:_]+|bar.sync[[:space:]]+[%a-z0-9]+(, 128)?
// RUN: grep -oE "%{counted}" %t.ptx | sort | uniq -c | FileCheck %s --check-prefix=COUNTS

// Launch: a free grid launched with its preferred 132 CTAs (one per SM),
// not compiled in; three warpgroups; four stages of 48 KiB, the two
// 16 KiB epilogue buffer pairs and the eight barriers in dynamic shared
// memory (+ the 1024-byte realignment pad); one tensor map per operand: the
// A and B boxes of a K step, the 64x32 f32 store box.
// NVVM: gpu.known_block_size = array<i32: 384, 1, 1>
// NVVM-NOT: known_grid_size
// NVVM-SAME: tirx.dynamic_shared_bytes = 230560 : i64
// NVVM-SAME: tirx.preferred_grid_dims = array<i64: 132>
// NVVM-SAME: #tirx.tensor_map_param<arg = 3, buffer_arg = 0, shape = [4096, 4096], box = [128, 64], swizzle = 128>
// NVVM-SAME: #tirx.tensor_map_param<arg = 4, buffer_arg = 1, shape = [4096, 4096], box = [256, 64], swizzle = 128>
// NVVM-SAME: #tirx.tensor_map_param<arg = 5, buffer_arg = 2, shape = [4096, 4096], box = [64, 32], swizzle = 128>

// The four full barriers expect the producer's two arrivals (with their
// bytes), the four empty barriers the 256 consumer threads.
// CHECK: .visible .entry gemm(
// CHECK: .maxntid 384, 1, 1
// CHECK: mov.b32 [[TWO:%r[0-9]+]], 2;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL:%rd[0-9]+]]], [[TWO]];
// CHECK-NEXT: mov.b32 [[ALL:%r[0-9]+]], 256;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY:%rd[0-9]+]]], [[ALL]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+8], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+8], [[ALL]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+16], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+16], [[ALL]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[FULL]]+24], [[TWO]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[EMPTY]]+24], [[ALL]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// Consumers: K step i waits for full[i % 4] at parity (i / 4) % 2, then
// four m64n256k16 wgmmas, and releases the stage on empty[i % 4].
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: and.b64 [[S:%rd[0-9]+]], [[I:%rd[0-9]+]], 3;
// CHECK-NEXT: cvt.u32.u64 [[I32:%r[0-9]+]], [[I]];
// CHECK-NEXT: bfe.u32 [[PAR:%r[0-9]+]], [[I32]], 2, 1;
// CHECK-NEXT: shl.b64 [[OFF:%rd[0-9]+]], [[S]], 3;
// CHECK-NEXT: add.s64 [[FA:%rd[0-9]+]], [[OFF]], [[FULL]];
// CHECK-NEXT: cvt.u32.u64 [[FA32:%r[0-9]+]], [[FA]];
// CHECK: mbarrier.try_wait.parity.shared.b64 P1, [[[FA32]]], [[PAR]], 1000000;
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{{(%r[0-9]+, ){127}%r[0-9]+}}}
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NEXT: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [[[FA]]+128];
// Epilogue: eight 64x32 blocks, each through the warpgroup's named barrier,
// the proxy fence and a TMA store in its own bulk group; one wait.read 1
// before each block reuses a buffer, one wait.read 0 before exit.
// CHECK: cp.async.bulk.wait_group.read 1;
// CHECK: bar.sync [[WBAR:%r[0-9]+]], 128;
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync [[WBAR]], 128;
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%rd{{[0-9]+}}];
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: ret;

// Producer thread: K step i waits for empty[i % 4] at parity (i / 4 + 1) % 2
// (a fresh barrier passes at once), then the A (16 KiB) and B (32 KiB) boxes
// into stage i % 4 on full[i % 4] (128 bytes below the empty ring).
// PRODUCER: setmaxnreg.dec.sync.aligned.u32 40;
// PRODUCER: mov.u32 [[NCTA:%r[0-9]+]], %nctaid.x;
// PRODUCER-NEXT: cvt.u64.u32 [[STEP:%rd[0-9]+]], [[NCTA]];
// PRODUCER: and.b64 [[S:%rd[0-9]+]], [[I:%rd[0-9]+]], 3;
// PRODUCER-NEXT: cvt.u32.u64 [[I32:%r[0-9]+]], [[I]];
// PRODUCER-NEXT: not.b32 [[NI:%r[0-9]+]], [[I32]];
// PRODUCER-NEXT: bfe.u32 [[PAR:%r[0-9]+]], [[NI]], 2, 1;
// PRODUCER: mbarrier.try_wait.parity.shared.b64 P1, [%r{{[0-9]+}}], [[PAR]], 1000000;
// PRODUCER: mov.b32 [[A:%r[0-9]+]], 16384;
// PRODUCER-NEXT: mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[BAR:%rd[0-9]+]]+-128], [[A]];
// PRODUCER: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR]]+-128];
// PRODUCER: mov.b32 [[B:%r[0-9]+]], 32768;
// PRODUCER-NEXT: mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[BAR]]+-128], [[B]];
// PRODUCER: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR]]+-128];
// The persistent loop (tirx.tile_schedule on the free grid): the next tile
// is the grid's size on, read at run time.
// PRODUCER: add.s64 [[T:%rd[0-9]+]], [[T]], [[STEP]];
// PRODUCER-NEXT: setp.lt.u64 %p{{[0-9]+}}, [[T]], 512;
// PRODUCER: ret;

// COUNTS: {{^ *}}16 bar.sync %r{{[0-9]+}}, 128
// COUNTS-NEXT: {{^ *}}1 bar.sync 0
// COUNTS-NEXT: {{^ *}}8 cp.async.bulk.commit_group
// COUNTS-NEXT: {{^ *}}8 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// COUNTS-NEXT: {{^ *}}2 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// COUNTS-NEXT: {{^ *}}9 cp.async.bulk.wait_group.read
// COUNTS-NEXT: {{^ *}}1 fence.mbarrier_init.release.cluster
// COUNTS-NEXT: {{^ *}}9 fence.proxy.async.shared::cta
// COUNTS-NEXT: {{^ *}}2 mbarrier.arrive.expect_tx.shared.b64
// COUNTS-NEXT: {{^ *}}1 mbarrier.arrive.shared.b64
// COUNTS-NEXT: {{^ *}}8 mbarrier.init.shared.b64
// COUNTS-NEXT: {{^ *}}2 mbarrier.try_wait.parity.shared.b64
// COUNTS-NEXT: {{^ *}}1 setmaxnreg.dec.sync.aligned.u32 40
// COUNTS-NEXT: {{^ *}}1 setmaxnreg.inc.sync.aligned.u32 232
// COUNTS-NEXT: {{^ *}}1 wgmma.commit_group.sync.aligned
// COUNTS-NEXT: {{^ *}}1 wgmma.fence.sync.aligned
// COUNTS-NEXT: {{^ *}}4 wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// COUNTS-NEXT: {{^ *}}1 wgmma.wait_group.sync.aligned
// COUNTS-NOT: {{.}}
