// RUN: uop-opt %s -split-input-file --uop-optimize="target=cpu opts=#uop.opt<UPCAST,1,8>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,8>,#uop.opt<BLOCK,2,8>" | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cpu opts=#uop.opt<UPCAST,1,8>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,8>,#uop.opt<BLOCK,2,8>" | FileCheck %s --check-prefix=FILL
//
// A K-blocked register tile whose columns overlap their last tile (17 =
// 2 x 8 + 1: tiles at 0, 8 and 9) with A packed (37 rows: 10 tiles of 4, A
// blocks of 2): the column tiles run inside the K blocks, after the tile
// before the last has added each block to their shared columns 9..15. The
// last tile (min(o * 8, 9) < o * 8) reads the tile before's columns first,
// o * 8 - 17 = -1 column back, stores its sums, and then stores what it
// read there (every other tile stores its sums twice), so the shared columns
// keep one block's sum. The output's accesses are one row-major index.
// A's fill walks [tile][step][row of the tile], the rows innermost: it
// writes the packed array in order and reads the tile's rows side by side
// (along each row, one row at a time, it waited on a miss per cache line:
// 10% of a 1024^3 matmul's time).
// FILL-LABEL: uop.function @mm_k0(
// FILL: uop.define_reg size 64 id 0
// FILL: %[[TILE:.*]] = uop.range %c2{{.*}}, loop
// FILL: %[[STEP:.*]] = uop.range %{{.*}}, loop
// FILL: %[[ROW:.*]] = uop.range %c4{{.*}}, loop
// FILL: uop.end %{{.*}}[%[[TILE]], %[[STEP]], %[[ROW]]]
// CHECK-LABEL: uop.function @mm_k0(
// CHECK: %[[O:.*]] = uop.range %c3, R{{[0-9]+}}, loop
// CHECK: %[[L:.*]] = uop.range %c8, R{{[0-9]+}}, upcast
// CHECK: uop.define_reg size 64 id 0
// CHECK: uop.define_reg size 64 id 1
// CHECK: %[[OF:.*]] = arith.muli %[[O]], %c8{{.*}} : index
// CHECK: %[[START:.*]] = arith.minsi %[[OF]], %c9{{.*}} : index
// CHECK: %[[SHIFTED:.*]] = arith.cmpi slt, %[[START]], %[[OF]] : index
// CHECK: %[[BY:.*]] = arith.subi %[[OF]], %c17{{.*}} : index
// CHECK: %[[BACK:.*]] = arith.select %[[SHIFTED]], %[[BY]], %c0{{.*}} : index
// CHECK: %[[LB:.*]] = arith.addi %[[L]], %[[BACK]] : index
// CHECK: %[[COL:.*]] = arith.addi %{{.*}}, %[[LB]] : index
// CHECK: %[[PRIOR:.*]] = arith.addi %{{.*}}, %[[COL]] : index
// CHECK: %[[KI:.*]] = uop.index %arg0[%[[PRIOR]]]
// CHECK: %[[KEPT:.*]] = uop.load %arg0, %[[KI]]
// CHECK: %[[ORDER:.*]] = uop.after %arg0(%[[KEPT]] : f32)
// CHECK: %[[OWN:.*]] = uop.index %[[ORDER]][%{{.*}}]
// CHECK: %[[FIRST:.*]] = uop.store %[[OWN]], %[[SUM:.*]] : f32
// CHECK: %[[THEN:.*]] = uop.after %arg0(%[[FIRST]] : !uop.void)
// CHECK: %[[AGAIN:.*]] = arith.select %[[SHIFTED]], %[[KEPT]], %[[SUM]] : f32
// CHECK: %[[AT:.*]] = uop.index %[[THEN]][%[[PRIOR]]]
// CHECK: %[[SECOND:.*]] = uop.store %[[AT]], %[[AGAIN]] : f32
// CHECK: uop.end %[[SECOND]][
// CHECK: applied_opts = [<UPCAST, 1, 8>, <UPCAST, 0, 4>, <PACK, 2, 8>, <BLOCK, 2, 8>]
uop.function @mm_k0(%arg0: !uop.ptr<f32, global, 629> {uop.shape = array<i64: 37, 17>}, %arg1: !uop.ptr<f32, global, 1147> {uop.shape = array<i64: 37, 31>}, %arg2: !uop.ptr<f32, global, 527> {uop.shape = array<i64: 31, 17>}) {
  %c31 = arith.constant 31 : index
  %c17 = arith.constant 17 : index
  %c37 = arith.constant 37 : index
  %0 = uop.range %c37, R0, loop
  %1 = uop.range %c17, R1, loop
  %2 = uop.range %c31, R2, reduce
  %3 = uop.index %arg1[%0, %2] : !uop.ptr<f32, global, 1147> -> f32
  %4 = uop.load %arg1, %3 : !uop.ptr<f32, global, 1147> -> f32
  %5 = uop.index %arg2[%2, %1] : !uop.ptr<f32, global, 527> -> f32
  %6 = uop.load %arg2, %5 : !uop.ptr<f32, global, 527> -> f32
  %7 = arith.mulf %4, %6 : f32
  %8 = uop.reduce add %7[%2] : f32
  %9 = uop.index %arg0[%0, %1] : !uop.ptr<f32, global, 629> -> f32
  %10 = uop.store %9, %8 : f32
  %11 = uop.end %10[%0, %1] : !uop.void
  uop.sink %11 : !uop.void info <name = "mm_k0">
}

// -----

// The same kernel without the output's uop.shape (no row-major index for
// the second store): the overlapping column tiles stay outside the K
// blocks and A is not packed; B still is (one define_reg).
// CHECK-LABEL: uop.function @noshape_k0(
// CHECK: uop.define_reg size 64 id 0
// CHECK-NOT: uop.define_reg
// CHECK-NOT: uop.after %arg0
// CHECK: uop.sink
uop.function @noshape_k0(%arg0: !uop.ptr<f32, global, 629>, %arg1: !uop.ptr<f32, global, 1147> {uop.shape = array<i64: 37, 31>}, %arg2: !uop.ptr<f32, global, 527> {uop.shape = array<i64: 31, 17>}) {
  %c31 = arith.constant 31 : index
  %c17 = arith.constant 17 : index
  %c37 = arith.constant 37 : index
  %0 = uop.range %c37, R0, loop
  %1 = uop.range %c17, R1, loop
  %2 = uop.range %c31, R2, reduce
  %3 = uop.index %arg1[%0, %2] : !uop.ptr<f32, global, 1147> -> f32
  %4 = uop.load %arg1, %3 : !uop.ptr<f32, global, 1147> -> f32
  %5 = uop.index %arg2[%2, %1] : !uop.ptr<f32, global, 527> -> f32
  %6 = uop.load %arg2, %5 : !uop.ptr<f32, global, 527> -> f32
  %7 = arith.mulf %4, %6 : f32
  %8 = uop.reduce add %7[%2] : f32
  %9 = uop.index %arg0[%0, %1] : !uop.ptr<f32, global, 629> -> f32
  %10 = uop.store %9, %8 : f32
  %11 = uop.end %10[%0, %1] : !uop.void
  uop.sink %11 : !uop.void info <name = "noshape_k0">
}
