// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A generic RANGE whose axis_id property is an integer.

// CHECK-NOT: Stack dump
// CHECK-NOT: Assertion
// CHECK: {{.*}}bad-properties.mlir:[[@LINE+3]]:8: error: invalid properties {axis_id = 3 : i64, axis_type = #uop<axis_type loop>} for op uop.range: Invalid attribute `axis_id` in property conversion: 3 : i64
// CHECK-NOT: Stack dump
func.func @f(%x: index) {
  %r = "uop.range"(%x) <{axis_id = 3 : i64, axis_type = #uop<axis_type loop>}> : (index) -> index
  return
}
