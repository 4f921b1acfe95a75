// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-thread-axes.mlir --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
//
// Tile ops on register tiles distributed over warpid, laneid, tx and
// tid_in_wg assemble with no local memory.
// CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The warp id is broadcast from lane 0 (warp-uniform), then compared.
// PTX-DAG: shfl.sync.idx.b32
// PTX-DAG: mov.u32 {{.*}}%tid.x
