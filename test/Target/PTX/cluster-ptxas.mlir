// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/lower-scope-ids-cluster.mlir -split-input-file --tirx-to-nvvm="chip=sm_90a" -o %t.mlir
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/lower-scope-ids-cluster.mlir --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: not uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/lower-scope-ids-cluster.mlir --tirx-to-nvvm="chip=sm_80" -o /dev/null 2>&1 | FileCheck --check-prefix=SM80 %s
//
// A kernel with cluster scope ids carries its cluster shape in the PTX
// (.reqnctapercluster), so a plain launch of the recorded grid forms the
// clusters; chips without clusters get a located error.
// CHECK: .entry clusters(
// CHECK: .maxntid 128, 1, 1
// CHECK: .explicitcluster
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: %clusterid.x
// CHECK: %cluster_ctaid.x
// SM80: lower-scope-ids-cluster.mlir:{{[0-9]+}}:{{[0-9]+}}: error: thread-block clusters need sm_90 or newer, target is sm_80
