// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-tma-multicast.mlir --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
//
// TMA multicast loads assemble in cp.async.bulk.tensor's .multicast::cluster
// form, with the 16-bit CTA mask, in kernels launched in clusters.
// CHECK-LABEL: .entry halves(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: mov.b32 {{.*}}, 8192;
// CHECK: mbarrier.arrive.expect_tx
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK-LABEL: .entry mask(
// CHECK: .reqnctapercluster 4, 1, 1
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
