// RUN: not uop-opt %s --uop-to-nvvm=chip=sm_80 2>&1 | FileCheck %s
// RUN: not uop-opt %s --uop-to-program=target=cpu 2>&1 | FileCheck %s
//
// Found by uop-fuzz (hang in passes, uop-to-nvvm; seed
// test/Dialect/UOp/Transforms/expand-budget.mlir): uop-simplify folds the
// UNROLL / CONTRACT pair away, and uop-devectorize split the 131072-lane
// copy into 524288 scalar ops, within its first budget (2^20), which the
// passes after it took 28 s and 2 GB to get through. uop-devectorize's
// max-ops is 65536 now: a located error at once.

// CHECK: wide-vector-pipeline.mlir:{{[0-9]+}}:{{[0-9]+}}: error: uop-devectorize: splitting the vectors of this kernel into lanes would create more than max-ops=65536 ops (this op has 131072 lanes)
uop.function @wide_unroll(%out: !uop.ptr<f32, global, 131072>, %in: !uop.ptr<f32, global, 131072>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  %u = uop.unroll %v [(0, 131072)] : vector<131072xf32> -> f32
  %c = uop.contract %u [(0, 131072)] : f32 -> vector<131072xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 131072> -> vector<131072xf32>
  %s = uop.store %o, %c : vector<131072xf32>
  uop.sink %s : !uop.void info <name = "wide_unroll">
}
uop.function @main(%out: !uop.ptr<f32, global, 131072>, %in: !uop.ptr<f32, global, 131072>) {
  %c = uop.call @wide_unroll(%out, %in) : (!uop.ptr<f32, global, 131072>, !uop.ptr<f32, global, 131072>)
  uop.sink %c : !uop.void
}
