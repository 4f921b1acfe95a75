// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-bulk-cluster-copy.mlir --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
//
// The bulk copy between CTAs of dispatch-bulk-cluster-copy.mlir's first
// kernel: the destination tile and the destination's barrier are both
// mapa'd to the peer's rank; the issuing thread arrives on the peer's barrier
// with the byte count (release at cluster scope), then the copy completes
// its transactions there.
// CHECK-LABEL: .entry push_halves(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: barrier.cluster.arrive
// CHECK-DAG: mapa.shared::cluster.u64 [[BAR:%rd[0-9]+]], {{%rd[0-9]+}}, [[RANK:%r[0-9]+]];
// CHECK-DAG: mapa.shared::cluster.u64 [[DST:%rd[0-9]+]], {{%rd[0-9]+}}, [[RANK]];
// CHECK: mov.b32 [[BYTES:%r[0-9]+]], 512;
// CHECK: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [[[BAR]]], [[BYTES]];
// CHECK-NEXT: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [[[DST]]], [{{.*}}], [[BYTES]], [[[BAR]]];
// CHECK: mbarrier.try_wait.parity.shared.b64
// PTXAS: Compiling entry function 'push_halves' for 'sm_90a'
// PTXAS-NEXT: Function properties for push_halves
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
