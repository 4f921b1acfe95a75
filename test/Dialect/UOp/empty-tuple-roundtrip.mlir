// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// TUPLE and GROUP have a parenthesised operand list, so an empty one prints
// as `uop.tuple()` / `uop.group()`. Without the delimiter the optional operand
// group would swallow the next line's result name when reparsing; this checks
// that uop-opt's output for empty TUPLE/GROUP round-trips and that the
// following op is left alone.

// CHECK-LABEL: func.func @empty_tuple
// CHECK: %[[T:.*]] = uop.tuple(){{$}}
// CHECK: %[[G:.*]] = uop.group(){{$}}
// CHECK: %[[C:.*]] = arith.constant
// CHECK: return %[[T]], %[[G]], %[[C]]
func.func @empty_tuple() -> (!uop.void, !uop.void, f32) {
  %t = "uop.tuple"() : () -> !uop.void
  %g = "uop.group"() : () -> !uop.void
  %c = arith.constant 1.0 : f32
  return %t, %g, %c : !uop.void, !uop.void, f32
}
