// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-block-axes.mlir --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
//
// Cluster- and kernel-scope tile ops on register tiles distributed over the
// CTA-in-cluster and block axes assemble, each thread reading its own
// element at its CTA's id, with no local memory.
// CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTX-LABEL: .entry cluster_scope(
// PTX: .reqnctapercluster 2, 1, 1
// PTX: %cluster_ctaid.x
// PTX: %tid.x
// PTX-LABEL: .entry kernel_scope(
// PTX: %ctaid.x
// PTX: %tid.x
