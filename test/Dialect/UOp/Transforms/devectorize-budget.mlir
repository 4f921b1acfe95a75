// RUN: uop-opt %s --uop-devectorize=max-ops=20 | FileCheck %s
// RUN: not uop-opt %s --uop-devectorize=max-ops=19 2>&1 | FileCheck %s --check-prefix=SMALL
//
// max-ops counts every op with a vector operand or result once per lane:
// two INDEXes, a LOAD, an add and a STORE of 4 lanes are 20 ops, within
// max-ops=20; with max-ops=19 the STORE is the op that passes it.

// CHECK-LABEL: uop.function @four_lanes
// CHECK-NOT: vector<
// SMALL: devectorize-budget.mlir:{{[0-9]+}}:{{[0-9]+}}: error: uop-devectorize: splitting the vectors of this kernel into lanes would create more than max-ops=19 ops (this op has 4 lanes)
// SMALL-NEXT: %s = uop.store
uop.function @four_lanes(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %in[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %m = arith.addf %v, %v : vector<4xf32>
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %s = uop.store %o, %m : vector<4xf32>
  uop.sink %s : !uop.void info <name = "four_lanes">
}
