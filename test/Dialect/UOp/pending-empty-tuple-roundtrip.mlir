// XFAIL: *
// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// BUG: TUPLE (and GROUP) print an empty operand list as nothing at all
// (`%0 = uop.tuple`), and the optional group `($src^ `:` type($src))?` then
// takes the next line's result name as its first operand when reparsing:
//   %0 = uop.tuple
//   %1 = uop.group       <- error: expected ':'
// so uop-opt's output does not parse. The format needs a delimiter, e.g.
// `uop.tuple (%a, %b) : ...` or `uop.tuple [] `.

// CHECK-LABEL: func.func @empty_tuple
// CHECK: %[[T:.*]] = uop.tuple
// CHECK: %[[G:.*]] = uop.group
// CHECK: %[[C:.*]] = arith.constant
// CHECK: return %[[T]], %[[G]], %[[C]]
func.func @empty_tuple() -> (!uop.void, !uop.void, f32) {
  %t = "uop.tuple"() : () -> !uop.void
  %g = "uop.group"() : () -> !uop.void
  %c = arith.constant 1.0 : f32
  return %t, %g, %c : !uop.void, !uop.void, f32
}
