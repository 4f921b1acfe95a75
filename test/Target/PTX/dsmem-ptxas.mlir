// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-cluster-view.mlir -split-input-file --tirx-to-nvvm="chip=sm_90a" -o %t.mlir
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-cluster-view.mlir --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
//
// Distributed shared memory: a cluster view's address is
// mapa.shared::cluster of this CTA's, and its accesses are
// ld.shared::cluster / st.shared::cluster (16-byte vectors where the copy
// is vectorized), in kernels launched in clusters.
// CHECK-LABEL: .entry swap_halves(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: barrier.cluster.arrive
// CHECK: mapa.shared::cluster.u64
// CHECK: ld.shared::cluster.v4.b32
// CHECK-LABEL: .entry push_swizzled(
// CHECK: .reqnctapercluster 4, 1, 1
// CHECK: mapa.shared::cluster.u64
// CHECK: st.shared::cluster.b16
// CHECK-LABEL: .entry cluster_scope(
// CHECK: mapa.shared::cluster.u64
// CHECK: ld.shared::cluster.v4.b32
// CHECK: st.shared::cluster.v4.b32
