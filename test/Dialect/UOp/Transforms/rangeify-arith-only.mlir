// RUN: uop-opt %s --uop-rangeify | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: a tensor-level function made only of arith / math ops (no uop op, so
// nothing has loaded the uop dialect) crashes uop-rangeify in
// AxisTypeAttr::get: the pass creates uop ops but its dependentDialects list
// only arith and math. (`uop-opt --uop-to-program` on this file crashes the
// same way; uop-run loads every dialect up front and is not affected.)
//
// Expected: the same result as with any uop op in the file.

// CHECK-LABEL: func.func @exp
// CHECK: %[[R0:.*]] = uop.range %{{.*}}, U0, loop
// CHECK: %[[R1:.*]] = uop.range %{{.*}}, U1, loop
// CHECK: %[[E:.*]] = math.exp
// CHECK: uop.bufferize %[[E]][%[[R0]], %[[R1]]]
func.func @exp(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = math.exp %a : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
