// RUN: uop-opt %s --uop-to-program=target=cpu --mlir-print-debuginfo \
// RUN:   | not uop-translate --uop-to-c 2>&1 | FileCheck %s
//
// Found by uop-fuzz (unlocated error in translate): uop-simplify's pattern
// driver merges equal constants and gives the survivor an unknown location,
// so the C translation's error at it had none (`<unknown>:0: error`, or no
// location at all through the C API). The constant now takes its first
// user's location.

// CHECK-NOT: <unknown>
// CHECK: merged-constant-location.mlir:{{[0-9]+}}:{{[0-9]+}}: error: uop-to-c: no C form for 'arith.constant' in a schedule
uop.function @mod_factor() {
  %c50 = arith.constant 50 : index
  %c50_0 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %b = uop.define_var "b" [0, 3]
  %m = arith.muli %b, %c50 : index
  %s = arith.addi %b, %m : index
  %r = arith.remui %s, %c100 : index
  uop.sink %r : index
}
